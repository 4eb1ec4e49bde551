"""Teachers' own exercises: three ways to give a position, the engine's
answers, and Spanish errors for everything that cannot be used."""

from __future__ import annotations

import pytest

from tutor.classroom.exercises import QUESTIONS, DraftError, draft_exercise, read_gnubg_id
from tutor.engine import BLACK, Position, format_gnubg_id

OPENING = Position.initial()


def draft(question_key="jugada", *, play="", **position):
    return draft_exercise(question_key=question_key, title="", prompt="", play=play, **position)


def test_an_xgid_and_chosen_dice_make_a_play_exercise_with_every_legal_play():
    result = draft(xgid=OPENING.to_xgid(), dice="6-3")
    expected = OPENING.with_dice("6-3")
    assert result.fields["kind"] == "jugada"
    assert result.fields["xgid"] == expected.to_xgid()
    assert sorted(result.legal_plays) == sorted(play.notation for play in expected.legal_plays())


def test_the_dice_of_the_xgid_are_used_when_none_are_chosen():
    result = draft(xgid=OPENING.with_dice("5-2").to_xgid())
    assert result.puzzle.position.dice == (5, 2)


def test_a_gnubg_id_with_its_labels_is_read_like_gnu_backgammon_shows_it():
    position = OPENING.with_dice("4-1")
    position_id, match_id = format_gnubg_id(position).split(":")
    assert read_gnubg_id(f"Position ID: {position_id}  Match ID: {match_id}") == position
    assert draft(gnubg_id=f"{position_id}:{match_id}").fields["xgid"] == position.to_xgid()


def test_checkers_point_by_point_with_the_side_on_roll():
    result = draft("pips", white="6:2 5:3", black="1:2 bar:1", turn="negras", dice="3-1")
    position = result.puzzle.position
    assert position.turn == BLACK
    assert result.fields["calculation"] == "pips negras"
    assert result.fields["answer"] == str(position.pip_count(BLACK))


def test_the_engine_finds_the_only_legal_play():
    closed = "XGID=-C-DDC--b----A-----dccc---:0:0:1:65:0:0:0:0:10"
    plays = Position.from_xgid(closed).legal_plays()
    result = draft("unica", xgid=closed)
    assert len(plays) == 1
    assert result.fields["answer"] == plays[0].notation == result.answer_text


def test_the_only_legal_play_question_is_refused_when_there_are_several():
    with pytest.raises(DraftError) as error:
        draft("unica", xgid=OPENING.to_xgid(), dice="6-3")
    assert error.value.field == "question_key"
    assert "jugadas legales, no una sola" in error.value.message


def test_the_engine_decides_whether_the_asked_play_is_legal_and_why():
    legal = draft("legalidad", xgid=OPENING.to_xgid(), dice="6-3", play="24/18 13/10")
    illegal = draft("legalidad", xgid=OPENING.to_xgid(), dice="6-3", play="24/18 13/9")
    assert legal.fields["answer"] == "si" and legal.play_reasons == []
    assert illegal.fields["answer"] == "no"
    assert illegal.play_reasons[0]["code"] == OPENING.with_dice("6-3").check("24/18 13/9").codes[0]


def test_the_number_of_legal_plays_is_computed_by_the_engine():
    result = draft("jugadas", xgid=OPENING.to_xgid(), dice="3-1")
    assert result.fields["answer"] == str(len(OPENING.legal_plays((3, 1))))
    assert result.fields["calculation"] == "jugadas"


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"xgid": "XGID=esto-no-es"}, "xgid", "no se puede leer ese XGID"),
        ({"gnubg_id": "zzz"}, "gnubg_id", "ID de GNU Backgammon"),
        ({"white": "6:20", "black": "1:2", "dice": "3-1"}, "white", "más de quince fichas"),
        ({"white": "6:2 30:1", "black": "1:2", "dice": "3-1"}, "white", "del 1 al 24"),
        ({"white": "6:2", "black": "uno", "dice": "3-1"}, "black", "punto:cantidad"),
        ({"white": "6:2", "black": "6:2", "dice": "3-1"}, "white", "compartir un punto"),
        ({"xgid": OPENING.to_xgid()}, "dice", "elige los dados"),
        ({"xgid": OPENING.to_xgid(), "dice": "7-3"}, "dice", "del 1 al 6"),
    ],
)
def test_positions_that_cannot_be_used_get_a_spanish_error_on_the_right_field(fields, field, words):
    with pytest.raises(DraftError) as error:
        draft(**fields)
    assert error.value.field == field
    assert words in error.value.message


def test_a_finished_game_is_not_an_exercise():
    with pytest.raises(DraftError, match="la partida ya ha terminado"):
        draft(white="", black="1:1", dice="3-1")


def test_the_legality_question_needs_a_readable_play():
    with pytest.raises(DraftError) as error:
        draft("legalidad", xgid=OPENING.to_xgid(), dice="6-3", play="mueve la de arriba")
    assert error.value.field == "play"


@pytest.mark.parametrize("key", [key for key in QUESTIONS if key != "unica"])
def test_a_question_without_a_prompt_uses_its_default_spanish_prompt(key):
    result = draft(key, xgid=OPENING.to_xgid(), dice="2-1", play="13/11 6/5")
    assert result.fields["question"] == QUESTIONS[key].prompt
    assert result.fields["title"] and not result.fields["title"].endswith("(")
