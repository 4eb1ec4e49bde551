"""Every reason code has a Spanish sentence that fits its case (``tutor.rules.reasons``)."""

from __future__ import annotations

import pytest

from tutor.engine import CODES, Position, Reason
from tutor.rules import SENTENCES, explain, explain_verdict, rule_for

FAR_BLACK = {19: 3, 20: 3, 21: 3, 22: 2, 23: 2, 24: 2}


def test_every_code_of_the_engine_has_its_sentence_and_nothing_else_does():
    assert set(SENTENCES) == set(CODES)


@pytest.mark.parametrize(
    "reason, sentence",
    [
        (Reason("higher-die-not-highest", src=3, dst=0, die=4, farthest=6),
         "No puedes sacar del 3 con el 4: es un dado superior, y un dado superior solo saca fichas de tu punto ocupado más alto, el 6."),
        (Reason("blocked", src=25, dst=21, die=4, blocked_points=(21,), opponent_checkers=2),
         "No puedes entrar con el 4: el 21 está bloqueado por 2 fichas rivales."),
        (Reason("bar-first", src=23, dst=19, dice=(4, 2), dice_left=(4, 2), on_bar=1),
         "Tienes una ficha en la barra: tiene que entrar antes de que muevas la ficha del 23."),
        (Reason("must-use-more-dice", dice=(5, 3), moves_written=1, moves_possible=2, example="5/2 4/off"),
         "Tu jugada usa un solo dado, pero se pueden usar los dos: por ejemplo, 5/2 4/off."),
        (Reason("wrong-die", src=24, dst=18, dice=(3, 1), dice_left=(3, 1), distance=6),
         "Ni el 3 ni el 1 ni su suma llevan del 24 al 18: haría falta un 6."),
    ],
)
def test_reasons_read_as_spanish_sentences_with_their_points_and_dice(reason, sentence):
    assert explain(reason) == sentence


def test_every_code_the_engine_gives_has_its_own_sentence():
    generic = "Esta jugada no respeta las reglas."
    for code in CODES:
        reason = Reason(code, src=8, dst=5, die=3, dice=(3, 1), dice_left=(3, 1), distance=3, blocked_points=(5,),
                        opponent_checkers=2, farthest=9, on_bar=1, moves_written=1, moves_possible=2, example="8/5 6/5")
        assert explain(reason) != generic


def first_message(position: Position, text: str) -> str:
    return explain_verdict(position.check(text))[0]["message"]


def test_doubles_count_moves_not_dice():
    position = Position.initial().with_dice("4-4")
    assert first_message(position, "13/9 13/9 8/4").startswith("Tu jugada hace 3 movimientos, pero se pueden hacer 4:")
    assert "dados" not in first_message(position, "13/9 13/9 8/4")


def test_two_dice_say_the_two_of_them():
    position = Position.from_layout({5: 1, 4: 1}, {1: 2, **FAR_BLACK, 24: 0}, dice=(5, 3))
    assert "se pueden usar los dos" in first_message(position, "5/off")


def test_one_die_left_is_named_as_the_die_that_remains_and_the_one_needed():
    position = Position.initial().with_dice("4-2")
    message = first_message(position, "24/20 13/7")
    assert message == "El dado que te queda, el 2, no lleva del 13 al 7: haría falta un 6."


def test_several_checkers_on_the_bar_are_counted():
    position = Position.from_layout({"bar": 2, 13: 4, 8: 3, 6: 4, 5: 2}, {24: 2, 22: 2, 21: 2, 20: 2, 19: 1, 17: 3, 12: 3}, dice=(4, 2))
    assert first_message(position, "13/9 13/11").startswith("Aún tienes 2 fichas en la barra: tienen que entrar todas")
    assert first_message(position, "bar/23 23/19*").startswith("Aún tienes una ficha en la barra")


def test_a_blocked_entry_links_to_the_entry_table():
    position = Position.from_layout({"bar": 1, 13: 5, 8: 3, 6: 4, 5: 2}, {24: 2, 22: 2, 21: 2, 20: 2, 19: 1, 17: 3, 12: 3}, dice=(4, 2))
    verdict = position.check("bar/21 13/11")
    assert rule_for(verdict).url == "/lecciones/barra/#tabla-de-entrada"


def test_both_blocked_midpoints_are_named():
    position = Position.from_layout({13: 1, 5: 3, 4: 4, 3: 4, 1: 3}, {7: 2, 8: 2, 19: 3, 20: 3, 21: 3, 22: 2}, dice=(6, 5))
    message = first_message(position, "13/2")
    assert "el 7 o el 8" in message and "los dos están bloqueados" in message


def test_a_reversed_move_asks_whether_it_was_written_the_wrong_way_round():
    message = first_message(Position.initial().with_dice("6-1"), "7/13 8/7")
    assert "¿Lo has escrito al revés? Primero va el punto de salida" in message and "13/7" in message


def test_bearing_off_with_the_higher_die_names_the_rule_and_the_die_actually_used():
    position = Position.from_layout({4: 1, 2: 1, 1: 1}, FAR_BLACK, dice=(6, 5))
    items = explain_verdict(position.check("2/off 1/off"))
    assert len(items) == 1  # one explanation per distinct reason
    assert "dado superior" in items[0]["message"]
    reasons = position.check("2/off 1/off").reasons
    assert [(reason.src, reason.die) for reason in reasons] == [(2, 6), (1, 5)]


def test_the_example_of_a_fuller_play_is_the_closest_to_what_was_written():
    position = Position.initial().with_dice("4-4")
    reason = position.check("13/9 13/9 8/4").reasons[0]
    assert reason.example == "24/20 13/9(2) 8/4"


def test_a_real_verdict_is_explained():
    verdict = Position.initial().check("24/18", dice=(3, 1))
    assert explain(verdict.reasons[0]).startswith("Ni el 3 ni el 1 ni su suma")
