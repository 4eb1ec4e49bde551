"""Accounts that a teacher creates for young students without e-mail.

Each gets a username made from the student's name and an easy-to-type
one-time password (three Spanish words without accents and a five-digit
number, about 41 bits: far beyond what the login limits let anyone guess)
that opens one session, in which it must be replaced, and expires after
``settings.ONE_TIME_PASSWORD_DAYS`` days.  The password is shown once and
stored only as a hash.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from .models import Profile

if TYPE_CHECKING:
    from django.contrib.auth.models import User

WORDS = (
    "abeja", "aguila", "agua", "ajo", "ala", "alba", "alga", "almeja", "altar", "alumno", "amigo", "ancla",
    "angel", "anillo", "animal", "antena", "apio", "arado", "arbol", "arco", "arena", "armario", "arroz",
    "asa", "atun", "aula", "ave", "avion", "azucar", "azul", "bahia", "balon", "banco", "bandera", "barba",
    "barca", "barco", "barril", "barro", "bata", "baul", "bebe", "bellota", "beso", "bici", "bigote",
    "bolsa", "bombero", "bosque", "bota", "botella", "boton", "brazo", "brisa", "broma", "bruja", "buho",
    "burro", "caballo", "cabra", "cacao", "cactus", "cafe", "caja", "calabaza", "calle", "cama", "camello",
    "camino", "campana", "campo", "canguro", "canoa", "cantante", "capa", "cara", "caracol", "carta", "casa",
    "castillo", "cebolla", "cebra", "cereza", "cerdo", "cesta", "chaleco", "chispa", "cielo", "cine",
    "circo", "ciruela", "ciudad", "clavo", "coche", "cohete", "cola", "collar", "cometa", "conejo", "copa",
    "corazon", "cordero", "corona", "cuaderno", "cubo", "cuchara", "cuento", "cuerda", "cueva", "dado",
    "dedo", "delfin", "desierto", "diente", "disco", "dragon", "ducha", "duende", "elefante", "enano",
    "escoba", "espada", "espejo", "estrella", "faro", "flauta", "flor", "foca", "fresa", "fuente", "fuego",
    "fruta", "gafas", "galleta", "gallina", "garbanzo", "gato", "gigante", "globo", "gorra", "gorila",
    "grillo", "guante", "guitarra", "gusano", "hada", "hamaca", "harina", "helado", "hielo", "higo", "hilo",
    "hoja", "hormiga", "huerto", "hueso", "huevo", "iglu", "isla", "jabon", "jardin", "jarra", "jirafa",
    "juego", "juguete", "koala", "lago", "lana", "lapiz", "leche", "lechuga", "leon", "libro", "limon",
    "lobo", "loro", "luna", "maceta", "madera", "maleta", "mango", "manta", "manzana", "mapa", "mar",
    "mariposa", "martillo", "medusa", "melon", "mesa", "miel", "mochila", "molino", "moneda", "mono",
    "mosca", "motor", "museo", "naranja", "nariz", "nido", "niebla", "nieve", "nube", "nuez", "oca", "ola",
    "oliva", "olla", "oreja", "oso", "oveja", "pajaro", "pala", "paloma", "pan", "panda", "papel", "parque",
    "pastel", "pato", "pavo", "payaso", "peine", "pelota", "pera", "perro", "pez", "piano", "pie", "piedra",
    "pincel", "pino", "pirata", "pizarra", "planeta", "plata", "playa", "pluma", "pollo", "puente", "puerta",
    "pulpo", "queso", "rana", "raton", "rayo", "regalo", "reloj", "remo", "rio", "robot", "roca", "rosa",
    "rueda", "sandia", "sapo", "seta", "silla", "sirena", "sol", "sombrero", "sopa", "tambor", "taza",
    "tejado", "tigre", "tijeras", "tomate", "topo", "toro", "torre", "tortuga", "tren", "trigo", "trompeta",
    "tronco", "tubo", "tulipan", "uva", "vaca", "vaso", "vela", "ventana", "verano", "violin", "volcan",
    "yate", "yogur", "zanahoria", "zapato", "zorro",
)
NUMBERS = range(10_000, 100_000)
MAX_USERNAME = 24


def one_time_password() -> str:
    """Three words and a five-digit number, e.g. ``faro-gato-nube-48213``."""
    words = "-".join(secrets.choice(WORDS) for _ in range(3))
    return f"{words}-{secrets.choice(NUMBERS)}"


def one_time_fields() -> dict:
    """The profile fields of a freshly issued one-time password."""
    expires = timezone.now() + timedelta(days=settings.ONE_TIME_PASSWORD_DAYS)
    return {"must_change_password": True, "one_time_expires_at": expires, "one_time_used": False}


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
def create_account(name: str, created_by) -> tuple[User, str]:
    """A new student account with a one-time password; returns (user, password)."""
    password = one_time_password()
    user = get_user_model().objects.create_user(free_username(name), password=password, first_name=name[:150])
    Profile.objects.create(user=user, created_by=created_by, **one_time_fields())
    return user, password


def renew_password(user) -> str:
    """A fresh one-time password for an account created by a teacher."""
    password = one_time_password()
    user.set_password(password)
    user.save(update_fields=["password"])
    Profile.objects.update_or_create(user=user, defaults=one_time_fields())
    return password
