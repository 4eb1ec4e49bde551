"""Every board from its viewer's side, turned on request, with both pip counts."""

from __future__ import annotations

import doctest
import random
import re
import xml.etree.ElementTree as ET

import pytest
from django.contrib.sessions.backends.signed_cookies import SessionStore
from django.template import Context, Template
from django.test import RequestFactory
from django.urls import reverse

from tutor.board import orientation
from tutor.board.geometry import MID
from tutor.board.svg import render_board_svg
from tutor.drills import generate
from tutor.engine import BLACK, WHITE, Position
from tutor.lessons.library import get_library
from tutor.rules import RuleCode

SVG = "{http://www.w3.org/2000/svg}"


def render(source: str, path: str = "/", turned: bool = False, **context) -> str:
    request = RequestFactory().get(path)
    request.session = SessionStore()
    if turned:
        orientation.turn_page(request, path)
    return Template("{% load board_tags %}" + source).render(Context({"request": request, **context}))


def svg_root(html: str) -> ET.Element:
    return ET.fromstring(re.search(r"<svg.*?</svg>", html, re.S).group(0))


def large_labels(root: ET.Element) -> dict[str, tuple[float, float]]:
    """The large point numbers: text → (x, y)."""
    group = root.find(f".//{SVG}g[@class='board-labels']")
    return {t.text: (float(t.get("x")), float(t.get("y"))) for t in group.iter(f"{SVG}text") if "own" in t.get("class", "")}


def bottom_right_number(root: ET.Element) -> str:
    bottom = {text: xy for text, xy in large_labels(root).items() if xy[1] > MID}
    return max(bottom, key=lambda text: bottom[text][0])


def test_the_orientation_examples_hold():
    result = doctest.testmod(orientation)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("turn, flipped", [(WHITE, "false"), (BLACK, "true")])
def test_a_board_is_seen_from_the_side_on_roll_with_its_point_one_bottom_right(turn, flipped):
    position = Position.initial(turn=turn).with_dice((6, 5))
    for source in ("{% board position %}", "{% board position interactive=True %}"):
        root = svg_root(render(source, position=position))
        assert root.get("data-flipped") == flipped
        assert bottom_right_number(root) == "1"


def test_a_lesson_board_seen_from_black_writes_blacks_numbers_large_and_whites_small_beside_them():
    root = svg_root(render("{% board position white_numbers=True %}", position=Position.initial(turn=BLACK)))
    group = root.find(f".//{SVG}g[@class='board-labels']")
    texts = [(t.text, t.get("class")) for t in group.iter(f"{SVG}text")]
    # Black's 1 is White's 24: the large 1 and a small 24 beside it, bottom right.
    index = texts.index(("1", "board-labels__own"))
    assert texts[index + 1] == ("24", "board-labels__other")
    assert "font-style" not in ET.tostring(group[index]).decode()
    # Elsewhere (a drill, a game) only the numbers of the side at the bottom are written.
    plain = render("{% board position %}", position=Position.initial(turn=BLACK))
    assert "board-labels__other" not in plain and 'class="board-labels__own">1<' in plain


def test_a_game_board_is_seen_from_the_players_side_whoever_is_on_roll():
    program_moving = Position.initial(turn=BLACK).with_dice((3, 1))
    root = svg_root(render('{% board position viewer="white" %}', position=program_moving))
    assert root.get("data-flipped") == "false" and bottom_right_number(root) == "1"
    root = svg_root(render("{% board position flipped=True %}", position=Position.initial().with_dice((3, 1))))
    assert root.get("data-flipped") == "true"


def test_turning_a_page_shows_its_boards_from_the_other_side_and_only_that_page():
    position = Position.initial(turn=BLACK).with_dice((6, 5))
    turned = render("{% board position interactive=True %}", path="/entrenar/x/", turned=True, position=position)
    root = svg_root(turned)
    assert root.get("data-flipped") == "false" and bottom_right_number(root) == "1"
    # White's numbers are large now; Black's, the notation's, are written small beside them.
    assert 'class="board-labels__other"' in turned and 'data-numbering="black"' in turned
    assert "Lo ves desde las blancas" in turned
    other_page = render("{% board position %}", path="/lecciones/", position=position)
    assert svg_root(other_page).get("data-flipped") == "true"


def test_the_description_names_the_points_in_the_numbering_drawn_large():
    position = Position.from_layout({6: 2}, {19: 1}, turn=BLACK, dice=(6, 3))
    svg = str(render_board_svg(position, flipped=True))
    assert "Los puntos se cuentan desde la casa de las negras." in svg and "Negras: 1 ficha en el 6" in svg
    plain = str(render_board_svg(position))
    assert "Los puntos se cuentan" not in plain and "Negras: 1 ficha en el 19" in plain


@pytest.mark.django_db
def test_the_turn_button_posts_the_page_and_comes_back_to_its_board(client):
    back = "/entrenar/regla/?semilla=3"
    response = client.post(reverse("board:turn"), {"volver": back, "tablero": "tablero-7"})
    assert response.status_code == 302 and response["Location"] == back + "#tablero-7"
    assert client.session[orientation.TURNED_PAGES] == ["/entrenar/regla/"]
    client.post(reverse("board:turn"), {"volver": back})
    assert client.session[orientation.TURNED_PAGES] == []


@pytest.mark.django_db
@pytest.mark.parametrize("back", ["", "https://example.com/", "//example.com/x", "entrenar/"])
def test_the_turn_button_refuses_a_page_elsewhere_with_a_spanish_400(client, back):
    response = client.post(reverse("board:turn"), {"volver": back})
    assert response.status_code == 400 and "No sabemos a qué página volver" in response.content.decode()


def test_a_session_remembers_a_bounded_number_of_turned_pages():
    request = RequestFactory().get("/")
    request.session = SessionStore()
    for number in range(orientation.REMEMBERED_PAGES + 5):
        orientation.turn_page(request, f"/p/{number}/")
    pages = request.session[orientation.TURNED_PAGES]
    assert len(pages) == orientation.REMEMBERED_PAGES and pages[-1] == f"/p/{orientation.REMEMBERED_PAGES + 4}/"


# -- pip counts ------------------------------------------------------------------


def random_positions(count: int = 60):
    """Positions of played-out games: checkers on the bar, borne off, everywhere."""
    rng = random.Random(37)
    position = Position.initial()
    found = []
    while len(found) < count:
        position = position.with_dice((rng.randint(1, 6), rng.randint(1, 6)))
        plays = position.legal_plays()
        position = plays[rng.randrange(len(plays))].result if plays else position.replace(turn=1 - position.turn, dice=None)
        if position.winner() is not None:
            position = Position.initial()
        found.append(position.replace(dice=None))
    return found


def test_each_places_pip_weights_times_its_checkers_add_up_to_the_engines_pip_count():
    for position in random_positions():
        for flipped in (False, True):
            root = ET.fromstring(str(render_board_svg(position, flipped=flipped)))
            totals = {WHITE: 0, BLACK: 0}
            for group in root.iter(f"{SVG}g"):
                if group.get("data-pips") is None:
                    continue
                white_weight, black_weight = map(int, group.get("data-pips").split())
                count = int(group.get("data-count"))
                owner = group.get("data-owner")
                totals[WHITE] += count * white_weight if owner == "white" else 0
                totals[BLACK] += count * black_weight if owner == "black" else 0
            assert totals == {WHITE: position.pip_count(WHITE), BLACK: position.pip_count(BLACK)}


def shown_pips(html: str) -> dict[str, int]:
    return {side: int(count) for side, count in re.findall(r'data-pips-side="(\w+)">(\d+)<', html)}


def test_both_pip_counts_are_shown_the_viewers_first_as_the_engine_counts_them():
    position = Position.from_layout({6: 2, "bar": 1}, {19: 3, 1: 2}, turn=BLACK, dice=(4, 2))
    html = render("{% board position interactive=True %}", position=position)
    assert shown_pips(html) == {"white": position.pip_count(WHITE), "black": position.pip_count(BLACK)}
    assert html.index('data-pips-side="black"') < html.index('data-pips-side="white"')


def test_a_lesson_puzzle_that_asks_the_pip_count_hides_it_and_the_others_show_it():
    library = get_library()
    asking = [p for p in library.puzzles().values() if p.asks_pip_count]
    assert asking, "the course asks a pip count somewhere"
    for puzzle in asking[:3]:
        html = render("{% board puzzle.position hide_pips=puzzle.asks_pip_count %}", puzzle=puzzle)
        assert "data-pips-side" not in html and "Recuento de pips" not in html
    other = next(p for p in library.puzzles().values() if not p.asks_pip_count)
    assert "data-pips-side" in render("{% board puzzle.position hide_pips=puzzle.asks_pip_count %}", puzzle=other)


def test_the_pip_count_drill_hides_the_counts_and_other_drills_show_them():
    template = "{% board drill.position mover_numbering=True hide_pips=drill.asks_pip_count %}"
    pip_drill = generate(RuleCode.PIP_COUNT, 1, 5)
    assert pip_drill.asks_pip_count and "data-pips-side" not in render(template, drill=pip_drill)
    other = generate("bar-first", 1, 5)
    assert not other.asks_pip_count and "data-pips-side" in render(template, drill=other)


@pytest.mark.django_db
def test_a_teachers_thumbnail_of_a_puzzle_for_black_is_seen_from_black(client):
    black = client.get(reverse("lessons:api-board-svg", args=["las-negras-cuentan-desde-su-lado"])).content.decode()
    white = client.get(reverse("lessons:api-board-svg", args=["pips-colocacion-inicial"])).content.decode()
    assert 'data-flipped="true"' in black and bottom_right_number(ET.fromstring(black)) == "1"
    assert 'data-flipped="false"' in white


@pytest.mark.django_db
def test_a_live_games_panel_is_seen_from_each_players_side_with_both_pip_counts_and_no_turn_button():
    from tests.classroom_factories import make_user
    from tutor.play import service
    from tutor.play.panels import render_panel
    from tutor.play.models import LiveGame, Phase

    ana, bruno = make_user("ana"), make_user("bruno")
    game = service.create_game(ana, length=3, black=bruno)
    position = Position.initial(match_length=3, turn=WHITE, dice=(3, 1))
    LiveGame.objects.filter(pk=game.pk).update(xgid=position.to_xgid(), phase=Phase.MOVE)
    game.refresh_from_db()
    for player, flipped in ((ana, "false"), (bruno, "true")):
        html = render_panel(game, player)
        root = svg_root(html)
        assert root.get("data-flipped") == flipped and bottom_right_number(root) == "1"
        assert shown_pips(html) == {"white": 167, "black": 167} == {"white": position.pip_count(WHITE), "black": position.pip_count(BLACK)}
        assert "Girar el tablero" not in html


def test_a_board_drawn_for_a_post_offers_no_turn_button_so_nothing_sent_is_lost():
    request = RequestFactory().post("/clases/tarea/1/propio/", {"white": "6:2"})
    request.session = SessionStore()
    html = Template("{% load board_tags %}{% board position %}").render(Context({"request": request, "position": Position.initial()}))
    assert "Girar el tablero" not in html and "data-pips-side" in html
    assert "Girar el tablero" in render("{% board position %}", position=Position.initial())
