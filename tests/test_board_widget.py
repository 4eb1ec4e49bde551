"""The board widget's form: its button names the action, with or without JavaScript."""

from __future__ import annotations

import re

from django.template import Context, Template
from django.test import RequestFactory

from tutor.engine import Position


def render(source: str, **context) -> str:
    request = RequestFactory().get("/")
    return Template("{% load board_tags %}" + source).render(Context({"request": request, **context}))


def test_the_play_form_says_comprobar_by_default_and_confirmar_in_games():
    position = Position.initial().with_dice((3, 1))
    puzzle = render("{% board position interactive=True %}", position=position)
    game = render('{% board position interactive=True submit_label="Confirmar" %}', position=position)
    assert re.search(r'<button type="submit" class="button button--primary" form="[\w-]+">Comprobar</button>', puzzle)
    assert re.search(r'<button type="submit" class="button button--primary" form="[\w-]+">Confirmar</button>', game)


def test_the_browser_receives_the_dice_already_expanded_four_for_a_double():
    double = render("{% board position interactive=True %}", position=Position.initial().with_dice((4, 4)))
    low_first = render("{% board position interactive=True %}", position=Position.initial().with_dice((1, 3)))
    assert 'data-dice="4,4,4,4"' in double
    assert 'data-dice="3,1"' in low_first


def test_the_widget_helpers_examples_hold():
    import doctest

    from tutor.board import widget

    result = doctest.testmod(widget)
    assert result.attempted > 0 and result.failed == 0


def test_a_board_seen_from_black_names_blacks_points_in_both_descriptions_and_from_white_whites():
    position = Position.initial(turn=1).with_dice((6, 5))
    seen_from_black = render("{% board position interactive=True %}", position=position)
    seen_from_white = render('{% board position interactive=True viewer="white" %}', position=position)
    assert seen_from_black.count("Los puntos se cuentan desde la casa de las negras.") == 2  # the SVG's <desc> and the text below
    assert "Negras: 2 fichas en el 24, 5 en el 13, 3 en el 8 y 5 en el 6." in seen_from_black
    assert "Los puntos se cuentan" not in seen_from_white and "Blancas: 2 fichas en el 24" in seen_from_white
    # Whoever looks, the board says each point in the mover's numbering, the notation box's.
    assert 'data-numbering="black"' in seen_from_white

def test_a_finished_games_board_says_the_game_is_over_and_neither_a_turn_nor_dice():
    position = Position.initial().with_dice((6, 4))
    under_way = render("{% board position %}", position=position)
    finished = render("{% board position over=True %}", position=position)
    assert "Juegan las <strong>blancas</strong>" in under_way and 'aria-label="dado 6"' in under_way
    assert "Partida terminada" in finished
    assert "Juegan las" not in finished and "Turno de las" not in finished and 'aria-label="dado' not in finished
    title = re.search(r"<title[^>]*>([^<]*)</title>", finished).group(1)
    desc = re.search(r"<desc[^>]*>([^<]*)</desc>", finished).group(1)
    assert title == "Tablero de backgammon: partida terminada"
    assert desc.startswith("La partida ha terminado.") and "Juegan" not in desc
