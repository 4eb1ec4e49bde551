"""Endless rule drills: pure Python, next to the engine.

Endless rule drills: for each rule of the catalogue that has them, positions where that rule decides
the answer, from play-outs (``playouts.py``) or built checker by checker when the situation is rare
(``build.py``, ``stuck.py``), with the question and the tempting play; what decides the answer is on
the board, not in the question's words, and play drills leave one legal result wherever the level
allows (``tempting.one_result``), or else ask for a goal only the rule allows, a capture only one
legal play makes (``goals.py``, judged with the catalogue's ``Goal``); deterministic by
``(rule, level, seed, index)``. The match and cube (``matches.py``: the Crawford game from the games
played, the cube's limits, a dropped double), the opening roll (``opening.py``), hitting and going
on (``hitting.py``) and doubles from the bar (``bar_doubles.py``) each have their module, answered
by the engine and explained from their facts (``tutor.rules.match_answer``); so does bearing off as
many checkers as the roll allows, where the higher die is right (``higher_die.py``, a goal drill
explained move by move by ``tutor.rules.play_answer``), «find the mistake» (``mistakes.py``: another
rule's tempting play drawn with arrows, ``Drill.drawn``, and four rules to choose from, a
``DrillKind.CHOICE``), the starting position (``starting.py``: is this board where the game starts,
for your checkers, your rival's or both), and notation (``notation.py``: the board draws a play with
arrows, ``Drill.shown_moves``, and the learner writes it, a ``DrillKind.NOTATION`` answer judged by
the position it reaches). Pure Python, no Django, only the engine's public names and the catalogue.

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
