"""Accounts under attack: look-alike usernames, guessing from one address,
one-time passwords, the password hasher and CSRF failures of JSON clients.

The simultaneous-requests side of the login limit (thirty wrong passwords
at once against two workers) is in ``test_security_concurrency.py``.
"""

from __future__ import annotations

import importlib
import json
import math
import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.test import Client
from django.utils import timezone

from tests.classroom_factories import PASSWORD, make_user
from tutor.accounts import onetime
from tutor.accounts.models import Profile
from tutor.lessons.library import get_library

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits")]
User = get_user_model()



def log_in(client, username, password, **extra):
    return client.post("/cuenta/entrar/", {"username": username, "password": password}, **extra)


# -- the login lockout ----------------------------------------------------------------


@pytest.mark.parametrize("look_alike", ["load0５", "ｌoad05", "l𝗼ad05", " LOAD05 ", "Load05"])
def test_after_five_failures_a_look_alike_of_the_username_is_locked_out_too(client, look_alike):
    make_user("load05")
    for _ in range(5):
        assert log_in(client, "load05", "mal").status_code == 400
    response = log_in(client, look_alike, PASSWORD)
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert "_auth_user_id" not in client.session


def test_look_alikes_share_the_five_tries_instead_of_getting_five_each(client):
    make_user("load05")
    statuses = [log_in(client, name, "mal").status_code for name in ["load05", "load0５", "ｌoad05", "l𝗼ad05", "LOAD05", "lｏad05"]]
    assert statuses == [400] * 5 + [429]


def test_one_address_guessing_across_usernames_is_stopped(client, settings):
    settings.RATELIMITS = {**settings.RATELIMITS, "login-address": (4, 600)}
    for number in range(4):
        make_user(f"nino{number}")
    statuses = [log_in(client, f"nino{number}", "mal").status_code for number in range(4)]
    refused = log_in(client, "nino0", PASSWORD)
    assert statuses == [400] * 4
    assert refused.status_code == 429 and "desde esta conexión" in refused.content.decode()
    assert int(refused["Retry-After"]) > 0
    other_address = log_in(Client(REMOTE_ADDR="10.9.9.9"), "nino1", PASSWORD)
    assert other_address.status_code == 302


def test_guessing_one_username_from_many_addresses_is_stopped_too(settings):
    settings.RATELIMITS = {**settings.RATELIMITS, "login-name": (6, 3600)}
    make_user("load05")
    statuses = [log_in(Client(REMOTE_ADDR=f"10.0.0.{number}"), "load05", "mal").status_code for number in range(6)]
    refused = log_in(Client(REMOTE_ADDR="10.0.1.1"), "ｌoad05", PASSWORD)
    assert statuses == [400] * 6
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0


def test_good_logins_from_one_address_do_not_use_up_its_failures(settings):
    """A whole class signs in from the school's one address."""
    settings.RATELIMITS = {**settings.RATELIMITS, "login-address": (3, 600)}
    for number in range(6):
        make_user(f"clase{number}")
        assert log_in(Client(), f"clase{number}", PASSWORD).status_code == 302


# -- the admin's login -----------------------------------------------------------------


def admin_log_in(client, username, password):
    return client.post("/admin/login/?next=/admin/", {"username": username, "password": password, "next": "/admin/"})


@pytest.fixture
def superuser():
    return User.objects.create_superuser("jefa", "jefa@example.org", PASSWORD)


def test_the_admin_login_locks_a_superuser_out_after_five_failures_even_with_the_right_password(client, superuser):
    statuses = [admin_log_in(client, "jefa", "mal").status_code for _ in range(5)]
    refused = admin_log_in(client, "jefa", PASSWORD)
    assert statuses == [200] * 5  # the admin's own form, with its error
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "_auth_user_id" not in client.session
    assert client.get("/admin/").status_code == 302


def test_failures_at_the_site_and_at_the_admin_count_together(client, superuser):
    for _ in range(3):
        log_in(client, "jefa", "mal")
    for _ in range(2):
        admin_log_in(client, "ｊefa", "mal")
    assert admin_log_in(client, "jefa", PASSWORD).status_code == 429
    assert log_in(client, "jefa", PASSWORD).status_code == 429


def test_the_admin_login_stops_one_address_guessing_across_usernames_and_one_name_from_many_addresses(client, settings, superuser):
    settings.RATELIMITS = {**settings.RATELIMITS, "login-address": (4, 600), "login-name": (6, 3600)}
    for number in range(4):
        admin_log_in(client, f"jefe{number}", "mal")
    assert admin_log_in(client, "jefa", PASSWORD).status_code == 429
    for number in range(6):
        admin_log_in(Client(REMOTE_ADDR=f"10.0.0.{number}"), "jefa", "mal")
    assert admin_log_in(Client(REMOTE_ADDR="10.0.1.1"), "jefa", PASSWORD).status_code == 429


def test_a_good_admin_login_opens_the_admin_and_gives_its_tries_back(client, superuser, settings):
    settings.RATELIMITS = {**settings.RATELIMITS, "login-address": (3, 600)}
    for _ in range(4):
        assert admin_log_in(Client(), "jefa", PASSWORD).status_code == 302
    assert admin_log_in(client, "jefa", PASSWORD).status_code == 302
    assert client.get("/admin/").status_code == 200


# -- one-time passwords -------------------------------------------------------------------


def test_one_time_passwords_have_at_least_40_bits_and_only_lowercase_words_and_digits():
    assert len(set(onetime.WORDS)) == len(onetime.WORDS)
    assert all(re.fullmatch(r"[a-z]+", word) for word in onetime.WORDS)
    bits = 3 * math.log2(len(onetime.WORDS)) + math.log2(len(onetime.NUMBERS))
    assert bits >= 40
    passwords = {onetime.one_time_password() for _ in range(200)}
    assert len(passwords) == 200
    assert all(re.fullmatch(r"[a-z]+-[a-z]+-[a-z]+-[1-9][0-9]{4}", password) for password in passwords)


def test_a_one_time_password_opens_one_session_only(client):
    student, password = onetime.create_account("Lucía G.", make_user("profe", teacher=True))
    assert log_in(client, student.username, password).status_code == 302
    client.post("/cuenta/salir/")
    second = log_in(Client(), student.username, password)
    assert second.status_code == 400 and "_auth_user_id" not in second.client.session


def test_the_session_opened_by_a_one_time_password_can_still_choose_the_new_one(client):
    student, password = onetime.create_account("Pablo", make_user("profe", teacher=True))
    log_in(client, student.username, password)
    assert client.get("/tareas/")["Location"] == "/cuenta/contrasena/"
    assert client.post("/cuenta/contrasena/", {"new_password1": "mi-dado-azul-7", "new_password2": "mi-dado-azul-7"}).status_code == 302
    profile = Profile.of(student)
    assert not profile.must_change_password and profile.one_time_expires_at is None and not profile.one_time_used
    client.post("/cuenta/salir/")
    assert log_in(Client(), student.username, "mi-dado-azul-7").status_code == 302


def test_a_one_time_password_expires_after_a_few_days(client, settings):
    student, password = onetime.create_account("Pablo", make_user("profe", teacher=True))
    expires = Profile.of(student).one_time_expires_at
    assert timedelta(days=1) <= expires - timezone.now() <= timedelta(days=settings.ONE_TIME_PASSWORD_DAYS)
    assert settings.ONE_TIME_PASSWORD_DAYS <= 7
    Profile.objects.filter(user=student).update(one_time_expires_at=timezone.now() - timedelta(minutes=1))
    assert log_in(client, student.username, password).status_code == 400


def test_a_renewed_one_time_password_works_again_once(client):
    teacher = make_user("profe", teacher=True)
    student, password = onetime.create_account("Pablo", teacher)
    log_in(client, student.username, password)
    client.post("/cuenta/salir/")
    renewed = onetime.renew_password(student)
    assert log_in(Client(), student.username, renewed).status_code == 302


# -- the password hasher -----------------------------------------------------------------------


@pytest.mark.parametrize("module", ["tutor.settings.dev", "tutor.settings.base"])
def test_development_and_production_hash_passwords_with_argon2(module):
    settings_module = importlib.import_module(module)
    assert settings_module.PASSWORD_HASHERS[0] == "tutor.accounts.hashers.Argon2PasswordHasher"
    assert "django.contrib.auth.hashers.PBKDF2PasswordHasher" in settings_module.PASSWORD_HASHERS


def test_an_old_pbkdf2_hash_still_logs_in_and_is_upgraded_to_argon2(client, settings):
    from tutor.settings import base

    settings.PASSWORD_HASHERS = base.PASSWORD_HASHERS
    user = make_user("veterana")
    User.objects.filter(pk=user.pk).update(password=make_password(PASSWORD, hasher="pbkdf2_sha256"))
    assert log_in(client, "veterana", PASSWORD).status_code == 302
    user.refresh_from_db()
    assert user.password.startswith("argon2$argon2id$v=19$m=19456,t=2,p=1$")


# -- CSRF failures --------------------------------------------------------------------------------


def test_a_csrf_failure_on_a_json_endpoint_answers_json():
    slug = next(iter(get_library().puzzles()))
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(f"/api/puzzles/{slug}/check/", json.dumps({"play": "13/7"}), content_type="application/json")
    assert response.status_code == 403 and response["Content-Type"] == "application/json"
    assert "CSRF" in response.json()["error"]


def test_a_csrf_failure_of_a_browser_form_answers_the_spanish_page():
    make_user("marta")
    response = Client(enforce_csrf_checks=True).post("/cuenta/entrar/", {"username": "marta", "password": PASSWORD})
    assert response.status_code == 403 and "text/html" in response["Content-Type"]
    assert "No hemos podido aceptar el formulario" in response.content.decode()
