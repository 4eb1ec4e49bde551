"""The author's view of a study's readers: each path, the chapters the class got wrong first, the CSV; nobody else sees them."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from tests.classroom_factories import make_classroom, make_user, post_json, signed_in
from tests.study_factories import CHOICE_RIGHT, CHOICE_WRONG, RIGHT_PLAY, WRONG_PLAY, chapters, make_study
from tutor.studies.models import Sharing

pytestmark = pytest.mark.django_db


@pytest.fixture
def answered():
    """Lucía gets the play wrong then right and the choice right; Hugo gets the choice wrong; Ana has not started."""
    teacher = make_user("carmen", teacher=True)
    lucia, hugo, ana = make_user("lucia", name="Lucía"), make_user("hugo", name="Hugo"), make_user("ana", name="Ana")
    classroom = make_classroom(teacher, students=[lucia, hugo, ana])
    study = make_study(teacher, classrooms=[classroom])
    play, choice, _ = chapters(study)
    client = signed_in(lucia)
    client.get(play.get_absolute_url())
    post_json(client, f"/estudios/{study.pk}/capitulos/{play.pk}/comprobar/", {"play": WRONG_PLAY})
    post_json(client, f"/estudios/{study.pk}/capitulos/{play.pk}/comprobar/", {"play": RIGHT_PLAY})
    client.get(choice.get_absolute_url())
    post_json(client, f"/estudios/{study.pk}/capitulos/{choice.pk}/comprobar/", {"answer": CHOICE_RIGHT})
    other = signed_in(hugo)
    other.get(choice.get_absolute_url())
    post_json(other, f"/estudios/{study.pk}/capitulos/{choice.pk}/comprobar/", {"answer": CHOICE_WRONG})
    return teacher, study, lucia, hugo, ana


def test_the_class_view_lists_every_student_and_the_chapters_most_got_wrong_first_at_the_top(answered):
    teacher, study, *_ = answered
    page = signed_in(teacher).get(f"/estudios/{study.pk}/caminos/")
    assert page.status_code == 200
    hardest = page.context["hardest"]
    assert [(row.chapter.title, row.wrong_first, row.answered) for row in hardest] == [
        ("Hacer el 5", 1, 1), ("Qué punto", 1, 2), ("Contar", 0, 0),
    ]
    text = page.content.decode()
    for name in ("Lucía", "Hugo", "Ana"):
        assert name in text
    assert "Bien en la respuesta 2" in text and "Sin responder" in text and "Sin empezar" in text


def test_a_students_path_shows_the_answers_in_order_and_where_they_stopped(answered):
    teacher, study, lucia, *_ = answered
    page = signed_in(teacher).get(f"/estudios/{study.pk}/caminos/{lucia.pk}/")
    assert page.status_code == 200
    path = page.context["path"]
    assert [[(answer.number, answer.correct) for answer in cell.answers] for cell in path.chapters] == [
        [(1, False), (2, True)], [(1, True)], [],
    ]
    assert path.stopped_number == 2
    assert "Se quedó en el capítulo 2" in page.content.decode()


def test_the_csv_has_every_answer_in_order_in_the_words_the_student_saw(answered):
    teacher, study, *_ = answered
    response = signed_in(teacher).get(f"/estudios/{study.pk}/caminos.csv")
    assert response["Content-Type"].startswith("text/csv")
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(body.lstrip("\ufeff")), delimiter=";"))
    header = rows[0]
    picked = [(row[0], row[2], row[header.index("Respuesta")], row[header.index("Resultado")]) for row in rows[1:]]
    assert picked == [
        ("Hugo", "2. Qué punto", "«El 7»", "Incorrecta"),
        ("Lucía", "1. Hacer el 5", WRONG_PLAY, "Incorrecta"),
        ("Lucía", "1. Hacer el 5", RIGHT_PLAY, "Correcta"),
        ("Lucía", "2. Qué punto", "«El 5»", "Correcta"),
    ]
    assert {row[header.index("Revisión")] for row in rows[1:]} == {"1"}


def test_a_cell_that_starts_like_a_formula_is_not_run_by_the_spreadsheet(answered):
    teacher, study, lucia, *_ = answered
    lucia.first_name = "=HYPERLINK(1)"
    lucia.save()
    body = signed_in(teacher).get(f"/estudios/{study.pk}/caminos.csv").content.decode("utf-8")
    assert "'=HYPERLINK(1)" in body


@pytest.mark.parametrize("who", ["class_member", "other_teacher", "other_student", "link_holder"])
def test_only_the_author_reads_the_paths(answered, who):
    teacher, study, lucia, *_ = answered
    if who == "class_member":
        client = signed_in(lucia)
    elif who == "link_holder":
        study.sharing = Sharing.LINK
        study.save()
        client = signed_in(make_user("pablo"))
        client.get(study.link_url())
    else:
        client = signed_in(make_user(who, teacher=who == "other_teacher"))
    for url in (f"/estudios/{study.pk}/caminos/", f"/estudios/{study.pk}/caminos/{lucia.pk}/", f"/estudios/{study.pk}/caminos.csv", f"/estudios/{study.pk}/resumen.csv"):
        assert client.get(url).status_code == 404, url


def test_an_anonymous_visitor_is_sent_to_sign_in(answered):
    _, study, *_ = answered
    response = Client().get(f"/estudios/{study.pk}/caminos/")
    assert response.status_code == 302 and "/cuenta/" in response.url


def test_a_stranger_has_no_path_in_the_study(answered):
    teacher, study, *_ = answered
    stranger = make_user("zoe")
    assert signed_in(teacher).get(f"/estudios/{study.pk}/caminos/{stranger.pk}/").status_code == 404


def test_a_deleted_chapter_keeps_its_answers_in_the_csv(answered):
    teacher, study, *_ = answered
    chapters(study)[0].delete()
    body = signed_in(teacher).get(f"/estudios/{study.pk}/caminos.csv").content.decode("utf-8")
    assert body.count("Hacer el 5 (capítulo borrado)") == 2


def test_a_study_with_answers_cannot_be_deleted_and_its_answers_stay(answered):
    teacher, study, *_ = answered
    response = signed_in(teacher).post(f"/estudios/{study.pk}/borrar/")
    assert response.status_code == 409 and "ya tiene respuestas" in response.content.decode()
    assert study.answers.count() == 4


def test_right_after_the_solution_is_never_right_at_the_first_try_and_says_so_everywhere(answered):
    teacher, study, _, hugo, _ = answered
    play = chapters(study)[0]
    client = signed_in(hugo)
    client.get(f"/estudios/{study.pk}/capitulos/{play.pk}/solucion/")
    post_json(client, f"/estudios/{study.pk}/capitulos/{play.pk}/comprobar/", {"play": RIGHT_PLAY})
    author = signed_in(teacher)
    path = author.get(f"/estudios/{study.pk}/caminos/{hugo.pk}/").context["path"]
    assert path.chapters[0].first_try is True and path.chapters[0].label == "Bien a la primera · con la solución vista"
    assert path.first_try == 1  # the first answer alone counts, and its «solución vista» is shown with it
    rows = list(csv.reader(io.StringIO(author.get(f"/estudios/{study.pk}/caminos.csv").content.decode("utf-8-sig")), delimiter=";"))
    seen = rows[0].index("Con la solución vista")
    assert [row[seen] for row in rows[1:] if row[0] == "Hugo"] == ["no", "sí"]


def test_staff_read_the_answers_in_the_admin_without_changing_them(answered):
    from django.contrib.auth import get_user_model

    staff = signed_in(get_user_model().objects.create_superuser("admin", "admin@example.org", "clave-de-admin-1"))
    listing = staff.get("/admin/studies/chapteranswer/?q=Hacer").content.decode()
    assert "Hacer el 5" in listing
    assert staff.get("/admin/studies/chapteranswer/add/").status_code == 403


def test_the_class_view_reads_the_same_number_of_rows_however_many_students_answered(answered, django_assert_max_num_queries):
    teacher, study, *_ = answered
    client = signed_in(teacher)
    with django_assert_max_num_queries(50) as few:
        client.get(f"/estudios/{study.pk}/caminos/")
    queries = len(few.captured_queries)  # read now: the next request clears the log
    classroom = study.classrooms.get()
    play = chapters(study)[0]
    for index in range(8):
        reader = make_user(f"alumno{index}")
        classroom.memberships.create(student=reader)
        post_json(signed_in(reader), f"/estudios/{study.pk}/capitulos/{play.pk}/comprobar/", {"play": WRONG_PLAY})
    with django_assert_max_num_queries(queries):
        client.get(f"/estudios/{study.pk}/caminos/")


def test_the_summary_csv_has_a_row_per_student_as_the_class_view_shows_them(answered):
    teacher, study, *_ = answered
    body = signed_in(teacher).get(f"/estudios/{study.pk}/resumen.csv").content.decode("utf-8")
    rows = list(csv.reader(io.StringIO(body.lstrip("\ufeff")), delimiter=";"))
    assert rows[0] == ["Alumno/a", "Usuario", "1. Hacer el 5", "2. Qué punto", "3. Contar", "Bien a la primera", "Tiempo", "Se quedó en"]
    by_name = {row[0]: row for row in rows[1:]}
    assert by_name["Lucía"][2:6] == ["Bien en la respuesta 2", "Bien a la primera", "Sin responder", "1 de 3"]
    assert by_name["Ana"][-1] == "Sin empezar" and by_name["Hugo"][-1] == "Capítulo 2"
    assert signed_in(answered[2]).get(f"/estudios/{study.pk}/resumen.csv").status_code == 404
