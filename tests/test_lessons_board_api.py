"""What the board asks the server: why a move is refused, the moves of a typed play, a layout's defects."""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import urlencode

import pytest

from tutor.engine import BLACK, LegalTurn, Position, parse_play, step_reason
from tutor.games.illegal_plays import illegal_verdict
from tutor.rules import DROP_INSTRUCTIONS, drop_mirrored, explain_drop

TWO_ON_BAR = Position.from_layout({"bar": 2, 13: 4, 8: 3, 6: 4, 5: 2}, {24: 2, 21: 2, 20: 3, 19: 3, 17: 2, 12: 3}, dice=(3, 3))


def refusal(client, **query):
    return client.get("/api/board/refusal/?" + urlencode({"xgid": TWO_ON_BAR.to_xgid(), **query}))


def test_a_backward_move_is_refused_with_the_way_the_side_moves_and_a_move_to_make_instead(client):
    data = refusal(client, moves="bar/22 bar/22", left="3,3", **{"from": "8", "to": "11"}).json()
    assert data == {
        "code": "backwards",
        "message": "Las blancas avanzan hacia el 1, en su casa: no puedes ir del 8 al 11. Puedes mover, por ejemplo, 8/5.",
    }


def test_a_move_the_dice_left_cannot_cover_is_refused_with_the_distance(client):
    data = refusal(client, moves="bar/22 bar/22", left="3,3", **{"from": "6", "to": "1"}).json()
    assert data["code"] == "wrong-die"
    assert data["message"] == (
        "Los dos treses que te quedan no llevan del 6 al 1: haría falta un 5, y cada movimiento es de 3. Puedes mover, por ejemplo, 6/3."
    )


def test_picking_up_a_checker_while_others_wait_on_the_bar_is_explained(client):
    data = refusal(client, **{"from": "13"}).json()
    assert data["code"] == "bar-first"
    assert data["message"] == (
        "Aún tienes dos fichas en la barra: tienen que entrar todas antes de que muevas la ficha del 13. Puedes mover, por ejemplo, bar/22."
    )


def test_a_move_after_the_last_die_says_that_every_die_is_used(client):
    opening = Position.initial().with_dice((3, 1))
    query = {"xgid": opening.to_xgid(), "moves": "8/5 6/5", "left": "", "from": "13", "to": "10"}
    data = client.get("/api/board/refusal/?" + urlencode(query)).json()
    assert data["code"] == "too-many-moves"
    assert data["message"].startswith("Ya has usado todos tus dados")


def test_picking_up_from_a_point_emptied_this_turn_says_the_checker_has_moved(client):
    opening = Position.initial().with_dice((6, 2))
    query = {"xgid": opening.to_xgid(), "moves": "24/18 24/22", "left": "", "from": "24"}
    data = client.get("/api/board/refusal/?" + urlencode(query)).json()
    assert data["code"] == "no-checker"
    assert data["message"] == (
        "Ya no te queda ninguna ficha en el 24: las dos que había se han movido antes en esta jugada. "
        "Ya has usado todos tus dados: deshaz un movimiento si quieres cambiarlo."
    )


DROPS = {
    "no-checker": ({"from": "2"}, Position.initial().with_dice((3, 1))),
    "bar-first": ({"from": "13"}, TWO_ON_BAR),
    "backwards": ({"from": "8", "to": "11"}, Position.initial().with_dice((3, 1))),
    "wrong-die": ({"from": "13", "to": "11"}, Position.initial().with_dice((3, 1))),
    "blocked": ({"from": "24", "to": "19"}, Position.initial().with_dice((5, 1))),
    "bear-off-not-all-home": ({"from": "6", "to": "off"}, Position.initial().with_dice((6, 1))),
    "higher-die-not-highest": ({"from": "3", "to": "off"}, Position.from_layout({6: 2, 3: 2}, {24: 2, 1: 13}, dice=(5, 4))),
    "too-many-moves": ({"moves": "8/5 6/5", "from": "13", "to": "10"}, Position.initial().with_dice((3, 1))),
}
"""A move the board refuses for each reason code a drop can have."""


def _next_moves(position: Position, made: str) -> set[str]:
    """The single moves a turn that began with ``made`` may go on with, a legal play still ahead."""
    turn = LegalTurn(position)
    partial = next(turn.start.carry_out((segment.src, segment.dst) for segment in parse_play(made)))[0] if made else turn.start
    return {f"{'bar' if move.src == 25 else move.src}/{'off' if move.dst == 0 else move.dst}" for move, _ in turn.next_moves(partial)}


@pytest.mark.parametrize("code", sorted(DROPS))
def test_every_refused_move_ends_with_a_move_the_turn_may_go_on_with(client, code):
    query, position = DROPS[code]
    data = client.get("/api/board/refusal/?" + urlencode({"xgid": position.to_xgid(), **query})).json()
    assert data["code"] == code
    if code == "too-many-moves":
        assert data["message"].endswith("Ya has usado todos tus dados: deshaz un movimiento si quieres cambiarlo.")
        return
    said, move = data["message"].rsplit(" Puedes mover, por ejemplo, ", 1)
    assert move.endswith(".") and move[:-1] in _next_moves(position, query.get("moves", ""))


@pytest.mark.parametrize("code", sorted(DROPS))
def test_in_an_unanswered_exercise_a_refused_move_ends_with_what_the_rule_asks_not_a_move(code):
    query, position = DROPS[code]
    turn = LegalTurn(position)
    made = tuple(move for _, moves in turn.start.carry_out((s.src, s.dst) for s in parse_play(query.get("moves", ""))) for move in moves)[:2]
    partial = turn.start
    for move in made:
        partial = partial.after(move)
    src, dst = query["from"], query.get("to")
    place = {"bar": 25, "off": 0}
    reason = step_reason(partial, place.get(src, 0) or int(src), None if dst is None else place.get(dst, 0) if dst in place else int(dst), position.dice, made)
    message = explain_drop(reason, position.turn)
    assert message.endswith(DROP_INSTRUCTIONS.get(code, "deshaz un movimiento si quieres cambiarlo."))
    assert "Puedes mover" not in message


def test_a_move_the_rules_allow_has_no_reason(client):
    data = refusal(client, moves="bar/22 bar/22", left="3,3", **{"from": "13", "to": "10"}).json()
    assert data == {"code": None, "message": ""}


def test_moves_the_rules_do_not_allow_fall_back_to_the_dice_the_board_counts(client):
    data = refusal(client, moves="13/10", left="3,3,3", **{"from": "6", "to": "2"}).json()
    assert data["code"] == "bar-first"  # the board showed 13/10, but the engine still sees two on the bar


@pytest.mark.parametrize(
    "query, message",
    [
        ({"xgid": "nada", "from": "8", "to": "5"}, "No entiendo esa posición"),
        ({"xgid": Position.initial().to_xgid(), "from": "8", "to": "5"}, "no tiene dados"),
        ({"from": "30", "to": "5"}, "Los puntos van del 1 al 24"),
        ({"from": "8", "to": "bar"}, "Los puntos van del 1 al 24"),
        ({"from": "8", "to": "5", "moves": "13/"}, "No entiendo los movimientos"),
        ({"from": "8" * 300, "to": "5"}, "demasiado largo"),
    ],
)
def test_bad_questions_get_a_spanish_400(client, query, message):
    response = client.get("/api/board/refusal/?" + urlencode({"xgid": TWO_ON_BAR.to_xgid(), **query}))
    assert response.status_code == 400
    assert message in response.json()["error"]


def test_a_typed_play_is_read_into_its_steps_by_the_engine(client):
    data = client.get("/api/board/play/?" + urlencode({"play": "13/7(2) bar/22*, 6/fuera"})).json()
    assert data == {"moves": [{"from": 13, "to": 7}, {"from": 13, "to": 7}, {"from": 25, "to": 22}, {"from": 6, "to": 0}]}
    assert client.get("/api/board/play/?play=pasar").json() == {"moves": []}


def test_a_typed_play_on_a_named_position_is_judged_with_the_reasons_a_sent_play_gets(client):
    opening = Position.initial().with_dice((6, 5))
    asked = {"xgid": opening.to_xgid()}
    legal = client.get("/api/board/play/?" + urlencode({**asked, "play": "13/7 13/8"})).json()
    assert legal == {"moves": [{"from": 13, "to": 7}, {"from": 13, "to": 8}], "legal": True}
    refused = client.get("/api/board/play/?" + urlencode({**asked, "play": "13/10"})).json()
    assert refused["legal"] is False and refused["moves"] == [{"from": 13, "to": 10}]
    assert refused["verdict"] == illegal_verdict(opening.check("13/10"))
    assert refused["verdict"]["reasons"] and refused["verdict"]["reasons"][0]["message"]


def test_a_typed_play_on_a_position_without_dice_or_unreadable_gets_a_spanish_400(client):
    for xgid, message in ((Position.initial().to_xgid(), "no tiene dados"), ("XGID=nada", "revisa el XGID")):
        response = client.get("/api/board/play/?" + urlencode({"xgid": xgid, "play": "13/7"}))
        assert response.status_code == 400 and message in response.json()["error"]


def test_an_unreadable_play_gets_the_lessons_explanation_of_the_notation(client):
    response = client.get("/api/board/play/?" + urlencode({"play": "13/"}))
    assert response.status_code == 400
    assert response.json()["error"].startswith("No entiendo «13/». Escribe cada movimiento como origen/destino")


def test_a_layout_comes_back_decoded_with_no_defect_when_it_is_possible(client):
    data = client.get("/api/board/position/?" + urlencode({"white": "24:2 13:5 8:3 6:5", "black": "1:2 12:5 17:3 19:5"})).json()
    assert data["points"][24] == {"white": 2, "black": 0}
    assert data["points"][1] == {"white": 0, "black": 2}
    assert data["off"] == {"white": 0, "black": 0}
    assert data["defects"] == []


def test_a_layout_comes_back_with_every_defect_in_the_engines_words(client):
    data = client.get("/api/board/position/?" + urlencode({"white": "6:15 5:1", "black": "5:1"})).json()
    assert data["points"][5] == {"white": 1, "black": 1}
    assert data["defects"] == ["las blancas tienen más de quince fichas", "blancas y negras no pueden compartir un punto"]
    assert data["off"]["white"] == 0


@pytest.mark.parametrize("white, message", [("6:x", "En «blancas» escribe punto:cantidad"), ("30:2", "Los puntos van del 1 al 24")])
def test_an_unreadable_layout_gets_a_spanish_400(client, white, message):
    response = client.get("/api/board/position/?" + urlencode({"white": white, "black": ""}))
    assert response.status_code == 400
    assert response.json()["error"].startswith(message)


BLACK_OPENING = Position.initial().replace(turn=BLACK).with_dice((6, 1))


def test_a_black_learner_who_drops_a_checker_by_whites_numbers_is_told_to_count_from_their_own_side(client):
    query = {"xgid": BLACK_OPENING.to_xgid(), "from": "12", "to": "18"}
    data = client.get("/api/board/refusal/?" + urlencode(query)).json()
    assert data == {
        "code": "backwards",
        "message": "Las negras avanzan hacia el 1, en su casa: no puedes ir del 12 al 18. ¿Has usado los números de tu rival? "
        "Cuenta desde tu lado, con tu casa del 1 al 6, y ese movimiento es 13/7.",
    }


def test_a_backward_drop_that_is_no_move_in_the_rivals_numbers_is_not_asked_about_them(client):
    query = {"xgid": BLACK_OPENING.to_xgid(), "from": "12", "to": "15"}
    message = client.get("/api/board/refusal/?" + urlencode(query)).json()["message"]
    assert "números de tu rival" not in message and "Puedes mover, por ejemplo" in message


def test_in_an_unanswered_exercise_the_rivals_numbers_are_asked_about_without_naming_the_move():
    reason = step_reason(LegalTurn(BLACK_OPENING).start, 12, 18, BLACK_OPENING.dice)
    reason = replace(reason, mirrored=drop_mirrored(BLACK_OPENING, LegalTurn(BLACK_OPENING).start, 12, 18))
    message = explain_drop(reason, BLACK)
    assert "¿Has usado los números de tu rival? Cuenta desde tu lado, con tu casa del 1 al 6." in message
    assert message.endswith(DROP_INSTRUCTIONS["backwards"]) and "13/7" not in message


def test_a_black_learner_who_types_whites_numbers_on_the_board_is_told_to_count_from_their_own_side(client):
    query = {"xgid": BLACK_OPENING.to_xgid(), "play": "12/18 17/18"}
    data = client.get("/api/board/play/?" + urlencode(query)).json()
    assert data["legal"] is False
    message = data["verdict"]["reasons"][-1]["message"]
    assert "¿Has usado los números de tu rival?" in message and message.endswith("esa jugada es 13/7 8/7.")
    assert data["verdict"]["alternative"] == "13/7 8/7"


def test_a_black_learner_who_types_an_entry_with_whites_numbers_hears_the_play_from_their_own_side(client):
    black = Position.from_layout({24: 2, 13: 5, 8: 3, 6: 5}, {"bar": 1, 12: 5, 17: 3, 19: 5, 20: 1}, dice=(3, 1)).replace(turn=BLACK)
    data = client.get("/api/board/play/?" + urlencode({"xgid": black.to_xgid(), "play": "bar/3 19/20"})).json()
    assert data["legal"] is False and data["verdict"]["alternative"] == "bar/22 6/5"
    assert data["verdict"]["reasons"][-1]["message"].endswith("Cuenta desde tu lado, con tu casa del 1 al 6, y esa jugada es bar/22 6/5.")
