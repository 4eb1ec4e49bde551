"""A lesson's board seen from Black writes White's numbers in a second row: on a 360 px phone they
are as large as the site's small text, and at 1280 px no number touches another."""

from __future__ import annotations

import pytest

from tests.browser import DESKTOP, PHONE, assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BLACK_PUZZLE = "/ejercicios/las-negras-cuentan-desde-su-lado/"

SIZES = """() => {
  const rendered = (text) => parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a;
  const board = document.querySelector('.board-widget svg.board-svg');
  const small = document.createElement('small');
  small.textContent = '12';
  document.body.append(small);
  const site = parseFloat(getComputedStyle(small).fontSize);
  small.remove();
  const sizes = (selector) => [...board.querySelectorAll(selector)].map(rendered);
  return { site, own: sizes('.board-labels__own'), other: sizes('.board-labels__other') };
}"""

BOXES = """() => {
  const board = document.querySelector('.board-widget svg.board-svg');
  const box = (node) => { const r = node.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return { board: box(board), labels: [...board.querySelectorAll('.board-labels text')].map(box) };
}"""


def digits(box):
    """A number's box cut to its digits: a text's box is the font's whole line, a fifth of it above and below the figures."""
    left, top, right, bottom = box
    cut = (bottom - top) / 5
    return left, top + cut, right, bottom - cut


def overlap(a, b) -> bool:
    a, b = digits(a), digits(b)
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def open_black_puzzle(new_page, live_server, viewport):
    page = new_page(viewport=viewport)
    page.goto(live_server.url + BLACK_PUZZLE)
    page.wait_for_selector(".board-widget.is-enhanced")
    return page


def test_on_a_phone_both_rows_of_point_numbers_are_as_large_as_the_site_s_small_text(new_page, live_server):
    page = open_black_puzzle(new_page, live_server, PHONE)
    sizes = page.evaluate(SIZES)
    assert len(sizes["other"]) == 24 and len(sizes["own"]) == 24
    assert min(sizes["other"]) >= sizes["site"] and min(sizes["own"]) >= sizes["site"], sizes
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    found = page.evaluate(BOXES)
    assert not any(overlap(a, b) for i, a in enumerate(found["labels"]) for b in found["labels"][i + 1:])
    assert_accessible(page)


def test_at_1280_the_second_row_sits_apart_smaller_than_the_first_inside_the_board(new_page, live_server):
    page = open_black_puzzle(new_page, live_server, DESKTOP)
    sizes = page.evaluate(SIZES)
    assert max(sizes["other"]) < min(sizes["own"])  # the side seen from comes first
    found = page.evaluate(BOXES)
    left, top, right, bottom = found["board"]
    labels = found["labels"]
    assert all(left <= box[0] and box[2] <= right and top <= box[1] and box[3] <= bottom for box in labels)
    assert not any(overlap(a, b) for i, a in enumerate(labels) for b in labels[i + 1:])
