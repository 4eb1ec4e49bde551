"""The production server end to end: gunicorn with several workers, prod settings, WhiteNoise.

The module starts the site the way ``make serve-prod`` does (migrate,
createcachetable, collectstatic, gunicorn; see ``bench/load.py``) on a free
loopback port, with a throwaway SQLite database and static folder, then
talks HTTP to it.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest

from bench.load import Browser, ProductionServer
from tutor.lessons.library import get_library

pytestmark = pytest.mark.slow

CHECK_LIMIT = 5


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    production = ProductionServer(
        tmp_path_factory.mktemp("prod"), workers=2, environ={"DJANGO_RATELIMITS": f"check={CHECK_LIMIT}/86400"}
    )
    with production:
        yield production


def check(browser: Browser, slug: str, play: str):
    return browser.post_json(f"/api/puzzles/{slug}/check/", {"play": play})


def play_puzzle():
    return next(p for p in get_library().puzzles().values() if p.is_play and p.position.legal_plays())


def test_the_health_check_answers_through_gunicorn(server):
    answer = Browser(server.port).get("/salud/")
    assert answer.status == 200
    assert answer.json() == {"database": "ok", "engine": "ok", "cache": "ok"}


def test_pages_link_hashed_static_files_that_whitenoise_serves_compressed_and_cached_for_good(server):
    browser = Browser(server.port)
    page = browser.get("/lecciones/")
    assert page.status == 200
    assert "script-src 'self'" in page.header("Content-Security-Policy")
    stylesheet = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page.text)
    assert stylesheet, "the page links the unhashed stylesheet"
    css = browser.get(stylesheet[1], headers={"Accept-Encoding": "gzip"})
    assert css.status == 200
    assert css.header("Content-Encoding") == "gzip"
    assert "immutable" in css.header("Cache-Control")
    assert b"{" in gzip.decompress(css.body)


def test_module_scripts_import_their_modules_under_hashed_names(server):
    browser = Browser(server.port)
    page = browser.get(f"/ejercicios/{play_puzzle().slug}/")
    script = re.search(r'src="(/static/js/board/index\.[0-9a-f]{12}\.js)"', page.text)
    assert script, "the page loads the unhashed board module"
    imports = re.findall(r"""from\s*["']([^"']+)["']""", browser.get(script[1]).text)
    assert imports and all(re.search(r"\.[0-9a-f]{12}\.js$", target) for target in imports)


def test_the_session_follows_the_visitor_across_worker_processes(server):
    browser = Browser(server.port)
    puzzle = play_puzzle()
    browser.get(f"/ejercicios/{puzzle.slug}/")
    verdict = check(browser, puzzle.slug, puzzle.position.legal_plays()[0].notation)
    assert verdict.status == 200 and verdict.json()["correct"] is True
    for _ in range(8):
        assert "Resuelto" in browser.get(f"/ejercicios/{puzzle.slug}/").text


def test_rate_limits_are_counted_across_worker_processes(server):
    browser = Browser(server.port)
    puzzle = play_puzzle()
    browser.get(f"/ejercicios/{puzzle.slug}/")
    # Every visitor here counts as the address 127.0.0.1: other tests in this
    # module may have used part of the allowance already.
    statuses = [check(browser, puzzle.slug, "24/1").status for _ in range(CHECK_LIMIT + 3)]
    assert statuses.count(200) <= CHECK_LIMIT
    assert statuses[-3:] == [429, 429, 429]


def test_errors_in_production_are_the_spanish_pages(server):
    browser = Browser(server.port)
    missing = browser.get("/no-existe/")
    assert missing.status == 404 and "No encontramos esta página" in missing.text
    wrong_host = browser.get("/", headers={"Host": "atacante.example"})
    assert wrong_host.status == 400 and "No hemos entendido la petición" in wrong_host.text


def test_the_master_process_never_loads_gnu_backgammon(server):
    maps = Path(f"/proc/{server.process.pid}/maps")
    if not maps.exists():
        pytest.skip("needs /proc")
    assert "gnubg" not in maps.read_text()
    assert Path(f"/proc/{server.process.pid}/cmdline").read_bytes().split(b"\0")[1:3] == [b"-m", b"gunicorn"]
