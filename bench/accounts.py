"""Cost of passwords: forty student accounts in one request, and one failed login.

A teacher creates the accounts of a whole class at once; each one hashes a
password with the production hasher (Argon2id).  The request must stay well
under gunicorn's worker timeout (30 s).  A failed login costs one hash too,
which bounds what a guesser can make the server spend.  Runs in-process on
a throwaway SQLite database with the production password hashers.

    .venv/bin/python bench/accounts.py

Targets: forty accounts under ``MAX_BULK_S`` seconds; exit status 1 when missed.
"""

from __future__ import annotations

try:  # first: makes the standard library's http importable (see bench/_support.py)
    from bench import _support  # noqa: F401
except ImportError:  # run as a script from bench/
    import _support  # noqa: F401
import os
import sys
import tempfile
import time
from pathlib import Path

MAX_BULK_S = 10.0
STUDENTS = 40


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="tutor-bench-accounts-") as folder:
        return measure(Path(folder))


def measure(folder: Path) -> int:
    os.environ["DJANGO_SETTINGS_MODULE"] = "tutor.settings.test"
    os.environ["DATABASE_URL"] = f"sqlite:///{folder / 'bench.sqlite3'}"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from tutor.settings import base

    setup_test_environment()
    settings.PASSWORD_HASHERS = base.PASSWORD_HASHERS
    settings.RATELIMIT_ENABLED = False
    call_command("migrate", verbosity=0)

    from tests.classroom_factories import PASSWORD, make_classroom, make_user

    teacher = make_user("profe", teacher=True)
    classroom = make_classroom(teacher)
    client = Client()
    client.force_login(teacher)
    names = "\n".join(f"Alumno {number} de la clase" for number in range(STUDENTS))
    wall, cpu = time.perf_counter(), time.process_time()
    response = client.post(f"/clases/{classroom.pk}/cuentas/", {"names": names})
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert response.status_code == 200 and response.content.decode().count("<dt>Contraseña</dt>") == STUDENTS
    print(f"{STUDENTS} accounts in one request: {wall:.2f} s wall, {cpu:.2f} s CPU (target < {MAX_BULK_S:.0f} s; worker timeout 30 s)")

    failures = []
    for _ in range(5):
        started = time.perf_counter()
        assert Client().post("/cuenta/entrar/", {"username": "profe", "password": "no-es-esta"}).status_code == 400
        failures.append(time.perf_counter() - started)
    started = time.perf_counter()
    assert Client().post("/cuenta/entrar/", {"username": "profe", "password": PASSWORD}).status_code == 302
    good = time.perf_counter() - started
    print(f"failed login: {min(failures) * 1000:.0f} ms (best of 5); good login: {good * 1000:.0f} ms")
    return 0 if wall < MAX_BULK_S else 1


if __name__ == "__main__":
    sys.exit(main())
