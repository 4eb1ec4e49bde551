"""«Añadir a un estudio»: teachers find it where a position is shown (the explorer, a practice or live review step)."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from tests.classroom_factories import make_user, signed_in
from tests.live_review import played
from tests.practice_flow import add_mistake, start
from tutor.engine import Position
from tutor.practice.background import drain

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quick_and_reproducible")]


def add_link(xgid: str) -> str:
    return f'/estudios/anadir/?xgid={quote(xgid, safe="")}'


def test_a_teacher_adds_the_explorers_position_to_a_study_and_a_student_is_not_offered_it():
    xgid = Position.initial().with_dice("6-4").to_xgid()
    teacher_page = signed_in(make_user("profe", teacher=True)).get("/explorar/", {"xgid": xgid}).content.decode()
    assert add_link(xgid) in teacher_page.replace("&amp;", "&")
    student_page = signed_in(make_user("lucia")).get("/explorar/", {"xgid": xgid}).content.decode()
    assert "Añadir a un estudio" not in student_page


def test_a_teacher_adds_a_practice_review_step_to_a_study():
    client = signed_in(make_user("profe", teacher=True))
    match = start(client, length=0)
    mistake = add_mistake(match)
    number = list(match.actions.order_by("number").values_list("pk", flat=True)).index(mistake.pk) + 1
    for address in (f"/practica/{match.pk}/revision/?paso={number}", f"/practica/{match.pk}/revision/?paso={number}&parte=paso"):
        page = client.get(address).content.decode().replace("&amp;", "&")
        assert add_link(Position.from_xgid(mistake.xgid).to_xgid()) in page


@pytest.mark.usefixtures("live_dice")
def test_a_teacher_adds_a_live_review_step_to_a_study():
    teacher, rival = make_user("ana", teacher=True), make_user("bruno")
    game = played(teacher, rival)
    drain()
    page = signed_in(teacher).get(game.get_review_url() + "?paso=3").content.decode().replace("&amp;", "&")
    assert "Añadir a un estudio" in page
    assert "/estudios/anadir/?xgid=XGID" in page
