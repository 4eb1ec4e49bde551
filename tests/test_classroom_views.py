"""The classroom pages: a teacher's groups, assignments, exercises and
results; a student's joining, assignments, exercises and history."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.classroom_factories import (
    OPENING_XGID,
    add_custom_exercise,
    add_lesson_exercise,
    lesson_puzzle,
    make_assignment,
    make_classroom,
    make_user,
    post_json,
)
from tutor.accounts.models import Profile
from tutor.accounts.onetime import create_account
from tutor.classroom.attempts import submit
from tutor.classroom.models import Assignment, Attempt, Classroom, Exercise, Membership
from tutor.engine import Position, format_gnubg_id
from tutor.lessons.library import get_library

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits")]

WRONG_DIE = "24/18 13/9"
RIGHT = "24/18 13/10"


@pytest.fixture
def teacher():
    return make_user("profe", teacher=True, name="Carmen")


@pytest.fixture
def teacher_client(teacher):
    client = Client()
    client.force_login(teacher)
    return client


@pytest.fixture
def student():
    return make_user("lucia", name="Lucía")


@pytest.fixture
def student_client(student):
    client = Client()
    client.force_login(student)
    return client


# -- groups ---------------------------------------------------------------------


def test_a_teacher_creates_a_group_and_sees_its_join_code_and_link(teacher_client, teacher):
    response = teacher_client.post("/clases/", {"name": "2.º B"})
    classroom = Classroom.objects.get(teacher=teacher)
    assert response["Location"] == f"/clases/{classroom.pk}/"
    html = teacher_client.get(response["Location"]).content.decode()
    assert classroom.join_code in html
    assert f"http://testserver/unirse/{classroom.join_code}/" in html
    assert "Grupo «2.º B» creado" in html


def test_a_group_needs_a_name(teacher_client):
    response = teacher_client.post("/clases/", {"name": "  "})
    assert response.status_code == 400
    assert "Escribe un nombre para el grupo." in response.content.decode()
    assert not Classroom.objects.exists()


def test_the_list_shows_only_my_groups_with_counts(teacher_client, teacher, student):
    make_classroom(teacher, "Mío", students=[student])
    make_classroom(make_user("otra", teacher=True), "Ajeno")
    html = teacher_client.get("/clases/").content.decode()
    assert "Mío" in html and "Ajeno" not in html and "1 alumno ·" in html


def test_changing_the_code_invalidates_the_old_one(teacher_client, teacher, student_client):
    classroom = make_classroom(teacher)
    old = classroom.join_code
    teacher_client.post(f"/clases/{classroom.pk}/codigo/")
    classroom.refresh_from_db()
    assert classroom.join_code != old
    assert student_client.post("/unirse/", {"code": old}).status_code == 400


def test_the_roster_lists_students_and_a_teacher_removes_one_keeping_attempts(teacher_client, teacher, student):
    classroom = make_classroom(teacher, students=[student])
    exercise = add_custom_exercise(make_assignment(classroom))
    submit(exercise, exercise.puzzle(), student, RIGHT)
    html = teacher_client.get(f"/clases/{classroom.pk}/").content.decode()
    assert "Lucía" in html and "lucia" in html
    confirm = teacher_client.get(f"/clases/{classroom.pk}/alumnos/{student.pk}/quitar/")
    assert "¿Quitar a Lucía" in confirm.content.decode()
    teacher_client.post(f"/clases/{classroom.pk}/alumnos/{student.pk}/quitar/")
    assert not Membership.objects.filter(classroom=classroom, student=student).exists()
    assert Attempt.objects.filter(student=student).count() == 1


def test_accounts_for_students_without_email_are_printed_once_with_one_time_passwords(teacher_client, teacher):
    classroom = make_classroom(teacher)
    response = teacher_client.post(f"/clases/{classroom.pk}/cuentas/", {"names": "Lucía G.\n\n  Pablo  \nLucía G."})
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    html = response.content.decode()
    usernames = ["lucia.g", "pablo", "lucia.g2"]
    for username in usernames:
        assert f"<dd>{username}</dd>" in html
        profile = Profile.objects.get(user__username=username)
        assert profile.must_change_password and profile.created_by == teacher
    passwords = re.findall(r"<dt>Contraseña</dt><dd>([^<]+)</dd>", html)
    assert len(passwords) == 3 and len(set(passwords)) == 3
    assert Membership.objects.filter(classroom=classroom).count() == 3
    student = Profile.objects.get(user__username="pablo").user
    assert student.check_password(passwords[1]) and passwords[1] not in student.password
    assert "Contraseñas de un solo uso" in html


def test_the_accounts_form_refuses_too_many_or_no_names(teacher_client, teacher):
    classroom = make_classroom(teacher)
    empty = teacher_client.post(f"/clases/{classroom.pk}/cuentas/", {"names": "\n \n"})
    many = teacher_client.post(f"/clases/{classroom.pk}/cuentas/", {"names": "\n".join(f"Alumno {n}" for n in range(41))})
    assert empty.status_code == many.status_code == 400
    assert "Escribe al menos un nombre." in empty.content.decode()
    assert "como mucho 40 cuentas" in many.content.decode()
    assert not Membership.objects.exists()


def test_a_teacher_gives_a_new_one_time_password_only_to_accounts_they_created(teacher_client, teacher, student):
    young, _ = create_account("Pablo", teacher)
    classroom = make_classroom(teacher, students=[young, student])
    response = teacher_client.post(f"/clases/{classroom.pk}/alumnos/{young.pk}/contrasena/")
    password = re.search(r"<dt>Contraseña</dt><dd>([^<]+)</dd>", response.content.decode())[1]
    young.refresh_from_db()
    assert young.check_password(password)
    refused = teacher_client.post(f"/clases/{classroom.pk}/alumnos/{student.pk}/contrasena/", follow=True)
    assert "Solo puedes dar una contraseña nueva" in refused.content.decode()


# -- assignments and exercises -----------------------------------------------------


def test_a_teacher_creates_an_assignment_with_a_due_date(teacher_client, teacher):
    classroom = make_classroom(teacher)
    response = teacher_client.post(
        f"/clases/{classroom.pk}/tareas/nueva/",
        {"title": "Entrar desde la barra", "instructions": "Haced los tres.", "due_at": "2030-03-14T18:30"},
    )
    assignment = Assignment.objects.get()
    assert response["Location"] == f"/clases/tareas/{assignment.pk}/"
    assert timezone.localtime(assignment.due_at).strftime("%d/%m/%Y %H:%M") == "14/03/2030 18:30"
    assert not assignment.is_published


def test_assignment_form_errors_are_spanish(teacher_client, teacher):
    classroom = make_classroom(teacher)
    response = teacher_client.post(f"/clases/{classroom.pk}/tareas/nueva/", {"title": "", "due_at": "mañana"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "Escribe un título para la tarea." in html and "Escribe la fecha como" in html


def test_lesson_puzzles_are_browsed_by_lesson_and_by_rule(teacher_client, teacher):
    assignment = make_assignment(make_classroom(teacher), published=False)
    lesson = next(lesson for lesson in get_library().course() if len(lesson.puzzles) > 2)
    by_lesson = teacher_client.get(f"/clases/tareas/{assignment.pk}/lecciones/?leccion={lesson.slug}").content.decode()
    others = [p for p in get_library().puzzles().values() if p.lesson != lesson.slug]
    assert all(f'value="{p.slug}"' in by_lesson for p in lesson.puzzles)
    assert not any(f'value="{p.slug}"' in by_lesson for p in others)
    rule = lesson.puzzles[0].rule
    by_rule = teacher_client.get(f"/clases/tareas/{assignment.pk}/lecciones/?regla={rule}").content.decode()
    for puzzle in get_library().puzzles().values():
        assert (f'value="{puzzle.slug}"' in by_rule) == (puzzle.rule == rule)


def test_chosen_lesson_puzzles_are_added_in_order_and_not_twice(teacher_client, teacher):
    assignment = make_assignment(make_classroom(teacher), published=False)
    first, second = list(get_library().puzzles())[:2]
    teacher_client.post(f"/clases/tareas/{assignment.pk}/lecciones/", {"puzzles": [first, second]})
    assert list(assignment.exercises.values_list("puzzle_slug", flat=True)) == [first, second]
    again = teacher_client.post(f"/clases/tareas/{assignment.pk}/lecciones/", {"puzzles": [first]})
    assert again.status_code == 400 and assignment.exercises.count() == 2


def test_an_unknown_or_missing_puzzle_choice_is_a_spanish_400(teacher_client, teacher):
    assignment = make_assignment(make_classroom(teacher), published=False)
    unknown = teacher_client.post(f"/clases/tareas/{assignment.pk}/lecciones/", {"puzzles": ["no-existe"]})
    missing = teacher_client.post(f"/clases/tareas/{assignment.pk}/lecciones/", {})
    assert unknown.status_code == missing.status_code == 400
    assert "no es un ejercicio de las lecciones" in unknown.content.decode()
    assert "Marca al menos un ejercicio." in missing.content.decode()


def custom(client, assignment, action, **fields):
    data = {"question_key": "jugada", "dice": "6-3", "turn": "blancas", "action": action, **fields}
    return client.post(f"/clases/tareas/{assignment.pk}/propio/", data)


def test_the_board_editor_previews_every_legal_play_before_adding(teacher_client, teacher):
    assignment = make_assignment(make_classroom(teacher), published=False)
    preview = custom(teacher_client, assignment, "preview", xgid=OPENING_XGID)
    html = preview.content.decode()
    plays = Position.from_xgid(OPENING_XGID).legal_plays((6, 3))
    assert preview.status_code == 200 and "Vista previa" in html and "<svg" in html
    assert f"Todas las jugadas legales ({len(plays)})" in html
    assert all(f"<code class=\"notation\">{play.notation}</code>" in html for play in plays)
    assert not assignment.exercises.exists()
    checked = re.search(r'name="checked" value="([0-9a-f]+)"', html)[1]
    saved = custom(teacher_client, assignment, "save", xgid=OPENING_XGID, checked=checked)
    assert saved["Location"] == f"/clases/tareas/{assignment.pk}/"
    exercise = assignment.exercises.get()
    assert exercise.is_custom and exercise.xgid == Position.from_xgid(OPENING_XGID).with_dice("6-3").to_xgid()


def test_an_exercise_changed_after_the_preview_is_previewed_again_not_saved(teacher_client, teacher):
    assignment = make_assignment(make_classroom(teacher), published=False)
    html = custom(teacher_client, assignment, "preview", xgid=OPENING_XGID).content.decode()
    checked = re.search(r'name="checked" value="([0-9a-f]+)"', html)[1]
    again = custom(teacher_client, assignment, "save", xgid=OPENING_XGID, dice="5-2", checked=checked)
    assert again.status_code == 200 and "Has cambiado algo" in again.content.decode()
    assert not assignment.exercises.exists()


def test_the_board_editor_reads_a_gnubg_id_and_checkers_point_by_point(teacher_client, teacher):
    assignment = make_assignment(make_classroom(teacher), published=False)
    gnubg = format_gnubg_id(Position.initial().with_dice("4-2"))
    assert "Vista previa" in custom(teacher_client, assignment, "preview", gnubg_id=gnubg, dice="").content.decode()
    layout = custom(teacher_client, assignment, "preview", white="6:5 8:3 13:5 24:2", black="1:2 12:5 17:3 19:5", question_key="jugadas")
    assert "Respuesta correcta según el motor: <strong>" in layout.content.decode()


def test_the_board_editor_shows_spanish_errors_next_to_the_field(teacher_client, teacher):
    assignment = make_assignment(make_classroom(teacher), published=False)
    bad = custom(teacher_client, assignment, "preview", xgid="XGID=roto")
    assert bad.status_code == 400
    assert re.search(r'id="id_xgid_error"><li>No se puede leer ese XGID', bad.content.decode())
    both = custom(teacher_client, assignment, "preview", xgid=OPENING_XGID, white="6:2")
    assert "de una sola forma" in both.content.decode()
    none = custom(teacher_client, assignment, "preview")
    assert "Describe la posición" in none.content.decode()
    assert not assignment.exercises.exists()


def test_publishing_needs_an_exercise(teacher_client, teacher):
    assignment = make_assignment(make_classroom(teacher), published=False)
    page = teacher_client.post(f"/clases/tareas/{assignment.pk}/publicar/", follow=True).content.decode()
    assert "Añade al menos un ejercicio" in page
    add_custom_exercise(assignment)
    teacher_client.post(f"/clases/tareas/{assignment.pk}/publicar/")
    assignment.refresh_from_db()
    assert assignment.is_published


def test_exercises_or_assignments_with_attempts_cannot_be_removed(teacher_client, teacher, student):
    assignment = make_assignment(make_classroom(teacher, students=[student]))
    exercise = add_custom_exercise(assignment)
    spare = add_custom_exercise(assignment, dice="5-2")
    submit(exercise, exercise.puzzle(), student, RIGHT)
    page = teacher_client.post(f"/clases/ejercicios/{exercise.pk}/quitar/", follow=True).content.decode()
    assert "ya tiene respuestas" in page and Exercise.objects.filter(pk=exercise.pk).exists()
    teacher_client.post(f"/clases/ejercicios/{spare.pk}/quitar/")
    assert not Exercise.objects.filter(pk=spare.pk).exists()
    teacher_client.post(f"/clases/tareas/{assignment.pk}/borrar/")
    assert Assignment.objects.filter(pk=assignment.pk).exists()


def test_an_assignment_without_attempts_can_be_deleted_after_confirming(teacher_client, teacher):
    assignment = make_assignment(make_classroom(teacher), published=False)
    assert "¿Borrar la tarea" in teacher_client.get(f"/clases/tareas/{assignment.pk}/borrar/").content.decode()
    teacher_client.post(f"/clases/tareas/{assignment.pk}/borrar/")
    assert not Assignment.objects.exists()


# -- students ---------------------------------------------------------------------------


def test_a_student_joins_with_the_code_typed_loosely(student_client, teacher, student):
    classroom = make_classroom(teacher)
    code = classroom.join_code
    response = student_client.post("/unirse/", {"code": f" {code[:4].lower()}-{code[4:]} "})
    assert response["Location"] == "/tareas/"
    assert Membership.objects.filter(classroom=classroom, student=student).exists()
    assert "Ya estabas" in student_client.post("/unirse/", {"code": code}, follow=True).content.decode()


def test_a_wrong_code_is_a_spanish_400(student_client):
    response = student_client.post("/unirse/", {"code": "NOEXISTE"})
    assert response.status_code == 400
    assert "No hay ningún grupo con ese código" in response.content.decode()


def test_the_join_link_asks_to_log_in_first_then_to_confirm(client, teacher, student):
    classroom = make_classroom(teacher)
    link = f"/unirse/{classroom.join_code}/"
    assert client.get(link)["Location"] == f"/cuenta/entrar/?next={link}"
    client.force_login(student)
    assert "¿Unirte a «2.º B»?" in client.get(link).content.decode()
    assert not Membership.objects.exists()
    client.post(link)
    assert Membership.objects.filter(student=student).exists()
    # Opened again as a member: no question to confirm, only where they already are.
    again = client.get(link, follow=True).content.decode()
    assert "¿Unirte a" not in again and "Ya estabas en «2.º B»." in again
    assert Membership.objects.filter(student=student).count() == 1


def test_students_see_published_assignments_with_due_date_and_status(student_client, teacher, student):
    classroom = make_classroom(teacher, students=[student])
    shown = make_assignment(classroom, title="Visible")
    add_custom_exercise(shown)
    make_assignment(classroom, title="Borrador", published=False)
    make_assignment(make_classroom(teacher, "Otro"), title="De otro grupo")
    html = student_client.get("/tareas/").content.decode()
    assert "Visible" in html and "Borrador" not in html and "De otro grupo" not in html
    assert "Pendiente" in html and "0 de 1" in html


def test_a_student_solves_an_exercise_after_a_wrong_try_without_javascript(student_client, teacher, student):
    assignment = make_assignment(make_classroom(teacher, students=[student]))
    exercise = add_custom_exercise(assignment)
    url = f"/tareas/ejercicios/{exercise.pk}/"
    page = student_client.get(url).content.decode()
    assert 'data-check-url="/tareas/ejercicios/%d/comprobar/"' % exercise.pk in page
    assert f'action="{url}"' in page and "Ver solución" not in page
    wrong = student_client.post(url, {"play": WRONG_DIE})
    assert wrong["Location"] == f"{url}?intento=1#ejercicio"
    html = student_client.get(wrong["Location"]).content.decode()
    code = Attempt.objects.get(number=1).code_list[0]
    assert 'data-verdict="illegal"' in html and f'data-code="{code}"' in html
    student_client.post(url, {"play": RIGHT})
    html = student_client.get(f"{url}?intento=2").content.decode()
    assert 'data-verdict="correct"' in html and "Resuelto" in html
    assert [a.correct for a in Attempt.objects.order_by("number")] == [False, True]


def test_the_json_check_stores_the_attempt_and_answers_like_the_lessons(student_client, teacher, student):
    assignment = make_assignment(make_classroom(teacher, students=[student]))
    exercise = add_lesson_exercise(assignment, lesson_puzzle("jugada", with_tempting=True))
    tempting = exercise.puzzle().tempting[0]
    url = f"/tareas/ejercicios/{exercise.pk}/comprobar/"
    data = post_json(student_client, url, {"play": tempting.text}).json()
    assert data["correct"] is False and data["reasons"][0]["code"] == tempting.code
    assert data["legal_plays"] is None and data["attempt"] == 1
    play = exercise.puzzle().position.legal_plays()[0].notation
    data = post_json(student_client, url, {"play": play}).json()
    assert data["correct"] is True and data["attempt"] == 2 and data["legal_plays"]
    assert Attempt.objects.filter(student=student).count() == 2


def test_the_json_check_says_where_siguiente_leads_next_to_the_verdict(student_client, teacher, student):
    assignment = make_assignment(make_classroom(teacher, students=[student]))
    first, last = add_custom_exercise(assignment), add_custom_exercise(assignment, dice="5-2")
    data = post_json(student_client, f"/tareas/ejercicios/{first.pk}/comprobar/", {"play": RIGHT}).json()
    assert data["progress"] == {"next_url": last.get_absolute_url(), "next_label": "Siguiente ejercicio"}
    data = post_json(student_client, f"/tareas/ejercicios/{last.pk}/comprobar/", {"play": "13/8 13/11"}).json()
    assert data["progress"] == {"next_url": f"/tareas/{assignment.pk}/", "next_label": "Volver a la tarea"}


def test_answers_of_other_kinds_are_judged_and_stored(student_client, teacher, student):
    assignment = make_assignment(make_classroom(teacher, students=[student]))
    exercise = add_custom_exercise(assignment, question_key="legalidad", play=WRONG_DIE)
    url = f"/tareas/ejercicios/{exercise.pk}/comprobar/"
    assert post_json(student_client, url, {"answer": "sí"}).json()["correct"] is False
    assert post_json(student_client, url, {"answer": "no"}).json()["correct"] is True
    html = student_client.get(f"/tareas/ejercicios/{exercise.pk}/").content.decode()
    assert 'name="answer" value="si"' in html and "¿Es legal la jugada" in html


def test_bad_json_gets_a_spanish_4xx_and_stores_nothing(student_client, teacher, student):
    exercise = add_custom_exercise(make_assignment(make_classroom(teacher, students=[student])))
    url = f"/tareas/ejercicios/{exercise.pk}/comprobar/"
    for body, status in (("{roto", 400), ([1, 2], 400), ({"answer": "x"}, 400), ({"play": ["13/7"]}, 400), ({"play": "x" * 300}, 400)):
        response = post_json(student_client, url, body)
        assert response.status_code == status and response.json()["error"]
    assert not Attempt.objects.exists()


def test_two_quick_submissions_are_two_attempts(student_client, teacher, student):
    exercise = add_custom_exercise(make_assignment(make_classroom(teacher, students=[student])))
    url = f"/tareas/ejercicios/{exercise.pk}/"
    student_client.post(url, {"play": RIGHT})
    post_json(student_client, f"{url}comprobar/", {"play": RIGHT})
    assert list(Attempt.objects.values_list("number", flat=True)) == [1, 2]


def test_an_unknown_attempt_number_in_the_address_is_a_404(student_client, teacher, student):
    exercise = add_custom_exercise(make_assignment(make_classroom(teacher, students=[student])))
    assert student_client.get(f"/tareas/ejercicios/{exercise.pk}/?intento=abc").status_code == 404


def test_the_assignment_page_shows_each_exercise_status(student_client, teacher, student):
    assignment = make_assignment(make_classroom(teacher, students=[student]))
    solved = add_custom_exercise(assignment)
    add_custom_exercise(assignment, dice="5-2")
    submit(solved, solved.puzzle(), student, RIGHT)
    html = student_client.get(f"/tareas/{assignment.pk}/").content.decode()
    assert "Resuelto" in html and "Sin intentar" in html and "En curso" in html


def test_the_history_lists_only_my_attempts_newest_first(student_client, teacher, student):
    other = make_user("pablo")
    exercise = add_custom_exercise(make_assignment(make_classroom(teacher, students=[student, other])))
    submit(exercise, exercise.puzzle(), student, WRONG_DIE)
    submit(exercise, exercise.puzzle(), student, RIGHT)
    submit(exercise, exercise.puzzle(), other, "8/2 6/3")
    html = student_client.get("/tareas/historial/").content.decode()
    assert html.index(RIGHT) < html.index(WRONG_DIE) and "8/2 6/3" not in html


def test_late_answers_are_allowed_and_marked(student_client, teacher, student):
    assignment = make_assignment(make_classroom(teacher, students=[student]), due_in=-timedelta(days=1))
    exercise = add_custom_exercise(assignment)
    html = student_client.get(f"/tareas/ejercicios/{exercise.pk}/").content.decode()
    assert "Plazo terminado" in html
    student_client.post(f"/tareas/ejercicios/{exercise.pk}/", {"play": RIGHT})
    assert Attempt.objects.get().is_late


# -- results ------------------------------------------------------------------------------


def test_the_teacher_sees_the_grid_each_attempt_with_its_reason_and_the_rule_summary(teacher_client, teacher, student):
    assignment = make_assignment(make_classroom(teacher, students=[student]))
    exercise = add_custom_exercise(assignment)
    wrong, judgement = submit(exercise, exercise.puzzle(), student, WRONG_DIE)
    submit(exercise, exercise.puzzle(), student, RIGHT)
    grid = teacher_client.get(f"/clases/tareas/{assignment.pk}/resultados/").content.decode()
    cell_url = f"/clases/tareas/{assignment.pk}/resultados/{student.pk}/{exercise.pk}/"
    assert cell_url in grid and "Resuelto en el intento 2" in grid
    assert f"<code>{wrong.code_list[0]}</code>" in grid and "Lucía (1)" in grid
    cell = teacher_client.get(cell_url).content.decode()
    assert WRONG_DIE in cell and RIGHT in cell
    assert f'data-code="{wrong.code_list[0]}"' in cell and judgement.reasons[0]["message"] in cell


def test_the_teacher_downloads_both_csv_files(teacher_client, teacher, student):
    assignment = make_assignment(make_classroom(teacher, students=[student]))
    add_custom_exercise(assignment)
    for name in ("resultados", "intentos"):
        response = teacher_client.get(f"/clases/tareas/{assignment.pk}/{name}.csv")
        assert response.status_code == 200 and response.content.startswith("\ufeff".encode())
        assert response["Content-Disposition"].endswith(f'-{name}.csv"')


def test_a_wrong_yes_or_no_is_incorrect_not_an_illegal_play(student_client, teacher, student):
    exercise = add_custom_exercise(make_assignment(make_classroom(teacher, students=[student])), question_key="legalidad", play=WRONG_DIE)
    student_client.post(f"/tareas/ejercicios/{exercise.pk}/", {"answer": "si"})
    html = student_client.get(f"/tareas/ejercicios/{exercise.pk}/").content.decode()
    assert '<span class="tag tag--error">Incorrecto</span>' in html and "Jugada ilegal</span>" not in html
    assert 'data-plays="false"' in html


def test_a_teacher_following_their_own_join_link_is_not_added_as_a_student(teacher_client, teacher):
    classroom = make_classroom(teacher)
    page = teacher_client.post(f"/unirse/{classroom.join_code}/", follow=True).content.decode()
    assert "no hace falta unirte" in page and not Membership.objects.exists()


def test_a_join_link_with_a_wrong_code_is_a_spanish_400(student_client):
    response = student_client.get("/unirse/NOEXISTE/")
    assert response.status_code == 400
    assert "No hay ningún grupo con ese código" in response.content.decode()


def test_classroom_pages_have_no_inline_script_or_event_handler(teacher_client, student_client, teacher, student):
    classroom = make_classroom(teacher, students=[student])
    assignment = make_assignment(classroom)
    exercise = add_custom_exercise(assignment)
    submit(exercise, exercise.puzzle(), student, WRONG_DIE)
    pages = [
        (teacher_client, url)
        for url in ("/clases/", f"/clases/{classroom.pk}/", f"/clases/tareas/{assignment.pk}/", f"/clases/tareas/{assignment.pk}/propio/", f"/clases/tareas/{assignment.pk}/resultados/")
    ] + [(student_client, url) for url in ("/tareas/", f"/tareas/{assignment.pk}/", f"/tareas/ejercicios/{exercise.pk}/", "/tareas/historial/")]
    for client, url in pages:
        html = client.get(url).content.decode()
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), url
        assert not re.search(r"\son[a-z]+=", html), url
        assert "style=" not in html, url
    assert '<script type="module" src="/static/js/classroom/attempts.js">' in student_client.get(f"/tareas/ejercicios/{exercise.pk}/").content.decode()
