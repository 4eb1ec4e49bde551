"""The board widget's form: its button names the action, with or without JavaScript."""

from __future__ import annotations

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
    assert '<button type="submit" class="button button--primary">Comprobar</button>' in puzzle
    assert '<button type="submit" class="button button--primary">Confirmar</button>' in game


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
