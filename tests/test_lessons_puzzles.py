"""Puzzle blocks are validated data: every claim an author writes is rechecked."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from tutor.lessons.checks import check_lessons
from tutor.lessons.puzzles import PuzzleError, parse_puzzle

BASE = """id: prueba
titulo: Prueba
pregunta: ¿Qué haces?
"""
BEAR_OFF = "blancas: 6:1 3:1 2:1 1:2\nnegras:\ndados: 4-2\n"


def parse(body: str):
    return parse_puzzle(BASE + body, source="lessons/x.md", line=10)


def test_a_readable_layout_gives_the_position_with_the_rest_borne_off():
    puzzle = parse(BEAR_OFF + "tipo: jugada\nlegal: 6/2 3/1\nlegal: 6/4 4/off\n")
    assert puzzle.position.borne_off(0) == 10 and puzzle.position.borne_off(1) == 15
    assert puzzle.legal_examples == ("6/2 3/1", "6/4 4/off")


def test_an_xgid_carries_its_dice():
    puzzle = parse("xgid: XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10\ntipo: jugada\nlegal: 8/5 6/5\n")
    assert puzzle.dice == (3, 1)


@pytest.mark.parametrize(
    "body, message, line",
    [
        ("tipo: jugada\n", "falta la posición", 10),
        (BEAR_OFF + "tipo: adivinanza\n", "tipo «adivinanza» desconocido", 16),
        (BEAR_OFF + "color: rojo\ntipo: jugada\n", "clave «color» desconocida", 16),
        ("blancas: 6:16\nnegras:\ndados: 4-2\ntipo: jugada\n", "posición imposible", 10),
        ("blancas: 6:1\nnegras: 6:1\ndados: 4-2\ntipo: jugada\n", "posición imposible", 10),
        ("blancas: 6-1\nnegras:\ndados: 4-2\ntipo: jugada\n", "punto:cantidad", 13),
        (BEAR_OFF + "tipo: jugada\nlegal: 3/off 6/4\n", "no es legal según el motor", 17),
        (BEAR_OFF + "tipo: jugada\nilegal: 6/2 3/1 => blocked\n", "es legal según el motor", 17),
        (BEAR_OFF + "tipo: jugada\nilegal: 3/off 6/4 => blocked\n", "con «higher-die-not-highest», no con «blocked»", 17),
        (BEAR_OFF + "tipo: unica\nrespuesta: 6/2 3/1\n", "jugadas legales, no una sola", 17),
        (BEAR_OFF + "tipo: legalidad\njugada: 3/off 6/4\nrespuesta: si\n", "es ilegal", 18),
        (BEAR_OFF + "tipo: numero\nrespuesta: 5\ncalculo: jugadas\n", "el motor calcula", 17),
        (BEAR_OFF + "tipo: numero\nrespuesta: 5\n", "falta «calculo»", 10),
        (BEAR_OFF + "tipo: opcion\nopcion: a | Uno\nopcion: b | Dos\nrespuesta: c\n", "no es ninguna de las opciones", 19),
    ],
)
def test_a_wrong_puzzle_is_refused_with_its_line(body, message, line):
    with pytest.raises(PuzzleError) as raised:
        parse(body)
    assert message in str(raised.value)
    assert raised.value.line == line
    assert str(raised.value).startswith(f"lessons/x.md:{line}: ")


def test_the_stated_answers_of_every_kind_are_recomputed():
    assert parse(BEAR_OFF + "tipo: legalidad\njugada: 3/off 6/4\nrespuesta: no\ncodigo: higher-die-not-highest\n")
    assert parse(BEAR_OFF + "tipo: numero\nrespuesta: 2\ncalculo: jugadas\n")
    assert parse("blancas: bar:1 6:5\nnegras: 24:2\ntipo: numero\nrespuesta: 22\ncalculo: entrada 3\n")
    assert parse("blancas: 5:1 4:1\nnegras: 1:2\ndados: 5-3\ntipo: unica\nrespuesta: 5/2 4/off\n")


def test_a_broken_lesson_fails_the_system_check_with_file_and_line(tmp_path, settings):
    settings.LESSONS_DIR = tmp_path
    (tmp_path / "01-rota.md").write_text(
        "titulo: Rota\n\n```puzzle\n" + BASE + BEAR_OFF + "tipo: jugada\nlegal: 3/off 6/4\n```\n", encoding="utf-8"
    )
    errors = check_lessons()
    assert [error.id for error in errors] == ["lessons.E001"]
    assert errors[0].msg.startswith(f"{tmp_path.name}/01-rota.md:11: ")
    with pytest.raises(SystemCheckError):
        call_command("check")


def test_a_puzzle_id_used_twice_is_reported(tmp_path, settings):
    settings.LESSONS_DIR = tmp_path
    block = "```puzzle\n" + BASE + BEAR_OFF + "tipo: jugada\n```\n"
    (tmp_path / "01-una.md").write_text("titulo: Una\n\n" + block, encoding="utf-8")
    (tmp_path / "02-otra.md").write_text("titulo: Otra\n\n" + block, encoding="utf-8")
    assert [error.id for error in check_lessons()] == ["lessons.E002"]


def test_a_rule_that_names_no_section_is_reported(tmp_path, settings):
    settings.LESSONS_DIR = tmp_path
    (tmp_path / "01-una.md").write_text(
        "titulo: Una\n\n## Algo {#algo}\n\n```puzzle\n" + BASE + BEAR_OFF + "tipo: jugada\nregla: nada\n```\n",
        encoding="utf-8",
    )
    assert [error.id for error in check_lessons()] == ["lessons.E003"]
