"""One of everything a route can name: a group with its people, work and practice.

The tests that walk every route (fuzzing, permissions) fill in each route's
parameters from a ``Group``; a route it does not know fails them loudly,
so a new route cannot be forgotten.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.utils.encoding import force_bytes
from django.utils import timezone
from django.utils.http import urlsafe_base64_encode

from tests.classroom_factories import (
    add_custom_exercise,
    add_lesson_exercise,
    lesson_puzzle,
    make_assignment,
    make_classroom,
    make_user,
)
from tests.practice_flow import add_mistake
from tests.uploaded_matches import money_game
from tutor.classroom.attempts import submit
from tutor.lobby.service import Wish, play_now
from tutor.play.service import create_game
from tutor.practice.game import start_match
from tutor.studies.models import AssignedStudy, Chapter, Sharing, Study
from tutor.training.assignments import add_task, student_drills
from tutor.uploads.store import store_match

RIGHT = "24/18 13/10"

ASSIGNMENT_ROUTES = (
    "assignment", "assignment_edit", "assignment_delete", "publish", "add_puzzles", "add_custom",
    "results", "results_csv", "attempts_csv", "student_assignment",
)  # fmt: skip
LIVE_GAME_ROUTES = ("game", "join", "act", "review", "export", "exercises")
AFTER_MATCH_ROUTES = ("again", "rematch", "rematch-answer", "rematch-cancel", "report")
STUDY_ROUTES = ("study", "edit", "delete", "copy", "from_lesson", "chapter_create", "by_link", "read", "paths", "paths_csv", "summary_csv")
CHAPTER_ROUTES = (
    "chapter", "chapter_edit", "chapter_preview", "chapter_duplicate", "chapter_delete", "chapter_up", "chapter_down",
    "chapter_check", "chapter_solution", "chapter_hint",
)
UPLOAD_ROUTES = ("review", "progress", "export", "side", "share", "hand-in", "delete", "exercises")
SHARED_ROUTES = ("shared", "shared-progress", "shared-export")
MATCH_ROUTES = (
    "match", "state", "roll", "double", "play", "answer", "hint", "resign", "next-game", "review", "review-progress", "export",
    "exercises",
)


@dataclass
class Group:
    """A teacher's group with a student who has answered its assignment and plays a practice match."""

    teacher: object
    student: object
    classroom: object
    assignment: object
    draft: object
    match: object
    by_route: dict[str, dict] = field(default_factory=dict)

    def kwargs(self, route) -> dict:
        """The parameters of ``route`` that name this group's objects."""
        if not route.params:
            return {}
        if route.name not in self.by_route:
            pytest.fail(f"No value for the parameters of {route.name} ({route.route}): add it to tests/site_world.py.")
        return self.by_route[route.name]

    def url(self, route) -> str:
        return route.url(**self.kwargs(route))


def make_group(*, teacher: str, student: str, group: str, assignment: str, draft: str) -> Group:
    """``teacher`` and ``student`` are the people's names (also their usernames, in lower case)."""
    teacher_user = make_user(teacher.split()[0].lower(), teacher=True, name=teacher)
    student_user = make_user(student.split()[0].lower(), name=student)
    classroom = make_classroom(teacher_user, group, students=[student_user])
    task = make_assignment(classroom, title=assignment)
    draft_task = make_assignment(classroom, title=draft, published=False)
    custom = add_custom_exercise(task)
    from_lesson = add_lesson_exercise(task, lesson_puzzle("jugada"))
    add_custom_exercise(draft_task)
    submit(custom, custom.puzzle(), student_user, RIGHT)
    match = start_match(length=3, level="intermedio", user=student_user)
    mistake = add_mistake(match).exercises.create()
    classmate = make_user(f"{student.split()[0].lower()}-companera", name="Compañera")
    classroom.memberships.create(student=classmate)
    # The seek first: the lobby seeks no rival for a player whose game is under way.
    seek = play_now(student_user, Wish(length=3, rated=False, classroom_id=classroom.pk), now=timezone.now()).published
    live_game = create_game(student_user, length=3, classroom=classroom, black=classmate)
    upload = store_match(money_game(), student_user, side=0)
    upload.classroom = classroom
    upload.save(update_fields=["classroom"])
    puzzle = lesson_puzzle("jugada")
    drill_task = add_task(task, "blocked", 1, 3)
    in_group, in_task, of_student = {"pk": classroom.pk}, {"pk": task.pk}, {"student_id": student_user.pk}
    # A study shared with the group: its link opens nothing while it is not public.
    study = Study.objects.create(author=teacher_user, title=f"Estudio de {group}", introduction=f"Para {group}.", sharing=Sharing.CLASSES)
    study.classrooms.add(classroom)
    chapter = Chapter.objects.create(
        study=study, title=f"Capítulo de {group}", xgid="XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10",
        question_kind="jugada", answer_spec={"accept": "any"},
    )
    in_study = {"pk": study.pk}
    assigned_study = AssignedStudy.objects.create(assignment=draft_task, study=study)
    by_route = {
        "lessons:lesson": {"slug": puzzle.lesson},
        "lessons:puzzle": {"slug": puzzle.slug},
        "lessons:api-check": {"slug": puzzle.slug},
        "lessons:api-solution": {"slug": puzzle.slug},
        "training:drill": {"rule": "blocked"},
        "training:api-drills": {"rule": "blocked"},
        "training:api-check": {"drill_id": "blocked.1.0.0"},
        "training:lesson-review": {"slug": "barra"},
        "training:heatmap": in_group,
        "training:assign-review": in_group,
        "training:student-rule": {**in_group, **of_student, "rule": "blocked"},
        "training:add-task": in_task,
        "training:task-results": {"pk": drill_task.pk},
        "training:student-task": {"pk": drill_task.pk},
        "training:student-task-check": {"pk": drill_task.pk, "drill_id": student_drills(drill_task, student_user.pk)[0].id},
        "lessons:api-board-svg": {"slug": puzzle.slug},
        "accounts:password_reset_confirm": {
            "uidb64": urlsafe_base64_encode(force_bytes(student_user.pk)),
            "token": default_token_generator.make_token(student_user),
        },
        "classroom:join_code": {"code": classroom.join_code},
        "classroom:classroom": in_group,
        "classroom:new_code": in_group,
        "classroom:student_accounts": in_group,
        "classroom:assignment_create": in_group,
        "classroom:remove_student": {**in_group, **of_student},
        "classroom:renew_password": {**in_group, **of_student},
        "classroom:result_cell": {**in_task, **of_student, "exercise_id": custom.pk},
        "classroom:remove_exercise": {"pk": from_lesson.pk},
        "classroom:exercise": {"pk": custom.pk},
        "classroom:api_check": {"pk": custom.pk},
        "practice:exercise": {"pk": mistake.pk},
        **{f"classroom:{name}": in_task for name in ASSIGNMENT_ROUTES},
        **{f"practice:{name}": {"pk": match.pk} for name in MATCH_ROUTES},
        **{f"play:{name}": {"code": live_game.code} for name in LIVE_GAME_ROUTES},
        "play:pair": in_group,
        "play:class-links": in_group,
        **{f"lobby:{name}": {"code": live_game.code} for name in AFTER_MATCH_ROUTES},
        "lobby:take": {"pk": seek.pk},
        "ratings:profile": {"username": student_user.username},
        **{f"studies:{name}": in_study for name in STUDY_ROUTES if name != "by_link"},
        "studies:by_link": {"token": study.link_token},
        **{f"studies:{name}": {**in_study, "chapter_id": chapter.pk} for name in CHAPTER_ROUTES},
        "studies:path": {**in_study, "reader_id": student_user.pk},
        "studies:assign": in_task,
        "studies:unassign": {"pk": assigned_study.pk},
        **{f"uploads:{name}": {"pk": upload.pk} for name in UPLOAD_ROUTES},
        "uploads:classroom": in_group,
        # The match was never shared: its link is a guess.
        **{f"uploads:{name}": {"token": "sin-compartir"} for name in SHARED_ROUTES},
    }
    return Group(teacher_user, student_user, classroom, task, draft_task, match, by_route)
