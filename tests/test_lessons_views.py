"""The lesson pages: index with progress, lessons, puzzles without JavaScript, explorer, glossary."""

from __future__ import annotations

import pytest

from tutor.engine import Position
from tutor.lessons.library import get_library

pytestmark = pytest.mark.django_db


def a_play_puzzle():
    return next(p for p in get_library().puzzles().values() if p.kind == "jugada" and p.tempting)


def test_the_index_lists_the_course_in_order_with_links(client):
    html = client.get("/lecciones/").content.decode()
    course = get_library().course()
    positions = [html.index(lesson.url) for lesson in course]
    assert positions == sorted(positions) and len(course) >= 10
    assert 'lang="es"' in html and "/glosario/" in html


def test_every_lesson_page_renders_its_puzzles_live(client):
    for lesson in get_library().lessons():
        response = client.get(lesson.url)
        assert response.status_code == 200, lesson.slug
        html = response.content.decode()
        assert 'class="puzzle-slot"' not in html
        for puzzle in lesson.puzzles:
            assert f'id="ejercicio-{puzzle.slug}"' in html
        assert html.count("<svg") >= len(lesson.puzzles)


def test_an_unknown_lesson_or_puzzle_is_a_spanish_404(client):
    for url in ("/lecciones/no-existe/", "/ejercicios/no-existe/"):
        response = client.get(url)
        assert response.status_code == 404
        assert "no existe" in response.content.decode().lower() or "No encontramos" in response.content.decode()


def test_a_play_posted_without_javascript_gets_its_verdict_in_the_page(client):
    puzzle = a_play_puzzle()
    tempting = puzzle.tempting[0]
    html = client.post(f"/ejercicios/{puzzle.slug}/", {"play": tempting.text}).content.decode()
    assert "Jugada ilegal" in html and f'data-code="{tempting.code}"' in html
    legal = puzzle.position.legal_plays()[0].notation
    html = client.post(f"/ejercicios/{puzzle.slug}/", {"play": legal}).content.decode()
    assert "¡Correcto!" in html and "Todas las jugadas legales" in html


def test_solved_puzzles_are_remembered_and_counted_on_the_index(client):
    puzzle = a_play_puzzle()
    client.post(f"/ejercicios/{puzzle.slug}/", {"play": puzzle.position.legal_plays()[0].notation})
    lesson = get_library().lesson(puzzle.lesson)
    html = client.get("/lecciones/").content.decode()
    assert f"1 de {len(lesson.puzzles)} ejercicios resueltos" in html
    assert "Resuelto" in client.get(lesson.url).content.decode()


def test_the_solution_can_be_seen_without_javascript(client):
    puzzle = a_play_puzzle()
    html = client.get(f"/ejercicios/{puzzle.slug}/?solucion=1").content.decode()
    for play in puzzle.position.legal_plays():
        assert play.notation in html


def test_the_explorer_lists_legal_plays_and_explains_tempting_ones(client):
    xgid = "XGID=-------------------------A:0:0:1:00:0:0:0:0:10"  # a checker on the bar, nothing else
    html = client.get("/explorar/", {"xgid": "XGID=--------------------bb--A-:0:0:1:00:0:0:0:0:10", "dados": "4-2"}).content.decode()
    assert "Jugadas legales" in html
    assert "bloqueado" in html
    response = client.get("/explorar/", {"xgid": xgid[:10], "dados": "4-2"})
    assert response.status_code == 400 and "XGID" in response.content.decode()


def test_the_explorer_judges_a_play_posted_by_its_board(client):
    query = "?xgid=XGID%3D-b----E-C---eE---c-e----B-%3A0%3A0%3A1%3A00%3A0%3A0%3A0%3A0%3A10&dados=3-1"
    html = client.post("/explorar/" + query, {"play": "24/18"}).content.decode()
    assert "Jugada ilegal" in html and "Ni el 3 ni el 1 ni su suma" in html


def test_the_glossary_matches_the_shared_glossary():
    from pathlib import Path

    from django.conf import settings

    shared = Path(settings.BASE_DIR).parent / "shared" / "GLOSSARY.md"
    ours = (Path(settings.LESSONS_DIR) / "_glosario.md").read_text(encoding="utf-8")
    if not shared.exists():
        pytest.skip("the shared glossary is not beside the project")
    rows = [line.split("|")[1:3] for line in shared.read_text(encoding="utf-8").splitlines() if line.startswith("| ")]
    for spanish, english in rows[1:]:
        assert f"| {spanish.strip()} | {english.strip()} |" in ours


def test_the_glossary_page_is_linked_from_every_lesson(client):
    assert "Glosario" in client.get("/glosario/").content.decode()
    for lesson in get_library().course():
        assert "/glosario/" in client.get(lesson.url).content.decode()


def test_the_explorer_sets_up_a_position_point_by_point(client):
    response = client.get("/explorar/", {"blancas": "5:1 4:1", "negras": "1:2 24:13", "dados": "5-3"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Jugadas legales (1)" in html and "5/2 4/off" in html
    bad = client.get("/explorar/", {"blancas": "5:20", "negras": "", "dados": "5-3"})
    assert bad.status_code == 400 and "imposible" in bad.content.decode()


def test_staff_see_the_solved_puzzles_of_every_account_in_the_admin(client, django_user_model):
    from tutor.lessons.models import SolvedPuzzle

    learner = django_user_model.objects.create_user("lucia", password="una-clave-larga-123")
    SolvedPuzzle.objects.create(user=learner, slug="seis-cuatro")
    admin_user = django_user_model.objects.create_superuser("jefa", "jefa@example.com", "otra-clave-larga-456")
    client.force_login(admin_user)
    html = client.get("/admin/lessons/solvedpuzzle/").content.decode()
    assert "lucia" in html and "seis-cuatro" in html


def test_an_xgid_pasted_with_its_dice_in_the_explorer_is_read_with_those_dice_not_the_fields_left_over(client):
    shown = Position.initial().to_xgid()
    pasted = "XGID=-BBBBBC-----------------b-:0:0:1:61:0:0:0:0:10"
    page = client.get("/explorar/", {"xgid": pasted, "dados": "3-1", "mostrado": shown})
    assert page.status_code == 200 and page.context["position"].dice == (6, 1)
    # The dice changed in their field for the position already shown are the ones used.
    again = client.get("/explorar/", {"xgid": shown, "dados": "5-2", "mostrado": shown})
    assert again.context["position"].dice == (5, 2)
    # A pasted XGID without dice takes the field's.
    bare = client.get("/explorar/", {"xgid": pasted.replace(":61:", ":00:"), "dados": "4-4", "mostrado": shown})
    assert bare.context["position"].dice == (4, 4)
