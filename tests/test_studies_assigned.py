"""A study given in a classroom assignment: one item per chapter with a question, in the results, the status and intentos.csv."""

from __future__ import annotations

import pytest

from tests.classroom_factories import make_assignment, make_classroom, make_user, post_json, signed_in
from tests.study_factories import CHOICE_RIGHT, OPENING_PIPS, RIGHT_PLAY, WRONG_PLAY, chapters, make_study
from tutor.classroom.models import item_counts
from tutor.classroom.results import build_grid, with_progress
from tutor.studies.models import AssignedStudy, Chapter, Sharing

pytestmark = pytest.mark.django_db


@pytest.fixture
def setting():
    teacher = make_user("carmen", teacher=True)
    student = make_user("lucia", name="Lucía")
    classroom = make_classroom(teacher, students=[student])
    study = make_study(teacher, sharing=Sharing.PRIVATE)
    Chapter.objects.create(study=study, order=3, title="Para leer", xgid=chapters(study)[0].xgid)  # no question: no item
    assignment = make_assignment(classroom, published=False)
    return teacher, student, study, assignment


def answer_all(client, study, play_first: str = WRONG_PLAY):
    play, choice, number, _ = chapters(study)
    post_json(client, f"/estudios/{study.pk}/capitulos/{play.pk}/comprobar/", {"play": play_first})
    post_json(client, f"/estudios/{study.pk}/capitulos/{choice.pk}/comprobar/", {"answer": CHOICE_RIGHT})
    post_json(client, f"/estudios/{study.pk}/capitulos/{number.pk}/comprobar/", {"answer": str(OPENING_PIPS)})


def test_the_teacher_adds_a_study_and_each_chapter_with_a_question_is_one_item(setting):
    teacher, _, study, assignment = setting
    client = signed_in(teacher)
    response = client.post(f"/estudios/tareas/{assignment.pk}/anadir/", {"estudio": study.pk}, follow=True)
    assert "cada capítulo con pregunta cuenta como un ejercicio" in response.content.decode()
    assert item_counts([assignment])[assignment.pk] == 3
    client.post(f"/clases/tareas/{assignment.pk}/publicar/")
    assignment.refresh_from_db()
    assert assignment.is_published  # a study alone is enough to publish


def test_a_study_of_another_teacher_or_a_second_time_is_refused(setting):
    teacher, _, study, assignment = setting
    other = make_study(make_user("otro", teacher=True), title="Ajeno")
    client = signed_in(teacher)
    assert "Elige uno de tus estudios." in client.post(f"/estudios/tareas/{assignment.pk}/anadir/", {"estudio": other.pk}, follow=True).content.decode()
    assert "Elige uno de tus estudios." in client.post(f"/estudios/tareas/{assignment.pk}/anadir/", {"estudio": "99999999999999999999999"}, follow=True).content.decode()
    client.post(f"/estudios/tareas/{assignment.pk}/anadir/", {"estudio": study.pk})
    assert "ya está en la tarea" in client.post(f"/estudios/tareas/{assignment.pk}/anadir/", {"estudio": study.pk}, follow=True).content.decode()
    assert AssignedStudy.objects.count() == 1
    stranger = signed_in(make_user("otra", teacher=True))
    assert stranger.post(f"/estudios/tareas/{assignment.pk}/anadir/", {"estudio": study.pk}).status_code == 404


def test_the_students_answers_count_in_the_assignments_status_results_and_attempts_csv(setting):
    teacher, student, study, assignment = setting
    AssignedStudy.objects.create(assignment=assignment, study=study)
    assignment.publish()
    client = signed_in(student)
    page = client.get(f"/tareas/{assignment.pk}/").content.decode()
    assert "El 3-1 de salida" in page and "Empezar" in page
    answer_all(client, study)
    [progress] = with_progress([assignment], student)
    assert (progress.solved_count, progress.item_count, progress.status) == (2, 3, "started")
    post_json(client, f"/estudios/{study.pk}/capitulos/{chapters(study)[0].pk}/comprobar/", {"play": RIGHT_PLAY})
    [progress] = with_progress([assignment], student)
    assert (progress.solved_count, progress.status) == (3, "done")
    grid = build_grid(assignment)
    assert [cell.label for _, cells in grid.table for cell in cells] == ["3 de 3 resueltos, 3 intentados"]
    body = signed_in(teacher).get(f"/clases/tareas/{assignment.pk}/intentos.csv").content.decode("utf-8")
    assert "Estudio «El 3-1 de salida»: 1. Hacer el 5" in body and WRONG_PLAY in body and "«El 5»" in body


def test_a_study_answered_by_the_group_cannot_be_taken_out(setting):
    teacher, student, study, assignment = setting
    assigned = AssignedStudy.objects.create(assignment=assignment, study=study)
    assignment.publish()
    answer_all(signed_in(student), study)
    response = signed_in(teacher).post(f"/estudios/tareas/quitar/{assigned.pk}/", follow=True)
    assert "no se puede quitar" in response.content.decode()
    assert AssignedStudy.objects.exists()


def test_a_study_without_questions_is_refused(setting):
    teacher, _, _, assignment = setting
    empty = make_study(teacher, title="Solo texto")
    empty.chapters.update(question_kind="ninguna")
    response = signed_in(teacher).post(f"/estudios/tareas/{assignment.pk}/anadir/", {"estudio": empty.pk}, follow=True)
    assert "no hace ninguna pregunta" in response.content.decode()
