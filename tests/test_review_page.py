"""The review page's board is the site's board (pip counts, «Girar el tablero» back to the step), seen from the viewer's side."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.classroom_factories import make_user
from tests.live_review import played
from tests.practice_flow import add_mistake, start
from tutor.engine import BLACK, WHITE, Position
from tutor.practice.background import drain

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


@pytest.mark.usefixtures("live_dice")
def test_a_live_review_is_seen_from_the_viewer_s_side_and_a_spectator_sees_white_s_advantage_and_no_worst_list():
    ana, bruno, carla = make_user("ana"), make_user("bruno"), make_user("carla")
    game = played(ana, bruno)
    game.public = True
    game.save(update_fields=["public"])
    drain()
    pages = {}
    for user in (bruno, carla):
        client = Client()
        client.force_login(user)
        pages[user.username] = client.get(game.get_review_url() + "?paso=3").content.decode()
    black = pages["bruno"]
    assert "Lo ves desde las negras" in black
    assert "Arriba, ventaja tuya; abajo, de Ana" in black
    assert re.search(r"Decisión 3, con 3-1:</span> <span>jugaste <code>24/20</code>; lo mejor: <code>8/5 6/5</code>", black)
    watched = pages["carla"]
    assert "Lo ves desde las blancas" in watched
    assert "Arriba, ventaja de Ana; abajo, de Bruno" in watched
    assert "peores decisiones" not in watched
