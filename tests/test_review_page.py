"""The review page's board is the site's board: pip counts, «Girar el tablero» back to the step, the viewer's side."""

from __future__ import annotations

import re

import pytest

from tests.practice_flow import add_mistake, start
from tutor.engine import BLACK, WHITE, Position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quick_and_reproducible")]


def test_the_review_board_has_both_pip_counts_and_a_turn_control_that_comes_back_to_the_step(client):
    match = start(client, length=0)
    mistake = add_mistake(match)
    number = list(match.actions.order_by("number").values_list("pk", flat=True)).index(mistake.pk) + 1
    for address in (f"/practica/{match.pk}/revision/?paso={number}", f"/practica/{match.pk}/revision/?paso={number}&parte=paso"):
        page = client.get(address).content.decode()
        position = Position.from_xgid(mistake.xgid)
        for side, name in ((WHITE, "white"), (BLACK, "black")):
            assert f'data-pips-side="{name}">{position.pip_count(side)}<' in page
        assert f'name="volver" value="/practica/{match.pk}/revision/?paso={number}"' in page
        assert "Lo ves desde las blancas" in page
        assert 'data-arrow="best"' in page and 'data-arrow="played"' in page
    assert "Tus tres peores decisiones" in page or "Tus peores decisiones" in page
    assert re.search(rf'href="\?paso={number}#tablero" data-go="{number}" data-jump', page)


def test_turning_the_review_board_shows_it_from_the_other_side_at_the_same_step(client):
    match = start(client, length=0)
    add_mistake(match)
    page = f"/practica/{match.pk}/revision/?paso=2"
    response = client.post("/tablero/girar/", {"volver": page, "tablero": "tablero"})
    assert response.status_code == 302 and response["Location"] == page + "#tablero"
    assert "Lo ves desde las negras" in client.get(page).content.decode()
    assert "Lo ves desde las negras" in client.get(page + "&parte=paso").content.decode()
