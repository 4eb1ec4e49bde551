"""An unanswered exercise keeps its answer at every door, however its position is spelt.

The matrix of the issue: with ``XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10``
assigned and unanswered, every door that shows plays or solutions (the explorer
page and its check, GNU Backgammon's grade, the board's refusals, the teachers'
board editor, lesson puzzles and drills of the same question) is asked with
every variant that leaves the checkers and the side on roll unchanged (the
dice in the other order, the cube, the score, the match, the rule flags, the
colours) and every way of writing it (XGID, GNU Backgammon ID, the editor's
layout, ``dados=``): each refuses in Spanish and shows no play.  The doors
reached by a name rather than a position (a lesson puzzle's slug, a drill's
id, a practice game's hint) are asked with one that leads to the same
question.  The same doors answer for other positions, and for this one once
it is answered, and an answer given after looking is marked «Con la
solución vista».
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from urllib.parse import urlencode

import pytest
from django.test import Client

from tests.classroom_factories import add_custom_exercise, make_assignment, make_classroom, make_user, post_json
from tutor.classroom.models import Attempt, SolutionView
from tutor.drills import generate, parse_id
from tutor.engine import BAR, BLACK, WHITE, Position
from tutor.lessons.library import get_library
from tutor.practice.models import PracticeMatch

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits")]

PENDING = Position.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10")
PLAYS = {play.notation for play in PENDING.legal_plays()}
"""Every legal play of the exercise: any one of them is a right answer; ``24/22 13/8`` is GNU Backgammon's best."""
GATED = "respóndelo en la tarea"
SAME_QUESTION_PUZZLE = "punto-diecinueve-bloqueado"
"""A lesson puzzle on the opening position with 5-2: the same question as the exercise."""

VARIANTS = {
    "as assigned": PENDING,
    "dice written 2-5": PENDING.replace(dice=(2, 5)),
    "cube at 2, White's": PENDING.replace(cube_value=2, cube_owner=WHITE),
    "cube at 4, Black's": PENDING.replace(cube_value=4, cube_owner=BLACK),
    "score 3-5 to 7": PENDING.replace(match_length=7, score=(3, 5)),
    "match to 7": PENDING.replace(match_length=7),
    "Crawford game": PENDING.replace(match_length=5, score=(4, 2), crawford=True),
    "Jacoby rule": PENDING.replace(jacoby=True),
    "Black on roll with the same checkers": Position(
        PENDING.checkers(BLACK), PENDING.checkers(WHITE), turn=BLACK, dice=(2, 5)
    ),
}


def layout(position: Position) -> dict[str, str]:
    """The explorer's and the editor's fields for ``position``: checkers point by point, White's numbering."""

    def points(side: int, number: Callable[[int], int]) -> str:
        board = position.checkers(side)
        spots = [f"{number(point)}:{board[point]}" for point in range(1, BAR) if board[point]]
        return " ".join(spots + ([f"bar:{board[BAR]}"] if board[BAR] else []))

    return {
        "white": points(WHITE, lambda point: point),
        "black": points(BLACK, lambda point: 25 - point),
        "turn": "negras" if position.turn == BLACK else "blancas",
    }


def dice_text(position: Position, *, written: bool = True) -> str:
    """The dice as the request writes them: in the variant's order (``25``), or as the editor's list has them (``5-2``)."""
    assert position.dice is not None
    first, second = position.dice if written else sorted(position.dice, reverse=True)
    return f"{first}{second}" if written else f"{first}-{second}"


def without_dice(position: Position) -> str:
    return position.with_dice(None).to_xgid()


# Each door, with each way it is spelt: a request for ``position`` from ``client``.
DOORS: dict[str, Callable[[Client, Position, object], object]] = {
    "explorer page, XGID": lambda client, position, _: client.get("/explorar/", {"xgid": position.to_xgid()}),
    "explorer page, XGID and dados=": lambda client, position, _: client.get(
        "/explorar/", {"xgid": without_dice(position), "dados": dice_text(position)}
    ),
    "explorer page, layout": lambda client, position, _: client.get(
        "/explorar/",
        {"blancas": layout(position)["white"], "negras": layout(position)["black"], "turno": layout(position)["turn"], "dados": dice_text(position)},
    ),
    "explorer page, a play to judge": lambda client, position, _: client.get(
        "/explorar/", {"xgid": position.to_xgid(), "jugada": "24/22 13/8"}
    ),
    "explorer check, XGID in the query": lambda client, position, _: post_json(
        client, "/api/explorer/check/?" + urlencode({"xgid": position.to_xgid()}), {"play": "13/8 13/11"}
    ),
    "explorer check, dados= in the query": lambda client, position, _: post_json(
        client, "/api/explorer/check/?" + urlencode({"xgid": without_dice(position), "dados": dice_text(position)}), {"play": "13/8 13/11"}
    ),
    "explorer check, XGID and dice in the body": lambda client, position, _: post_json(
        client, "/api/explorer/check/", {"xgid": without_dice(position), "dice": dice_text(position), "play": "13/8 13/11"}
    ),
    "grade API": lambda client, position, _: post_json(client, "/api/grade/", {"xgid": position.to_xgid(), "play": "24/22 13/8"}),
    "board refusal API": lambda client, position, _: client.get(
        "/api/board/refusal/", {"xgid": position.to_xgid(), "moves": "", "left": "", "from": "24", "to": "22"}
    ),
    "board editor, XGID": lambda client, position, editor: client.post(
        editor, {"question_key": "jugada", "xgid": position.to_xgid(), "action": "preview"}
    ),
    "board editor, GNU Backgammon ID": lambda client, position, editor: client.post(
        editor, {"question_key": "jugada", "gnubg_id": position.to_gnubg_id(), "action": "preview"}
    ),
    "board editor, layout": lambda client, position, editor: client.post(
        editor, {"question_key": "jugada", **layout(position), "dice": dice_text(position, written=False), "action": "preview"}
    ),
}


@pytest.fixture
def student():
    """A student (a teacher too, with a group of their own, so the board editor is open to them)
    with the issue's position unanswered in a published assignment."""
    teacher, lucia = make_user("profe", teacher=True), make_user("lucia", teacher=True)
    exercise = add_custom_exercise(make_assignment(make_classroom(teacher, students=[lucia])), xgid=PENDING.to_xgid(), dice="")
    own = make_assignment(make_classroom(lucia, name="Club"), published=False)
    client = Client()
    client.force_login(lucia)
    return {"client": client, "exercise": exercise, "editor": f"/clases/tareas/{own.pk}/propio/"}


def body(response) -> str:
    return response.content.decode()


def answer(client, exercise, play: str) -> None:
    assert post_json(client, f"/tareas/ejercicios/{exercise.pk}/comprobar/", {"play": play}).status_code == 200


def test_the_exercise_is_the_issue_s_position_with_every_opening_5_2_as_a_right_answer(student):
    assert student["exercise"].xgid == PENDING.to_xgid()
    assert "24/22 13/8" in PLAYS and len(PLAYS) == 8


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("door", DOORS)
def test_no_door_shows_a_play_of_an_unanswered_exercise_in_any_spelling(student, door, variant):
    response = DOORS[door](student["client"], VARIANTS[variant], student["editor"])
    text = body(response)
    assert response.status_code == 403, text[:300]
    assert GATED in text
    assert not [play for play in PLAYS if play in text]
    assert "Todas las jugadas legales" not in text and '"best"' not in text


@pytest.mark.parametrize("door", DOORS)
def test_every_door_answers_for_other_positions_while_the_exercise_waits(student, door):
    other_dice = PENDING.replace(dice=(6, 3))
    response = DOORS[door](student["client"], other_dice, student["editor"])
    assert response.status_code == 200, body(response)[:300]
    assert GATED not in body(response)


@pytest.mark.parametrize("door", DOORS)
def test_every_door_answers_once_the_exercise_is_answered(student, door):
    answer(student["client"], student["exercise"], "24/1")
    response = DOORS[door](student["client"], VARIANTS["dice written 2-5"], student["editor"])
    assert response.status_code == 200, body(response)[:300]
    if door != "board refusal API":  # it only says whether one move is allowed
        assert any(play in body(response) for play in PLAYS)


def test_an_answer_after_seeing_the_plays_in_another_spelling_is_marked_for_the_teacher(student):
    client, exercise = student["client"], student["exercise"]
    answer(client, exercise, "24/1")
    spelt_otherwise = VARIANTS["cube at 2, White's"].replace(dice=(2, 5))
    assert client.get("/explorar/", {"xgid": spelt_otherwise.to_xgid()}).status_code == 200
    answer(client, exercise, "24/22 13/8")
    assert [attempt.solution_seen for attempt in Attempt.objects.order_by("number")] == [False, True]


def test_a_lesson_puzzle_asking_the_same_question_keeps_its_solution_until_the_exercise_is_answered(student):
    client, slug = student["client"], SAME_QUESTION_PUZZLE
    puzzle = get_library().puzzles()[slug]
    assert puzzle.position.dice == (5, 2) and puzzle.answer == "blocked"
    choice = puzzle.choices[1].key
    doors = {
        "solution API": client.get(f"/api/puzzles/{slug}/solution/"),
        "check API": post_json(client, f"/api/puzzles/{slug}/check/", {"answer": choice}),
        "page with ?solucion=1": client.get(f"/ejercicios/{slug}/?solucion=1"),
        "page's form": client.post(f"/ejercicios/{slug}/", {"answer": choice}),
    }
    for door, response in doors.items():
        assert response.status_code == 403 and GATED in body(response), door
    assert client.get("/api/puzzles/primera-jugada-cinco-tres/solution/").status_code == 200, "5-3 is another question"
    answer(client, student["exercise"], "24/1")
    assert client.get(f"/api/puzzles/{slug}/solution/").status_code == 200


def test_the_board_still_explains_the_moves_its_own_data_refuse_on_an_unanswered_exercise(student):
    client = student["client"]
    query = {"xgid": PENDING.replace(dice=(2, 5)).to_xgid(), "moves": "", "left": ""}
    blocked = client.get("/api/board/refusal/", {**query, "from": "24", "to": "19"})
    assert blocked.status_code == 200 and blocked.json()["code"] == "blocked"
    out_of_reach = client.get("/api/board/refusal/", {**query, "from": "13", "to": "12"})
    assert out_of_reach.status_code == 200 and out_of_reach.json()["code"] == "wrong-die"
    allowed = client.get("/api/board/refusal/", {**query, "from": "13", "to": "11"})
    assert allowed.status_code == 403 and GATED in allowed.json()["error"]


def test_a_typed_play_on_the_position_of_an_unanswered_exercise_is_read_but_not_judged(student):
    for play in ("24/22 13/8", "24/23 13/8"):
        response = student["client"].get("/api/board/play/", {"xgid": PENDING.to_xgid(), "play": play})
        assert response.status_code == 200
        assert response.json()["legal"] is None and "verdict" not in response.json()


def test_a_drill_on_the_position_of_an_unanswered_exercise_is_not_judged(student):
    client = student["client"]
    page = client.get("/entrenar/blocked/")
    assert page.status_code == 200
    drill_id = body(page).split('data-drill="', 1)[1].split('"', 1)[0]
    drill = generate(*parse_id(drill_id))
    add_custom_exercise(student["exercise"].assignment, xgid=drill.position.to_xgid(), dice="")
    field = "play" if drill.is_play else "answer"
    refused = post_json(client, f"/api/drills/check/{drill_id}/", {field: "13/8"})
    assert refused.status_code == 403 and GATED in refused.json()["error"]
    form = client.post("/entrenar/blocked/", {field: "13/8"})
    assert form.status_code == 403 and GATED in body(form)


def test_the_migration_keeps_a_solution_seen_before_it_by_question(student):
    from django.apps import apps as django_apps

    client, exercise = student["client"], student["exercise"]
    answer(client, exercise, "24/1")
    lucia = exercise.assignment.classroom.memberships.get().student
    SolutionView.objects.create(user=lucia, position=VARIANTS["cube at 2, White's"].to_xgid())
    importlib.import_module("tutor.classroom.migrations.0003_solution_views_by_question").by_question(django_apps, None)
    answer(client, exercise, "24/22 13/8")
    assert [attempt.solution_seen for attempt in Attempt.objects.order_by("number")] == [False, True]


def test_a_practice_game_gives_no_hint_in_the_position_of_an_unanswered_exercise(student):
    client, exercise = student["client"], student["exercise"]
    lucia = exercise.assignment.classroom.memberships.get().student
    match = PracticeMatch.objects.create(user=lucia, xgid=VARIANTS["dice written 2-5"].to_xgid(), phase="move")
    refused = client.post(f"/practica/{match.pk}/pista/", {"seq": match.seq})
    assert refused.status_code == 403 and GATED in body(refused)
    assert not [play for play in PLAYS if f"gnubg jugaría <code>{play}" in body(refused)]
    match.refresh_from_db()
    assert match.hints_used == 0 and not match.hint
    answer(client, exercise, "24/1")
    assert client.post(f"/practica/{match.pk}/pista/", {"seq": match.seq}).status_code == 302
    match.refresh_from_db()
    assert match.hint["best"] in PLAYS
