"""The board drawn on the server as SVG, and the widget template around it."""

import re
import xml.etree.ElementTree as ET

import pytest
from django.template import Context, Template
from django.test import RequestFactory

from tutor.board.describe import board_title, describe_position
from tutor.board.svg import MID, render_board_svg, render_die_svg
from tutor.engine import BLACK, WHITE, Position

SVG = "{http://www.w3.org/2000/svg}"


def parse(position, **options):
    return ET.fromstring(str(render_board_svg(position, **options)))


def place(root, key):
    return root.find(f".//{SVG}g[@data-point='{key}']")


def checkers(element):
    return [c for c in element.iter(f"{SVG}circle") if c.get("data-side")]


def labels(root):
    """The written point numbers: (text, x, y)."""
    group = root.find(f".//{SVG}g[@class='board-labels']")
    return [(t.text, float(t.get("x")), float(t.get("y"))) for t in group.iter(f"{SVG}text")]


def test_the_initial_position_draws_thirty_checkers_fifteen_of_each_colour():
    root = parse(Position.initial())
    drawn = checkers(root)
    assert len(drawn) == 30
    assert sum(1 for c in drawn if c.get("data-side") == "white") == 15
    assert sum(1 for c in drawn if c.get("data-side") == "black") == 15


def test_every_point_carries_its_owner_and_count_in_whites_numbering():
    position = Position.initial()
    root = parse(position)
    for point in range(1, 25):
        group = place(root, point)
        side, count = position.point(point)
        assert int(group.get("data-count")) == count
        assert group.get("data-owner") == {WHITE: "white", BLACK: "black", None: ""}[side]
        assert len(checkers(group)) == count
        assert {c.get("data-side") for c in checkers(group)} <= {group.get("data-owner")}


def test_the_bottom_right_quarter_shows_six_to_one_from_left_to_right():
    found = {text: (x, y) for text, x, y in labels(parse(Position.initial()))}
    xs = [found[str(point)][0] for point in (6, 5, 4, 3, 2, 1)]
    assert xs == sorted(xs)
    assert all(found[str(point)][1] > MID for point in range(1, 13))
    assert found["6"][0] > found["7"][0]  # the home board is on the right of the bar


def test_the_top_row_runs_from_thirteen_to_twenty_four_left_to_right():
    found = {text: (x, y) for text, x, y in labels(parse(Position.initial()))}
    xs = [found[str(point)][0] for point in range(13, 25)]
    assert xs == sorted(xs)
    assert all(found[str(point)][1] < MID for point in range(13, 25))
    assert found["12"][0] == found["13"][0] and found["1"][0] == found["24"][0]


def test_the_flipped_board_puts_blacks_home_bottom_right_in_blacks_numbering():
    root = parse(Position.initial(), flipped=True)
    found = {text: (x, y) for text, x, y in labels(root)}
    xs = [found[str(point)][0] for point in (6, 5, 4, 3, 2, 1)]
    assert xs == sorted(xs) and all(found[str(p)][1] > MID for p in range(1, 7))
    # Black's 6 point is White's 19: its group is drawn where the label says.
    group = place(root, 19)
    assert group.get("data-label") == "6" and group.get("data-row") == "bottom"


def test_labels_can_use_the_numbering_of_the_side_on_roll():
    root = parse(Position.initial(turn=BLACK), numbering=BLACK)
    assert place(root, 24).get("data-label") == "1"
    assert place(root, 24).get("data-row") == "top"


def test_a_stack_of_seven_draws_five_checkers_and_writes_seven():
    root = parse(Position.from_layout({6: 7}, {19: 2}))
    group = place(root, 6)
    assert len(checkers(group)) == 5
    assert [t.text for t in group.iter(f"{SVG}text")] == ["7"]
    assert group.get("data-count") == "7"


def test_a_stack_of_five_writes_no_number():
    group = place(parse(Position.initial()), 6)
    assert len(checkers(group)) == 5
    assert list(group.iter(f"{SVG}text")) == []


def test_bar_checkers_are_drawn_on_each_sides_half_of_the_bar():
    root = parse(Position.from_layout({6: 2, "bar": 2}, {19: 2, "bar": 1}))
    white_bar, black_bar = place(root, "bar-white"), place(root, "bar-black")
    assert [c.get("data-side") for c in checkers(white_bar)] == ["white", "white"]
    assert [c.get("data-side") for c in checkers(black_bar)] == ["black"]
    assert white_bar.get("data-row") != black_bar.get("data-row")


def test_trays_draw_and_write_the_borne_off_counts():
    root = parse(Position.from_layout({6: 6}, {19: 14}))
    white_tray, black_tray = place(root, "off-white"), place(root, "off-black")
    assert white_tray.get("data-count") == "9" and black_tray.get("data-count") == "1"
    assert len([r for r in white_tray.iter(f"{SVG}rect") if r.get("data-side") == "white"]) == 9
    assert [t.text for t in white_tray.iter(f"{SVG}text")] == ["9"]
    assert [t.text for t in black_tray.iter(f"{SVG}text")] == ["1"]
    assert white_tray.get("data-row") == "bottom"  # White bears off next to its home


def test_an_empty_tray_writes_no_number():
    tray = place(parse(Position.initial()), "off-black")
    assert tray.get("data-count") == "0"
    assert list(tray.iter(f"{SVG}text")) == []


def test_title_and_description_are_the_spanish_texts():
    position = Position.from_layout({6: 2, 4: 1}, {21: 2}, dice=(6, 4))
    root = parse(position, label_id="ejemplo")
    assert root.find(f"{SVG}title").text == board_title(position)
    assert root.find(f"{SVG}desc").text == describe_position(position)
    assert root.get("aria-labelledby") == "ejemplo-title"
    assert root.get("aria-describedby") == "ejemplo-desc"
    assert root.find(f"{SVG}title").get("id") == "ejemplo-title"
    assert root.get("role") == "img"


def test_two_boards_without_a_label_id_get_different_ids():
    first, second = parse(Position.initial()), parse(Position.initial())
    assert first.find(f"{SVG}title").get("id") != second.find(f"{SVG}title").get("id")


def test_the_svg_scales_with_a_viewbox_and_loads_nothing_from_outside():
    markup = str(render_board_svg(Position.initial()))
    root = ET.fromstring(markup)
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    assert width > height > 0
    assert "href" not in markup and "http://www.w3.org/2000/svg" in markup
    assert markup.count("http") == 1


def test_neighbouring_points_alternate_colours():
    root = parse(Position.initial())
    fills = [place(root, p).find(f"{SVG}polygon").get("fill") for p in range(1, 25)]
    assert all(a != b for a, b in zip(fills, fills[1:]))
    assert fills[0] != fills[23]  # the points facing each other differ too


def test_checkers_have_presentation_colours_with_contrast():
    root = parse(Position.initial())
    white = root.find(f".//{SVG}circle[@data-side='white']")
    black = root.find(f".//{SVG}circle[@data-side='black']")
    assert white.get("fill") != black.get("fill")
    assert white.get("stroke") and black.get("stroke")


def test_a_centred_cube_shows_64_in_the_middle_of_the_bar():
    cube = parse(Position.initial()).find(f".//{SVG}g[@class='board-cube']")
    assert cube.find(f"{SVG}text").text == "64"
    assert float(cube.find(f"{SVG}text").get("y")) == MID
    assert cube.get("data-cube-owner") == ""


def test_an_owned_cube_sits_at_its_owners_end_of_the_bar():
    def cube_y(owner, flipped=False):
        root = parse(Position.initial(cube_value=2, cube_owner=owner), flipped=flipped)
        return float(root.find(f".//{SVG}g[@class='board-cube']/{SVG}text").get("y"))

    assert cube_y(WHITE) > MID > cube_y(BLACK)
    assert cube_y(BLACK, flipped=True) > MID > cube_y(WHITE, flipped=True)


def test_highlighted_points_are_marked_for_css_and_without_it():
    root = parse(Position.initial(), highlight=[6, "bar-white"])
    for key in ("6", "bar-white"):
        group = place(root, key)
        assert "is-highlighted" in group.get("class")
        assert group.find(f"{SVG}rect[@class='board-hit']").get("stroke")
    assert "is-highlighted" not in place(root, 5).get("class")


def test_prototypes_for_the_browser_are_not_counted_as_checkers():
    root = parse(Position.initial())
    protos = root.find(f"{SVG}defs").findall("*")
    assert {p.get("data-proto") for p in protos} == {
        f"{kind}-{side}" for kind in ("checker", "slab", "count") for side in ("white", "black")
    } | {"count-tray"}
    assert all(p.get("data-side") is None for p in protos)


def test_a_die_face_has_as_many_pips_as_its_value():
    for value in range(1, 7):
        face = ET.fromstring(str(render_die_svg(value)))
        assert len(face.find(f"{SVG}g").findall(f"{SVG}circle")) == value


# -- the widget template ---------------------------------------------------


def render(text, **context):
    request = RequestFactory().get("/")
    return Template("{% load board_tags %}" + text).render(Context({"request": request, **context}))


def test_a_diagram_is_only_the_board_and_its_description():
    html = render("{% board position %}", position=Position.initial())
    assert "<form" not in html
    assert "data-board " not in html and "data-board>" not in html
    assert "<svg" in html and "Descripción del tablero" in html
    assert describe_position(Position.initial()) in html


def test_an_interactive_board_has_a_form_that_works_without_javascript():
    html = render(
        '{% board position interactive=True check_url="/api/x/check/" form_action="/x/" %}',
        position=Position.initial().with_dice((3, 1)),
        csrf_token="tok",
    )
    assert re.search(r'<form class="board-form" id="(tablero-\d+)-form" method="post" action="/x/" data-check-url="/api/x/check/">', html)
    assert 'name="csrfmiddlewaretoken"' in html
    assert 'name="play"' in html and 'placeholder="p. ej. 13/7 8/5*"' in html
    assert ">Tu jugada en notación</label>" in html
    assert re.search(r'<button type="submit" class="button button--primary" form="tablero-\d+-form">Comprobar</button>', html)
    assert 'role="status" aria-live="polite"' in html
    assert "Deshacer" in html and "Reiniciar" in html


def test_an_interactive_board_passes_the_position_to_the_browser():
    position = Position.initial().with_dice((3, 1))
    html = render("{% board position interactive=True %}", position=position)
    assert f'data-xgid="{position.to_xgid()}"' in html
    assert 'data-turn="white"' in html and 'data-dice="3,1"' in html
    assert 'data-numbering="white"' in html


def test_the_dice_are_drawn_with_a_spanish_label_and_four_for_doubles():
    html = render("{% board position interactive=True %}", position=Position.initial().with_dice((2, 2)))
    assert html.count('class="die" data-die="2" role="img" aria-label="dado 2"') == 4
    html = render('{% board position interactive=True dice="6-5" %}', position=Position.initial())
    assert 'aria-label="dado 6"' in html and 'aria-label="dado 5"' in html


def test_the_board_accepts_an_xgid_and_labels_points_in_the_movers_numbering():
    position = Position.initial(turn=BLACK, dice=(6, 5))
    html = render("{% board xgid interactive=True %}", xgid=position.to_xgid())
    assert 'data-turn="black"' in html and 'data-numbering="black"' in html
    assert 'Juegan las <strong>negras</strong>' in html


def test_legal_destinations_are_sent_as_json_in_the_movers_numbering():
    html = render(
        "{% board position interactive=True destinations=targets %}",
        position=Position.initial().with_dice((3, 1)),
        targets={8: [5, 7], 25: [22], 6: [0]},
    )
    assert 'data-destinations="{&quot;8&quot;: [5, 7], &quot;bar&quot;: [22], &quot;6&quot;: [&quot;off&quot;]}"' in html


def test_destinations_per_partial_play_are_sent_unchanged():
    table = {"moves": {"": {"8": [5]}, "5:1,8:-1": {"6": [5]}}}
    html = render("{% board position interactive=True destinations=table %}", position=Position.initial(), table=table)
    assert 'data-destinations="{&quot;moves&quot;: {&quot;&quot;: {&quot;8&quot;: [5]}' in html


def test_a_posted_play_is_shown_again_with_its_verdict():
    verdict = {
        "correct": False,
        "legal": False,
        "message": "Esta jugada no se puede hacer.",
        "reasons": [{"code": "blocked", "message": "El 5 está bloqueado."}],
        "rule_url": "/lecciones/bloqueos/#punto",
        "rule_title": "Puntos bloqueados",
        "legal_plays": ["8/5 6/5", "13/9"],
    }
    html = render(
        "{% board position interactive=True play=play verdict=verdict %}",
        position=Position.initial().with_dice((3, 1)),
        play="24/20*",
        verdict=verdict,
    )
    assert 'value="24/20*"' in html
    assert "Jugada ilegal" in html and "Esta jugada no se puede hacer." in html
    assert '<li data-code="blocked">El 5 está bloqueado.</li>' in html
    assert '<a href="/lecciones/bloqueos/#punto">Repasa la regla: Puntos bloqueados</a>' in html
    assert "<li><code>8/5 6/5</code></li>" in html


@pytest.mark.parametrize(
    ("verdict", "headline"),
    [
        ({"correct": True, "legal": True}, "¡Correcto!"),
        ({"correct": False, "legal": True}, "No es correcto"),
        ({"correct": False, "legal": False}, "Jugada ilegal"),
        ({"correct": False, "legal": None}, "No es correcto"),
        ({"error": "No hemos entendido la jugada."}, "No hemos entendido la jugada."),
    ],
)
def test_the_verdict_headline_follows_correct_and_legal(verdict, headline):
    html = Template('{% include "board/verdict.html" %}').render(Context({"verdict": verdict}))
    assert f"</span> {headline}</p>" in html or f'<p class="verdict__headline">{headline}</p>' in html


def test_an_empty_list_of_legal_plays_says_the_turn_passes():
    html = Template('{% include "board/verdict.html" %}').render(
        Context({"verdict": {"correct": False, "legal": False, "legal_plays": []}})
    )
    assert "No hay ninguna jugada legal: hay que pasar." in html


def test_the_stylesheet_and_scripts_come_once_per_page():
    html = render("{% board a %}{% board b interactive=True %}", a=Position.initial(), b=Position.initial())
    assert html.count("css/board.css") == 1
    assert html.count("js/board/index.js") == 1 and html.count("js/check.js") == 1
    assert "<script>" not in html and " on" + "click" not in html


def test_the_assets_tag_in_the_head_keeps_the_widget_from_repeating_them():
    html = render("{% board_assets %}{% board a interactive=True %}", a=Position.initial())
    assert html.count("css/board.css") == 1
    assert html.count('<script type="module"') == 2


def test_a_board_drawn_again_after_a_roll_is_the_same_drawing_with_its_own_labels_and_marks():
    """The drawing inside the board is kept per position without dice; ids, title and marks stay the board's own."""
    position = Position.initial()
    rolled = position.with_dice((6, 3))
    first = str(render_board_svg(position, label_id="uno"))
    again = str(render_board_svg(rolled, label_id="dos"))
    inside = lambda svg: svg[svg.index("<defs>"):]  # noqa: E731
    assert inside(first) == inside(again)
    assert 'id="dos-title"' in again and 'id="uno-title"' not in again
    assert describe_position(rolled) in again
    marked = parse(rolled, highlight=[13])
    assert place(marked, "13").get("class") != place(parse(rolled), "13").get("class")
    assert inside(str(render_board_svg(rolled, flipped=True))) != inside(again)
