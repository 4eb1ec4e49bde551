"""The admin for staff: groups, assignments, exercises, attempts and users
with their teacher flag, with list columns, filters and search."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.classroom_factories import add_custom_exercise, make_assignment, make_classroom, make_user
from tutor.accounts.models import Profile
from tutor.classroom.attempts import submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(get_user_model().objects.create_superuser("admin", "admin@example.org", "clave-de-admin-1"))
    return client


@pytest.fixture
def data():
    teacher, student = make_user("profe", teacher=True), make_user("lucia")
    exercise = add_custom_exercise(make_assignment(make_classroom(teacher, "Grupo del admin", students=[student])))
    attempt, _ = submit(exercise, exercise.puzzle(), student, "24/18 13/9")
    return teacher, student, exercise, attempt


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("/admin/classroom/classroom/?q=Grupo", "Grupo del admin"),
        ("/admin/classroom/membership/?q=lucia", "lucia"),
        ("/admin/classroom/assignment/?published_at__isnull=False", "Primeros pasos"),
        ("/admin/classroom/exercise/?kind=jugada", "Jugar un turno completo legal"),
        ("/admin/classroom/attempt/?correct__exact=0", "24/18 13/9"),
        ("/admin/accounts/profile/?is_teacher__exact=1", "profe"),
        ("/admin/auth/user/?profile__is_teacher__exact=1", "profe"),
    ],
)
def test_staff_browse_every_list_with_its_filters(staff_client, data, url, shown):
    response = staff_client.get(url)
    assert response.status_code == 200
    assert shown in response.content.decode()


def test_attempts_are_a_record_staff_cannot_add_or_edit(staff_client, data):
    _, _, _, attempt = data
    assert staff_client.get("/admin/classroom/attempt/add/").status_code == 403
    page = staff_client.get(f"/admin/classroom/attempt/{attempt.pk}/change/").content.decode()
    assert 'name="text"' not in page and "24/18 13/9" in page


def test_staff_make_a_user_a_teacher_with_an_action(staff_client, data):
    _, student, _, _ = data
    staff_client.post("/admin/auth/user/", {"action": "make_teacher", "_selected_action": [student.pk]})
    assert Profile.objects.get(user=student).is_teacher
