"""Two people play a short match to the end in two browsers while their teacher watches from a third.

The server is daphne (ASGI, WebSockets) in the test process; the dice are
seeded (tests only).  The match starts near its end (a race at 1–1 in a
match to 3) so that it finishes in a few turns, with a refused move
explained, a double and a take, and every screen following each move.
Another pair resigns: one offers a gammon, the other (on a phone-sized
screen) rejects it; the first may not offer again on that turn, the other
offers a gammon in turn, it is accepted, and the match goes on.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.browser import DESKTOP, PHONE, axe_violations, box_of, click_a_full_play, uncovered
from tests.classroom_factories import make_classroom, make_user
from tutor.engine import BLACK, WHITE, Position
from tutor.play import service
from tutor.play.models import LiveGame, Phase

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ["PLAY_SHOTS"]) if os.environ.get("PLAY_SHOTS") else None
"""A folder to keep screenshots of the live game pages in, when set (to look at the layout)."""


def shoot(page, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / name), full_page=True)
RACE = Position.from_layout(white={1: 2, 2: 1, 3: 1}, black={24: 2, 23: 1, 22: 1}).replace(
    match_length=3, score=(1, 1), turn=WHITE
)


@pytest.fixture(autouse=True)
def seeded(settings):
    settings.PRACTICE_DICE_SEED = 21
    settings.PRACTICE_GRADING_PLIES = 0


def open_as(new_page, server: str, user, path: str, viewport=DESKTOP):
    client = Client()
    client.force_login(user)
    page = new_page(viewport=viewport)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}])
    page.goto(server + path)
    page.wait_for_selector("text=Conectado")
    return page


def wait_seq(pages, seq: int) -> None:
    for page in pages:
        page.wait_for_selector(f'[data-play-panel] [data-seq="{seq}"]', timeout=10000)


def test_two_players_finish_a_match_live_with_a_refused_move_explained_and_the_teacher_watching(asgi_server, new_page):
    ana, bruno, teacher = make_user("ana"), make_user("bruno"), make_user("profe", teacher=True)
    classroom = make_classroom(teacher, students=[ana, bruno])
    game = service.create_game(ana, length=3, classroom=classroom, black=bruno, highlight=True)
    LiveGame.objects.filter(pk=game.pk).update(xgid=RACE.to_xgid(), phase=Phase.ROLL)
    path = game.get_absolute_url()
    players = {WHITE: open_as(new_page, asgi_server, ana, path), BLACK: open_as(new_page, asgi_server, bruno, path)}
    watcher = open_as(new_page, asgi_server, teacher, path)
    everyone = [*players.values(), watcher]
    assert "docente del grupo" in watcher.inner_text("[data-play-panel]")

    # White doubles; Black takes: the cube is Black's at 2 on every screen.
    game.refresh_from_db()
    players[WHITE].get_by_role("button", name="Doblar (el cubo pasa a 2)").click()
    wait_seq(everyone, game.seq + 1)
    players[BLACK].get_by_role("button", name="Aceptar").click()
    wait_seq(everyone, game.seq + 2)
    assert "en 2, de Bruno" in watcher.inner_text("[data-cube]")

    # A move the rules forbid is refused and explained to the mover alone, before it is sent.
    game.refresh_from_db()
    mover = players[game.side_to_act()]
    mover.fill("[data-play-board] input[name=play]", "3/1 3/2")
    mover.wait_for_selector('[data-verdict="illegal"]')
    expect(mover.get_by_role("button", name="Confirmar")).to_be_disabled()
    assert mover.locator(".verdict__reasons li").first.inner_text()
    assert mover.get_by_role("link", name="Repasa la regla").count() == 1
    shoot(mover, "refused-1280.png")
    assert axe_violations(mover) == []

    for _ in range(40):
        game.refresh_from_db()
        if game.is_over:
            break
        page = players[game.side_to_act()]
        if game.phase == Phase.ROLL:
            page.get_by_role("button", name="Tirar los dados").click()
        else:
            page.fill("[data-play-board] input[name=play]", game.position.legal_plays()[0].notation)
            page.get_by_role("button", name="Confirmar").click()
        wait_seq(everyone, game.seq + 1)
    game.refresh_from_db()
    assert game.is_over and max(game.score) == 3
    winner = players[game.winner]
    assert "has ganado el match" in winner.inner_text("[data-play-status]")
    assert "Ha terminado" in watcher.inner_text("[data-play-status]")
    shoot(watcher, "teacher-1280.png")
    assert axe_violations(watcher) == []


def test_a_play_made_on_the_board_is_confirmed_only_once_it_is_complete(asgi_server, new_page):
    """The player on roll moves by clicking, with the server's destinations; «Confirmar» waits for a legal full play."""
    ana, bruno = make_user("ana"), make_user("bruno")
    game = service.create_game(ana, length=5, black=bruno, highlight=True)
    game.refresh_from_db()
    users = [ana, bruno]
    on_roll = game.side_to_act()
    mover = open_as(new_page, asgi_server, users[on_roll], game.get_absolute_url(), viewport=PHONE)
    rival = open_as(new_page, asgi_server, users[1 - on_roll], game.get_absolute_url())
    confirm = mover.locator("[data-play-board] button[type=submit]")
    expect(confirm).to_be_disabled()
    assert click_a_full_play(mover, "[data-play-board]")
    confirm.click()
    wait_seq([mover, rival], game.seq + 1)
    stored = LiveGame.objects.get(pk=game.pk).actions.filter(kind="move", forced=False).get()
    assert stored.side == on_roll
    expect(rival.locator(".play-events")).to_contain_text(f"juega {stored.play}.")


def test_the_play_pages_pass_axe_and_fit_a_phone(asgi_server, new_page):
    ana, bruno = make_user("ana"), make_user("bruno")
    game = service.create_game(ana, length=5, black=bruno)
    game.refresh_from_db()
    mover = [ana, bruno][game.side_to_act()]
    for viewport, label in ((DESKTOP, "1280"), (PHONE, "360")):
        page = open_as(new_page, asgi_server, mover, game.get_absolute_url(), viewport=viewport)
        shoot(page, f"game-{label}.png")
        assert axe_violations(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        # The board is the hero: all of it on the first screen; on a phone, edge to edge above the
        # action bar that stays in reach, as in the exercises.
        board = box_of(page.locator("[data-play-board] .board-svg"))
        assert board["y"] >= 0 and board["y"] + board["height"] <= viewport["height"]
        if label == "360":
            actions = box_of(page.locator("[data-play-board] [data-board-actions]"))
            assert board["y"] + board["height"] <= actions["y"] and board["width"] >= viewport["width"] - 2
        page.goto(asgi_server + "/jugar/")
        shoot(page, f"index-{label}.png")
        assert axe_violations(page) == []


# -- resigning: one player offers a gammon, the other answers on a phone-sized screen ----------------------


def offer(page, result: str) -> None:
    """Choose a result among the ways to resign, then confirm the offer: choosing alone sends nothing."""
    page.get_by_role("radio", name=result).check()
    page.get_by_role("button", name="Ofrecer la rendición").click()


def offer_gammon(page) -> None:
    page.get_by_text("Rendirte en esta partida").click()
    offer(page, "Gammon: 4 puntos")


def test_a_player_offers_a_gammon_and_the_rival_rejects_then_accepts_it(asgi_server, new_page):
    ana, bruno = make_user("ana"), make_user("bruno")
    game = service.create_game(ana, length=5, black=bruno)
    start = Position.initial(match_length=5, cube_value=2, cube_owner=BLACK).replace(turn=WHITE)
    LiveGame.objects.filter(pk=game.pk).update(xgid=start.to_xgid(), phase=Phase.ROLL)
    game.refresh_from_db()
    path = game.get_absolute_url()
    white = open_as(new_page, asgi_server, ana, path)
    black = open_as(new_page, asgi_server, bruno, path, viewport=PHONE)

    white.get_by_text("Rendirte en esta partida").click()
    assert white.get_by_role("radio", name="Backgammon: 6 puntos (termina el match)").is_visible()
    shoot(white, "resign-options-1280.png")
    assert axe_violations(white) == []
    # Choosing a result sends nothing; the rival's phrase redraws the panel, and the choices the player
    # opened stay open with the result chosen, until the offer is confirmed.
    white.get_by_role("radio", name="Gammon: 4 puntos").check()
    black.get_by_role("button", name="¡Suerte!").click()
    white.wait_for_selector(".play-events >> text=«¡Suerte!»")
    assert white.get_by_role("radio", name="Gammon: 4 puntos").is_checked()
    assert game.actions.filter(kind="offer").count() == 0
    white.get_by_role("button", name="Ofrecer la rendición").click()
    wait_seq([white, black], game.seq + 1)
    assert "Te has ofrecido a rendirte" in white.inner_text("[data-play-status]")
    assert white.get_by_role("button", name="Tirar los dados").is_visible()  # her clock runs: she may play on
    question = black.locator("[data-play-offer]")
    assert "Ana se ofrece a rendirse" in question.inner_text() and "ganas esta partida: gammon, 4 puntos." in question.inner_text()
    shoot(black, "resign-question-360.png")
    shoot(white, "resign-waiting-1280.png")
    assert axe_violations(black) == []
    assert black.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    black.get_by_role("button", name="Rechazar").click()
    wait_seq([white, black], game.seq + 2)
    assert white.get_by_role("button", name="Tirar los dados").is_visible()
    assert "rechaza la rendición" in white.inner_text(".play-events")

    assert white.get_by_text("Rendirte en esta partida").count() == 0  # one offer per turn
    offer_gammon(black)  # the rival may still offer on this turn
    wait_seq([white, black], game.seq + 3)
    white.get_by_role("button", name="Aceptar").click()
    wait_seq([white, black], game.seq + 4)
    game.refresh_from_db()
    assert game.score == (4, 0) and game.game_number == 2 and not game.is_over
    assert "Ana 4" in black.inner_text("[data-score]")
    assert "Tú aceptas la rendición (gammon, 4 puntos)." in white.inner_text(".play-events")
    assert white.locator("[data-crawford]").is_visible()

    # The same panels the other way round: the question at 1280, the choices at 360.
    black.set_viewport_size(DESKTOP)
    white.set_viewport_size(PHONE)
    game.refresh_from_db()
    offerer = {WHITE: white, BLACK: black}[game.side_to_act()]
    rival = black if offerer is white else white
    offerer.get_by_text("Rendirte en esta partida").click()
    shoot(offerer, "resign-options-%d.png" % offerer.viewport_size["width"])
    assert offerer.evaluate("document.documentElement.scrollWidth") <= offerer.viewport_size["width"]
    offer(offerer, "Partida simple: 1 punto")
    wait_seq([white, black], game.seq + 1)
    shoot(rival, "resign-question-%d.png" % rival.viewport_size["width"])
    assert axe_violations(rival) == []


# -- on a phone: the verdict and the board stay in view ---------------------------------------------------


def test_on_a_phone_a_typed_illegal_play_is_refused_before_it_is_sent_above_the_action_bar(asgi_server, new_page):
    ana, bruno = make_user("ana"), make_user("bruno")
    game = service.create_game(ana, length=3, black=bruno, highlight=True)
    LiveGame.objects.filter(pk=game.pk).update(xgid=RACE.with_dice((6, 5)).to_xgid(), phase=Phase.MOVE)
    page = open_as(new_page, asgi_server, ana, game.get_absolute_url(), viewport=PHONE)
    page.fill("[data-play-board] input[name=play]", "3/1 2/1")  # the dice say 6 and 5: not this
    confirm = page.locator("[data-play-board] button[type=submit]")
    verdict = page.locator('[data-play-board] [data-verdict="illegal"]')
    verdict.wait_for()  # the server judged the typed play: nothing was sent
    expect(confirm).to_be_disabled()
    assert LiveGame.objects.get(pk=game.pk).actions.filter(kind="move").count() == 0
    expect(verdict.locator(".verdict__reasons li").first).not_to_be_empty()
    page.wait_for_timeout(600)  # the smooth scroll
    shoot(page, "refused-360.png")
    assert uncovered(page, verdict.locator(".verdict__headline"))


def test_a_redraw_of_the_same_turn_keeps_the_play_the_player_has_typed(asgi_server, new_page):
    """A redraw of the same turn (the socket's first state, the rival's phrase) may come while the player
    is typing: the play box and «Confirmar» stay as they were, and the focus stays in the box."""
    ana, bruno = make_user("ana"), make_user("bruno")
    game = service.create_game(ana, length=3, black=bruno, highlight=True)
    LiveGame.objects.filter(pk=game.pk).update(xgid=RACE.with_dice((6, 5)).to_xgid(), phase=Phase.MOVE)
    page = open_as(new_page, asgi_server, ana, game.get_absolute_url())
    rival = open_as(new_page, asgi_server, bruno, game.get_absolute_url())
    box = page.locator("[data-play-board] input[name=play]")
    box.fill("3/off 2/off")
    box.evaluate("node => { node.dataset.before = 'yes'; }")
    rival.locator(".play-phrases button").first.click()
    page.wait_for_selector("[data-play-board] input[name=play]:not([data-before])")
    expect(box).to_have_value("3/off 2/off")
    expect(box).to_be_focused()
    expect(page.locator("[data-play-board] button[type=submit]")).to_be_enabled()


def test_on_a_phone_the_crawford_game_keeps_the_whole_board_above_the_action_bar(asgi_server, new_page):
    ana, bruno = make_user("ana"), make_user("bruno")
    game = service.create_game(ana, length=3, black=bruno)
    crawford = Position.initial(match_length=3).replace(score=(2, 0), crawford=True, turn=WHITE, dice=(3, 1))
    LiveGame.objects.filter(pk=game.pk).update(xgid=crawford.to_xgid(), phase=Phase.MOVE)
    page = open_as(new_page, asgi_server, ana, game.get_absolute_url(), viewport=PHONE)
    expect(page.locator("[data-crawford]")).to_contain_text("Partida Crawford")
    shoot(page, "crawford-360.png")
    board = box_of(page.locator("[data-play-board] .board-svg"))
    actions = box_of(page.locator("[data-play-board] [data-board-actions]"))
    assert board["y"] >= 0 and board["y"] + board["height"] <= actions["y"] <= PHONE["height"] - actions["height"]
    page.fill("[data-play-board] input[name=play]", "13/8")  # five pips: no die of 3–1 makes it
    verdict = page.locator('[data-play-board] [data-verdict="illegal"]')
    verdict.wait_for()  # refused before it is sent
    expect(page.locator("[data-play-board] button[type=submit]")).to_be_disabled()
    page.wait_for_timeout(600)
    shoot(page, "crawford-refused-360.png")
    assert uncovered(page, verdict.locator(".verdict__headline"))


def test_the_creators_heading_names_the_rival_as_soon_as_they_join(asgi_server, new_page):
    ana, bruno = make_user("ana", name="Ana Gil"), make_user("bruno", name="Bruno Sanz")
    game = service.create_game(ana, length=3)
    page = open_as(new_page, asgi_server, ana, game.get_absolute_url())
    heading = page.locator("h1")
    expect(heading).to_contain_text("contra …")
    joiner = open_as(new_page, asgi_server, bruno, game.get_absolute_url())
    joiner.get_by_role("button", name="Unirme a la partida (con negras)").click()
    expect(heading).to_contain_text("contra Bruno Sanz (negras)")
    assert "…" not in heading.inner_text()


def test_a_spectator_sees_the_whole_board_at_1280(asgi_server, new_page):
    ana, bruno, teacher = make_user("ana"), make_user("bruno"), make_user("profe", teacher=True)
    classroom = make_classroom(teacher, students=[ana, bruno])
    game = service.create_game(ana, length=3, classroom=classroom, black=bruno)
    page = open_as(new_page, asgi_server, teacher, game.get_absolute_url())
    shoot(page, "spectator-1280.png")
    board = box_of(page.locator("[data-play-panel] .board-svg"))
    assert board["y"] >= 0 and board["y"] + board["height"] <= DESKTOP["height"]
    assert board["x"] >= 0 and board["x"] + board["width"] <= DESKTOP["width"]


def test_a_double_waiting_for_its_answer_keeps_the_games_figures_inside_a_wide_page(asgi_server, new_page):
    from tests.live_games import both_play

    ana, bruno = make_user("ana", name="Ana González"), make_user("bruno", name="Bruno Fernández")
    game = both_play(service.create_game(ana, length=0, black=bruno, jacoby=True, beavers=True, timed=True))
    game.refresh_from_db()
    doubler = game.player(game.side_to_act())
    if game.phase != Phase.ROLL:
        pytest.skip("the side on roll may not double here")
    service.run(game.pk, doubler, "double", seq=game.seq)
    taker = bruno if doubler == ana else ana
    for user in (doubler, taker):
        page = open_as(new_page, asgi_server, user, game.get_absolute_url())
        expect(page.locator("[data-cube]")).to_contain_text("dobla")
        assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
        facts = box_of(page.locator(".play-facts"))
        assert facts["x"] + facts["width"] <= DESKTOP["width"]
