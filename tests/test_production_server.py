"""The production server end to end: gunicorn with several workers, prod settings, WhiteNoise.

The module starts the site the way ``make serve-prod`` does (migrate,
createcachetable, collectstatic, gunicorn) on a free loopback port, with a
throwaway SQLite database and static folder, then talks HTTP to it.
"""

from __future__ import annotations

import gzip
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tutor.lessons.library import get_library

pytestmark = pytest.mark.slow

REPO_ROOT = Path(__file__).resolve().parent.parent
CHECK_LIMIT = 5


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Site:
    """HTTP to the server, with cookies kept per instance."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        content = response.read()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        connection.close()
        return response, content

    def check(self, slug: str, play: str):
        return self.request(
            "POST",
            f"/api/puzzles/{slug}/check/",
            json.dumps({"play": play}).encode(),
            {"Content-Type": "application/json", "X-CSRFToken": self.cookies.get("csrftoken", "")},
        )


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("prod")
    port = free_port()
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "REDIS_", "GUNICORN_"))}
    env.update(
        DJANGO_SETTINGS_MODULE="tutor.settings.prod",
        DJANGO_SECRET_KEY="s" * 60 + "-server-test-only",
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=f"sqlite:///{folder / 'site.sqlite3'}",
        DJANGO_STATIC_ROOT=str(folder / "static"),
        DJANGO_RATELIMITS=f"check={CHECK_LIMIT}/86400",
        DJANGO_LOG_LEVEL="WARNING",
        GUNICORN_BIND=f"127.0.0.1:{port}",
        WEB_CONCURRENCY="2",
        PYTHONPATH=str(REPO_ROOT),
    )
    manage = [sys.executable, "manage.py"]
    for command in (["migrate", "--noinput"], ["createcachetable"], ["collectstatic", "--noinput"]):
        subprocess.run(manage + command, cwd=REPO_ROOT, env=env, check=True, capture_output=True, timeout=300)
    log = open(folder / "gunicorn.log", "wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"],
        cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    site = Site(port)
    deadline = time.monotonic() + 60
    while True:
        try:
            if site.request("GET", "/salud/")[0].status == 200:
                break
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail("gunicorn did not start:\n" + (folder / "gunicorn.log").read_text(errors="replace"))
        time.sleep(0.2)
    yield process, port
    process.terminate()
    process.wait(timeout=30)
    log.close()


def play_puzzle():
    return next(p for p in get_library().puzzles().values() if p.is_play and p.position.legal_plays())


def test_the_health_check_answers_through_gunicorn(server):
    response, body = Site(server[1]).request("GET", "/salud/")
    assert response.status == 200
    assert json.loads(body) == {"database": "ok", "engine": "ok"}


def test_pages_link_hashed_static_files_that_whitenoise_serves_compressed_and_cached_for_good(server):
    site = Site(server[1])
    response, body = site.request("GET", "/lecciones/")
    assert response.status == 200
    assert "script-src 'self'" in response.getheader("Content-Security-Policy")
    stylesheet = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', body.decode())
    assert stylesheet, "the page links the unhashed stylesheet"
    css, content = site.request("GET", stylesheet[1], headers={"Accept-Encoding": "gzip"})
    assert css.status == 200
    assert css.getheader("Content-Encoding") == "gzip"
    assert "immutable" in css.getheader("Cache-Control")
    assert b"{" in gzip.decompress(content)


def test_module_scripts_import_their_modules_under_hashed_names(server):
    site = Site(server[1])
    puzzle = play_puzzle()
    _, page = site.request("GET", f"/ejercicios/{puzzle.slug}/")
    script = re.search(r'src="(/static/js/board/index\.[0-9a-f]{12}\.js)"', page.decode())
    assert script, "the page loads the unhashed board module"
    _, code = site.request("GET", script[1])
    imports = re.findall(r"""from\s*["']([^"']+)["']""", code.decode())
    assert imports and all(re.search(r"\.[0-9a-f]{12}\.js$", target) for target in imports)


def test_the_session_follows_the_visitor_across_worker_processes(server):
    site = Site(server[1])
    puzzle = play_puzzle()
    site.request("GET", f"/ejercicios/{puzzle.slug}/")
    response, body = site.check(puzzle.slug, puzzle.position.legal_plays()[0].notation)
    assert response.status == 200 and json.loads(body)["correct"] is True
    for _ in range(8):
        _, page = site.request("GET", f"/ejercicios/{puzzle.slug}/")
        assert "Resuelto" in page.decode()


def test_rate_limits_are_counted_across_worker_processes(server):
    site = Site(server[1])
    puzzle = play_puzzle()
    site.request("GET", f"/ejercicios/{puzzle.slug}/")
    # Each Site counts as its address, 127.0.0.1: other tests in this module
    # may have used part of the allowance already.
    statuses = [site.check(puzzle.slug, "24/1")[0].status for _ in range(CHECK_LIMIT + 3)]
    assert statuses.count(200) <= CHECK_LIMIT
    assert statuses[-3:] == [429, 429, 429]


def test_errors_in_production_are_the_spanish_pages(server):
    site = Site(server[1])
    missing, body = site.request("GET", "/no-existe/")
    assert missing.status == 404 and "No encontramos esta página" in body.decode()
    wrong_host, body = site.request("GET", "/", headers={"Host": "atacante.example"})
    assert wrong_host.status == 400 and "No hemos entendido la petición" in body.decode()


def test_the_master_process_never_loads_gnu_backgammon(server):
    process, _ = server
    maps = Path(f"/proc/{process.pid}/maps")
    if not maps.exists():
        pytest.skip("needs /proc")
    loaded = maps.read_text()
    assert "gnubg" not in loaded
    assert Path(f"/proc/{process.pid}/cmdline").read_bytes().split(b"\0")[1:3] == [b"-m", b"gunicorn"]
