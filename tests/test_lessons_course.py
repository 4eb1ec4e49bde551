"""The course as a native teacher would sign it: goals, fixed puzzles, drills and Spanish."""

from __future__ import annotations

import json
import re

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from tutor.board.svg import render_board_svg
from tutor.engine import BLACK, WHITE
from tutor.lessons.answers import judge_answer, judge_play, solution
from tutor.lessons.checks import check_lessons
from tutor.lessons.library import get_library
from tutor.lessons.puzzles import PuzzleError, parse_puzzle

pytestmark = pytest.mark.django_db


def puzzle(slug: str):
    return get_library().puzzles()[slug]


def lesson_text(slug: str) -> str:
    return get_library().lesson(slug).path.read_text(encoding="utf-8")


def all_lesson_texts() -> dict[str, str]:
    return {lesson.path.name: lesson.path.read_text(encoding="utf-8") for lesson in get_library().lessons()}


def post_play(client, slug: str, play: str) -> dict:
    response = client.post(f"/api/puzzles/{slug}/check/", json.dumps({"play": play}), content_type="application/json")
    return response.json()


# -- 1. puzzles that test their goal ------------------------------------------------


def test_a_legal_play_that_captures_nothing_is_legal_but_not_solved(client):
    data = post_play(client, "capturar-en-el-seis", "8/4 5/4")
    assert data["legal"] is True and data["correct"] is False
    assert data["message"] == "Es legal, pero no capturas ninguna ficha."
    assert "capturar-en-el-seis" not in client.session.get("solved_puzzles", [])
    assert post_play(client, "capturar-en-el-seis", "24/23 10/6*")["correct"] is True


def test_reaching_home_without_bearing_off_is_legal_but_not_solved():
    judgement = judge_play(puzzle("llegar-a-casa-y-sacar"), "8/2 6/3")
    assert judgement.legal is True and not judgement.correct
    assert judgement.message == "Es legal, pero no sacas ninguna ficha."
    assert judge_play(puzzle("llegar-a-casa-y-sacar"), "8/5 6/off").correct


def test_the_entry_and_capture_puzzle_requires_the_capture():
    assert not judge_play(puzzle("entrar-y-capturar-en-el-19"), "bar/23 13/9").correct
    assert judge_play(puzzle("entrar-y-capturar-en-el-19"), "bar/23/19*").correct


def test_bearing_off_in_spanish_needs_both_checkers_off_and_takes_either_word():
    spanish = puzzle("sacar-escrito-en-espanol")
    assert "«fuera»" in spanish.question and "las dos formas valen" in spanish.question
    partial = judge_play(spanish, "6/1 5/off")
    assert partial.legal and not partial.correct and "solo sacas 1" in partial.message
    assert judge_play(spanish, "6/fuera 5/fuera").correct and judge_play(spanish, "6/off 5/off").correct


def test_every_play_puzzle_whose_title_promises_a_capture_or_a_bear_off_carries_a_goal():
    promise = re.compile(r"captur|\bsaca|sacar", re.IGNORECASE)
    for item in get_library().puzzles().values():
        if item.kind == "jugada" and (promise.search(item.title) or promise.search(item.slug) or promise.search(item.question)):
            assert item.goal is not None, item.slug
            legal = item.position.legal_plays()
            assert any(item.goal.met_by(play) for play in legal), item.slug


def test_a_goal_no_legal_play_meets_fails_the_check_with_file_and_line(tmp_path, settings):
    settings.LESSONS_DIR = tmp_path
    (tmp_path / "01-meta.md").write_text(
        "titulo: Meta\n\n```puzzle\nid: sin-captura\ntitulo: Capturar\npregunta: Captura.\n"
        "blancas: 6:2\nnegras: 19:3 20:3 21:3 22:2 23:2 24:2\ndados: 2-1\ntipo: jugada\nobjetivo: captura\n```\n",
        encoding="utf-8",
    )
    errors = check_lessons()
    assert [error.id for error in errors] == ["lessons.E001"]
    assert errors[0].msg.startswith(f"{tmp_path.name}/01-meta.md:11: ") and "ninguna jugada legal cumple" in errors[0].msg
    with pytest.raises(SystemCheckError):
        call_command("check")


@pytest.mark.parametrize(
    "extra, message",
    [
        ("tipo: jugada\nobjetivo: ganar\n", "«objetivo» se escribe"),
        ("tipo: jugada\nacepta: 6/off 6/off\n", "no es legal"),
        ("tipo: jugada\nobjetivo: sacar 3\n", "ninguna jugada legal cumple el objetivo «sacar 3 fichas»"),
        ("tipo: legalidad\njugada: 6/off\nrespuesta: si\nobjetivo: sacar\n", "solo sirven en ejercicios de tipo jugada"),
    ],
)
def test_goals_are_validated(extra, message):
    body = "id: meta\ntitulo: Meta\npregunta: Juega.\nblancas: 6:1 5:1\nnegras: 19:3 20:3 21:3 22:2 23:2 24:2\ndados: 6-5\n"
    with pytest.raises(PuzzleError, match=re.escape(message)):
        parse_puzzle(body + extra, source="lessons/x.md", line=1)


def test_accepted_plays_are_the_only_solutions():
    body = "id: meta\ntitulo: Meta\npregunta: Juega.\nblancas: 6:1 5:1\nnegras: 19:3 20:3 21:3 22:2 23:2 24:2\ndados: 6-5\n"
    goal_puzzle = parse_puzzle(body + "tipo: jugada\nacepta: 6/off 5/off\n")
    assert judge_play(goal_puzzle, "5/off 6/off").correct
    assert not judge_play(goal_puzzle, "6/1 5/off").correct


def test_the_last_checker_asks_which_die_bears_it_off():
    last = puzzle("ultima-ficha-seis-dos")
    assert last.kind == "opcion" and "¿Con qué dado sale?" in last.question
    assert judge_answer(last, "6").correct and not judge_answer(last, "2").correct


def test_black_to_move_is_seen_from_blacks_side_with_whites_numbers_small_so_text_and_board_agree():
    black = puzzle("las-negras-cuentan-desde-su-lado")
    assert black.position.turn == BLACK
    svg = render_board_svg(black.position, flipped=True, numbering=BLACK, both_numberings=True)
    labels = svg.split('class="board-labels"')[1].split("</g>")[0]
    assert 'class="board-labels__own">13</text>' in labels and 'class="board-labels__other">12</text>' in labels
    assert "números grandes" in black.hints[0] and "del 12 de las blancas" in black.hints[0]
    white_only = render_board_svg(puzzle("no-se-retrocede").position, numbering=WHITE)
    assert "board-labels__other" not in white_only


def test_the_points_question_of_lesson_nine_says_which_points():
    assert "¿Cuántos puntos ganan las blancas en esta partida?" in puzzle("gammon-en-un-match").question


def test_the_bear_off_with_a_blocked_point_has_graded_hints_that_do_not_start_with_the_answer():
    hints = puzzle("cinco-tres-con-el-uno-bloqueado").hints
    assert len(hints) >= 3
    assert "5/2" not in hints[0] and "con el 3" not in hints[0]


def test_the_text_before_the_four_two_bar_puzzle_does_not_give_its_answer():
    text = lesson_text("barra")
    before = text[: text.index("id: entrar-y-capturar-en-el-19")]
    assert "bar/23 23/19*" not in before


def test_opening_roll_puzzles_show_the_turn_of_the_side_that_starts():
    for item in get_library().puzzles().values():
        if item.calculation.startswith("quien-empieza") and item.answer in ("blancas", "negras"):
            assert item.position.turn == (WHITE if item.answer == "blancas" else BLACK), item.slug


def test_counting_distinct_plays_is_left_to_the_notation_lesson_which_explains_it():
    counting = [item for item in get_library().puzzles().values() if item.calculation == "jugadas"]
    assert counting and all(item.lesson == "notacion" for item in counting)
    assert "Dos jugadas son **la misma** si dejan la misma posición" in lesson_text("notacion")


# -- 2. taught early and drilled ----------------------------------------------------


def test_a_notation_primer_comes_before_the_first_play_puzzle():
    text = lesson_text("tablero")
    assert text.index("Cómo se escribe una jugada") < text.index("id: primera-jugada-cinco-tres")


def test_all_checkers_home_is_said_where_it_is_first_needed():
    for slug in ("mover", "obligaciones"):
        assert "no puedes sacar fichas" in lesson_text(slug).lower(), slug


def test_black_enters_from_the_bar_on_a_board_seen_with_black_numbers():
    drill = puzzle("las-negras-entran-desde-la-barra")
    assert drill.position.turn == BLACK and drill.position.bar(BLACK) == 1
    assert judge_play(drill, "bar/22 13/8").correct
    assert judge_play(drill, "bar/20 13/10").codes[0] == "blocked"


def test_a_partial_block_of_the_rolled_entry_points_makes_the_player_pass():
    drill = puzzle("entradas-justas-cerradas")
    assert [play.is_pass for play in drill.position.legal_plays()] == [True]
    assert judge_answer(drill, "pasar").correct


def test_entering_on_a_point_you_already_hold_is_drilled():
    drill = puzzle("entrar-sobre-tus-fichas")
    assert drill.position.checkers(WHITE)[22] == 2 and judge_answer(drill, "si").correct


def test_you_need_not_bear_off_if_you_use_as_many_dice_as_possible():
    drill = puzzle("sin-sacar-ninguna")
    assert drill.position.check(drill.play).play.bears_off == 0 and judge_answer(drill, "sí").correct


def test_no_doubling_after_rolling_is_drilled():
    drill = puzzle("doblar-despues-de-tirar")
    assert drill.position.dice is not None and judge_answer(drill, "no").correct


def test_why_is_it_not_legal_questions_replace_some_yes_no_questions():
    puzzles = list(get_library().puzzles().values())
    why = [item for item in puzzles if item.calculation.startswith("motivo")]
    yes_no = [item for item in puzzles if item.kind == "legalidad"]
    assert len(why) >= 4 and len(yes_no) < len(puzzles) / 4
    blocked = puzzle("dos-caminos-cerrados")
    assert judge_answer(blocked, "blocked").correct and not judge_answer(blocked, "wrong-die").correct


# -- the verdict --------------------------------------------------------------------


def test_a_question_that_is_not_about_a_play_never_lists_legal_plays(client):
    for slug in ("quien-ha-ganado", "pips-colocacion-inicial"):
        item = puzzle(slug)
        assert solution(item)["legal_plays"] is None
        data = client.post(f"/api/puzzles/{slug}/check/", json.dumps({"answer": item.answer}), content_type="application/json").json()
        assert data["correct"] is True and data["legal_plays"] is None


def test_a_wrong_yes_no_answer_is_not_called_an_illegal_play():
    judgement = judge_answer(puzzle("no-se-retrocede"), "si")
    assert not judgement.correct and judgement.legal is None
    assert judgement.message == "«13/8 6/9» no es legal." and judgement.reasons


# -- 4. Spanish ---------------------------------------------------------------------


def test_no_lesson_text_says_sacan_or_sacas_for_a_roll():
    for name, text in all_lesson_texts().items():
        assert not re.search(r"\bsaca[ns]? (un )?\d\s*[–-]\s*\d", text, re.IGNORECASE), name


@pytest.mark.parametrize(
    "wrong",
    [
        "la entra", "abiertos, cada dado entra", "El 2 tiene que entrar la ficha", "pista: Cada dado puede entrar",
        "hasta que vuelve a entrar", "Gana quien saca", "sale del tablero y se coloca",
        "da igual cuántas le queden", "unas son las **blancas** y otras", "saques lo que saques",
        "más puntos de los que le faltan para salir", "más puntos de los que les faltan para salir",
        "un dado con un número mayor que el del punto del que quieres sacar",
    ],
)
def test_corrected_sentences_do_not_come_back(wrong):
    for name, text in all_lesson_texts().items():
        assert wrong not in text, name


def test_the_corrected_rules_are_stated_precisely():
    assert "una ficha en la barra cuenta 25" in lesson_text("tablero")
    assert "siempre que use tantos dados como sea posible" in lesson_text("sacar-fichas")
    assert "Un **dado superior** es un dado mayor que tu **punto ocupado más alto**" in lesson_text("sacar-fichas")
    assert "una ficha en tu punto 4 no puede mover un 4, un 5 ni un 6" in lesson_text("mover")
    assert "Una ficha en tu punto 4, por ejemplo, no puede mover un 4, un 5 ni un 6" in lesson_text("obligaciones")


def test_the_lesson_and_the_glossary_define_the_higher_die_alike():
    path = get_library().lesson("sacar-fichas").path.with_name("_glosario.md")
    glossary = next(line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("| dado superior |"))
    assert "mayor que el del punto ocupado más alto" in glossary
    assert "mayor que tu **punto ocupado más alto**" in lesson_text("sacar-fichas")


def test_a_closed_home_board_and_not_entering_this_turn_are_told_apart():
    text = lesson_text("barra")
    assert "**no puedes entrar en este turno**" in text and "su casa está **cerrada**" in text
    section = text[text.index("{#bloqueado-en-la-barra}"):]
    assert section.index("no puedes entrar en este turno") < section.index("**los seis puntos**")


def test_the_cube_lesson_says_where_the_cube_starts_and_where_the_site_stops_it():
    text = lesson_text("cubo")
    assert "con el **64 hacia arriba**" in text and "**no tiene límite**" in text and "se detiene en 64" in text
    assert "cuánto vale la victoria" in lesson_text("tablero")


def test_a_play_puzzle_that_promises_a_capture_without_a_goal_is_rejected():
    body = (
        "id: promesa\ntitulo: Capturar en el 5\npregunta: Juega.\nblancas: 8:1 6:14\nnegras: 5:1 19:14\n"
        "dados: 3-1\ntipo: jugada\n"
    )
    with pytest.raises(PuzzleError, match="promete capturar o sacar fichas"):
        parse_puzzle(body, source="lessons/x.md", line=1)
    assert parse_puzzle(body + "objetivo: captura\n").goal.kind == "captura"


def test_sacar_for_a_roll_fails_the_check_with_file_and_line(tmp_path, settings):
    settings.LESSONS_DIR = tmp_path
    (tmp_path / "01-tirada.md").write_text("titulo: Tirada\n\nLas blancas sacan 6–4 y juegan.\n", encoding="utf-8")
    errors = check_lessons()
    assert [error.id for error in errors] == ["lessons.E004"]
    assert errors[0].msg.startswith(f"{tmp_path.name}/01-tirada.md:3: «sacan 6–4»")


def test_home_about_and_password_help_use_the_course_terms_and_tu(client):
    home = client.get("/").content.decode()
    about = client.get("/acerca/").content.decode()
    signup = client.get("/cuenta/crear/").content.decode()
    assert "capturar" in home and "golpear" not in home and "dados altos" not in home
    assert "contra el programa" in home and "ordenador" not in home
    assert "dado superior" in about and "dado mayor" not in about
    assert "Tu contraseña" in signup and "Su contraseña" not in signup


def test_no_page_or_message_calls_the_program_el_ordenador():
    """Neutral Spanish: «el programa» everywhere, the scoreboard of a practice game included."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    sources = [*(root / "templates").rglob("*.html"), *(path for path in (root / "tutor").rglob("*.py") if "migrations" not in path.parts)]
    assert [str(path.relative_to(root)) for path in sources if "ordenador" in path.read_text(encoding="utf-8").lower()] == []


def test_histories_and_attempt_views_read_as_spanish_sentences():
    from django.test import Client

    from tests.classroom_factories import add_lesson_exercise, make_assignment, make_classroom, make_user
    from tutor.classroom.attempts import submit

    teacher, student = make_user("profe", teacher=True, name="Carmen"), make_user("lucia", name="Lucía")
    assignment = make_assignment(make_classroom(teacher, students=[student]))
    yes_no = add_lesson_exercise(assignment, puzzle("no-se-retrocede"))
    play = add_lesson_exercise(assignment, puzzle("barra-antes-que-nada"))
    submit(yes_no, yes_no.puzzle(), student, "si")
    submit(play, play.puzzle(), student, "bar-first")
    viewer = Client()
    viewer.force_login(student)
    history = viewer.get("/tareas/historial/").content.decode()
    assert "sí, es legal" in history
    assert "«Mientras tengan una ficha en la barra, no pueden mover ninguna otra»" in history
    page = viewer.get(f"/tareas/ejercicios/{yes_no.pk}/").content.decode()
    assert "Respuesta: sí, es legal" in page and "Respuesta: si<" not in page
    assert 'class="reason-code"' not in page and "backwards:" not in page
