"""«Valorar jugada» in the explorer: gnubg's light for a typed play, without leaving the page."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import PHONE, assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ISSUE_XGID = "XGID=-BCABbE-----------a--Bbgc-:0:0:-1:44:0:0:0:0:10"
SHOTS = os.environ.get("PRACTICE_SHOTS")
"""A folder to keep screenshots of the panel in, when set (to look at the layout)."""


def open_panel(page, live_server):
    page.goto(f"{live_server.url}/explorar/?xgid={ISSUE_XGID}")
    panel = page.locator("[data-grade-panel]")
    expect(panel.get_by_role("heading", name="Valorar jugada")).to_be_visible()
    return panel


def grade(panel, play: str):
    # The explorer has one play box, the board's: the panel grades what it holds.
    field = panel.page.get_by_label("Tu jugada en notación")
    field.fill(play)
    button = panel.get_by_role("button", name="Valorar jugada")
    button.focus()
    button.press("Enter")  # the keyboard alone is enough
    result = panel.locator("[data-grade-result] [data-light]")
    expect(result).to_be_visible(timeout=30_000)
    return result


def test_a_play_gets_the_light_with_gnubg_s_best_play(page, live_server):
    panel = open_panel(page, live_server)
    light = grade(panel, "20/12(2)")
    expect(light).to_have_attribute("data-light", "verde")
    expect(light).to_contain_text("Lo mejor según gnubg")
    expect(light).to_contain_text("20/16 20/12 7/3")
    light.get_by_text("Ver las mejores jugadas").click()
    expect(light.locator("table caption")).to_contain_text("(2-ply)")
    expect(light.locator("tr.is-chosen")).to_contain_text("20/12(2)")
    # Equities in Spanish, as the server's pages write them: a decimal comma («0,000»), never «0.000».
    loss = light.locator(".light__facts div").filter(has_text="Equity perdida").locator("dd").inner_text()
    assert re.fullmatch(r"-?\d+,\d{3}", loss), loss
    assert all(re.fullmatch(r"-?\d+,\d{3}", cell) for cell in light.locator("table td").all_inner_texts())
    assert_accessible(page)
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "explorer-grade-desktop.png"), full_page=True)


def test_an_illegal_play_gets_its_reason_and_a_bad_one_rojo_on_a_phone(new_page, live_server):
    page = new_page(viewport=PHONE)
    panel = open_panel(page, live_server)
    illegal = grade(panel, "20/14")
    expect(illegal).to_have_attribute("data-light", "ilegal")
    expect(illegal).to_contain_text("Jugada ilegal")
    bad = grade(panel, "20/16 20/8")
    expect(bad).to_have_attribute("data-light", "rojo")
    assert_accessible(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "explorer-grade-phone.png"), full_page=True)
