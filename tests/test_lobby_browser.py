"""Two strangers meet in the lobby with «Jugar ya», play, and a third person watches from the lobby's list.

Three browser contexts against daphne (HTTP and WebSockets in the test
process): Ana on a desktop, Bruno on a phone, Carla on a desktop.  Ana
publishes a match to three; Bruno and Carla see her seek appear without
reloading; Bruno's «Jugar ya» takes it and both land on the board; the game
appears in Carla's list of games to watch and she opens it.  After a move,
Ana leaves the match: both ratings change on both players' pages.  Then
Bruno offers a rematch from the finished game, Ana accepts it, and both
pages move to the new game.  A third test plays a match with clock: one
player runs out of time (the server's clock is moved, nothing sleeps long),
the rival claims it, and both ratings change.
"""

from __future__ import annotations

import os
import re
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser import DESKTOP, PHONE, axe_violations, describe_violations
from tests.classroom_factories import make_user
from tests.live_games import both_play
from tests.lobby_factories import MATCH_TO_3
from tests.test_play_browser import open_as, wait_seq
from tutor.lobby import service
from tutor.play import clocks
from tutor.play import service as games
from tutor.play.models import LiveGame, Phase

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ["LOBBY_SHOTS"]) if os.environ.get("LOBBY_SHOTS") else None
"""A folder to keep screenshots of the lobby's pages in, when set (to look at the layout)."""
GAME_URL = re.compile(r".*/jugar/[A-Z2-9]{6}/$")


def shoot(page, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / name), full_page=True)


def check_page(page, viewport) -> None:
    violations = axe_violations(page)
    assert violations == [], describe_violations(violations)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def play_opening(game, first, second, watcher) -> dict:
    """Each player makes a first legal play on their own board, rolling first when it is their turn to,
    and every page shows it (a match given up before both have moved would be aborted); the players'
    pages by account."""
    players = {game.white_id: first, game.black_id: second}
    for _ in range(4):
        game.refresh_from_db()
        if game.both_moved:
            break
        mover = players[game.player(game.side_to_act()).pk]
        if game.phase == Phase.ROLL:
            mover.get_by_role("button", name="Tirar los dados").click()
        else:
            mover.fill("[data-play-board] input[name=play]", game.position.legal_plays()[0].notation)
            mover.get_by_role("button", name="Confirmar").click()
        wait_seq([first, second, watcher], game.seq + 1)
    game.refresh_from_db()
    assert game.both_moved
    return players


@pytest.fixture(autouse=True)
def seeded(settings):
    settings.PRACTICE_DICE_SEED = 21


def test_two_players_meet_with_jugar_ya_play_and_a_third_watches_from_the_lobby(asgi_server, new_page):
    ana, bruno, carla = make_user("ana"), make_user("bruno"), make_user("carla")
    first = open_as(new_page, asgi_server, ana, "/jugar/")
    second = open_as(new_page, asgi_server, bruno, "/jugar/", viewport=PHONE)
    watcher = open_as(new_page, asgi_server, carla, "/jugar/")

    first.get_by_role("button", name="Jugar ya").click()
    expect(first.locator("[data-lobby-waiting]")).to_contain_text("Buscando rival")
    for page in (second, watcher):
        expect(page.locator("[data-lobby-seeks] [data-seek]")).to_have_count(1)
        expect(page.locator("[data-lobby-seeks]")).to_contain_text("Match a 3 puntos · sin reloj · puntúa")
    shoot(first, "lobby-waiting-1280.png")
    shoot(second, "lobby-seek-360.png")
    check_page(first, DESKTOP)
    check_page(second, PHONE)

    second.get_by_role("button", name="Jugar ya").click()
    first.wait_for_url(GAME_URL)
    second.wait_for_url(GAME_URL)
    game = LiveGame.objects.get()
    assert first.url == second.url == asgi_server + game.get_absolute_url()
    for page in (first, second):
        page.wait_for_selector("text=Conectado")
    expect(watcher.locator("[data-lobby-seeks] [data-seek]")).to_have_count(0)
    listed = watcher.locator(f'[data-lobby-games] [data-game="{game.pk}"] a')
    expect(listed).to_contain_text("ana 1500 contra bruno 1500", timeout=20000)  # on the process's next round
    shoot(watcher, "lobby-games-1280.png")
    listed.click()
    watcher.wait_for_selector("text=Miras esta partida: solo lectura.")

    play_opening(game, first, second, watcher)

    # Leaving asks first, on the page, by keyboard: Escape takes the question back, the second time it is confirmed.
    question = first.locator("[data-play-leave]")
    question.locator("summary").focus()
    first.keyboard.press("Enter")
    expect(question).to_contain_text("Tu reloj sigue corriendo mientras lo piensas.")
    shoot(first, "leave-question-1280.png")
    check_page(first, DESKTOP)
    first.keyboard.press("Escape")
    expect(question).not_to_have_attribute("open", "")
    expect(question.locator("summary")).to_be_focused()
    first.keyboard.press("Enter")
    confirm = first.get_by_role("button", name="Sí, dejar el match")
    while not confirm.evaluate("button => button === document.activeElement"):
        first.keyboard.press("Tab")
    first.keyboard.press("Enter")
    for page in (first, second, watcher):
        expect(page.locator("[data-play-status]")).to_contain_text("Ha terminado")
    expect(first.locator("[data-rating-change]")).to_contain_text("1500,00 → 1482,68")
    expect(second.locator("[data-rating-change]")).to_contain_text("1500,00 → 1517,32")
    shoot(second, "after-match-360.png")
    check_page(second, PHONE)

    for page, rating in ((first, "1482,68"), (second, "1517,32")):
        page.goto(asgi_server + "/jugar/jugador/ana/")
        expect(page.locator("[data-rating]")).to_have_text("1482,68")
        page.goto(asgi_server + "/jugar/jugador/bruno/")
        expect(page.locator("[data-rating]")).to_have_text("1517,32")
        expect(page.locator("svg.chart")).to_have_count(1)
    shoot(first, "profile-1280.png")
    shoot(second, "profile-360.png")
    check_page(first, DESKTOP)
    check_page(second, PHONE)


def test_a_rematch_offered_at_the_end_of_a_match_takes_both_players_to_the_new_game(asgi_server, new_page):
    ana, bruno = make_user("ana"), make_user("bruno")
    service.play_now(ana, MATCH_TO_3, now=timezone.now())
    game = service.play_now(bruno, MATCH_TO_3, now=timezone.now()).game
    # Not in this thread: Playwright's event loop runs here, and the end of a match tells the lobby's sockets.
    with ThreadPoolExecutor(max_workers=1) as pool:
        game = pool.submit(both_play, game).result()
        pool.submit(games.run, game.pk, ana, "resign", seq=game.seq).result()
    first = open_as(new_page, asgi_server, ana, game.get_absolute_url(), viewport=PHONE)
    second = open_as(new_page, asgi_server, bruno, game.get_absolute_url())
    watcher = open_as(new_page, asgi_server, make_user("carla"), game.get_absolute_url())
    expect(watcher.locator("[data-play-connection]")).to_have_text("Conectado: verás cada jugada de la partida al instante.")

    second.get_by_role("button", name="Ofrecer la revancha a Ana").click()
    expect(second.locator(".lobby-after")).to_contain_text("Has ofrecido la revancha a Ana")
    expect(first.locator(".lobby-after")).to_contain_text("Bruno te ofrece la revancha: match a 3 puntos, puntúa.")
    shoot(first, "rematch-offer-360.png")
    check_page(first, PHONE)
    first.get_by_role("button", name="Aceptar la revancha").click()
    new = LiveGame.objects.exclude(pk=game.pk)
    first.wait_for_url(GAME_URL)
    second.wait_for_url(lambda url: url != asgi_server + game.get_absolute_url())
    assert first.url == second.url == asgi_server + new.get().get_absolute_url()
    # The spectator stays until they choose to follow the players.
    follow = watcher.get_by_role("link", name="Seguir a la revancha")
    expect(follow).to_be_visible()
    assert watcher.url == asgi_server + game.get_absolute_url()
    shoot(watcher, "follow-rematch-1280.png")
    check_page(watcher, DESKTOP)
    follow.click()
    watcher.wait_for_url(asgi_server + new.get().get_absolute_url())
    watcher.wait_for_selector("text=Miras esta partida: solo lectura.")


def test_a_timed_match_from_jugar_ya_is_lost_on_time_and_a_watcher_from_the_lobby_sees_the_clocks(asgi_server, new_page, monkeypatch):
    shift = [timedelta(0)]
    monkeypatch.setattr(clocks, "clock", lambda: timezone.now() + shift[0])
    ana, bruno, carla = make_user("ana"), make_user("bruno"), make_user("carla")
    first = open_as(new_page, asgi_server, ana, "/jugar/")
    second = open_as(new_page, asgi_server, bruno, "/jugar/", viewport=PHONE)
    watcher = open_as(new_page, asgi_server, carla, "/jugar/")
    for page in (first, second):
        page.locator(".lobby-more summary").click()
        page.locator("[data-lobby-form]").get_by_role("radio", name="Rápido", exact=False).check()
    first.get_by_role("button", name="Jugar ya").click()
    expect(watcher.locator("[data-lobby-seeks]")).to_contain_text("Match a 3 puntos · con reloj rápido · puntúa")
    second.get_by_role("button", name="Jugar ya").click()
    first.wait_for_url(GAME_URL)
    second.wait_for_url(GAME_URL)
    game = LiveGame.objects.get()
    assert game.time_control.key == "rapido"
    listed = watcher.locator(f'[data-lobby-games] [data-game="{game.pk}"] a')
    expect(listed).to_contain_text("ana 1500 contra bruno 1500", timeout=20000)
    listed.click()
    watcher.wait_for_selector("text=Miras esta partida: solo lectura.")
    expect(watcher.locator("[data-clock]")).to_have_count(2)
    expect(watcher.locator("[data-clocks]")).to_contain_text("Reserva: 2:00")  # the quick control: 30 s a point and 30 more

    players = play_opening(game, first, second, watcher)
    game.refresh_from_db()
    late = game.player(game.side_to_act())
    slow, rival = players[late.pk], players[game.player(1 - game.side_to_act()).pk]
    running = rival.locator("[data-clock][data-running]")
    expect(running).to_contain_text("Retardo:")
    shoot(first, "timed-game-1280.png")
    shoot(second, "timed-game-360.png")
    check_page(first, DESKTOP)
    check_page(second, PHONE)

    # The server's clock jumps to three seconds before the slow player's reserve runs out: the rival's page,
    # drawn again, counts those down and only then offers the claim, which the server accepts.
    shift[0] = game.clock_deadline - timezone.now() - timedelta(seconds=3)
    rival.reload()
    rival.wait_for_selector("text=Conectado")
    claim = rival.get_by_role("button", name="Reclamar por tiempo")
    expect(claim).to_be_hidden()
    expect(rival.locator("[data-clock][data-running]")).to_contain_text("Reserva: 0:00", timeout=10000)
    claim.click(timeout=10000)
    for page in (first, second, watcher):
        expect(page.locator("[data-play-status]")).to_contain_text("Ha terminado")
    expect(slow.locator(".play-events")).to_contain_text("Se te ha acabado el tiempo: pierdes por tiempo.")
    # The banner itself says how the match ended and the score, where the player looks first.
    banner = slow.locator("[data-play-status]")
    expect(banner).to_contain_text("has perdido el match. Perdiste por tiempo: se te acabó la reserva.")
    expect(banner).to_contain_text("Resultado final:")
    expect(rival.locator("[data-play-status]")).to_contain_text("perdió por tiempo")
    expect(slow.locator("[data-rating-change]")).to_contain_text("1500,00 → 1482,68")
    expect(rival.locator("[data-rating-change]")).to_contain_text("1500,00 → 1517,32")
    shoot(slow, "lost-on-time.png")
    winner = game.player(1 - game.side_to_act())
    for page in (first, second):
        page.goto(asgi_server + f"/jugar/jugador/{late.username}/")
        expect(page.locator("[data-rating]")).to_have_text("1482,68")
        page.goto(asgi_server + f"/jugar/jugador/{winner.username}/")
        expect(page.locator("[data-rating]")).to_have_text("1517,32")
    # On the phone the history's labels are drawn large enough to read, although the chart is a third of its size.
    assert second.locator(".rating-chart .chart__tick").first.bounding_box()["height"] >= 10


def test_a_money_game_from_the_lobby_unticks_puntua_and_is_published_unrated_without_an_error(asgi_server, new_page):
    page = open_as(new_page, asgi_server, make_user("ana"), "/jugar/", viewport=PHONE)
    form = page.locator("[data-lobby-form]")
    rated = form.get_by_role("checkbox", name="Puntúa (solo los matches)")
    expect(rated).to_be_checked()
    form.get_by_role("radio", name="Partida por dinero").check()
    expect(rated).not_to_be_checked()
    expect(rated).to_be_disabled()
    expect(page.locator("[data-lobby-unrated]")).to_be_visible()
    shoot(page, "money-unrated-360.png")
    check_page(page, PHONE)
    page.get_by_role("button", name="Jugar ya").click()
    expect(page.locator("[data-lobby-waiting]")).to_contain_text("partida por dinero, sin reloj, no puntúa")
    expect(page.locator("[data-lobby-alert]")).to_be_hidden()
    form.get_by_role("radio", name="Match a 5 puntos").check()
    expect(rated).to_be_checked()  # back on a match, as the player left it


def test_a_classmates_challenge_is_told_on_the_rivals_open_jugar_page_with_a_readable_link_to_the_game(asgi_server, new_page):
    from tests.classroom_factories import make_classroom

    ana, bruno = make_user("ana"), make_user("bruno")
    make_classroom(make_user("profe", teacher=True), "3.º A", students=[ana, bruno])
    rival = open_as(new_page, asgi_server, bruno, "/jugar/", viewport=PHONE)
    challenger = open_as(new_page, asgi_server, ana, "/jugar/")
    challenger.get_by_role("button", name=re.compile("^Retar")).click()
    game = LiveGame.objects.get()
    challenger.wait_for_url(re.compile(re.escape(game.get_absolute_url()) + "$"))
    news = rival.locator("[data-lobby-news]")
    expect(news).to_contain_text("Ana te ha retado: match a 3 puntos, que ya ha empezado.")
    go = news.get_by_role("link", name="Ir a la partida")
    assert go.evaluate("node => getComputedStyle(node).color") == "rgb(255, 255, 255)"
    violations = axe_violations(rival)
    assert violations == [], describe_violations(violations)
    go.click()
    rival.wait_for_url(re.compile(re.escape(game.get_absolute_url()) + "$"))


def test_the_creators_page_offers_to_tell_the_staff_once_the_rival_joins_without_a_reload(asgi_server, new_page):
    ana, bruno = make_user("ana"), make_user("bruno")
    game = games.create_game(ana, length=3)
    creator = open_as(new_page, asgi_server, ana, game.get_absolute_url())
    report = creator.get_by_role("link", name="Avisar al equipo del sitio sobre esta partida")
    expect(report).to_be_hidden()
    rival = open_as(new_page, asgi_server, bruno, game.get_absolute_url())
    rival.get_by_role("button", name=re.compile("^Unirme a la partida")).click()
    expect(report).to_be_visible()
    expect(creator.locator("[data-play-players]")).to_contain_text("Bruno")
