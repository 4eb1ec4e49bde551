"""The review as players look at it, in a real browser, at 1280×900 and on a 360×740 phone.

Both review pages (a live game's and a practice match's) are one column no
wider than the screen: the board with its pip counts and «Girar el tablero»,
the ways to move, the light, the advantage across the game as a line with a
point per graded decision and the errors marked, the viewer's worst
decisions first, then every decision.  Clicking a point of the line moves
the stepper without a page load.  Each player's statistics (errors by kind,
the performance rating) and the PR game by game fit the screen too, with
the luck per game and the very lucky and unlucky rolls marked.  axe-core finds nothing serious; full-page
screenshots are kept when ``REVIEW_SHOTS`` names a folder.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.browser import DESKTOP, PHONE, assert_accessible
from tests.classroom_factories import make_user
from tests.live_review import played
from tests.practice_flow import decide, start, wait_for_the_program
from tutor.engine import BLACK, WHITE, Position
from tutor.play.live_review import review_context as live_review
from tutor.practice.background import drain
from tutor.practice.models import LEARNER, PracticeMatch
from tutor.practice.match_review import review_context as practice_review

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ["REVIEW_SHOTS"]) if os.environ.get("REVIEW_SHOTS") else None
VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x900", "360x740"])


@pytest.fixture(autouse=True)
def quick_and_reproducible(settings):
    settings.PRACTICE_GRADING_PLIES = 0
    settings.PRACTICE_DICE_SEED = 5
    settings.REVIEW_POLL_SECONDS = 0.5


def shoot(page, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / name.replace(".png", "-first-screen.png")))
        page.screenshot(path=str(SHOTS / name), full_page=True)
        page.locator(".review-stage__chart").screenshot(path=str(SHOTS / name.replace(".png", "-graph.png")))
        page.locator(".review-worst").screenshot(path=str(SHOTS / name.replace(".png", "-worst.png")))
        page.evaluate("window.scrollTo(0, 0)")


def signed_in(new_page, server: str, user, viewport):
    client = Client()
    client.force_login(user)
    page = new_page(viewport=viewport)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}])
    return page, client


def heading(page):
    return page.locator("#paso-actual")


def fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the review is {width}px wide on a {page.viewport_size['width']}px screen"


def next_in_first_screen(page) -> None:
    """«Siguiente» is on the first screen, under the board, without scrolling."""
    box = page.get_by_role("link", name="Siguiente", exact=True).bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"], box


def click_point(page, number: int) -> None:
    """Click the centre of step ``number``'s point, where it is drawn on the stretched graph."""
    chart = page.locator("svg.review-chart")
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    point = chart.locator(f'[data-point-step="{number}"]')
    x, y = float(point.get_attribute("x1")), float(point.get_attribute("y1"))
    width, height = (float(value) for value in chart.get_attribute("viewBox").split()[2:])
    page.mouse.click(box["x"] + x * box["width"] / width, box["y"] + y * box["height"] / height)


def check_the_line(page, stepper) -> None:
    """A point per graded decision, the errors marked in their colour, the step on show ringed."""
    valued = [step for step in stepper.steps if step.advantage is not None]
    assert valued, "the game has graded decisions"
    expect(page.locator("svg.review-chart .review-chart__point")).to_have_count(len(valued))
    for step in valued:
        point = page.locator(f'svg.review-chart [data-point-step="{step.number}"]')
        assert f"review-chart__point--{step.colour}" in point.get_attribute("class")
    errors = [step for step in valued if step.is_error]
    expect(page.locator("svg.review-chart .review-chart__edge")).to_have_count(len(errors))
    assert "ventaja" in page.locator("#grafico-ventaja-d").text_content()


def check_the_pips(page) -> None:
    """The counts under the board are the engine's for the position on show."""
    position = Position.from_xgid(page.locator(".review-stage__xgid code").inner_text())
    for side, name in ((WHITE, "white"), (BLACK, "black")):
        expect(page.locator(f'#tablero [data-pips-side="{name}"]')).to_have_text(str(position.pip_count(side)))


def check_the_statistics(page) -> None:
    """Each player's table of errors by kind with the PR, and the PR game by game, inside the screen's width."""
    tables = page.locator("table.review-statistics[data-statistics]")
    assert tables.count() >= 1
    for index in range(tables.count()):
        expect(tables.nth(index).locator("caption")).to_contain_text("PR ")
        box = tables.nth(index).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"], box
    expect(page.get_by_role("heading", name="PR por partida")).to_be_attached()
    expect(page.locator(".review-statistics--games tbody tr").first).to_have_attribute("data-game", "1")


def check_the_luck(page) -> None:
    """The very lucky and very unlucky rolls marked in the list and on the line, and the luck per game, on screen."""
    expect(page.locator('[data-review-moves] [data-luck-mark="lucky"]')).to_have_text("muy buena suerte")
    expect(page.locator('[data-review-moves] [data-luck-mark="unlucky"]')).to_have_text("muy mala suerte")
    expect(page.locator("svg.review-chart .review-chart__luck")).to_have_count(2)
    table = page.locator(".review-statistics--games").last
    expect(page.get_by_role("heading", name="Suerte por partida")).to_be_attached()
    box = table.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"], box


def check_the_worst(page, stepper) -> list:
    """The viewer's costliest decisions, costliest first, each with what was played, the best and the loss."""
    mine = [step for step in stepper.steps if step.side == stepper.viewer and step.light and not step.light.forced and step.loss > 0]
    worst = sorted(mine, key=lambda step: (-step.loss, step.number))[:3]
    items = page.locator("[data-review-worst] li")
    expect(items).to_have_count(len(worst))
    for index, step in enumerate(worst):
        item = items.nth(index)
        expect(item).to_contain_text(f"Decisión {step.number}")
        expect(item).to_contain_text(step.what)
        expect(item).to_contain_text(f"{step.loss:.3f}".replace(".", ","))
        expect(item.locator("a")).to_have_attribute("href", f"?paso={step.number}#tablero")
    return worst


@VIEWPORTS
def test_a_live_game_s_review_is_one_column_with_the_advantage_line_the_worst_decisions_and_the_pip_counts(new_page, asgi_server, viewport):
    ana, bruno = make_user("ana"), make_user("bruno")
    game = played(ana, bruno)
    assert drain() == 1
    stepper = live_review(game, ana)["stepper"]
    page, _ = signed_in(new_page, asgi_server, ana, viewport)
    page.goto(asgi_server + game.get_review_url())
    page.wait_for_selector("[data-review].is-enhanced")
    page.evaluate("window.sameDocument = true")
    fits(page)
    next_in_first_screen(page)
    check_the_line(page, stepper)
    check_the_pips(page)
    worst = check_the_worst(page, stepper)
    assert len(worst) >= 2
    check_the_statistics(page)
    expect(page.get_by_role("heading", name=re.compile("Tus (tres )?peores decisiones"))).to_be_visible()
    assert_accessible(page)
    shoot(page, f"review-live-{viewport['width']}.png")

    # A point of the line is a way to its decision: the stage changes in place, the point is ringed.
    target = next(step for step in stepper.steps if step.advantage is not None and step.is_error and step.number != 1)
    click_point(page, target.number)
    expect(heading(page)).to_contain_text(f"Decisión {target.number} de {stepper.total}")
    assert page.url.endswith(f"?paso={target.number}")
    expect(page.locator("svg.review-chart .review-chart__ring")).to_have_count(1)
    assert page.locator("svg.review-chart .review-chart__ring").get_attribute("x1") == page.locator(
        f'svg.review-chart [data-point-step="{target.number}"]'
    ).get_attribute("x1")
    check_the_pips(page)
    fits(page)

    # The worst decision first: a link to its step.
    page.locator("[data-review-worst] a").first.click()
    expect(heading(page)).to_contain_text(f"Decisión {worst[0].number} de")
    expect(page.locator("[data-light]")).to_have_attribute("data-light", worst[0].colour)
    assert page.evaluate("window.sameDocument === true")

    # «Girar el tablero» turns this board and comes back to the same step.
    seen = page.locator("#tablero .board-seen")
    expect(seen).to_have_text("Lo ves desde las blancas")
    page.get_by_role("button", name="Girar el tablero").click()
    expect(page.locator("#tablero .board-seen")).to_have_text("Lo ves desde las negras")
    expect(heading(page)).to_contain_text(f"Decisión {worst[0].number} de")
    check_the_pips(page)


def a_practice_match(client, decisions: int) -> PracticeMatch:
    match = start(client, length=0)
    doubled: set[int] = set()
    for _ in range(decisions):
        match.refresh_from_db()
        decide(client, match, double_once=doubled)
    match.refresh_from_db()
    wait_for_the_program(client, match)  # its last turn is a step of the review too
    return match


@VIEWPORTS
def test_a_practice_review_is_one_column_with_the_advantage_line_the_worst_decisions_and_the_pip_counts(new_page, live_server, viewport):
    user = make_user("carla")
    page, client = signed_in(new_page, live_server.url, user, viewport)
    match = a_practice_match(client, 14)
    lucky, unlucky = match.actions.filter(kind="move").order_by("number")[:2]
    for action, luck in ((lucky, 0.7), (unlucky, -0.65)):
        action.luck = luck
        action.save(update_fields=["luck"])
    stepper = practice_review(match, None)["stepper"]
    assert stepper.viewer == LEARNER
    page.goto(live_server.url + f"/practica/{match.pk}/revision/")
    page.wait_for_selector("[data-review].is-enhanced")
    fits(page)
    next_in_first_screen(page)
    check_the_line(page, stepper)
    check_the_pips(page)
    check_the_worst(page, stepper)
    check_the_statistics(page)
    check_the_luck(page)
    assert_accessible(page)
    shoot(page, f"review-practice-{viewport['width']}.png")
    mine = next(step for step in reversed(stepper.steps) if step.advantage is not None and step.number != 1)
    click_point(page, mine.number)
    expect(heading(page)).to_contain_text(f"Decisión {mine.number} de {stepper.total}")
    check_the_pips(page)
    fits(page)
