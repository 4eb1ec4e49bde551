"""Drills «encuentra el error»: an illegal play drawn on the board, and the rule it breaks.

The board draws with arrows a play that breaks exactly one rule: the
tempting play of another rule's play drill (``Drill.tempting``, illegal for
that rule's reason by construction).  The learner chooses, among four
rules of the catalogue, the one it breaks; the engine says which
(``tutor.rules.rule_for`` on its verdict).  The question is the same for
every drill and the choices are listed in course order, so neither tells
the answer; the drawn play is kept out of the question's words.

The level is where the mistakes come from:

1. a blocked point, a checker left on the bar, a closed entry point, a
   higher die from a point below the highest (so that a checker on the bar
   does not always mean «enter first»);
2. entering: the entry point counted wrong, a closed entry point, and the
   higher die again, with an empty exact point;
3. the turn's obligations: dice left unplayed, the smaller die played when
   only one can be, and the bar or a blocked point among them.
"""

from __future__ import annotations

import random

from tutor.rules import RULES as CATALOGUE
from tutor.rules import RuleCode, rule_for

from .core import DrillError, DrillFields, DrillKind, generate, register
from .wording import you_play

SOURCES = {
    1: ("blocked", "bar-first", "bear-off-higher", "enter-blocked"),
    2: ("enter-point", "enter-blocked", "bear-off-empty-point"),
    3: ("more-dice", "larger-die", "bear-off-both-dice", "bar-first", "blocked"),
}
"""The play drills whose tempting plays are drawn, by level (each source's own level is drawn too)."""
CHOICES = (
    RuleCode.DIRECTION, RuleCode.ONE_DIE_ONE_MOVE, RuleCode.BLOCKED, RuleCode.BAR_FIRST, RuleCode.ENTER_POINT,
    RuleCode.ENTER_BLOCKED, RuleCode.MORE_DICE, RuleCode.LARGER_DIE, RuleCode.BEAR_OFF_ALL_HOME, RuleCode.BEAR_OFF_HIGHER,
)
"""The rules a refused play can break, offered as choices."""
OFFERED = 4
QUESTION = "Las flechas muestran una jugada ilegal. ¿Qué regla rompe?"


@register(RuleCode.FIND_THE_MISTAKE)
def find_the_mistake(rng: random.Random, level: int) -> DrillFields | None:
    """Which rule does the play drawn break?  Four choices, one of them the engine's."""
    try:
        source = generate(rng.choice(SOURCES[level]), rng.choice((1, 2, 3)), rng.randrange(2**31), rng.randrange(1000))
    except DrillError:  # a rare seed where the source rule finds no position: draw another
        return None
    broken = rule_for(source.position.check(source.tempting))
    if broken is None or broken.code not in CHOICES:
        return None
    others = rng.sample([code for code in CHOICES if code != broken.code], OFFERED - 1)
    offered = sorted([broken.code, *others], key=CHOICES.index)
    choices = tuple((str(code), CATALOGUE[code].title) for code in offered)
    question = f"{you_play(source.position)}. {QUESTION}"
    return DrillFields(source.position, DrillKind.CHOICE, question, answer=str(broken.code), choices=choices,
                       drawn=source.tempting, codes=source.codes)
