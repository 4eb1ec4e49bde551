"""Accounts that a teacher creates for young students without e-mail.

Each gets a username made from the student's name and an easy-to-type
one-time password (two words and a number) that must be replaced on the
first login.  The password is shown once and stored only as a hash.
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.text import slugify

from .models import Profile

WORDS = (
    "arbol", "azul", "barca", "barra", "bosque", "campo", "casa", "cielo", "cometa", "cubo",
    "dado", "delfin", "faro", "ficha", "flor", "fresa", "fuego", "gato", "globo", "hoja",
    "isla", "lago", "lapiz", "leon", "libro", "limon", "llave", "lobo", "luna", "mango",
    "mar", "mesa", "miel", "monte", "nube", "nieve", "oso", "pato", "pera", "perro",
    "pino", "planeta", "playa", "puente", "punto", "rana", "rayo", "reloj", "rio", "roca",
    "rojo", "sol", "tigre", "torre", "tren", "trigo", "uva", "verde", "viento", "zorro",
)
MAX_USERNAME = 24


def one_time_password() -> str:
    """Two words and a three-digit number, e.g. ``faro-verde-482``."""
    return f"{secrets.choice(WORDS)}-{secrets.choice(WORDS)}-{secrets.randbelow(900) + 100}"


def free_username(name: str) -> str:
    """``lucia.g`` from «Lucía G.», with a number added when it is taken."""
    User = get_user_model()
    base = slugify(name).replace("-", ".")[: MAX_USERNAME - 3].strip(".") or "alumno"
    candidate, number = base, 1
    while User.objects.filter(username__iexact=candidate).exists():
        number += 1
        candidate = f"{base}{number}"
    return candidate


@transaction.atomic
def create_account(name: str, created_by) -> tuple[object, str]:
    """A new student account with a one-time password; returns (user, password)."""
    password = one_time_password()
    user = get_user_model().objects.create_user(free_username(name), password=password, first_name=name[:150])
    Profile.objects.create(user=user, must_change_password=True, created_by=created_by)
    return user, password


def renew_password(user) -> str:
    """A fresh one-time password for an account created by a teacher."""
    password = one_time_password()
    user.set_password(password)
    user.save(update_fields=["password"])
    Profile.objects.update_or_create(user=user, defaults={"must_change_password": True})
    return password
