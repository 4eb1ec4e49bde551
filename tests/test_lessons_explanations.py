"""Every reason code has a Spanish sentence and a rule whose section exists."""

from __future__ import annotations

import pytest

from tutor.engine import CODES, Position, Reason
from tutor.lessons.explanations import RULES, explain
from tutor.lessons.library import get_library


def test_every_code_names_a_rule_with_a_section_in_the_lessons():
    sections = {(lesson.slug, section.anchor) for lesson in get_library().lessons() for section in lesson.sections}
    assert set(RULES) == set(CODES)
    for code, rule in RULES.items():
        assert (rule.lesson, rule.anchor) in sections, code


@pytest.mark.parametrize(
    "reason, sentence",
    [
        (Reason("higher-die-not-highest", src=3, dst=0, die=4, blocker=6),
         "No puedes sacar del 3 con el 4: tienes una ficha en el 6, más lejos de salir."),
        (Reason("blocked", src=25, dst=21, die=4, blocker=21, count=2),
         "No puedes entrar con el 4: el punto 21 está bloqueado por 2 fichas rivales."),
        (Reason("bar-first", src=23, dst=19, blocker=25), "Tienes una ficha en la barra: debe entrar antes de mover la ficha del 23."),
        (Reason("must-use-more-dice", count=1, allowed=2, example="5/2 4/off"),
         "Tu jugada usa un solo dado, pero se pueden usar 2: por ejemplo, 5/2 4/off."),
        (Reason("wrong-die", src=24, dst=18, dice=(3, 1)), "Ninguno de los dados que te quedan (el 3 o el 1) sirve para ir del 24 al 18."),
    ],
)
def test_reasons_read_as_spanish_sentences_with_their_points_and_dice(reason, sentence):
    assert explain(reason) == sentence


def test_every_code_the_engine_gives_has_its_own_sentence():
    generic = "Esta jugada no respeta las reglas."
    for code in CODES:
        assert explain(Reason(code, src=8, dst=5, die=3, blocker=6, count=2, allowed=2, dice=(3, 1), example="8/5 6/5")) != generic


def test_a_real_verdict_is_explained():
    verdict = Position.initial().check("24/18", dice=(3, 1))
    assert explain(verdict.reasons[0]).startswith("Ninguno de los dados")
