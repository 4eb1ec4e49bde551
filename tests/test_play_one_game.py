"""One live game at a time at the doors the lobby does not guard: a game joined by its link or
code, and the teacher's «Emparejar la clase».  The same question decides it everywhere
(``access.unfinished``)."""

from __future__ import annotations

import pytest

from tests.classroom_factories import make_classroom, make_user, signed_in
from tutor.play import access, service
from tutor.play.models import LiveGame, Phase

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits", "live_dice")]


@pytest.fixture
def carla():
    return make_user("carla")


def test_a_player_with_a_game_under_way_cannot_join_another_by_its_link(ana, bruno, carla):
    under_way = service.create_game(ana, length=3, black=bruno)
    waiting = service.create_game(carla, length=3)
    page = signed_in(ana).get(waiting.get_absolute_url()).content.decode()
    assert access.UNFINISHED in page and "Unirme a la partida" not in page  # said before any click
    response = signed_in(ana).post(f"/jugar/{waiting.code}/unirse/")
    assert response.status_code == 409 and access.UNFINISHED in response.content.decode()
    waiting.refresh_from_db()
    assert waiting.black_id is None and waiting.phase == Phase.WAITING
    LiveGame.objects.filter(pk=under_way.pk).update(phase=Phase.OVER)
    assert signed_in(ana).post(f"/jugar/{waiting.code}/unirse/").status_code == 302
    waiting.refresh_from_db()
    assert waiting.black == ana and waiting.phase != Phase.WAITING


def test_a_link_whose_creator_is_playing_another_game_says_so(ana, bruno, carla):
    waiting = service.create_game(ana, length=3)
    service.create_game(ana, length=3, black=bruno)  # ana started another game meanwhile
    assert access.CREATOR_UNFINISHED in signed_in(carla).get(waiting.get_absolute_url()).content.decode()
    response = signed_in(carla).post(f"/jugar/{waiting.code}/unirse/")
    assert response.status_code == 409 and response.content.decode().count(access.CREATOR_UNFINISHED) == 1
    assert LiveGame.objects.get(pk=waiting.pk).black_id is None


def test_pairing_the_class_leaves_out_and_names_the_students_already_playing(ana, bruno, carla):
    teacher = make_user("profe", teacher=True)
    dani, eva = make_user("dani"), make_user("eva")
    classroom = make_classroom(teacher, students=[ana, bruno, carla, dani, eva])
    under_way = service.create_game(ana, length=3, black=bruno, classroom=classroom)
    response = signed_in(teacher).post(f"/jugar/clase/{classroom.pk}/emparejar/", follow=True)
    said = response.content.decode()
    assert "1 partida creada en 2.º B." in said
    assert "No se empareja a quien ya está jugando una partida: Ana y Bruno." in said
    assert "se queda sin pareja" in said
    paired = LiveGame.objects.exclude(pk=under_way.pk).get()
    assert {paired.white, paired.black} < {carla, dani, eva}
    assert access.unfinished([ana.pk, bruno.pk, carla.pk, dani.pk, eva.pk]) == {ana.pk, bruno.pk, paired.white_id, paired.black_id}


def test_pairing_a_class_where_everyone_plays_starts_nothing_and_says_why(ana, bruno):
    teacher = make_user("profe", teacher=True)
    classroom = make_classroom(teacher, students=[ana, bruno])
    service.create_game(ana, length=3, black=bruno, classroom=classroom)
    said = signed_in(teacher).post(f"/jugar/clase/{classroom.pk}/emparejar/", follow=True).content.decode()
    assert "No se ha creado ninguna partida en 2.º B." in said and "ya está jugando una partida: Ana y Bruno" in said
    assert LiveGame.objects.count() == 1
