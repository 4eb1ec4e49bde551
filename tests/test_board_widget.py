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
