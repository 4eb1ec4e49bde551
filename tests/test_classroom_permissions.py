"""Nobody reads or changes another group by editing an id: two teachers, two
groups and two students try every address of the other side."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from tests.classroom_factories import add_custom_exercise, make_assignment, make_classroom, make_user, post_json
from tutor.classroom.attempts import submit
from tutor.classroom.models import Assignment, Attempt, Classroom, Exercise, Membership

pytestmark = pytest.mark.django_db

RIGHT = "24/18 13/10"


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()


@pytest.fixture
def world():
    """Teacher A teaches group A with student A; teacher B, group B, student B."""
    teacher_a, teacher_b = make_user("profe_a", teacher=True), make_user("profe_b", teacher=True)
    student_a, student_b = make_user("alumno_a"), make_user("alumno_b")
    group_a = make_classroom(teacher_a, "Grupo A", students=[student_a])
    group_b = make_classroom(teacher_b, "Grupo B", students=[student_b])
    assignment_a, assignment_b = make_assignment(group_a, title="Tarea A"), make_assignment(group_b, title="Tarea B")
    exercise_a, exercise_b = add_custom_exercise(assignment_a), add_custom_exercise(assignment_b)
    submit(exercise_a, exercise_a.puzzle(), student_a, RIGHT)
    submit(exercise_b, exercise_b.puzzle(), student_b, RIGHT)
    return {
        "teacher_a": teacher_a, "teacher_b": teacher_b, "student_a": student_a, "student_b": student_b,
        "group_a": group_a, "group_b": group_b, "assignment_a": assignment_a, "assignment_b": assignment_b,
        "exercise_a": exercise_a, "exercise_b": exercise_b,
    }


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def teacher_urls(w) -> list[tuple[str, str]]:
    """Every teacher address about group A, its assignment, exercise and student."""
    g, a, e, s = w["group_a"].pk, w["assignment_a"].pk, w["exercise_a"].pk, w["student_a"].pk
    return [
        ("get", f"/clases/{g}/"),
        ("post", f"/clases/{g}/codigo/"),
        ("get", f"/clases/{g}/cuentas/"),
        ("post", f"/clases/{g}/cuentas/"),
        ("get", f"/clases/{g}/alumnos/{s}/quitar/"),
        ("post", f"/clases/{g}/alumnos/{s}/quitar/"),
        ("post", f"/clases/{g}/alumnos/{s}/contrasena/"),
        ("get", f"/clases/{g}/tareas/nueva/"),
        ("post", f"/clases/{g}/tareas/nueva/"),
        ("get", f"/clases/tareas/{a}/"),
        ("get", f"/clases/tareas/{a}/editar/"),
        ("post", f"/clases/tareas/{a}/editar/"),
        ("get", f"/clases/tareas/{a}/borrar/"),
        ("post", f"/clases/tareas/{a}/borrar/"),
        ("post", f"/clases/tareas/{a}/publicar/"),
        ("get", f"/clases/tareas/{a}/lecciones/"),
        ("post", f"/clases/tareas/{a}/lecciones/"),
        ("get", f"/clases/tareas/{a}/propio/"),
        ("post", f"/clases/tareas/{a}/propio/"),
        ("post", f"/clases/ejercicios/{e}/quitar/"),
        ("get", f"/clases/tareas/{a}/resultados/"),
        ("get", f"/clases/tareas/{a}/resultados/{s}/{e}/"),
        ("get", f"/clases/tareas/{a}/resultados.csv"),
        ("get", f"/clases/tareas/{a}/intentos.csv"),
    ]


def snapshot():
    return (
        list(Classroom.objects.values_list("pk", "name", "join_code").order_by("pk")),
        list(Membership.objects.values_list("classroom_id", "student_id").order_by("pk")),
        list(Assignment.objects.values_list("pk", "title", "published_at").order_by("pk")),
        list(Exercise.objects.values_list("pk", "assignment_id").order_by("pk")),
        Attempt.objects.count(),
    )


def test_the_other_teacher_gets_404_on_every_address_and_changes_nothing(world):
    other = client_for(world["teacher_b"])
    before = snapshot()
    for method, url in teacher_urls(world):
        response = getattr(other, method)(url, {"name": "x", "title": "x", "names": "Intruso", "puzzles": ["x"]} if method == "post" else None)
        assert response.status_code == 404, (method, url, response.status_code)
    assert snapshot() == before


def test_the_own_teacher_reaches_every_address(world):
    own = client_for(world["teacher_a"])
    for method, url in teacher_urls(world):
        if method == "get":
            assert own.get(url).status_code in (200, 302), url


def test_students_get_403_on_teacher_addresses(world):
    student = client_for(world["student_a"])
    before = snapshot()
    for method, url in teacher_urls(world):
        assert getattr(student, method)(url).status_code == 403, (method, url)
    assert snapshot() == before


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
