"""Nobody reads or changes another group by editing an id: two teachers, two
groups and two students try every address of the other side.

Every POST is sent with data that does change the group when its own
teacher sends it (checked first), so that an unchanged database after
someone else's attempt means a refusal, not a harmless request.
"""

from __future__ import annotations

import pytest
from django.test import Client

from django.contrib.auth import get_user_model

from tests.classroom_factories import add_custom_exercise, lesson_puzzle, make_assignment, make_classroom, make_user, post_json
from tutor.accounts.models import Profile
from tutor.classroom.attempts import submit
from tutor.classroom.models import Assignment, Attempt, Classroom, Exercise, Membership

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits")]

RIGHT = "24/18 13/10"


@pytest.fixture
def world():
    """Teacher A teaches group A with student A; teacher B, group B, student B."""
    teacher_a, teacher_b = make_user("profe_a", teacher=True), make_user("profe_b", teacher=True)
    student_a, student_b = make_user("alumno_a"), make_user("alumno_b")
    group_a = make_classroom(teacher_a, "Grupo A", students=[student_a])
    group_b = make_classroom(teacher_b, "Grupo B", students=[student_b])
    Profile.objects.filter(user=student_a).update(created_by=teacher_a)  # so that A may renew the password
    assignment_a, assignment_b = make_assignment(group_a, title="Tarea A"), make_assignment(group_b, title="Tarea B")
    exercise_a, exercise_b = add_custom_exercise(assignment_a), add_custom_exercise(assignment_b)
    submit(exercise_a, exercise_a.puzzle(), student_a, RIGHT)
    submit(exercise_b, exercise_b.puzzle(), student_b, RIGHT)
    draft_a = make_assignment(group_a, title="Borrador A", published=False)  # unanswered: may be published or deleted
    return {
        "teacher_a": teacher_a, "teacher_b": teacher_b, "student_a": student_a, "student_b": student_b,
        "group_a": group_a, "group_b": group_b, "assignment_a": assignment_a, "assignment_b": assignment_b,
        "exercise_a": exercise_a, "exercise_b": exercise_b, "draft_a": draft_a, "draft_exercise_a": add_custom_exercise(draft_a),
    }


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def teacher_urls(w) -> list[tuple[str, str]]:
    """Every teacher address about group A, its assignments, exercises and student."""
    return [("get", url) for url in teacher_pages(w)] + [("post", url) for url in teacher_posts(w)]


def teacher_pages(w) -> list[str]:
    g, a, e, s = w["group_a"].pk, w["assignment_a"].pk, w["exercise_a"].pk, w["student_a"].pk
    return [
        f"/clases/{g}/",
        f"/clases/{g}/cuentas/",
        f"/clases/{g}/alumnos/{s}/quitar/",
        f"/clases/{g}/tareas/nueva/",
        f"/clases/tareas/{a}/",
        f"/clases/tareas/{a}/editar/",
        f"/clases/tareas/{w['draft_a'].pk}/borrar/",
        f"/clases/tareas/{a}/lecciones/",
        f"/clases/tareas/{a}/propio/",
        f"/clases/tareas/{a}/resultados/",
        f"/clases/tareas/{a}/resultados/{s}/{e}/",
        f"/clases/tareas/{a}/resultados.csv",
        f"/clases/tareas/{a}/intentos.csv",
    ]


def teacher_posts(w) -> dict[str, dict]:
    """Each teacher POST about group A, with data that changes it when its own teacher sends it."""
    g, a, s, d = w["group_a"].pk, w["assignment_a"].pk, w["student_a"].pk, w["draft_a"].pk
    return {
        f"/clases/{g}/codigo/": {},
        f"/clases/{g}/cuentas/": {"names": "Intruso"},
        f"/clases/{g}/alumnos/{s}/quitar/": {},
        f"/clases/{g}/alumnos/{s}/contrasena/": {},
        f"/clases/{g}/tareas/nueva/": {"title": "Intrusa", "due_at": "2030-01-31T10:00"},
        f"/clases/tareas/{a}/editar/": {"title": "Cambiada", "due_at": "2030-01-31T10:00"},
        f"/clases/tareas/{d}/borrar/": {},
        f"/clases/tareas/{d}/publicar/": {},
        f"/clases/tareas/{a}/lecciones/": {"puzzles": [lesson_puzzle().slug]},
        f"/clases/ejercicios/{w['draft_exercise_a'].pk}/quitar/": {},
    }


def snapshot():
    """Everything a teacher's address could change."""
    return (
        list(Classroom.objects.values_list("pk", "name", "join_code").order_by("pk")),
        list(Membership.objects.values_list("classroom_id", "student_id").order_by("pk")),
        list(Assignment.objects.values_list("pk", "title", "due_at", "published_at").order_by("pk")),
        list(Exercise.objects.values_list("pk", "assignment_id", "order").order_by("pk")),
        list(get_user_model().objects.values_list("pk", "username", "password").order_by("pk")),
        Attempt.objects.count(),
    )


@pytest.fixture
def posts(world):
    return teacher_posts(world)


POST_NAMES = ["codigo", "cuentas", "quitar-alumno", "contrasena", "nueva-tarea", "editar", "borrar", "publicar", "lecciones", "quitar-ejercicio"]


@pytest.mark.parametrize("index", range(len(POST_NAMES)), ids=POST_NAMES)
def test_each_teacher_post_changes_the_group_when_its_own_teacher_sends_it(world, posts, index):
    url, data = list(posts.items())[index]
    before = snapshot()
    response = client_for(world["teacher_a"]).post(url, data)
    assert response.status_code in (200, 302), (url, response.status_code)
    assert snapshot() != before, url


@pytest.mark.parametrize(
    ("who", "status"), [("teacher_b", 404), ("student_a", 403), ("student_b", 403), (None, 302)], ids=["other-teacher", "student", "other-student", "anonymous"]
)
def test_nobody_else_changes_anything_by_posting_the_same(world, posts, who, status):
    client = client_for(world[who]) if who else Client()
    before = snapshot()
    for url, data in posts.items():
        response = client.post(url, data)
        assert response.status_code == status, (who, url, response.status_code)
        if who is None:
            assert response["Location"].startswith("/cuenta/entrar/?next="), url
    assert snapshot() == before


def test_the_other_teacher_gets_404_on_every_page(world):
    other = client_for(world["teacher_b"])
    for url in teacher_pages(world):
        assert other.get(url).status_code == 404, url


def test_the_own_teacher_sees_every_page(world):
    own = client_for(world["teacher_a"])
    for url in teacher_pages(world):
        assert own.get(url).status_code == 200, url


def test_students_get_403_on_teacher_pages(world):
    student = client_for(world["student_a"])
    for url in teacher_pages(world):
        assert student.get(url).status_code == 403, url


def test_anonymous_visitors_are_sent_to_the_login_page(world):
    anonymous = Client()
    for method, url in teacher_urls(world) + [("get", "/tareas/"), ("get", f"/tareas/ejercicios/{world['exercise_a'].pk}/")]:
        response = getattr(anonymous, method)(url)
        assert response.status_code == 302 and response["Location"].startswith("/cuenta/entrar/?next="), url


def test_a_teacher_cannot_mix_an_id_of_their_group_with_one_of_the_other(world):
    teacher = client_for(world["teacher_a"])
    g, a = world["group_a"].pk, world["assignment_a"].pk
    other_student, other_exercise = world["student_b"].pk, world["exercise_b"].pk
    assert teacher.post(f"/clases/{g}/alumnos/{other_student}/quitar/").status_code == 404
    assert teacher.post(f"/clases/{g}/alumnos/{other_student}/contrasena/").status_code == 404
    assert teacher.get(f"/clases/tareas/{a}/resultados/{other_student}/{world['exercise_a'].pk}/").status_code == 404
    assert teacher.get(f"/clases/tareas/{a}/resultados/{world['student_a'].pk}/{other_exercise}/").status_code == 404
    assert Membership.objects.filter(student=world["student_b"]).exists()


def test_the_other_student_cannot_see_or_answer_the_assignment(world):
    other = client_for(world["student_b"])
    a, e = world["assignment_a"].pk, world["exercise_a"].pk
    assert other.get(f"/tareas/{a}/").status_code == 404
    assert other.get(f"/tareas/ejercicios/{e}/").status_code == 404
    assert other.post(f"/tareas/ejercicios/{e}/", {"play": RIGHT}).status_code == 404
    response = post_json(other, f"/tareas/ejercicios/{e}/comprobar/", {"play": RIGHT})
    assert response.status_code == 404 and "error" in response.json()
    assert "Tarea A" not in other.get("/tareas/").content.decode()
    assert Attempt.objects.filter(student=world["student_b"]).count() == 1


def test_a_student_sees_only_their_own_attempts(world):
    a_page = client_for(world["student_a"]).get(f"/tareas/ejercicios/{world['exercise_a'].pk}/")
    assert a_page.content.decode().count("Intento 1") == 1
    another = make_user("alumno_c")
    Membership.objects.create(classroom=world["group_a"], student=another)
    html = client_for(another).get(f"/tareas/ejercicios/{world['exercise_a'].pk}/").content.decode()
    assert "Intento 1" not in html and "Aún no lo has intentado" in html
    assert client_for(another).get(f"/tareas/ejercicios/{world['exercise_a'].pk}/?intento=1").status_code == 404


def test_drafts_are_invisible_to_students_even_by_id(world):
    draft = make_assignment(world["group_a"], title="Borrador", published=False)
    exercise = add_custom_exercise(draft)
    student = client_for(world["student_a"])
    assert student.get(f"/tareas/{draft.pk}/").status_code == 404
    assert post_json(student, f"/tareas/ejercicios/{exercise.pk}/comprobar/", {"play": RIGHT}).status_code == 404


def test_a_removed_student_loses_access_but_keeps_the_history(world):
    Membership.objects.filter(student=world["student_a"]).delete()
    student = client_for(world["student_a"])
    assert student.get(f"/tareas/ejercicios/{world['exercise_a'].pk}/").status_code == 404
    history = student.get("/tareas/historial/").content.decode()
    assert RIGHT in history and f'href="/tareas/ejercicios/{world["exercise_a"].pk}/"' not in history


def test_anonymous_json_checks_are_refused_in_spanish(world):
    response = post_json(Client(), f"/tareas/ejercicios/{world['exercise_a'].pk}/comprobar/", {"play": RIGHT})
    assert response.status_code == 403 and "Inicia sesión" in response.json()["error"]


def test_classroom_forms_need_the_csrf_token(world):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(world["student_a"])
    assert strict.post(f"/tareas/ejercicios/{world['exercise_a'].pk}/", {"play": RIGHT}).status_code == 403
    assert post_json(strict, f"/tareas/ejercicios/{world['exercise_a'].pk}/comprobar/", {"play": RIGHT}).status_code == 403
    teacher = Client(enforce_csrf_checks=True)
    teacher.force_login(world["teacher_a"])
    assert teacher.post("/clases/", {"name": "Sin token"}).status_code == 403
    assert Attempt.objects.count() == 2 and not Classroom.objects.filter(name="Sin token").exists()
