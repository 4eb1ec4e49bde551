"""Studies in the browser's requests: who reads and who writes, the editor, sharing and copying."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.classroom_factories import make_classroom, make_user, signed_in
from tutor.engine import Position
from tutor.lessons.library import get_library
from tutor.studies.forms import ChapterForm, initial_for
from tutor.studies.models import MAX_CHAPTERS, Chapter, OpenedStudy, Sharing, Study

pytestmark = pytest.mark.django_db

OPENING_31 = Position.initial().with_dice("3-1")


@pytest.fixture
def author():
    return make_user("profe", teacher=True, name="Carmen")


@pytest.fixture
def member():
    return make_user("lucia", name="Lucía")


@pytest.fixture
def classroom(author, member):
    return make_classroom(author, students=[member])


def a_study(author, *, chapters: int = 2, sharing: str = Sharing.PRIVATE) -> Study:
    study = Study.objects.create(author=author, title="Abrir el juego", introduction="Tres **aperturas**.", sharing=sharing)
    for order in range(chapters):
        Chapter.objects.create(
            study=study, order=order, title=f"Capítulo {order + 1}", xgid=OPENING_31.to_xgid(),
            question_kind="jugada", prompt="¿Qué jugarías?", answer_spec={"accept": "plays", "plays": ["8/5 6/5"]},
        )
    return study


def chapter_post(**changes) -> dict:
    data = {
        "title": "El 3-1", "xgid": OPENING_31.to_xgid(), "moment": "dados", "dice": "", "text": "Haz tu **punto 5**.",
        "question_kind": "jugada", "prompt": "¿Qué jugarías?", "accept": "plays", "plays": "8/5 6/5\n", "goal": "captura",
        "goal_count": "1", "choice_answer": "a", "hint": "Mira el punto 5.", "wrong_text": "El punto 5 es el mejor.",
    }
    data.update(changes)
    return data


# -- permissions -------------------------------------------------------------------------


def test_the_author_reads_and_edits_their_study(author):
    study = a_study(author)
    client = signed_in(author)
    assert client.get(study.get_absolute_url()).status_code == 200
    assert client.get(study.edit_url()).status_code == 200
    chapter = study.chapters.first()
    assert client.get(f"/estudios/{study.pk}/capitulos/{chapter.pk}/vista-previa/").status_code == 200


def test_a_private_study_is_a_404_for_everyone_else(author, member, classroom):
    study = a_study(author)
    other_teacher = make_user("otro", teacher=True)
    for user in (member, other_teacher):
        client = signed_in(user)
        assert client.get(study.get_absolute_url()).status_code == 404
        assert client.get(f"/estudios/{study.pk}/capitulos/{study.chapters.first().pk}/").status_code == 404


def test_a_class_member_reads_a_study_shared_with_the_class_but_never_edits_it(author, member, classroom):
    study = a_study(author, sharing=Sharing.CLASSES)
    study.classrooms.add(classroom)
    client = signed_in(member)
    assert "Abrir el juego" in client.get("/estudios/").content.decode()
    assert client.get(study.get_absolute_url()).status_code == 200
    assert client.get(f"/estudios/{study.pk}/capitulos/{study.chapters.first().pk}/").status_code == 200
    assert client.get(study.edit_url()).status_code == 403
    assert client.post(f"/estudios/{study.pk}/borrar/").status_code == 403
    assert Study.objects.filter(pk=study.pk).exists()


def test_another_teacher_neither_edits_nor_deletes_a_study_not_theirs(author, classroom):
    study = a_study(author, sharing=Sharing.CLASSES)
    study.classrooms.add(classroom)
    client = signed_in(make_user("otro", teacher=True))
    assert client.get(study.edit_url()).status_code == 404
    assert client.post(f"/estudios/{study.pk}/borrar/").status_code == 404
    chapter = study.chapters.first()
    for action in ("editar", "duplicar", "borrar", "subir", "bajar", "vista-previa"):
        assert client.post(f"/estudios/{study.pk}/capitulos/{chapter.pk}/{action}/").status_code == 404, action
    assert client.get(study.get_absolute_url()).status_code == 404
    assert study.chapters.count() == 2


def test_anonymous_visitors_are_sent_to_sign_in(author):
    study = a_study(author, sharing=Sharing.LINK)
    client = Client()
    for url in ("/estudios/", study.get_absolute_url(), study.edit_url()):
        response = client.get(url)
        assert response.status_code == 302 and "/cuenta/entrar/" in response["Location"], url


def test_a_link_holder_reads_a_public_study_and_keeps_it_in_their_list(author):
    study = a_study(author, sharing=Sharing.LINK)
    reader = make_user("pablo")
    client = signed_in(reader)
    assert client.get(study.get_absolute_url()).status_code == 404
    response = client.get(study.link_url())
    assert response.status_code == 302 and response["Location"] == study.get_absolute_url()
    assert client.get(study.get_absolute_url()).status_code == 200
    assert "Abrir el juego" in client.get("/estudios/").content.decode()
    assert client.get(study.edit_url()).status_code == 403


def test_a_link_stops_working_once_the_study_is_private_again(author):
    study = a_study(author, sharing=Sharing.LINK)
    reader = make_user("pablo")
    client = signed_in(reader)
    client.get(study.link_url())
    Study.objects.filter(pk=study.pk).update(sharing=Sharing.PRIVATE)
    assert client.get(study.get_absolute_url()).status_code == 404
    assert client.get(study.link_url()).status_code == 404


def test_a_wrong_link_token_is_a_404(author):
    a_study(author, sharing=Sharing.LINK)
    assert signed_in(make_user("pablo")).get("/estudios/enlace/no-es-un-token/").status_code == 404


# -- the editor --------------------------------------------------------------------------


def test_a_teacher_creates_a_study_from_the_list(author):
    response = signed_in(author).post("/estudios/", {"title": "Finales"})
    study = Study.objects.get(author=author)
    assert response.status_code == 302 and response["Location"] == study.edit_url()
    assert study.title == "Finales"


def test_a_student_may_not_create_a_study(member):
    assert signed_in(member).post("/estudios/", {"title": "Mío"}).status_code == 403
    assert not Study.objects.exists()


def test_a_chapter_is_saved_after_the_engine_checks_it(author):
    study = a_study(author, chapters=0)
    response = signed_in(author).post(f"/estudios/{study.pk}/capitulos/nuevo/", chapter_post())
    assert response.status_code == 302
    chapter = study.chapters.get()
    assert (chapter.title, chapter.xgid, chapter.answer_spec) == ("El 3-1", OPENING_31.to_xgid(), {"accept": "plays", "plays": ["8/5 6/5"]})
    assert chapter.revision == 1


def test_a_chapter_from_the_board_editor_takes_its_dice_from_the_form(author):
    study = a_study(author, chapters=0)
    data = chapter_post(xgid="", white="24:2 13:5 8:3 6:5", black="19:5 17:3 12:5 1:2", turn="blancas", dice="3-1")
    assert signed_in(author).post(f"/estudios/{study.pk}/capitulos/nuevo/", data).status_code == 302
    assert Position.from_xgid(study.chapters.get().xgid).dice == (3, 1)


@pytest.mark.parametrize("where, said", [
    ({"xgid": "", "white": "24:2 13:5 8:3 6:5", "black": "6:2 12:5 17:3 19:5"}, "blancas y negras no pueden compartir un punto"),
    ({"xgid": "", "white": "24:3 13:5 8:3 6:5", "black": "19:5 17:3 12:5 1:2"}, "las blancas tienen más de quince fichas"),
    ({"xgid": "XGID=-b----E-C---eE---c-e---BB-:0:0:1:31:0:0:0:0:10"}, "las blancas tienen más de quince fichas"),
], ids=["shared point", "sixteen by the fields", "seventeen by xgid"])
def test_an_impossible_position_is_refused_naming_what_is_wrong_and_nothing_is_saved(author, where, said):
    study = a_study(author, chapters=0)
    response = signed_in(author).post(f"/estudios/{study.pk}/capitulos/nuevo/", chapter_post(**{"dice": "3-1", **where}))
    page = response.content.decode()
    assert response.status_code == 400 and f"Esa posición es imposible: {said}." in page
    assert "No se puede leer" not in page  # a well-formed XGID is not blamed for its checkers
    assert not study.chapters.exists()


def test_an_illegal_right_play_is_refused_with_the_rule_and_nothing_is_saved(author):
    study = a_study(author, chapters=0)
    response = signed_in(author).post(f"/estudios/{study.pk}/capitulos/nuevo/", chapter_post(plays="8/5 6/5\n13/7"))
    assert response.status_code == 400
    page = response.content.decode()
    assert "«13/7» no es una jugada legal con 3-1" in page
    assert not study.chapters.exists()


def test_several_right_plays_are_saved_in_order(author):
    study = a_study(author, chapters=0)
    signed_in(author).post(f"/estudios/{study.pk}/capitulos/nuevo/", chapter_post(plays="8/5 6/5\n24/23 24/21\n"))
    assert study.chapters.get().answer_spec == {"accept": "plays", "plays": ["8/5 6/5", "24/23 24/21"]}


def test_every_question_kind_is_saved_from_the_form(author):
    study = a_study(author, chapters=0)
    client = signed_in(author)
    posts = [
        chapter_post(question_kind="ninguna"),
        chapter_post(accept="goal", goal="punto", goal_count="5"),
        chapter_post(question_kind="opcion", choices="Doblar\nNo doblar", choice_answer="b", moment="doblar", xgid=Position.initial().to_xgid()),
        chapter_post(question_kind="sino", yes_no_answer="no", yes_no_play="13/7"),
        chapter_post(question_kind="numero", number_answer="167"),
    ]
    for data in posts:
        assert client.post(f"/estudios/{study.pk}/capitulos/nuevo/", data).status_code == 302, data["question_kind"]
    assert [chapter.answer_spec for chapter in study.chapters.all()] == [
        {},
        {"accept": "goal", "goal": "punto 5"},
        {"choices": [{"key": "a", "label": "Doblar"}, {"key": "b", "label": "No doblar"}], "answer": "b"},
        {"answer": "no", "play": "13/7"},
        {"answer": 167},
    ]


def test_editing_a_chapter_makes_a_new_revision_and_reordering_does_not(author):
    study = a_study(author)
    first, second = study.chapters.all()
    client = signed_in(author)
    assert client.post(f"/estudios/{study.pk}/capitulos/{first.pk}/editar/", chapter_post(title="Otro título", xgid="", white="24:2 13:5 8:3 6:5", black="19:5 17:3 12:5 1:2", dice="3-1")).status_code == 302
    first.refresh_from_db()
    assert (first.title, first.revision) == ("Otro título", 2)
    client.post(f"/estudios/{study.pk}/capitulos/{first.pk}/bajar/")
    assert [chapter.pk for chapter in study.chapters.all()] == [second.pk, first.pk]
    first.refresh_from_db()
    assert first.revision == 2


def test_chapters_move_up_and_down_and_stop_at_the_ends(author):
    study = a_study(author, chapters=3)
    one, two, three = study.chapters.all()
    client = signed_in(author)
    client.post(f"/estudios/{study.pk}/capitulos/{three.pk}/subir/")
    assert list(study.chapters.all()) == [one, three, two]
    client.post(f"/estudios/{study.pk}/capitulos/{one.pk}/subir/")
    assert list(study.chapters.all()) == [one, three, two]
    client.post(f"/estudios/{study.pk}/capitulos/{one.pk}/bajar/")
    assert list(study.chapters.all()) == [three, one, two]


def test_a_duplicated_chapter_follows_its_original(author):
    study = a_study(author, chapters=2)
    first, second = study.chapters.all()
    signed_in(author).post(f"/estudios/{study.pk}/capitulos/{first.pk}/duplicar/")
    chapters = list(study.chapters.all())
    assert [chapter.title for chapter in chapters] == ["Capítulo 1", "Capítulo 1 (copia)", "Capítulo 2"]
    assert chapters[1].answer_spec == first.answer_spec and chapters[1].revision == 1


def test_a_deleted_chapter_is_gone(author):
    study = a_study(author, chapters=2)
    first = study.chapters.first()
    signed_in(author).post(f"/estudios/{study.pk}/capitulos/{first.pk}/borrar/")
    assert list(study.chapters.values_list("title", flat=True)) == ["Capítulo 2"]


def test_no_study_has_more_than_sixty_four_chapters(author):
    study = a_study(author, chapters=MAX_CHAPTERS)
    client = signed_in(author)
    response = client.post(f"/estudios/{study.pk}/capitulos/nuevo/", chapter_post())
    assert response.status_code == 400 and "como mucho 64 capítulos" in response.content.decode()
    assert client.post(f"/estudios/{study.pk}/capitulos/{study.chapters.first().pk}/duplicar/").status_code == 400
    assert study.chapters.count() == MAX_CHAPTERS


def test_a_lessons_puzzles_become_chapters(author):
    study = a_study(author, chapters=0)
    response = signed_in(author).post(f"/estudios/{study.pk}/desde-leccion/", {"lesson": "mover"})
    assert response.status_code == 302
    lesson = next(lesson for lesson in get_library().course() if lesson.slug == "mover")
    assert [chapter.title for chapter in study.chapters.all()] == [puzzle.title for puzzle in lesson.puzzles]
    assert all(chapter.question_kind != "ninguna" for chapter in study.chapters.all())


def test_an_unknown_lesson_is_a_clear_refusal(author):
    study = a_study(author, chapters=0)
    response = signed_in(author).post(f"/estudios/{study.pk}/desde-leccion/", {"lesson": "no-existe"})
    assert response.status_code == 400 and "No existe esa lección." in response.content.decode()


def test_the_preview_judges_an_answer_and_records_nothing(author):
    study = a_study(author, chapters=1)
    chapter = study.chapters.get()
    client = signed_in(author)
    wrong = client.post(f"/estudios/{study.pk}/capitulos/{chapter.pk}/vista-previa/", {"play": "13/7"}).content.decode()
    assert "Jugada ilegal" in wrong
    right = client.post(f"/estudios/{study.pk}/capitulos/{chapter.pk}/vista-previa/", {"play": "6/5 8/5"}).content.decode()
    assert "¡Correcto!" in right and "8/5 6/5" in right
    # As the students' page: «Paso» is offered, and an untouched board is no answer.
    page = client.get(f"/estudios/{study.pk}/capitulos/{chapter.pk}/vista-previa/").content.decode()
    assert 'name="pasar" value="1"' in page and ">Paso</button>" in page
    untouched = client.post(f"/estudios/{study.pk}/capitulos/{chapter.pk}/vista-previa/", {"play": ""})
    assert untouched.status_code == 400 and "No has movido ninguna ficha" in untouched.content.decode()
    passed = client.post(f"/estudios/{study.pk}/capitulos/{chapter.pk}/vista-previa/", {"play": "", "pasar": "1"})
    assert passed.status_code == 200 and 'class="verdict' in passed.content.decode()  # a pass is judged, like any answer


# -- sharing and copying ------------------------------------------------------------------


def test_sharing_with_classes_needs_one_of_the_authors_own_classes(author, classroom):
    study = a_study(author)
    someone_elses = make_classroom(make_user("otro", teacher=True), name="Ajeno")
    client = signed_in(author)
    assert client.post(study.edit_url(), {"title": "T", "sharing": "clases"}).status_code == 400
    assert client.post(study.edit_url(), {"title": "T", "sharing": "clases", "classrooms": [someone_elses.pk]}).status_code == 400
    assert client.post(study.edit_url(), {"title": "T", "sharing": "clases", "classrooms": [classroom.pk]}).status_code == 302
    study.refresh_from_db()
    assert study.sharing == Sharing.CLASSES and list(study.classrooms.all()) == [classroom]


def test_another_teacher_copies_a_public_study_into_their_own(author):
    study = a_study(author, sharing=Sharing.LINK)
    other = make_user("otro", teacher=True)
    client = signed_in(other)
    client.get(study.link_url())
    response = client.post(f"/estudios/{study.pk}/copiar/")
    copy = Study.objects.get(author=other)
    assert response.status_code == 302 and response["Location"] == copy.edit_url()
    assert (copy.title, copy.sharing, copy.copied_from) == (study.title, Sharing.PRIVATE, study)
    assert [chapter.answer_spec for chapter in copy.chapters.all()] == [chapter.answer_spec for chapter in study.chapters.all()]
    assert OpenedStudy.objects.filter(user=other, study=study).exists()


def test_a_study_shared_only_with_a_class_cannot_be_copied(author, classroom):
    study = a_study(author, sharing=Sharing.CLASSES)
    study.classrooms.add(classroom)
    other = make_user("otro", teacher=True)
    assert signed_in(other).post(f"/estudios/{study.pk}/copiar/").status_code == 404
    assert not Study.objects.filter(author=other).exists()


# -- «Añadir a un estudio» ------------------------------------------------------------------


def test_a_position_goes_into_a_chosen_study_as_a_new_chapter(author):
    study = a_study(author, chapters=0)
    client = signed_in(author)
    xgid = OPENING_31.to_xgid()
    assert client.get("/estudios/anadir/", {"xgid": xgid}).status_code == 200
    response = client.post("/estudios/anadir/", {"xgid": xgid, "study": study.pk})
    assert response.status_code == 302
    form = client.get(response["Location"])
    assert form.status_code == 200 and xgid in form.content.decode()


def test_a_position_may_start_a_new_study(author):
    response = signed_in(author).post("/estudios/anadir/", {"xgid": OPENING_31.to_xgid(), "study": "nuevo", "title": "De la práctica"})
    assert response.status_code == 302
    assert Study.objects.get(author=author).title == "De la práctica"


def test_an_unreadable_position_to_add_is_a_400(author):
    assert signed_in(author).get("/estudios/anadir/", {"xgid": "nada"}).status_code == 400


def test_a_teacher_keeps_at_most_the_studies_limit(author, monkeypatch):
    from tutor.studies import editing

    monkeypatch.setattr(editing, "MAX_STUDIES", 2)
    client = signed_in(author)
    for title in ("Uno", "Dos"):
        assert client.post("/estudios/", {"title": title}).status_code == 302
    refused = client.post("/estudios/", {"title": "Tres"})
    assert refused.status_code == 400 and "Ya tienes 2 estudios" in refused.content.decode()
    assert Study.objects.filter(author=author).count() == 2


def test_the_introduction_and_texts_are_rendered_as_the_lessons_markdown_without_raw_html(author, member, classroom):
    study = a_study(author, sharing=Sharing.CLASSES)
    study.classrooms.add(classroom)
    Study.objects.filter(pk=study.pk).update(introduction="Juega **bien**: `13/7 8/5`.\n\n<b onclick=x()>negrita</b> [enlace](https://example.org)")
    page = signed_in(member).get(study.get_absolute_url()).content.decode()
    assert "<strong>bien</strong>" in page
    assert '<code class="notation">' in page
    assert "onclick" not in page and "<b>negrita</b>" in page
    assert '<a href="https://example.org" rel="noopener noreferrer nofollow">enlace</a>' in page


def test_a_puzzle_block_in_a_text_is_refused_with_where_questions_go(author):
    study = a_study(author, chapters=0)
    response = signed_in(author).post(f"/estudios/{study.pk}/capitulos/nuevo/", chapter_post(text="```puzzle\nid: x\n```"))
    assert response.status_code == 400
    assert "Los ejercicios no van en el texto: usa la pregunta del capítulo." in response.content.decode()


def test_deleting_a_study_asks_first(author):
    study = a_study(author)
    client = signed_in(author)
    question = client.get(f"/estudios/{study.pk}/borrar/")
    assert question.status_code == 200 and "Se borran el estudio y sus 2 capítulos" in question.content.decode()
    assert Study.objects.filter(pk=study.pk).exists()
    assert client.post(f"/estudios/{study.pk}/borrar/").status_code == 302
    assert not Study.objects.filter(pk=study.pk).exists()


def test_a_pasted_gnu_backgammon_id_gives_the_chapters_position(author):
    study = a_study(author, chapters=0)
    position = OPENING_31.replace(cube_value=2, cube_owner=1)
    data = chapter_post(xgid="", gnubg_id=f"Position ID: {position.to_gnubg_id().split(':')[0]}", dice="3-1")
    assert signed_in(author).post(f"/estudios/{study.pk}/capitulos/nuevo/", data).status_code == 302
    assert Position.from_xgid(study.chapters.get().xgid).legal_plays() == OPENING_31.legal_plays()


def test_an_unreadable_gnu_backgammon_id_is_named_in_spanish(author):
    study = a_study(author, chapters=0)
    response = signed_in(author).post(f"/estudios/{study.pk}/capitulos/nuevo/", chapter_post(xgid="", gnubg_id="no-es-un-id"))
    assert response.status_code == 400 and "No se puede leer ese ID de GNU Backgammon" in response.content.decode()


def test_moving_checkers_on_the_board_editor_keeps_the_cube_and_the_match_of_the_chapter(author):
    study = a_study(author, chapters=0)
    in_a_match = OPENING_31.replace(cube_value=2, cube_owner=0, match_length=7, score=(2, 3))
    chapter = Chapter.objects.create(study=study, title="Match", xgid=in_a_match.to_xgid(), question_kind="ninguna", answer_spec={})
    data = chapter_post(question_kind="ninguna", xgid="", white="24:2 13:5 8:3 6:4 5:1", black="19:5 17:3 12:5 1:2", dice="3-1")
    assert signed_in(author).post(f"/estudios/{study.pk}/capitulos/{chapter.pk}/editar/", data).status_code == 302
    chapter.refresh_from_db()
    saved = Position.from_xgid(chapter.xgid)
    assert (saved.cube_value, saved.cube_owner, saved.match_length, saved.score) == (2, 0, 7, (2, 3))
    assert saved.checkers(0)[5] == 1


@pytest.mark.parametrize(
    "kind, moment, spec",
    [
        ("ninguna", "dados", {}),
        ("jugada", "dados", {"accept": "any"}),
        ("jugada", "dados", {"accept": "plays", "plays": ["8/5 6/5", "24/23 24/21"]}),
        ("jugada", "dados", {"accept": "goal", "goal": "punto 5"}),
        ("opcion", "doblar", {"choices": [{"key": "a", "label": "Doblar"}, {"key": "b", "label": "Tirar"}], "answer": "b"}),
        ("sino", "dados", {"answer": "no", "play": "13/7"}),
        ("numero", "antes", {"answer": 167}),
    ],
)
def test_a_chapter_opened_in_the_editor_and_saved_untouched_stays_the_same_revision(author, kind, moment, spec):
    study = a_study(author, chapters=0)
    position = OPENING_31 if moment == "dados" else Position.initial()
    chapter = Chapter.objects.create(study=study, title="T", xgid=position.to_xgid(), moment=moment, question_kind=kind, answer_spec=spec, prompt="¿?")
    data = {name: "" if value is None else str(value) for name, value in initial_for(chapter).items() if value is not False}
    form = ChapterForm(data, study=study, chapter=chapter)
    assert form.is_valid(), form.errors
    form.built.save()
    chapter.refresh_from_db()
    assert (chapter.answer_spec, chapter.xgid, chapter.revision) == (spec, position.to_xgid(), 1)


def test_staff_read_studies_and_their_chapters_in_the_admin_without_changing_them(author):
    from django.contrib.auth import get_user_model

    study = a_study(author)
    staff = signed_in(get_user_model().objects.create_superuser("admin", "admin@example.org", "clave-de-admin-1"))
    assert "Abrir el juego" in staff.get("/admin/studies/study/?q=Abrir").content.decode()
    page = staff.get(f"/admin/studies/study/{study.pk}/change/").content.decode()
    assert "Capítulo 2" in page and 'name="title"' not in page
    assert staff.get("/admin/studies/study/add/").status_code == 403


def test_a_right_choice_that_is_not_among_the_options_is_refused_saying_so(author):
    study = a_study(author, chapters=0)
    data = chapter_post(question_kind="opcion", choices="Uno\nDos", choice_answer="c", moment="doblar", xgid=Position.initial().to_xgid())
    response = signed_in(author).post(f"/estudios/{study.pk}/capitulos/nuevo/", data)
    page = response.content.decode()
    assert response.status_code == 400 and "La opción correcta es la c, pero solo hay 2 opciones (a y b)." in page
    assert not study.chapters.exists()
