"""Helpers for tests that drive a real browser: Debian's Chromium through Playwright, and axe-core.

The fixtures built on these (``browser``, ``new_page``, ``page``) live in
``tests/conftest.py``; browser test modules are marked ``browser`` and use
pytest-django's ``live_server``.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from tests.missing import unavailable

# Playwright's sync API runs an event loop in the test thread; Django refuses
# database access from such a thread unless told that it is safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}

SERIOUS = ("serious", "critical")


def require_chromium() -> None:
    """Skip the calling test when Debian's Chromium is not installed (fail in CI)."""
    if not CHROMIUM.exists():
        unavailable(f"Chromium is missing at {CHROMIUM}: install it with `apt-get install chromium` to run browser tests")


def launch_chromium(playwright):
    """Start Debian's Chromium headless (Playwright's own browser download is not used)."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


FINITE_ANIMATIONS_SETTLED = """async () => {
  const finite = document.getAnimations().filter(
    (animation) => animation.effect && animation.effect.getComputedTiming().endTime !== Infinity);
  await Promise.all(finite.map((animation) => animation.finished.catch(() => null)));
}"""


def axe_violations(page, impacts: tuple[str, ...] = SERIOUS, context: str | None = None) -> list[dict]:
    """Run axe-core on the page (or on the element matched by ``context``); the violations of ``impacts``."""
    if not AXE.exists():
        unavailable(f"axe-core is missing at {AXE}: run `npm ci` (or `make test`) first")
    # Evaluated through the DevTools protocol: a <script> tag would be refused
    # by the site's Content-Security-Policy, which allows no inline script.
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    # Contrast is judged on what a person reads once the page is still: a verdict
    # fading in is measured at its final colours, not half transparent.
    page.evaluate(FINITE_ANIMATIONS_SETTLED)
    result = page.evaluate("async (context) => await axe.run(context || document)", context)
    return [violation for violation in result["violations"] if violation["impact"] in impacts]


def describe_violations(violations: list[dict]) -> str:
    """One line per violation and node, readable in a failed assertion."""
    lines = []
    for violation in violations:
        for node in violation["nodes"]:
            lines.append(f"{violation['impact']} {violation['id']}: {violation['help']} at {node['target']}")
    return "\n".join(lines)


def assert_accessible(page, context: str | None = None) -> None:
    """Fail with a readable list when axe-core finds serious or critical violations."""
    violations = axe_violations(page, context=context)
    assert not violations, describe_violations(violations)


# -- the board, by mouse and keyboard ----------------------------------------


def place(page, key):
    return page.locator(f'[data-point="{key}"]')


def focused_point(page):
    return page.evaluate("document.activeElement && document.activeElement.dataset.point || null")


def tab_into_board(page):
    for _ in range(40):
        page.keyboard.press("Tab")
        if focused_point(page):
            return focused_point(page)
    raise AssertionError("the board never received the keyboard focus")


def arrow_to(page, key):
    """Move the focus with the arrow keys only until the place ``key`` has it."""
    target_row = place(page, key).get_attribute("data-row")
    target_col = int(place(page, key).get_attribute("data-col"))
    for _ in range(40):
        current = focused_point(page)
        if current == str(key):
            return
        row = place(page, current).get_attribute("data-row")
        col = int(place(page, current).get_attribute("data-col"))
        if row != target_row:
            page.keyboard.press("ArrowDown" if target_row == "bottom" else "ArrowUp")
        else:
            page.keyboard.press("ArrowRight" if target_col > col else "ArrowLeft")
    raise AssertionError(f"could not reach {key} with the arrow keys")


def click_a_full_play(page, board: str) -> str:
    """Click own checkers and highlighted destinations on ``board`` (a selector) until its submit button may be pressed.

    Returns the play the board wrote in the notation box.
    """
    confirm = page.locator(f"{board} button[type=submit]")
    for _ in range(8):
        if confirm.is_enabled():
            return page.locator(f'{board} input[name="play"]').input_value()
        sources = page.locator(f"{board} [data-point][data-movable]")
        for index in range(sources.count()):
            sources.nth(index).click()
            targets = page.locator(f"{board} [data-point].is-target")
            if targets.count():
                targets.first.click()
                break
            sources.nth(index).click()  # nothing to do with this one: put it down
    raise AssertionError("the board never allowed its submit button")


def uncovered(page, locator) -> bool:
    """Whether the element's top line is on the screen with nothing (an action bar, say) drawn over it."""
    box = locator.bounding_box()
    if box is None or box["y"] < 0 or box["y"] + min(box["height"], 24) > page.viewport_size["height"]:
        return False
    return locator.evaluate(
        "(node, point) => node.contains(document.elementFromPoint(point.x, point.y))",
        {"x": box["x"] + min(box["width"], 40) / 2, "y": box["y"] + min(box["height"], 24) / 2},
    )


def box_of(locator, timeout: float = 5.0) -> dict:
    """The element's box once it is drawn: a live page may swap a panel for its next state (a socket's
    first update) between finding the element and measuring it, which leaves a detached node without a box."""
    deadline = time.monotonic() + timeout
    while True:
        locator.wait_for(state="visible", timeout=timeout * 1000)
        box = locator.bounding_box()
        if box is not None:
            return box
        if time.monotonic() > deadline:
            raise AssertionError(f"{locator} has no box")
        time.sleep(0.05)
