"""Every door has a limit: password reset, sign-up, join codes, practice games.

Each answers 429 with ``Retry-After`` once its limit is used up, and the
abandoned anonymous practice games expire.
"""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from tests.classroom_factories import PASSWORD, make_classroom, make_user
from tutor.classroom.models import Membership
from tutor.practice.models import PracticeMatch

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits", "quick_and_reproducible")]



def limit(settings, scope: str, count: int) -> None:
    settings.RATELIMITS = {**settings.RATELIMITS, scope: (count, 3600)}


def assert_refused(response) -> None:
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 3600
    assert "Demasiadas peticiones" in response.content.decode() or "Vas demasiado deprisa" in response.content.decode()


def test_thirty_reset_requests_for_one_address_send_three_e_mails(client):
    user = make_user("marta")
    user.email = "marta@example.org"
    user.save()
    statuses = [Client(REMOTE_ADDR=f"10.0.0.{n}").post("/cuenta/recuperar/", {"email": "Marta@example.org"}).status_code for n in range(30)]
    assert statuses == [302] * 3 + [429] * 27
    assert len(mail.outbox) == 3


def test_one_address_asking_resets_for_many_e_mail_addresses_is_stopped(client, settings):
    limit(settings, "password-reset", 4)
    statuses = [client.post("/cuenta/recuperar/", {"email": f"alguien{n}@example.org"}).status_code for n in range(4)]
    assert statuses == [302] * 4
    assert_refused(client.post("/cuenta/recuperar/", {"email": "otra@example.org"}))


def sign_up(client, username: str, password: str = "ficha-roja-en-el-ocho"):
    return client.post(
        "/cuenta/crear/",
        {"username": username, "first_name": "Ana", "email": "", "password1": password, "password2": password},
    )


def test_sign_ups_are_limited_per_address_counting_only_accounts_created(settings):
    limit(settings, "signup", 2)
    assert sign_up(Client(), "ana1", password="corta").status_code == 400
    assert [sign_up(Client(), f"ana{n}").status_code for n in (2, 3)] == [302, 302]
    assert_refused(sign_up(Client(), "ana4"))


def test_join_code_guesses_are_limited_per_student(client, settings):
    limit(settings, "join", 5)
    student = make_user("lucia")
    classroom = make_classroom(make_user("profe", teacher=True))
    client.force_login(student)
    guesses = [client.get(f"/unirse/ZZZZ{n:02}/").status_code for n in range(5)]
    assert 429 not in guesses
    assert_refused(client.get(f"/unirse/{classroom.join_code}/"))
    assert_refused(client.post(f"/unirse/{classroom.join_code}/"))
    assert_refused(client.post("/unirse/", {"code": classroom.join_code}))
    assert not Membership.objects.filter(student=student).exists()


def test_anonymous_practice_games_are_limited_per_address(client, settings):
    limit(settings, "practice-start", 2)
    statuses = [client.post("/practica/nueva/", {"length": "0", "level": "intermedio"}).status_code for _ in range(2)]
    assert statuses == [302, 302]
    assert_refused(Client().post("/practica/nueva/", {"length": "0", "level": "intermedio"}))
    assert PracticeMatch.objects.count() == 2


def test_abandoned_anonymous_games_expire_and_accounts_keep_theirs(client, settings):
    from tutor.practice.game import start_match

    old, recent = (start_match(length=0, level="intermedio") for _ in range(2))
    kept = start_match(length=0, level="intermedio", user=make_user("jugadora"))
    long_ago = timezone.now() - timedelta(seconds=settings.SESSION_COOKIE_AGE + 60)
    PracticeMatch.objects.filter(pk__in=[old.pk, kept.pk]).update(updated=long_ago)
    output = io.StringIO()
    call_command("expire_practice_games", stdout=output)
    assert "1 partidas anónimas abandonadas borradas" in output.getvalue()
    assert set(PracticeMatch.objects.values_list("pk", flat=True)) == {recent.pk, kept.pk}


UNREACHABLE_REDIS = {"BACKEND": "tutor.cache.RedisCache", "LOCATION": "redis://127.0.0.1:1/0",
                     "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}}


def test_while_the_cache_fails_limits_count_in_the_fallback_cache_and_without_one_let_requests_through(settings):
    settings.CACHES = {"default": UNREACHABLE_REDIS, "database": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "fallback"}}
    settings.RATELIMIT_FALLBACK_CACHE = "database"
    settings.RATELIMITS = {**settings.RATELIMITS, "login": (3, 900)}
    for name in ("ana", "bruno"):
        make_user(name)
    client = Client()

    def log_in(name, password):
        return client.post("/cuenta/entrar/", {"username": name, "password": password}).status_code

    assert [log_in("ana", "mal") for _ in range(3)] + [log_in("ana", PASSWORD)] == [400, 400, 400, 429]
    settings.RATELIMIT_FALLBACK_CACHE = None
    assert [log_in("bruno", "mal") for _ in range(4)] + [log_in("bruno", PASSWORD)] == [400] * 4 + [302]
