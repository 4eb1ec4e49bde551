"""A screenshot gallery of the main pages at 1280 and 360 px (``make screenshots``).

Reviewers see the pages without running a browser: the script serves the
site on a free loopback port with a throwaway SQLite database, opens each
page in Debian's Chromium and writes ``<page>-1280.png`` and ``<page>-360.png``
into the folder given (``screenshots/`` by default, ignored by git).  The
pages of signed-in players (live games under way, one with a clock, the
review of a finished one and of a practice game, the lobby, a player's
rating history) come from ``screenshot_world.py``, which plays those games
first; the browser signs in through the login form.  While the lobby is
photographed, a few other players wait there with a seek each, in pages of
their own kept open (a seek closes when its creator leaves).

Usage: ``python scripts/screenshots.py [FOLDER]``
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser import DESKTOP, PHONE, launch_chromium  # noqa: E402

WHO_WON_ANSWER = "negras"  # «¿Quién ha ganado?» in lessons/01-tablero.md

# (name, path, what to do on the page before the picture)
PAGES = [
    ("portada", "/", None),
    ("lecciones", "/lecciones/", None),
    ("leccion", "/lecciones/barra/", None),
    ("ejercicio", "/ejercicios/tres-tres-desde-la-barra/", None),
    ("ejercicio-error", "/ejercicios/tres-tres-desde-la-barra/", "wrong-play"),
    ("ejercicio-correcto", "/ejercicios/tres-tres-desde-la-barra/", "right-play"),
    ("ejercicio-solucion", "/ejercicios/tres-tres-desde-la-barra/", "solution"),
    ("ejercicio-pregunta", "/ejercicios/quien-ha-ganado/", "answer"),
    ("ejercicio-negras", "/ejercicios/las-negras-cuentan-desde-su-lado/", None),
    ("ejercicio-paso", "/ejercicios/las-negras-cuentan-desde-su-lado/", "pass"),
    ("portada-continuar", "/ejercicios/tres-tres-desde-la-barra/", "resume"),
    ("explorador", "/explorar/", None),
    ("practica", "/practica/", None),
    ("practica-partida", "/practica/", "practice-game"),
    ("glosario", "/glosario/", None),
    ("entrenar", "/entrenar/", None),
    ("entrenar-ejercicio", "/entrenar/closed-out/?nivel=1&n=0", None),
    ("entrenar-dado-mayor", "/entrenar/larger-die/?dificultad=2&n=0", "larger-die-wrong"),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"The site did not answer at {url}")


def act(page, action: str | None) -> None:
    """Bring a page into the state the picture shows."""
    if action is None:
        return
    if action == "larger-die-wrong":  # «either die», the belief the drill is there to meet
        page.get_by_label("Cualquiera de los dos", exact=False).check()
        page.get_by_role("button", name="Comprobar").click()
        page.locator(".board-verdict .verdict").wait_for()
        return
    if action == "practice-game":
        page.get_by_label("Partida por dinero").check()
        page.get_by_role("button", name="Empezar").click()
        page.wait_for_url("**/practica/*/")
        page.wait_for_timeout(800)
        return
    if action == "answer":
        page.locator('input[name="answer"][value="{}"]'.format(WHO_WON_ANSWER)).check()
        page.get_by_role("button", name="Comprobar").click()
        page.wait_for_selector(".verdict")
        page.wait_for_timeout(600)
        return
    page.wait_for_selector(".board-widget.is-enhanced")
    if action == "pass":  # «Paso» where a play exists: judged wrong, with the engine's reason
        page.get_by_role("button", name="Paso").click()
        page.wait_for_selector(".verdict")
        page.wait_for_timeout(600)
        return
    box = page.locator('input[name="play"]')
    box.fill("bar/22 13/10(3)" if action in ("wrong-play", "solution") else "bar/22(2) 13/10(2)")
    box.press("Enter")
    page.wait_for_selector(".verdict")
    if action == "solution":
        page.get_by_role("button", name="Ver solución").click()
        page.wait_for_selector('[data-verdict="solution"]')
        page.wait_for_timeout(3000)
    if action == "resume":
        page.goto(page.url.split("/ejercicios/")[0] + "/")
    page.wait_for_timeout(600)


def sign_in(page, base: str, username: str, password: str) -> None:
    page.goto(base + "/cuenta/entrar/")
    page.locator('input[name="username"]').fill(username)
    page.locator('input[name="password"]').fill(password)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_load_state()


def wait_in_the_lobby(browser, base: str, password: str, seeker: dict):
    """A player's lobby page, kept open, with their seek published by «Jugar ya» (its context, to close at the end)."""
    context = browser.new_context(viewport=DESKTOP, locale="es-ES")
    page = context.new_page()
    sign_in(page, base, seeker["user"], password)
    page.goto(base + "/jugar/")
    page.wait_for_selector("text=Conectado")
    form = page.locator("[data-lobby-form]")
    form.get_by_label(seeker["length"], exact=True).check()
    form.get_by_label("Puntúa", exact=False).set_checked(seeker["rated"])
    form.locator(".lobby-more summary").click()
    form.locator(f'input[name="clock"][value="{"normal" if seeker["clock"] else "no"}"]').check()
    if seeker["spread"]:
        form.get_by_label("Puntuación del rival").select_option(label=seeker["spread"])
    form.get_by_role("button", name="Jugar ya").click()
    page.wait_for_selector("[data-lobby-waiting] [data-lobby-mine]")
    return context


def wanted(name: str) -> bool:
    """Whether to take the picture ``name``: all of them, or those SCREENSHOTS_ONLY lists (comma-separated)."""
    only = [item.strip() for item in os.environ.get("SCREENSHOTS_ONLY", "").split(",") if item.strip()]
    return not only or name in only


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "screenshots").resolve()
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    with tempfile.TemporaryDirectory() as scratch:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tutor.settings.dev", "DATABASE_URL": f"sqlite:///{scratch}/db.sqlite3"}
        python = sys.executable
        subprocess.run([python, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
        world = json.loads(subprocess.run(
            [python, "scripts/screenshot_world.py"], cwd=ROOT, env=env, check=True, capture_output=True, text=True,
        ).stdout.strip().splitlines()[-1])
        server = subprocess.Popen(
            [python, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            wait_for(base + "/")
            from playwright.sync_api import sync_playwright

            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                waiting = [wait_in_the_lobby(browser, base, world["password"], seeker) for seeker in world["seekers"]]
                for viewport in (DESKTOP, PHONE):
                    for name, path, action in PAGES:
                        if not wanted(name):
                            continue
                        context = browser.new_context(viewport=viewport, locale="es-ES")
                        page = context.new_page()
                        page.goto(base + path)
                        act(page, action)
                        target = folder / f"{name}-{viewport['width']}.png"
                        page.screenshot(path=str(target), full_page=False)
                        print(target)
                        context.close()
                    for name, user, path, ready, whole in world["pages"]:
                        if not wanted(name):
                            continue
                        context = browser.new_context(viewport=viewport, locale="es-ES")
                        page = context.new_page()
                        sign_in(page, base, user, world["password"])
                        page.goto(base + path)
                        if ready:
                            page.wait_for_selector(ready)
                        page.wait_for_timeout(1500)
                        target = folder / f"{name}-{viewport['width']}.png"
                        page.screenshot(path=str(target), full_page=whole)
                        print(target)
                        context.close()
                for context in waiting:
                    context.close()
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
