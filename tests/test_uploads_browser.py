"""«Revisar una partida» in a real browser: upload a match gnubg wrote, watch the review fill in, step through it, share it.

Ana uploads a 3-point match with mistakes of both players, in the ``.mat``
the site writes, on a desktop, and says she was its second player; the page shows the grading's progress and
fills in, without reloading and without asking for the progress, once a worker's run of the queue (``drain``)
has graded it: the worker's news comes over the review's socket, through Redis as under `make run`.  With
the socket closed, the page looks at the progress now and then instead.  She steps through with the keys and shares the review; a
visitor who is not signed in opens the link on a phone and steps through
it too, read-only.  Every page is checked with axe-core; screenshots are
kept when ``UPLOAD_SHOTS`` names a folder.
"""

from __future__ import annotations

import os
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import expect

from channels.layers import channel_layers

from tests.browser import DESKTOP, PHONE, assert_accessible
from tests.classroom_factories import make_user
from tests.uploaded_matches import three_point_match
from tutor.uploads.export import export_text
from tutor.uploads.store import store_match
from tutor.practice.background import drain
from tutor.settings.base import channel_layers_from_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ["UPLOAD_SHOTS"]) if os.environ.get("UPLOAD_SHOTS") else None


@pytest.fixture(autouse=True)
def quick(settings):
    settings.PRACTICE_GRADING_PLIES = 0
    settings.REVIEW_POLL_SECONDS = 60
    settings.REVIEW_FALLBACK_POLL_SECONDS = 1


@pytest.fixture
def redis_layer(settings, redis):
    """The channel layer of `make run` and production: Redis, which the worker's news crosses to the page."""
    settings.CHANNEL_LAYERS = channel_layers_from_url(redis.url())
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def worker_grades() -> None:
    """A worker's run of the queue, in a thread as in a process of its own (Playwright's loop runs in the test's)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(drain).result()


def progress_looks(page) -> list[str]:
    """The page's requests for the progress, as they are made."""
    looks: list[str] = []
    page.on("request", lambda request: looks.append(request.url) if "/progreso/" in request.url else None)
    return looks


def shoot(page, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / name), full_page=True)


def signed_in(new_page, server: str, user, viewport):
    client = Client()
    client.force_login(user)
    page = new_page(viewport=viewport)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}])
    return page


def heading(page):
    return page.locator("#paso-actual")


def match_file(folder: Path) -> Path:
    """A 3-point match played with seeded, careless plays, written by the site's ``.mat`` writer."""
    scribe = make_user("escriba")
    written = store_match(three_point_match(), scribe)
    path = folder / "club.mat"
    path.write_text(export_text(written), encoding="utf-8")
    scribe.delete()
    return path


def test_an_uploaded_match_fills_in_as_it_is_graded_steps_with_the_keys_and_opens_shared_to_a_visitor(
        redis_layer, new_page, asgi_server, tmp_path):
    ana = make_user("ana")
    upload = match_file(tmp_path)
    page = signed_in(new_page, asgi_server, ana, DESKTOP)
    looks = progress_looks(page)
    page.goto(asgi_server + "/revisar/")
    assert_accessible(page)
    shoot(page, "revisar-1280.png")
    page.set_input_files("#id_file", str(upload))
    page.select_option("#id_side", "1")
    page.get_by_role("button", name="Subir y revisar").click()

    expect(page.locator("[data-review-progress]")).to_contain_text("decisiones revisadas")
    expect(page.locator("[data-review].is-enhanced")).to_have_count(1)
    worker_grades()
    expect(page.locator("[data-review-progress]")).to_have_count(0, timeout=15_000)
    expect(page.locator(".review-moves .light__lamp--verde").first).to_be_visible()
    assert looks == [], "the progress came over the socket"
    total = int(page.locator("[data-review-stage]").get_attribute("data-total"))

    page.keyboard.press("ArrowRight")
    expect(heading(page)).to_contain_text(f"Decisión 2 de {total}")
    page.keyboard.press("End")
    expect(heading(page)).to_contain_text(f"Decisión {total} de {total}")
    page.keyboard.press("Home")
    expect(heading(page)).to_contain_text(f"Decisión 1 de {total}")
    page.keyboard.press("n")
    expect(heading(page)).not_to_contain_text("Decisión 1 ")
    expect(page.locator("[data-review-stage] .light[data-light=ambar], [data-review-stage] .light[data-light=rojo]")).to_have_count(1)
    expect(page.locator("[data-statistics] [data-pr]")).to_have_count(2)
    assert_accessible(page)
    shoot(page, "revision-1280.png")

    page.get_by_role("button", name="Crear un enlace para compartir").click()
    link = page.locator("[data-share-link]").input_value()
    assert re.fullmatch(rf"{re.escape(asgi_server)}/revisar/compartida/[\w-]+/", link)

    page.get_by_role("button", name="Convertir mis errores en ejercicios").click()
    expect(page).to_have_url(re.compile(r"/practica/ejercicios/#subida-\d+$"))
    expect(page.locator("[id^=subida-]")).to_have_count(1)

    visitor = new_page(viewport=PHONE)
    visitor.goto(link)
    expect(visitor.locator("h1")).to_contain_text("Revisión: Match a 3 puntos")
    expect(visitor.get_by_role("button", name="Crear un enlace para compartir")).to_have_count(0)
    visitor.locator("[data-review].is-enhanced").wait_for()
    visitor.keyboard.press("ArrowRight")
    expect(heading(visitor)).to_contain_text(f"Decisión 2 de {total}")
    assert_accessible(visitor)
    shoot(visitor, "compartida-360.png")


def test_with_its_socket_closed_the_review_page_looks_at_the_progress_now_and_then_and_fills_in(new_page, asgi_server):
    ana = make_user("ana")
    match = store_match(three_point_match(), ana)
    page = signed_in(new_page, asgi_server, ana, DESKTOP)
    page.route_web_socket(re.compile(r"/ws/revisar/"), lambda socket: socket.close())
    looks = progress_looks(page)
    page.goto(asgi_server + match.get_absolute_url())
    expect(page.locator("[data-review].is-enhanced")).to_have_count(1)
    worker_grades()
    expect(page.locator("[data-review-progress]")).to_have_count(0, timeout=15_000)
    expect(page.locator(".review-moves .light__lamp--verde").first).to_be_visible()
    assert looks, "the page asked for the progress while its socket was closed"
