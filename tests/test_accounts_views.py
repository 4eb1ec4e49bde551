"""Accounts: sign-up with the teacher choice, login and logout, rate limits,
password reset by e-mail and the one-time passwords of young students."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.classroom_factories import PASSWORD, make_user
from tutor.accounts.backends import AccountBackend
from tutor.accounts.models import Profile, creator_of, is_teacher
from tutor.accounts.onetime import create_account
from tutor.play.access import is_young

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits")]
User = get_user_model()


def sign_up(client, username="lucia", *, teacher=False, next_url="", **extra):
    data = {
        "username": username,
        "first_name": "Lucía",
        "email": f"{username}@example.org",
        "password1": "ficha-roja-en-el-ocho",
        "password2": "ficha-roja-en-el-ocho",
        **extra,
    }
    if teacher:
        data["is_teacher"] = "on"
    if next_url:
        data["next"] = next_url
    return client.post("/cuenta/crear/", data)


def test_the_sign_up_page_offers_the_teacher_choice_in_spanish(client):
    html = client.get("/cuenta/crear/").content.decode()
    assert "Crear cuenta" in html and "Soy profesor/a" in html
    assert 'name="csrfmiddlewaretoken"' in html


def test_a_learner_signs_up_is_logged_in_and_lands_on_the_start_page_with_the_first_lesson(client):
    response = sign_up(client)
    assert response.status_code == 302 and response["Location"] == "/empezar/"
    user = User.objects.get(username="lucia")
    assert not is_teacher(user)
    html = client.get("/empezar/").content.decode()
    assert "Empezar la primera lección" in html and 'href="/lecciones/tablero/"' in html
    assert 'href="/entrenar/progreso/">Mi progreso</a>' in html and "Unirme a un grupo" in html
    # Signing in again leads there too while the learner is in no group; in a group, to the assignments.
    assert client.get("/aula/")["Location"] == "/empezar/"
    assert user.password.startswith("md5$") or user.password.startswith("pbkdf2")
    assert user.check_password("ficha-roja-en-el-ocho")


def test_a_teacher_signs_up_and_lands_on_their_classes(client):
    sign_up(client, "profe", teacher=True)
    assert Profile.objects.get(user__username="profe").is_teacher
    assert client.get("/aula/")["Location"] == "/clases/"


def test_sign_up_errors_are_spanish_and_answer_400(client):
    make_user("lucia")
    response = sign_up(client, "lucia", password2="otra-cosa-distinta")
    assert response.status_code == 400
    html = response.content.decode()
    assert "Ese nombre de usuario ya está en uso" in html
    assert "contraseña" in html.lower()
    assert User.objects.filter(username="lucia").count() == 1


def test_an_e_mail_can_belong_to_one_account_only_and_the_page_does_not_say_whose_it_is(client):
    first = client.get(sign_up(client, "ana")["Location"], follow=True).content.decode()
    second_client = Client()
    second = second_client.post(
        "/cuenta/crear/",
        {"username": "ana2", "first_name": "Ana", "email": "ANA@example.org", "password1": "ficha-roja-en-el-ocho", "password2": "ficha-roja-en-el-ocho"},
        follow=True,
    ).content.decode()
    assert "Te hemos escrito a ana@example.org" in first and "Te hemos escrito a ANA@example.org" in second
    assert "Ya hay una cuenta" not in second
    assert User.objects.get(username="ana").email == "ana@example.org"
    assert User.objects.get(username="ana2").email == ""
    welcome, taken = mail.outbox
    assert welcome.to == ["ana@example.org"] and "está creada" in welcome.body
    assert taken.to == ["ANA@example.org"] and "ya pertenece a otra cuenta" in taken.body and "«ana2»" in taken.body
    assert "/cuenta/recuperar/" in taken.body


def test_sign_up_keeps_a_safe_next_address_and_ignores_another_site(client):
    assert sign_up(client, "a1", next_url="/unirse/ABCDEFGH/")["Location"] == "/unirse/ABCDEFGH/"
    assert sign_up(Client(), "a2", next_url="https://example.com/")["Location"] == "/empezar/"


def test_login_and_logout_with_a_post_form(client):
    make_user("marta")
    response = client.post("/cuenta/entrar/", {"username": "marta", "password": PASSWORD})
    assert response.status_code == 302
    html = client.get("/").content.decode()
    assert 'action="/cuenta/salir/"' in html and ">Mis tareas</a>" in html
    assert client.get("/cuenta/salir/").status_code == 405
    assert client.post("/cuenta/salir/").status_code == 302
    html = client.get("/").content.decode()
    assert ">Entrar</a>" in html and ">Crear cuenta</a>" in html


def test_the_navigation_shows_my_classes_to_teachers(client):
    client.force_login(make_user("profe", teacher=True))
    html = client.get("/").content.decode()
    assert '<a href="/clases/">Mis clases</a>' in html and ">Mis tareas</a>" not in html


def test_a_wrong_password_is_a_spanish_400(client):
    make_user("marta")
    response = client.post("/cuenta/entrar/", {"username": "marta", "password": "no-es-esta"})
    assert response.status_code == 400
    assert "no son correctos" in response.content.decode()


def test_login_is_refused_with_429_after_too_many_failures_even_with_the_right_password(client, settings):
    settings.RATELIMITS = {**settings.RATELIMITS, "login": (3, 600)}
    make_user("marta")
    for _ in range(3):
        assert client.post("/cuenta/entrar/", {"username": "marta", "password": "mal"}).status_code == 400
    response = client.post("/cuenta/entrar/", {"username": "marta", "password": PASSWORD})
    assert response.status_code == 429
    assert "Demasiados intentos fallidos" in response.content.decode()
    assert int(response["Retry-After"]) > 0
    assert "_auth_user_id" not in client.session


def test_the_login_limit_counts_each_username_separately(client, settings):
    settings.RATELIMITS = {**settings.RATELIMITS, "login": (2, 600)}
    make_user("marta")
    make_user("pablo")
    for _ in range(2):
        client.post("/cuenta/entrar/", {"username": "marta", "password": "mal"})
    assert client.post("/cuenta/entrar/", {"username": "pablo", "password": PASSWORD}).status_code == 302


def test_a_successful_login_clears_the_failures(client, settings):
    settings.RATELIMITS = {**settings.RATELIMITS, "login": (2, 600)}
    make_user("marta")
    client.post("/cuenta/entrar/", {"username": "marta", "password": "mal"})
    assert client.post("/cuenta/entrar/", {"username": "marta", "password": PASSWORD}).status_code == 302
    client.post("/cuenta/salir/")
    client.post("/cuenta/entrar/", {"username": "marta", "password": "mal"})
    assert client.post("/cuenta/entrar/", {"username": "marta", "password": PASSWORD}).status_code == 302


def test_login_forms_need_the_csrf_token():
    make_user("marta")
    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/cuenta/entrar/", {"username": "marta", "password": PASSWORD}).status_code == 403


def test_password_reset_sends_a_spanish_e_mail_with_a_working_link(client):
    user = make_user("marta")
    user.email = "marta@example.org"
    user.save()
    response = client.post("/cuenta/recuperar/", {"email": "marta@example.org"})
    assert response["Location"] == "/cuenta/recuperar/enviado/"
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert "Recupera tu contraseña" in message.subject and "marta" in message.body
    link = re.search(r"https?://[^/]+(/cuenta/recuperar/\S+/)", message.body)[1]
    form_page = client.get(link, follow=True)
    assert "Nueva contraseña" in form_page.content.decode()
    done = client.post(form_page.redirect_chain[-1][0], {"new_password1": "dados-de-marfil-77", "new_password2": "dados-de-marfil-77"})
    assert done["Location"] == "/cuenta/recuperar/hecho/"
    user.refresh_from_db()
    assert user.check_password("dados-de-marfil-77")


def test_a_used_or_forged_reset_link_says_so_in_spanish(client):
    html = client.get("/cuenta/recuperar/MQ/no-vale/", follow=True).content.decode()
    assert "Este enlace ya no sirve" in html


def test_a_one_time_password_must_be_replaced_on_first_login(client):
    teacher = make_user("profe", teacher=True)
    student, password = create_account("Lucía G.", teacher)
    assert student.username == "lucia.g" and Profile.of(student).must_change_password
    client.post("/cuenta/entrar/", {"username": "lucia.g", "password": password})
    assert client.get("/tareas/")["Location"] == "/cuenta/contrasena/"
    page = client.get("/cuenta/contrasena/").content.decode()
    assert "Elige tu contraseña" in page and "old_password" not in page
    response = client.post("/cuenta/contrasena/", {"new_password1": "mi-clave-de-dados", "new_password2": "mi-clave-de-dados"})
    assert response.status_code == 302
    assert client.get("/tareas/").status_code == 200
    student.refresh_from_db()
    assert student.check_password("mi-clave-de-dados") and not Profile.of(student).must_change_password


def test_while_a_new_password_is_due_logging_out_still_works(client):
    student, password = create_account("Pablo", make_user("profe", teacher=True))
    client.post("/cuenta/entrar/", {"username": student.username, "password": password})
    assert client.post("/cuenta/salir/").status_code == 302
    assert "_auth_user_id" not in client.session


def test_a_normal_password_change_asks_for_the_old_password(client):
    client.force_login(make_user("marta"))
    response = client.post("/cuenta/contrasena/", {"old_password": "mal", "new_password1": "x-nueva-clave-1", "new_password2": "x-nueva-clave-1"})
    assert response.status_code == 400
    assert "contraseña antigua" in response.content.decode().lower()


def test_teacher_pages_need_a_login_and_a_teacher(client):
    assert client.get("/clases/")["Location"].startswith("/cuenta/entrar/?next=/clases/")
    client.force_login(make_user("lucia"))
    response = client.get("/clases/")
    assert response.status_code == 403
    assert "Esta página es para profesores" in response.content.decode()


def test_the_signed_in_user_is_read_with_their_profile_so_pages_ask_it_nothing_more(django_assert_num_queries):
    """Every page asks whether its visitor teaches, and the lobby whether a teacher made the account."""
    teacher = make_user("profe", teacher=True)
    young = create_account("Mateo", teacher)[0]
    without_profile = get_user_model().objects.create_user("sinperfil")
    expected = {teacher: (True, None), make_user("lucia"): (False, None), young: (False, teacher.pk),
                without_profile: (False, None)}
    for account, (teaches, creator) in expected.items():
        user = AccountBackend().get_user(account.pk)
        with django_assert_num_queries(0):
            assert (is_teacher(user), creator_of(user), is_young(user)) == (teaches, creator, creator is not None)


def test_signing_in_leads_a_student_of_a_group_to_their_assignments_and_the_menu_shows_their_progress():
    from tests.classroom_factories import make_classroom, make_user as make_member, signed_in

    teacher = make_member("profe-ana", teacher=True)
    student = make_member("alumno-luis")
    make_classroom(teacher, students=[student])
    client = signed_in(student)
    assert client.get("/aula/")["Location"] == "/tareas/"
    html = client.get("/tareas/").content.decode()
    assert 'href="/entrenar/progreso/">Mi progreso</a>' in html
    progress = client.get("/entrenar/progreso/").content.decode()
    assert 'href="/entrenar/progreso/" aria-current="page">Mi progreso</a>' in progress
    assert 'href="/entrenar/" aria-current="page"' not in progress
