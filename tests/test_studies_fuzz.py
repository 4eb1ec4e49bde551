"""Studies under hostile input: scripts and huge values in every field, never a 5xx, never a script served.

The author's own pages are fuzzed with the editor's real field names (and a
few it does not know), the Markdown is fed every way of planting HTML, and
whatever the chapter form accepts must be something the engine agrees with.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.classroom_factories import make_classroom, make_user, signed_in
from tests.site_urls import inline_code
from tutor.engine import Position
from tutor.studies.forms import ChapterForm, StudyForm
from tutor.studies.models import MAX_TEXT, Chapter, Sharing, Study
from tutor.studies.validation import check_chapter

pytestmark = pytest.mark.django_db

XGID = Position.initial().with_dice("3-1").to_xgid()

SCRIPTS = [
    "<script>alert('fuzz')</script>",
    '"><img src=x onerror=alert(1)>',
    "<svg onload=alert(1)>",
    "[clic](javascript:alert(1))",
    "<a href='javascript:alert(1)'>x</a>",
    "![x](javascript:alert(1))",
    "<iframe src=//evil></iframe>",
    "<p style='background:url(javascript:alert(1))'>x</p>",
    "<details open ontoggle=alert(1)>",
    "`13/7` <b onmouseover=alert(1)>b</b>",
    "```notacion\n<script>alert(1)</script>\n```",
    "{{ settings.SECRET_KEY }} {% debug %}",
    "<!-- <script>alert(1)</script> -->",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
]

STUDY_FIELDS = list(StudyForm.Meta.fields)
CHAPTER_FIELDS = list(ChapterForm.base_fields)


def planted(html: str) -> list[str]:
    """Scripts, handlers, ``javascript:`` links and frames as HTML, not as escaped text."""
    found = inline_code(html)
    found += [element for element in ("<script>alert", "<iframe", "<img src=x", "<svg onload", "<details open") if element in html]
    return found


def valid_chapter(**changes) -> dict:
    data = {"title": "Capítulo", "xgid": XGID, "moment": "dados", "question_kind": "jugada", "accept": "any", "text": ""}
    data.update(changes)
    return data


@pytest.fixture
def author():
    return make_user("profe", teacher=True, name="Carmen")


@pytest.fixture
def study(author):
    made = Study.objects.create(author=author, title="Estudio", sharing=Sharing.LINK)
    Chapter.objects.create(study=made, title="Uno", xgid=XGID, question_kind="jugada", answer_spec={"accept": "any"})
    return made


def pages_of(study: Study) -> list[str]:
    chapter = study.chapters.first()
    return [
        "/estudios/", study.get_absolute_url(), study.edit_url(), f"/estudios/{study.pk}/capitulos/{chapter.pk}/",
        f"/estudios/{study.pk}/capitulos/{chapter.pk}/editar/", f"/estudios/{study.pk}/capitulos/{chapter.pk}/vista-previa/",
    ]  # fmt: skip


@pytest.mark.parametrize("payload", SCRIPTS)
def test_no_script_written_in_any_field_is_served_to_a_reader(author, study, payload):
    classroom = make_classroom(author)
    client = signed_in(author)
    client.post(study.edit_url(), {"title": payload[:120], "introduction": payload, "sharing": "clases", "classrooms": [classroom.pk]})
    chapter = study.chapters.first()
    fields = valid_chapter(title=payload[:120], text=payload, prompt=payload[:300], hint=payload[:500], wrong_text=payload[:1000], question_kind="opcion", choices=f"{payload[:200]}\nNo", choice_answer="a")
    response = client.post(f"/estudios/{study.pk}/capitulos/{chapter.pk}/editar/", fields)
    assert response.status_code == 302, response.content.decode()[-3000:]
    reader = signed_in(make_user("lector"))
    reader.get(study.link_url())
    for url in pages_of(study):
        for who in (client, reader):
            page = who.get(url)
            assert page.status_code < 500, url
            if page.status_code == 200:
                assert planted(page.content.decode()) == [], (url, payload)


@pytest.mark.parametrize("field", STUDY_FIELDS + ["unknown"])
def test_a_huge_value_in_any_study_field_is_a_400_and_saves_nothing(author, study, field):
    data = {"title": "Estudio", "introduction": "", "sharing": "privado", field: "x" * (MAX_TEXT + 1)}
    response = signed_in(author).post(study.edit_url(), data)
    assert response.status_code == (302 if field == "unknown" else 400)
    study.refresh_from_db()
    assert len(study.title) <= 120 and len(study.introduction) <= MAX_TEXT


@pytest.mark.parametrize("field", [name for name in CHAPTER_FIELDS if name != "compare_gnubg"])  # a ticked box is any value
def test_a_huge_value_in_any_chapter_field_is_refused_in_spanish_and_saves_nothing(author, study, field):
    chapter = study.chapters.first()
    before = (chapter.title, chapter.xgid, chapter.revision)
    response = signed_in(author).post(f"/estudios/{study.pk}/capitulos/{chapter.pk}/editar/", valid_chapter(**{field: "1" * (MAX_TEXT + 1)}))
    assert response.status_code == 400, field
    assert "Antes de guardar" in response.content.decode()
    chapter.refresh_from_db()
    assert (chapter.title, chapter.xgid, chapter.revision) == before


TEXT = st.one_of(
    st.sampled_from(SCRIPTS + ["", " ", "13/7 8/5", "8/5 6/5", "captura", "punto", "sacar", "a", "b", "si", "no", "-1", "99999999999999999999", "1e9", "\u202e", "😀"]),
    st.text(max_size=60).map(lambda text: text.replace("\x00", "")),
)
CHOSEN = {
    "moment": st.sampled_from(["dados", "doblar", "aceptar", "x"]),
    "question_kind": st.sampled_from(["ninguna", "jugada", "opcion", "sino", "numero", "x"]),
    "accept": st.sampled_from(["any", "plays", "goal", "x"]),
    "goal": st.sampled_from(["captura", "sacar", "punto", "x"]),
    "dice": st.sampled_from(["", "3-1", "6-6", "7-1", "x"]),
    "xgid": st.sampled_from([XGID, Position.initial().to_xgid(), "", "XGID=roto"]),
}


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.fixed_dictionaries({}, optional={**{name: TEXT for name in CHAPTER_FIELDS}, **CHOSEN}))
def test_whatever_the_chapter_form_receives_there_is_no_server_error_and_what_it_saves_the_engine_accepts(author, data):
    study = Study.objects.filter(author=author).first() or Study.objects.create(author=author, title="Fuzz")
    client = signed_in(author)
    response = client.post(f"/estudios/{study.pk}/capitulos/nuevo/", data)
    assert response.status_code in {302, 400}, data
    for chapter in study.chapters.all():
        check_chapter(chapter)
        assert client.get(f"/estudios/{study.pk}/capitulos/{chapter.pk}/vista-previa/").status_code == 200
    study.chapters.all().delete()


@pytest.mark.parametrize("spec", [0, [], "texto", {"accept": "plays", "plays": "8/5"}, {"choices": "a"}, {"answer": {"x": 1}}, {"accept": "goal", "goal": 7}])
@pytest.mark.parametrize("kind", ["jugada", "opcion", "sino", "numero", "x"])
def test_a_chapter_with_a_broken_spec_in_the_database_still_renders_and_refuses_answers_in_spanish(author, study, spec, kind):
    chapter = study.chapters.first()
    Chapter.objects.filter(pk=chapter.pk).update(answer_spec=spec, question_kind=kind)
    client = signed_in(author)
    for url in pages_of(study):
        assert client.get(url).status_code == 200, url
    preview = client.post(f"/estudios/{study.pk}/capitulos/{chapter.pk}/vista-previa/", {"play": "8/5 6/5", "answer": "a"})
    assert preview.status_code in {200, 400}


@pytest.mark.parametrize("url", ["/estudios/anadir/?xgid=" + "x" * 5000, "/estudios/anadir/?xgid=<script>", "/estudios/enlace/" + "a" * 300 + "/"])
def test_odd_addresses_are_4xx(author, url):
    assert 400 <= signed_in(author).get(url).status_code < 500


def test_a_preview_answer_of_any_size_is_judged_or_refused(author, study):
    chapter = study.chapters.first()
    for answer in ["x" * 100_000, "<script>alert(1)</script>", "8/5 " * 5000, ""]:
        response = signed_in(author).post(f"/estudios/{study.pk}/capitulos/{chapter.pk}/vista-previa/", {"play": answer})
        assert response.status_code == (400 if not answer else 200)  # an untouched board is no answer, as for a reader
        assert "<script>alert(1)</script>" not in response.content.decode()
