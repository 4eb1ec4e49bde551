"""The site's header at 1280 px: the menu keeps one row for a visitor, a learner and a teacher.

A menu that wraps onto a second row pushes every page's board down: the review's «Siguiente» and a
drill's buttons fall below a laptop's first screen.  The account's links sit at the right of the site's
name instead; on a phone everything is behind «Menú», as before.
"""

from __future__ import annotations

import os

import pytest
from django.test import Client

from tests.browser import DESKTOP, PHONE, assert_accessible
from tests.classroom_factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("HEADER_SHOTS")


def page_for(new_page, live_server, user, viewport):
    page = new_page(viewport=viewport)
    if user is not None:
        client = Client()
        client.force_login(user)
        page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page.goto(live_server.url + "/lecciones/")
    return page


def tops(page, selector: str) -> set[float]:
    return {round(box["y"]) for box in (item.bounding_box() for item in page.locator(selector).all()) if box}


@pytest.mark.parametrize("who", ["visitor", "learner", "teacher"])
def test_the_menu_keeps_one_row_at_1280_and_the_account_sits_beside_the_site_s_name(new_page, live_server, who):
    user = None if who == "visitor" else make_user("ana" if who == "learner" else "carmen", teacher=who == "teacher")
    page = page_for(new_page, live_server, user, DESKTOP)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/header-{who}-1280.png")
    assert len(tops(page, ".site-nav > ul:first-child > li")) == 1, "the menu wraps onto a second row"
    name = page.locator(".site-name").bounding_box()
    account = page.locator(".site-nav__account").bounding_box()
    menu = page.locator(".site-nav > ul:first-child").bounding_box()
    assert account["y"] < menu["y"] and account["y"] + account["height"] <= menu["y"] + 1, "the account's links overlap the menu"
    assert account["x"] > name["x"] + name["width"], "the account's links overlap the site's name"
    assert page.locator(".site-header").bounding_box()["height"] <= 130
    assert_accessible(page)


def test_on_a_phone_the_account_s_links_are_in_the_menu(new_page, live_server):
    page = page_for(new_page, live_server, make_user("ana"), PHONE)
    assert not page.get_by_role("link", name="Mi progreso").is_visible()
    page.get_by_role("button", name="Menú").click()
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/header-menu-360.png")
    assert page.get_by_role("link", name="Mi progreso").is_visible()
    assert page.get_by_role("button", name="Salir (ana)").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
