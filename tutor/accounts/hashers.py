"""The password hasher: Argon2id with OWASP's recommended minimum cost.

Django's own Argon2 parameters (100 MiB, eight lanes) take about half a
second of CPU per hash on a small server: a teacher creating forty student
accounts would hold a worker for twenty seconds, and every failed login
would cost as much.  OWASP's password storage guidance accepts Argon2id with
19 MiB, two passes and one lane, about a tenth of that cost.  Hashes made
with other parameters still verify; Django re-hashes them with these at the
next successful login (``must_update``).
"""

from __future__ import annotations

from django.contrib.auth.hashers import Argon2PasswordHasher as DjangoArgon2PasswordHasher


class Argon2PasswordHasher(DjangoArgon2PasswordHasher):
    """Argon2id, m=19 MiB, t=2, p=1 (OWASP Password Storage Cheat Sheet)."""

    time_cost = 2
    memory_cost = 19 * 1024
    parallelism = 1
