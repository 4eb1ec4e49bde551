"""The drilling pages: rule list, a drill stream without JavaScript, today's review, «Mi progreso»."""

from __future__ import annotations

import re

import datetime as dt

import pytest

from tutor.board.describe import describe_position
from tutor.drills import RULES
from tutor.engine import BAR, BLACK, OFF, Position
from tutor.training import memory

pytestmark = pytest.mark.django_db


def test_the_training_page_lists_every_rule_by_lesson_with_its_level_and_what_each_level_needs(client):
    html = client.get("/entrenar/").content.decode()
    for rule in RULES.values():
        assert f"/entrenar/{rule.code}/" in html
    assert html.count('data-mastery data-level="0"') == len(RULES) and "sin empezar" in html and "Repaso de hoy" in html
    assert "«Segura»: cinco respuestas bien entre las diez últimas, tres de ellas con dificultad 2 o más." in html


def test_a_drill_page_is_answered_without_javascript_and_counts_the_streak(client):
    page = client.get("/entrenar/blocked/?nivel=1&n=0")
    assert page.status_code == 200
    drill = page.context["drill"]
    play = drill.accepted_plays()[0].notation
    answered = client.post("/entrenar/blocked/?nivel=1&n=0", {"play": play})
    html = answered.content.decode()
    assert "¡Correcto!" in html and answered.context["streak"] == 1
    wrong = client.post("/entrenar/blocked/?nivel=1&n=0", {"play": drill.tempting}).content.decode()
    assert "bloqueado" in wrong
    assert "?dificultad=1&amp;n=1" in wrong


def test_an_unknown_rule_is_a_404_and_odd_parameters_fall_back(client):
    assert client.get("/entrenar/nada/").status_code == 404
    assert client.get("/entrenar/blocked/?nivel=9&n=x").status_code == 200


def test_a_wrong_answer_comes_back_in_todays_review_once_the_clock_moves(client, monkeypatch):
    start = dt.datetime(2030, 3, 1, 10, tzinfo=dt.timezone.utc)
    monkeypatch.setattr(memory, "now", lambda: start)
    drill = client.get("/entrenar/hit/?nivel=1&n=0").context["drill"]
    client.post("/entrenar/hit/?nivel=1&n=0", {"answer": "no" if drill.answer == "si" else "si"})
    assert "hit" in memory.due_rules(_request(client))
    review = client.get("/entrenar/repaso/")
    assert review.context["drill"].rule == "hit"
    play = review.context["drill"]
    client.post("/entrenar/repaso/?regla=hit", {"answer": play.answer} if not play.is_play else {"play": play.accepted_plays()[0].notation})
    monkeypatch.setattr(memory, "now", lambda: start + dt.timedelta(days=20))
    assert "hit" in memory.due_rules(_request(client))


def _request(client):
    from django.test import RequestFactory
    from django.contrib.auth.models import AnonymousUser

    request = RequestFactory().get("/")
    request.session = client.session
    request.user = AnonymousUser()
    return request


def test_my_progress_draws_a_bar_per_rule_and_the_history_chart(client):
    drill = client.get("/entrenar/pip-count/?nivel=1&n=0").context["drill"]
    client.post("/entrenar/pip-count/?nivel=1&n=0", {"answer": drill.answer})
    html = client.get("/entrenar/progreso/").content.decode()
    assert html.count("<svg class=\"chart\"") == 1 and "1 bien y 0 mal" in html
    assert html.count('<li class="level-bars__row">') == len(RULES)
    assert ('<span class="level-bars__label">El recuento de pips</span>'
            '<span class="level-bars__track" aria-hidden="true"><span class="level-bars__bar level-bars__bar--0"></span></span>'
            '<span class="level-bars__value">intentada</span>') in html


def test_signing_in_merges_the_visitors_memory_into_the_account(client, django_user_model):
    drill = client.get("/entrenar/pip-count/?nivel=1&n=0").context["drill"]
    client.post("/entrenar/pip-count/?nivel=1&n=0", {"answer": drill.answer})
    user = django_user_model.objects.create_user("ana", password="una clave larga 123")
    assert client.post("/cuenta/entrar/", {"username": "ana", "password": "una clave larga 123"}).status_code == 302
    stored = memory.memories_of(user)["pip-count"]
    assert stored.total == 1 and stored.correct == 1 and stored.level_word == "intentada"


def test_a_lesson_puzzle_answer_updates_the_memory_of_its_rule(client):
    from tutor.lessons.library import get_library

    puzzle = next(p for p in get_library().puzzles().values() if p.expected_code == "blocked" or any(t.code == "blocked" for t in p.tempting))
    client.post(f"/api/puzzles/{puzzle.slug}/check/", '{"play": "24/1"}', content_type="application/json")
    assert memory.memories(_request(client))["blocked"].total == 1


def test_an_assignment_attempt_updates_the_students_memory(django_user_model):
    from tests.classroom_factories import add_lesson_exercise, make_assignment, make_classroom, make_user
    from tutor.classroom.attempts import submit
    from tutor.lessons.library import get_library

    teacher, student = make_user("profe", teacher=True), make_user("alumna")
    puzzle = next(p for p in get_library().puzzles().values() if p.is_play and any(t.code == "bar-first" for t in p.tempting))
    exercise = add_lesson_exercise(make_assignment(make_classroom(teacher, "Grupo", students=[student])), puzzle)
    tempting = next(t.text for t in puzzle.tempting if t.code == "bar-first")
    attempt, judgement = submit(exercise, puzzle, student, tempting)
    assert not judgement.correct
    remembered = memory.memories_of(student)["bar-first"]
    assert remembered.total == 1 and remembered.correct == 0


def test_five_right_answers_in_a_lessons_mixed_review_mark_it_passed_not_mastered(client):
    assert "/entrenar/leccion/barra/" in client.get("/lecciones/barra/").content.decode()
    for step in range(5):
        drill = client.get(f"/entrenar/leccion/barra/?n={step}").context["drill"]
        assert RULES[drill.rule].lesson == "barra"
        answer = {"play": drill.accepted_plays()[0].notation} if drill.is_play else {"answer": drill.answer}
        if answer.get("play") == "":
            answer["pasar"] = "1"  # a pass is sent on purpose, with «Paso»
        assert client.post(f"/entrenar/leccion/barra/?n={step}", answer).status_code == 200
    html = client.get("/entrenar/").content.decode()
    assert html.count('<span class="tag tag--ok">Repaso superado</span>') == 1 and ">Dominada<" not in html
    assert "Repaso superado" in client.get("/entrenar/leccion/barra/?n=4").content.decode()


def test_every_lessons_mixed_review_brings_up_every_rule_the_lesson_drills_the_newest_too():
    from tutor.training.lesson_review import review_drill, rules_of, size

    for slug in {rule.lesson for rule in RULES.values()}:
        for seed in range(3):
            assert {review_drill(slug, seed, step).rule for step in range(size(slug))} == {rule.code for rule in rules_of(slug)}
    assert {"bear-off-higher-die", "starting-position", "notation", "find-the-mistake"} <= {
        review_drill(slug, 0, step).rule for slug in ("sacar-fichas", "tablero", "notacion", "obligaciones") for step in range(size(slug))
    }


def test_a_lesson_with_six_drilled_rules_has_six_steps_in_its_review_and_is_passed_after_the_sixth(client):
    for step in range(6):
        page = client.get(f"/entrenar/leccion/sacar-fichas/?n={step}")
        drill = page.context["drill"]
        assert f"({step + 1} de 6)" in page.content.decode()
        answer = {"play": drill.accepted_plays()[0].notation} if drill.is_play else {"answer": drill.answer}
        client.post(f"/entrenar/leccion/sacar-fichas/?n={step}", answer)
        assert ("Repaso superado" in client.get("/entrenar/leccion/sacar-fichas/?n=0").content.decode()) == (step == 5)


def test_an_illegal_play_in_practice_counts_as_a_wrong_answer_on_its_rules(client):
    from tutor.engine import Position
    from tutor.rules import AnswerJudged, Source, answer_judged

    request = _request(client)
    on_bar = Position.from_layout({"bar": 1, 13: 14}, {6: 2, 1: 13}, dice=(6, 3))
    answer_judged.send(AnswerJudged.illegal_play(request, on_bar.check("13/7"), Source.PRACTICE))
    answer_judged.send(AnswerJudged.illegal_play(request, on_bar.check("bar/3"), Source.PRACTICE))
    known = memory.memories(request)
    assert known["bar-first"].total == 1 and known["bar-first"].correct == 0
    assert known["enter-point"].total == 1


def test_a_drills_difficulty_and_the_level_of_mastery_have_different_words(client):
    html = client.get("/entrenar/blocked/").content.decode()
    links = re.sub(r'<span class="training-levels__word">(.*?)</span>', r"\1", html)
    assert all(f">Dificultad {level}</a>" in links for level in (1, 2, 3)) and "Nivel de dominio" in html
    assert "Nivel 1" not in html and "Nivel:" not in html
    progress = client.get("/entrenar/progreso/").content.decode()
    assert "Nivel de dominio por regla" in progress and "como dificultad 1" in progress


def test_how_to_pass_is_said_under_the_board_of_every_play_drill_and_in_no_question(client):
    for rule in ("blocked", "closed-out", "more-dice"):
        page = client.get(f"/entrenar/{rule}/?nivel=1&n=0")
        html = page.content.decode()
        assert "pulsa «Paso»" in html and 'name="pasar"' in html
        assert "Paso" not in page.context["drill"].question
    assert "pulsa «Paso»" not in client.get("/entrenar/may-double/?nivel=1&n=0").content.decode()


@pytest.mark.parametrize("rule", ["crawford", "cube-limits", "drop-points", "opening-roll", "hit-and-continue", "bar-doubles", "starting-position", "find-the-mistake"])
def test_the_new_rules_drills_are_listed_answered_and_explained_without_javascript(client, rule):
    assert f"/entrenar/{rule}/" in client.get("/entrenar/").content.decode()
    for level in (1, 2, 3):
        page = client.get(f"/entrenar/{rule}/?dificultad={level}&n=0")
        drill = page.context["drill"]
        assert page.status_code == 200 and drill.question in page.content.decode()
        answered = client.post(f"/entrenar/{rule}/?dificultad={level}&n=0", {"answer": drill.answer}).content.decode()
        assert "¡Correcto!" in answered and "Lo decide la regla" in answered


@pytest.mark.parametrize("level", [1, 2, 3])
def test_bearing_off_all_you_can_is_answered_on_the_page_and_explained_move_by_move(client, level):
    """The play that bears off the most is right, with each die's part in it; the tempting play is illegal."""
    url = f"/entrenar/bear-off-higher-die/?dificultad={level}&n=0"
    assert "/entrenar/bear-off-higher-die/" in client.get("/entrenar/").content.decode()
    drill = client.get(url).context["drill"]
    best = drill.accepted_plays()[0].notation
    right = client.post(url, {"play": best}).content.decode()
    assert "¡Correcto!" in right and "Lo decide la regla" in right and "es un dado superior" in right
    assert {1: "con dado exacto", 2: "Ahora tu punto ocupado más alto", 3: "se juega dentro de casa"}[level] in right
    assert "Jugada ilegal." in client.post(url, {"play": drill.tempting}).content.decode()


def test_a_legal_play_that_bears_off_fewer_than_the_roll_allows_is_wrong_and_told_the_one_that_does(client):
    url = next(url for url in (f"/entrenar/bear-off-higher-die/?dificultad=1&n={number}" for number in range(20))
               if _bears_off_fewer(client.get(url).context["drill"]))
    drill = client.get(url).context["drill"]
    short = client.post(url, {"play": _bears_off_fewer(drill)}).content.decode()
    assert "No es correcto." in short and f"juega «{drill.accepted_plays()[0].notation}»" in short


def _bears_off_fewer(drill) -> str:
    """A legal play of ``drill`` that bears off fewer checkers than its goal asks, or ``""``."""
    return next((play.notation for play in drill.position.legal_plays() if play.bears_off < drill.goal.count), "")


@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_play_drawn_with_arrows_is_written_in_any_notation_of_it_without_javascript(client, level):
    url = f"/entrenar/notation/?dificultad={level}&n=0"
    assert "/entrenar/notation/" in client.get("/entrenar/").content.decode()
    page = client.get(url)
    drill, html = page.context["drill"], page.content.decode()
    assert drill.question in html and html.count('class="board-arrow') == len(drill.shown_moves) and 'type="text" name="answer"' in html
    assert "data-move=" not in html, "the page must not hold the notation it asks for"
    steps = " ".join(f"{'bar' if move.src == BAR else move.src}/{'off' if move.dst == OFF else move.dst}" for move in drill.shown_moves)
    right = client.post(url, {"answer": steps}).content.decode()
    assert "¡Correcto!" in right and "es la jugada de las flechas" in right and "Lo decide la regla" in right
    # Another legal play is legal but wrong: from the first drill (each visitor's drills are drawn anew)
    # whose position has one.
    url, other = next((url, other) for url, drill in (
        (url, client.get(url).context["drill"]) for url in (f"/entrenar/notation/?dificultad={level}&n={n}" for n in range(20))
    ) for other in [play.notation for play in drill.position.legal_plays() if play.notation != drill.answer][:1])
    assert "no la de las flechas" in client.post(url, {"answer": other}).content.decode()


def test_a_black_learner_who_writes_whites_numbers_is_told_to_count_from_their_own_side(client):
    url = next(url for url in (f"/entrenar/notation/?dificultad=1&n={number}" for number in range(20))
               if client.get(url).context["drill"].position.turn == BLACK)
    drill = client.get(url).context["drill"]
    whites = " ".join(f"{BAR - move.src}/{BAR - move.dst}" for move in drill.shown_moves)
    answered = client.post(url, {"answer": whites}).content.decode()
    assert "No es correcto." in answered and "cuenta desde tu lado" in answered and f"se escribe «{drill.answer}»" in answered
    assert "Escribe la jugada de las flechas" in client.post(url, {"answer": " "}).content.decode()


def test_find_the_mistake_writes_the_play_it_draws_for_those_who_cannot_see_the_arrows(client):
    page = client.get("/entrenar/find-the-mistake/?dificultad=1&n=0")
    drill, html = page.context["drill"], page.content.decode()
    assert f'Jugada dibujada: <code class="notation">{drill.drawn}</code>' in html
    assert html.count("data-move=") == len(drill.shown_moves)


@pytest.mark.parametrize("rule", ["crawford", "may-double"])
def test_a_drill_that_asks_about_the_crawford_game_does_not_say_it_on_its_board(client, rule):
    """The board's description would answer the question: «Partida Crawford» stays out of it."""
    crawford_pages = 0
    for number in range(12):
        page = client.get(f"/entrenar/{rule}/?dificultad=3&n={number}")
        drill = page.context["drill"]
        crawford_pages += drill.position.crawford
        assert "Partida Crawford" not in page.content.decode()
    assert crawford_pages, "some of these drills are Crawford games"


def test_a_board_says_it_is_the_crawford_game_where_that_is_not_the_question():
    position = Position.initial().replace(match_length=5, score=(4, 2), crawford=True)
    assert "Partida Crawford" in describe_position(position)
    assert "Partida Crawford" not in describe_position(position, crawford=False)
