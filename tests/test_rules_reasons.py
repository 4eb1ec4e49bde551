"""Every reason code has a Spanish sentence that fits its case (``tutor.rules.reasons``)."""

from __future__ import annotations

import pytest

from tests.sentence_checks import small_numbers_in_digits, with_two_colons
from tutor.engine import BLACK, CODES, Position, Reason
from tutor.rules import SENTENCES, explain, explain_verdict, rule_for

FAR_BLACK = {19: 3, 20: 3, 21: 3, 22: 2, 23: 2, 24: 2}


def test_every_code_of_the_engine_has_its_sentence_and_nothing_else_does():
    assert set(SENTENCES) == set(CODES)


@pytest.mark.parametrize(
    "reason, sentence",
    [
        (Reason("higher-die-not-highest", src=3, dst=0, at=3, die=4, farthest=6, farther=1),
         "No puedes sacar del 3 con el 4: el 4 no es exacto para el 3 y tienes una ficha más arriba, en el 6; "
         "mientras la tengas, solo un 3 saca fichas del 3."),
        (Reason("blocked", src=25, dst=21, at=25, die=4, blocked_points=(21,), opponent_checkers=2),
         "No puedes entrar con el 4: el 21 está bloqueado por dos fichas rivales."),
        (Reason("bar-first", src=23, dst=19, at=23, dice=(4, 2), dice_left=(4, 2), on_bar=1),
         "Tienes una ficha en la barra: tiene que entrar antes de que muevas la ficha del 23."),
        (Reason("must-use-more-dice", dice=(5, 3), moves_written=1, moves_possible=2, example="5/2 4/off"),
         "Tu jugada usa un solo dado, pero se pueden usar los dos: por ejemplo, 5/2 4/off."),
        (Reason("wrong-die", src=24, dst=18, dice=(3, 1), dice_left=(3, 1), distance=6, dice_needed=(6,)),
         "Ni el 3 ni el 1 ni su suma llevan del 24 al 18: haría falta un 6."),
        (Reason("wrong-die", src=24, dst=15, dice=(3, 1), dice_left=(3, 1), distance=9),
         "Ni el 3 ni el 1 ni su suma llevan del 24 al 15: son nueve pips."),
        (Reason("too-many-moves", dice=(6, 6), moves_written=5, moves_possible=4),
         "Has escrito cinco movimientos, pero tus dados solo dan cuatro."),
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
    """Why the play is refused, as the first reason says it, without the legal play it ends with."""
    verdict = position.check(text)
    return explain(verdict.reasons[0], verdict.text, instead=False)


def test_a_refusal_ends_with_a_legal_play_of_the_same_position_once():
    position = Position.initial().with_dice("6-1")
    said = explain_verdict(position.check("13/5"))
    assert said[-1]["message"].endswith(" Una jugada legal aquí es 24/23 13/7.")
    assert position.check("24/23 13/7").legal
    two = explain_verdict(position.check("24/16 13/5"))
    assert len(two) == 2 and "Una jugada legal" not in two[0]["message"] and "Una jugada legal" in two[1]["message"]


def test_the_alternative_keeps_the_steps_written_that_were_legal():
    position = Position.initial().with_dice("6-5")
    alternative = position.check("8/2 6/2").reasons[0].alternative
    assert alternative is not None and "8/2" in alternative.split() and position.check(alternative).legal


def test_a_learner_who_writes_the_rivals_numbers_is_told_to_count_from_their_own_side():
    black = Position.initial().replace(turn=BLACK).with_dice("6-1")
    said = explain_verdict(black.check("12/18 17/18"))
    assert [item["message"] for item in said] == [
        "Las fichas solo avanzan hacia tu casa: no puedes ir del 12 al 18. ¿Has usado los números de tu rival? "
        "Cuenta desde tu lado, con tu casa del 1 al 6, y esa jugada es 13/7 8/7."
    ]


def test_a_black_learner_who_enters_or_bears_off_with_whites_numbers_is_told_the_play_from_their_own_side():
    black = {"bar": 1, 12: 5, 17: 3, 19: 5, 20: 1}  # White's numbering: Black's 13, 8, 6 and 5
    entering = Position.from_layout({24: 2, 13: 5, 8: 3, 6: 5}, black, dice=(3, 1)).replace(turn=BLACK)
    said = explain_verdict(entering.check("bar/3 19/20"))
    assert len(said) == 1 and said[0]["message"].startswith("Desde la barra no puedes ir al 3")
    assert said[0]["message"].endswith("¿Has usado los números de tu rival? Cuenta desde tu lado, con tu casa del 1 al 6, y esa jugada es bar/22 6/5.")
    home = Position.from_layout({6: 3, 5: 3, 4: 3, 3: 3, 2: 3}, {21: 5, 22: 5, 23: 5}, dice=(4, 2)).replace(turn=BLACK)
    said = explain_verdict(home.check("21/off 23/off"))
    assert len(said) == 1 and said[0]["message"].endswith("y esa jugada es 4/off 2/off.")
    assert rule_for(home.check("21/off 23/off")).code == "direction"  # whose section teaches counting from your side
    assert rule_for(entering.check("bar/3 19/20")).code == "enter-point"
    assert all(reason.mirrored is None for reason in home.check("24/off").reasons)  # no legal play that way


def test_a_position_with_no_legal_play_says_to_leave_the_play_empty():
    position = Position.from_layout({"bar": 1, 6: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 1: 3}, dice=(6, 6))
    assert position.check("").legal
    message = explain_verdict(position.check("bar/19"))[-1]["message"]
    assert message.endswith("Aquí no tienes ninguna jugada legal: deja la jugada en blanco y pasas.")


def test_doubles_count_moves_not_dice():
    position = Position.initial().with_dice("4-4")
    assert first_message(position, "13/9 13/9 8/4").startswith("Tu jugada hace tres movimientos, pero se pueden hacer cuatro:")
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
    assert first_message(position, "13/9 13/11").startswith("Aún tienes dos fichas en la barra: tienen que entrar todas")
    assert first_message(position, "bar/23 23/19*").startswith("Aún tienes una ficha en la barra")


def test_a_blocked_entry_links_to_the_entry_table():
    position = Position.from_layout({"bar": 1, 13: 5, 8: 3, 6: 4, 5: 2}, {24: 2, 22: 2, 21: 2, 20: 2, 19: 1, 17: 3, 12: 3}, dice=(4, 2))
    verdict = position.check("bar/21 13/11")
    assert rule_for(verdict).url == "/lecciones/barra/#tabla-de-entrada"


def test_both_blocked_midpoints_are_named():
    position = Position.from_layout({13: 1, 5: 3, 4: 4, 3: 4, 1: 3}, {7: 2, 8: 2, 19: 3, 20: 3, 21: 3, 22: 2}, dice=(6, 5))
    message = first_message(position, "13/2")
    assert "el 7 o el 8" in message and "los dos están bloqueados" in message


def test_a_reversed_move_asks_whether_it_was_written_the_wrong_way_round_when_that_play_is_legal():
    message = first_message(Position.initial().with_dice("6-1"), "7/13 8/7")
    assert message.endswith("¿Lo has escrito al revés? Primero va el punto de salida: 13/7 8/7.")


def test_a_reversed_move_that_would_be_illegal_the_right_way_round_is_not_suggested():
    message = first_message(Position.initial().with_dice("3-1"), "6/9 8/7")  # no checker on the 9
    assert message == "Las fichas solo avanzan hacia tu casa: no puedes ir del 6 al 9."


def test_a_step_to_its_own_point_says_so():
    message = first_message(Position.initial().with_dice("3-1"), "13/13 8/7")
    assert message == "Has escrito el mismo punto de salida y de llegada, el 13: cada movimiento lleva una ficha hacia tu casa."


def test_bearing_off_with_a_die_larger_than_the_point_names_the_checkers_higher_up_and_the_exact_die():
    position = Position.from_layout({4: 1, 2: 1, 1: 1}, FAR_BLACK, dice=(6, 5))
    items = explain_verdict(position.check("2/off 1/off"))
    assert len(items) == 1  # one explanation per distinct reason
    assert items[0]["message"] == (
        "No puedes sacar del 2 con el 6: el 6 no es exacto para el 2 y tienes una ficha más arriba, en el 4; "
        "mientras la tengas, solo un 2 saca fichas del 2. Una jugada legal aquí es 4/off 2/off."
    )
    assert "superior" not in items[0]["message"]  # a 6 with a checker on the 4 is not a «dado superior»
    reasons = position.check("2/off 1/off").reasons
    assert [(reason.src, reason.die) for reason in reasons] == [(2, 6), (1, 5)]


def test_bearing_off_with_dice_that_do_not_fit_names_the_exact_die_when_higher_points_are_occupied():
    position = Position.from_layout({6: 2, 5: 1, 3: 2}, FAR_BLACK, dice=(1, 1))
    assert first_message(position, "5/off") == (
        "Los cuatro unos que te quedan no llevan la ficha del 5 fuera: haría falta un 5, y cada movimiento es de 1."
    )
    highest = Position.from_layout({5: 1, 3: 2}, FAR_BLACK, dice=(2, 1))
    assert first_message(highest, "5/off").endswith("haría falta un 5 o más.")


def test_the_last_move_of_doubles_is_one_move_not_the_die_that_remains():
    position = Position.from_layout({6: 2, 5: 1, 3: 2}, FAR_BLACK, dice=(1, 1))
    assert first_message(position, "3/2 3/2 2/1 6/off") == (
        "Solo te queda un movimiento de 1, y no lleva la ficha del 6 fuera: haría falta un 6."
    )


def test_entering_on_the_dies_own_number_names_the_entry_points_and_links_the_entry_table():
    position = Position.from_layout({"bar": 1, 13: 5, 8: 3, 6: 4, 5: 2}, {24: 2, 19: 5, 12: 5, 17: 3}, dice=(5, 3))
    verdict = position.check("bar/3 13/8")
    assert explain_verdict(verdict)[0]["message"] == (
        "Desde la barra no puedes ir al 3: se entra en el punto 25 − dado, el 20 con el 5 y el 22 con el 3."
    )
    assert rule_for(verdict).url == "/lecciones/barra/#tabla-de-entrada"


def test_a_closed_entry_point_is_named_as_closed():
    position = Position.from_layout({"bar": 1, 13: 14}, {22: 2, 1: 13}, dice=(5, 3))
    assert first_message(position, "bar/5") == (
        "Desde la barra no puedes ir al 5: se entra en el punto 25 − dado, el 20 con el 5 y el 22 con el 3 (bloqueado)."
    )


def test_a_checker_already_moved_is_not_there_any_more():
    position = Position.from_layout({9: 1, 6: 5, 8: 3, 13: 6}, FAR_BLACK, dice=(3, 1))
    assert first_message(position, "9/6 9/8") == "Ya no te queda ninguna ficha en el 9: la que había se ha movido antes en esta jugada."


def test_a_step_written_on_a_point_with_no_checker_is_not_blamed_on_the_bar():
    position = Position.from_layout({"bar": 1, 13: 5, 8: 3, 6: 4, 5: 2}, {24: 2, 19: 5, 12: 5, 17: 3}, dice=(5, 3))
    assert first_message(position, "10/7 bar/22") == "No tienes ninguna ficha en el 10."
    assert first_message(position, "13/10 bar/22").startswith("Tienes una ficha en la barra:")


def test_one_move_of_doubles_left_has_a_noun():
    position = Position.from_layout({24: 1}, {20: 2, 1: 13}, dice=(2, 2))
    reason = position.check("").reasons[0]
    assert explain(reason).startswith("Tu jugada no mueve ninguna ficha, pero se puede hacer un movimiento:")


def test_the_example_of_a_fuller_play_is_the_closest_to_what_was_written():
    position = Position.initial().with_dice("4-4")
    reason = position.check("13/9 13/9 8/4").reasons[0]
    assert reason.example == "24/20 13/9(2) 8/4"


def test_a_real_verdict_is_explained():
    verdict = Position.initial().check("24/18", dice=(3, 1))
    assert explain(verdict.reasons[0]).startswith("Ni el 3 ni el 1 ni su suma")


def test_the_catalogues_other_sentences_keep_one_colon_to_a_sentence_and_counts_in_words():
    from tutor.engine import WHITE, PartialPlay, step_reason
    from tutor.rules import (
        CRAWFORD_NOTICE,
        CUBE_REFUSALS,
        DEFECTS,
        IMPOSSIBLE_POSITION,
        POST_CRAWFORD_NOTICE,
        explain_drop,
        game_value,
        legal_hit,
        legal_turn,
        may_double_answer,
        pip_count_sum,
    )

    worded = [
        *CUBE_REFUSALS.values(), *DEFECTS.values(), str(CRAWFORD_NOTICE), POST_CRAWFORD_NOTICE, IMPOSSIBLE_POSITION,
        legal_turn(""), legal_turn("13/7", only=True),
        legal_hit("13/7*"), may_double_answer(()), *(may_double_answer((code,)) for code in CUBE_REFUSALS),
        pip_count_sum([(3, 1)], 3),
        *(explain_drop(step_reason(PartialPlay.start(Position.initial().with_dice((3, 3))), src, dst, (3, 3)), WHITE) for src, dst in ((8, 11), (6, 2), (6, 1))),
    ]
    sums = [game_value("gammon", 2, 4, 8), pip_count_sum([(25, 1), (6, 2)], 37)]  # arithmetic keeps its digits
    for text in worded + sums:
        assert not with_two_colons(text)
    assert [text for text in worded if small_numbers_in_digits(text)] == []


def test_the_wording_checks_catch_counts_in_digits_and_two_colons():
    assert small_numbers_in_digits("Tienes 2 fichas en el 6: 13/7 8/5*, bar/22 y 6/off(2); un 4; 25 − dado; son 33 pips.") == ["2"]
    assert with_two_colons("No puedes: no. Esto: sí: dos.") == ["Esto: sí: dos."]
