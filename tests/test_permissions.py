"""Permissions on every URL that shows or changes data, read from the URL resolver.

Teacher A teaches group A, where student A has answered an assignment and
plays a practice match against the computer.
Every route of the site is requested (GET, a form POST and a JSON POST) by
an anonymous visitor, by a student of another group and by the teacher of
another group.  For each route:

- routes about one of A's objects (an id in the URL) refuse all three:
  anonymous visitors go to the login page, the others get 403 or 404;
- the admin sends all three to its own login page;
- no answer shows any of A's data, and afterwards none of A's data has changed.

A route this test does not know how to fill in fails it: new routes
cannot be forgotten.
"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.site_urls import site_routes
from tests.site_world import RIGHT, make_group
from tutor.accounts.models import Profile
from tutor.classroom.models import Assignment, Attempt, Classroom, Exercise, Membership
from tutor.practice.models import Action, PracticeMatch
from tutor.studies.models import Chapter, Study
from tutor.uploads.models import UploadedMatch

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quick_and_reproducible")]

# Routes anyone may use: they show nobody's data (checked below all the same).
PUBLIC = {
    "admin:login",
    "admin:logout",
    "accounts:signup",
    "accounts:login",
    "accounts:logout",
    "accounts:password_reset",
    "accounts:password_reset_done",
    "accounts:password_reset_complete",
    "health:health",
    "home:index",
    "home:about",
    "lessons:index",
    "lessons:lesson",
    "lessons:puzzle",
    "lessons:explorer",
    "lessons:glossary",
    "lessons:api-puzzles",
    "lessons:api-check",
    "lessons:api-solution",
    "lessons:api-board-svg",
    "lessons:api-explorer-check",
    # Drilling: each visitor sees only their own memory of the rules (session or account).
    "training:index",
    "training:drill",
    "training:review",
    "training:progress",
    "training:lesson-review",
    "training:api-rules",
    "training:api-drills",
    "training:api-check",
}

# Routes whose parameter is itself the key: whoever holds a group's join code
# may join it (after signing in), whoever holds a valid reset link may set the
# password.  Here they get a wrong reset token and group A's code.
KEYED = {"accounts:password_reset_confirm", "classroom:join_code"}


@pytest.fixture
def world(settings):
    settings.RATELIMIT_ENABLED = False
    group_a = make_group(
        teacher="Profesora Alfaro", student="Xenia Alfaro", group="Grupo Alfa secreto",
        assignment="Tarea Alfa secreta", draft="Borrador Alfa secreto",
    )  # fmt: skip
    group_b = make_group(teacher="Profe Beta", student="Alumno Beta", group="Grupo Beta", assignment="Tarea Beta", draft="Borrador Beta")
    # Outsiders hold no valid reset link.
    group_a.by_route["accounts:password_reset_confirm"] = {"uidb64": "MQ", "token": "bad-token"}
    code = group_a.classroom.join_code
    return {
        "a": group_a, "teacher_b": group_b.teacher, "student_b": group_b.student,
        "admin_values": {"app_label": "classroom", "object_id": str(group_a.classroom.pk), "id": str(group_a.student.pk), "content_type_id": "1"},
        # What only group A's people may see; the join code's holder sees which group it opens.
        "secrets": ["Grupo Alfa secreto", "Tarea Alfa secreta", "Borrador Alfa secreto", "Xenia Alfaro", "Profesora Alfaro", code],
        "keyed_secrets": {"Grupo Alfa secreto", "Profesora Alfaro", code},
    }  # fmt: skip


def url_of(world, route) -> str:
    if route.params and route.name.startswith("admin:"):
        return route.url(**world["admin_values"])
    return world["a"].url(route)


def private_state(world):
    """Everything of group A and its people that nobody else may change."""
    group = world["a"].classroom
    people = [world["a"].teacher.pk, world["a"].student.pk]
    users = get_user_model().objects.filter(pk__in=people).order_by("pk")
    return (
        list(Classroom.objects.filter(pk=group.pk).values_list("name", "join_code", "teacher_id")),
        list(Membership.objects.filter(classroom=group, student=world["a"].student).values_list("pk", flat=True)),
        list(Assignment.objects.filter(classroom=group).order_by("pk").values_list("pk", "title", "instructions", "due_at", "published_at")),
        list(Exercise.objects.filter(assignment__classroom=group).order_by("pk").values_list("pk", "order", "puzzle_slug", "xgid", "answer")),
        list(Attempt.objects.filter(exercise__assignment__classroom=group).order_by("pk").values_list("pk", "student_id", "number", "text")),
        list(users.values_list("username", "password", "first_name", "email", "is_active", "is_staff")),
        list(Profile.objects.filter(user__in=people).order_by("user_id").values_list("is_teacher", "must_change_password")),
        list(PracticeMatch.objects.filter(user__in=people).values_list("pk", "xgid", "phase", "seq", "user_id")),
        list(Action.objects.filter(match__user__in=people).order_by("pk").values_list("pk", "play", "exercises__attempts")),
        list(Study.objects.filter(author__in=people).order_by("pk").values_list("pk", "title", "introduction", "sharing", "updated_at")),
        list(Chapter.objects.filter(study__author__in=people).order_by("pk").values_list("pk", "order", "title", "xgid", "answer_spec", "revision")),
        list(UploadedMatch.objects.filter(owner__in=people).order_by("pk").values_list("pk", "side", "share_token", "classroom_id")),
    )


VISITORS = {"anonymous": None, "student of another group": "student_b", "teacher of another group": "teacher_b"}


def visitor(world, who: str) -> Client:
    client = Client()
    if VISITORS[who]:
        client.force_login(world[VISITORS[who]])
    return client


FORM = {"name": "Intruso", "title": "Intruso", "play": RIGHT, "answer": "1", "names": "Intruso", "puzzles": ["x"], "code": "x"}


def requests(client: Client, url: str):
    yield "GET", client.get(url)
    yield "POST form", client.post(url, FORM)
    yield "POST json", client.post(url, json.dumps({"play": RIGHT, "answer": "1"}), content_type="application/json")


def is_login_redirect(response, login: str) -> bool:
    return response.status_code == 302 and response["Location"].startswith(login)


def check_route(world, route, who: str, client: Client) -> list[str]:
    """What went wrong for ``who`` on ``route``: an empty list when nothing did."""
    problems = []
    url = url_of(world, route)
    for method, response in requests(client, url):
        where = f"{method} {url} ({route.name}) as {who}: {response.status_code}"
        body = b"".join(response.streaming_content) if response.streaming else response.content
        shown = [secret for secret in world["secrets"] if secret.encode() in body]
        if route.name == "classroom:join_code" and who != "anonymous":
            # The code is the key: its holder sees which group it opens before joining.
            shown = [secret for secret in shown if secret not in world["keyed_secrets"]]
        if shown:
            problems.append(f"{where} shows {shown}")
        if route.name.startswith("admin:") and route.name not in PUBLIC:
            if not (is_login_redirect(response, "/admin/login/") or response.status_code in {403, 404, 405}):
                problems.append(f"{where} is not sent to the admin login")
        elif route.params and route.name not in PUBLIC | KEYED:
            refused = {403, 404, 405}
            if who == "anonymous":
                if not (is_login_redirect(response, "/cuenta/entrar/") or response.status_code in refused):
                    problems.append(f"{where} is not sent to the login page")
            elif response.status_code not in refused:
                problems.append(f"{where} is not refused")
        elif route.name == "classroom:join_code" and who == "anonymous" and method == "POST form":
            if not is_login_redirect(response, "/cuenta/entrar/"):
                problems.append(f"{where} joins without signing in")
    return problems


@pytest.mark.parametrize("who", list(VISITORS))
def test_nobody_outside_the_group_sees_or_changes_its_data_on_any_url(world, who):
    before = private_state(world)
    problems = []
    # Keyed routes last: joining a group with its code rightly opens its pages.
    for route in sorted(site_routes(), key=lambda route: route.name in KEYED):
        # A fresh client per route: a route may have signed the visitor out.
        problems += check_route(world, route, who, visitor(world, who))
    assert problems == []
    assert private_state(world) == before


def test_every_route_with_an_id_is_either_known_to_be_public_or_checked_as_private(world):
    unknown = [
        route.name
        for route in site_routes(include_admin=False)
        if route.params and route.name not in PUBLIC | KEYED and route.name not in world["a"].by_route
    ]
    assert unknown == []


def test_the_group_s_own_people_do_reach_the_private_urls(world):
    """The refusals above are about who asks: the teacher and student of group A get their pages."""
    teacher, student = Client(), Client()
    teacher.force_login(world["a"].teacher)
    student.force_login(world["a"].student)
    for name, client in [("classroom:classroom", teacher), ("classroom:results", teacher), ("classroom:student_assignment", student), ("classroom:exercise", student)]:
        route = next(route for route in site_routes() if route.name == name)
        assert client.get(url_of(world, route)).status_code == 200, name
