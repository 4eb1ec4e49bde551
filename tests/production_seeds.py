"""Data for the tests that run real servers, written in each server's own settings with ``manage.py shell -c``.

``SEED`` makes a teacher, a student (``$RACE_PREFIX-profe``, ``$RACE_PREFIX-alumna``,
both with ``PASSWORD``), their group and a published assignment with one lesson
puzzle, and prints ``{"exercise": id, "play": a right answer}``.
"""

PASSWORD = "ficha-blanca-en-el-seis"

SEED = """
import json, os
from datetime import timedelta
from django.contrib.auth import get_user_model
from django.utils import timezone
from tutor.accounts.models import Profile
from tutor.classroom.models import Assignment, Classroom, Exercise, Membership
from tutor.lessons.library import get_library

User = get_user_model()
prefix = os.environ["RACE_PREFIX"]
teacher = User.objects.create_user(prefix + "-profe", password="%(password)s")
Profile.objects.create(user=teacher, is_teacher=True)
student = User.objects.create_user(prefix + "-alumna", password="%(password)s")
Profile.objects.create(user=student)
classroom = Classroom.objects.create(teacher=teacher, name="Carrera")
Membership.objects.create(classroom=classroom, student=student)
assignment = Assignment.objects.create(classroom=classroom, title="Tarea", due_at=timezone.now() + timedelta(days=7), published_at=timezone.now())
puzzle = next(p for p in get_library().puzzles().values() if p.is_play and p.position.legal_plays())
exercise = Exercise.objects.create(assignment=assignment, order=0, puzzle_slug=puzzle.slug, title=puzzle.title, kind=puzzle.kind, question=puzzle.question)
print(json.dumps({"exercise": exercise.pk, "play": puzzle.position.legal_plays()[0].notation}))
""" % {"password": PASSWORD}
