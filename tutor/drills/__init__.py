"""Endless rule drills: pure Python, next to the engine.

>>> from tutor.drills import RULES, generate
>>> drill = generate("enter-blocked", 1, seed=3)
>>> drill.position.check(drill.tempting).codes[0] == "blocked"
True
"""

from .core import KINDS, LEVELS, PLAY_KINDS, RULES, Drill, DrillError, DrillFields, DrillKind, DrillRule, drill_set, generate, in_course_order, parse_id

# Imported for their side effect: each module registers its rules.
from . import bearing_off, entering, moving, numeric, resigning  # noqa: E402,F401  isort: skip
from . import bar_doubles, hitting, matches, opening  # noqa: E402,F401  isort: skip
from . import higher_die, mistakes, notation, starting  # noqa: E402,F401  isort: skip

from .notation import with_the_other_sides_numbers, writes_the_play_shown, writes_whites_numbers_for_black  # noqa: E402

in_course_order()

__all__ = [
    "KINDS", "LEVELS", "PLAY_KINDS", "RULES", "Drill", "DrillError", "DrillFields", "DrillKind", "DrillRule",
    "drill_set", "generate", "parse_id", "with_the_other_sides_numbers",
    "writes_the_play_shown", "writes_whites_numbers_for_black",
]
