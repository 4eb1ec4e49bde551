"""Reading a study as a student: who may open and answer its chapters, what each answer stores, and «Paso»."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.classroom_factories import add_custom_exercise, make_assignment, make_classroom, make_user, post_json, signed_in
from tests.study_factories import CHOICE_RIGHT, CHOICE_WRONG, ILLEGAL_PLAY, OPENING_PIPS, RIGHT_PLAY, WRONG_PLAY, chapters, make_study
from tutor.engine import Position
from tutor.studies import reading
from tutor.studies.models import AssignedStudy, Chapter, ChapterAnswer, ChapterVisit, OpenedStudy, Sharing, Study, StudyPlace

pytestmark = pytest.mark.django_db

BLOCKED_PLAY = "13/10 13/12"  # the 12 point is Black's: a drilled rule, which training's memory keeps


@pytest.fixture
def world():
    teacher = make_user("carmen", teacher=True)
    student = make_user("lucia")
    classroom = make_classroom(teacher, students=[student])
    study = make_study(teacher, classrooms=[classroom])
    return teacher, student, classroom, study


def check_url(chapter: Chapter) -> str:
    return f"/estudios/{chapter.study_id}/capitulos/{chapter.pk}/comprobar/"


def test_a_class_member_answers_a_play_wrong_then_right_and_both_answers_are_kept_in_order(world):
    _, student, _, study = world
    play = chapters(study)[0]
    client = signed_in(student)
    assert client.get(play.get_absolute_url()).status_code == 200
    wrong = post_json(client, check_url(play), {"play": WRONG_PLAY}).json()
    assert wrong["correct"] is False and wrong["attempt"] == 1
    assert wrong["feedback"] == "Busca un punto de tu casa."
    right = post_json(client, check_url(play), {"play": RIGHT_PLAY}).json()
    assert right["correct"] is True and right["attempt"] == 2
    assert right["progress"]["next_url"] == chapters(study)[1].get_absolute_url()
    stored = list(ChapterAnswer.objects.filter(reader=student).order_by("number").values_list("number", "text", "correct", "revision"))
    assert stored == [(1, WRONG_PLAY, False, 1), (2, RIGHT_PLAY, True, 1)]


def test_an_illegal_play_is_explained_with_the_engines_rule_and_its_code_is_stored(world):
    _, student, _, study = world
    play = chapters(study)[0]
    code = Position.from_xgid(play.xgid).check(ILLEGAL_PLAY).codes[0]
    payload = post_json(signed_in(student), check_url(play), {"play": ILLEGAL_PLAY}).json()
    assert payload["legal"] is False
    assert [reason["code"] for reason in payload["reasons"]][:1] == [code]
    assert ChapterAnswer.objects.get().codes.split() == [code]


def test_an_untouched_board_is_no_answer_and_nothing_is_stored(world):
    _, student, _, study = world
    response = post_json(signed_in(student), check_url(chapters(study)[0]), {"play": ""})
    assert response.status_code == 400
    assert "Paso" in response.json()["error"]
    assert not ChapterAnswer.objects.exists()


def test_paso_is_an_answer_judged_and_stored(world):
    _, student, _, study = world
    response = post_json(signed_in(student), check_url(chapters(study)[0]), {"play": "", "pass": True})
    assert response.status_code == 200 and response.json()["correct"] is False
    assert ChapterAnswer.objects.get().answer_words == "Paso"


def test_a_choice_is_stored_in_the_words_the_student_saw(world):
    _, student, _, study = world
    choice = chapters(study)[1]
    client = signed_in(student)
    post_json(client, check_url(choice), {"answer": CHOICE_WRONG})
    post_json(client, check_url(choice), {"answer": CHOICE_RIGHT})
    assert list(ChapterAnswer.objects.order_by("number").values_list("answer_words", "correct")) == [("«El 7»", False), ("«El 5»", True)]


def test_a_number_question_without_a_number_is_refused(world):
    _, student, _, study = world
    number = chapters(study)[2]
    client = signed_in(student)
    assert post_json(client, check_url(number), {"answer": "muchos"}).status_code == 400
    assert post_json(client, check_url(number), {"answer": str(OPENING_PIPS)}).json()["correct"] is True
    assert ChapterAnswer.objects.count() == 1


def test_an_answer_after_the_solution_was_asked_for_says_so(world):
    _, student, _, study = world
    play = chapters(study)[0]
    client = signed_in(student)
    post_json(client, check_url(play), {"play": WRONG_PLAY})
    solution = client.get(f"/estudios/{study.pk}/capitulos/{play.pk}/solucion/")
    assert solution.status_code == 200 and RIGHT_PLAY in solution.json()["answer"]
    post_json(client, check_url(play), {"play": RIGHT_PLAY})
    assert list(ChapterAnswer.objects.order_by("number").values_list("solution_seen", flat=True)) == [False, True]
    page = client.get(play.get_absolute_url()).content.decode()
    assert "Con la solución vista" in page


def test_an_edit_of_the_chapter_keeps_the_answers_given_as_they_were_asked(world):
    _, student, _, study = world
    play = chapters(study)[0]
    client = signed_in(student)
    post_json(client, check_url(play), {"play": RIGHT_PLAY})
    play.prompt = "¿Cuál es la mejor jugada?"
    play.answer_spec = {"accept": "plays", "plays": ["24/21 6/5"]}
    play.save()
    assert play.revision == 2
    post_json(client, check_url(play), {"play": RIGHT_PLAY})
    first, second = ChapterAnswer.objects.order_by("number")
    assert (first.revision, first.question, first.correct) == (1, "¿Qué jugarías?", True)
    assert (second.revision, second.question, second.correct) == (2, "¿Cuál es la mejor jugada?", False)


def test_time_spent_counts_from_when_the_chapter_was_shown_and_is_capped(world):
    _, student, _, study = world
    play = chapters(study)[0]
    client = signed_in(student)
    client.get(play.get_absolute_url())
    ChapterVisit.objects.filter(reader=student).update(shown_at=timezone.now() - timedelta(seconds=42))
    post_json(client, check_url(play), {"play": WRONG_PLAY})
    ChapterVisit.objects.filter(reader=student).update(shown_at=timezone.now() - timedelta(hours=5))
    post_json(client, check_url(play), {"play": RIGHT_PLAY})
    first, second = ChapterAnswer.objects.order_by("number").values_list("seconds", flat=True)
    assert 42 <= first < 50
    assert second == reading.MAX_SECONDS


def test_where_the_student_stopped_is_remembered_and_seguir_goes_back_there(world):
    _, student, _, study = world
    second = chapters(study)[1]
    client = signed_in(student)
    assert client.get(f"/estudios/{study.pk}/seguir/").url == chapters(study)[0].get_absolute_url()
    client.get(second.get_absolute_url())
    assert StudyPlace.objects.get(reader=student).chapter == second
    assert client.get(f"/estudios/{study.pk}/seguir/").url == second.get_absolute_url()
    assert "Seguir donde lo dejaste" in client.get(study.get_absolute_url()).content.decode()


def test_the_form_without_javascript_stores_the_answer_and_shows_it(world):
    _, student, _, study = world
    play = chapters(study)[0]
    client = signed_in(student)
    response = client.post(play.get_absolute_url(), {"play": WRONG_PLAY})
    assert response.status_code == 302 and response.url.endswith("?respuesta=1#pregunta")
    page = client.get(response.url).content.decode()
    assert 'data-verdict="incorrect"' in page and "Busca un punto de tu casa." in page
    empty = client.post(play.get_absolute_url(), {"play": ""})
    assert empty.status_code == 400 and "Paso" in empty.content.decode()


@pytest.mark.parametrize("who", ["other_teacher", "other_student", "anonymous"])
def test_those_it_is_not_shared_with_get_404_and_store_nothing(world, who):
    _, _, _, study = world
    client = Client() if who == "anonymous" else signed_in(make_user(who, teacher=who == "other_teacher"))
    play = chapters(study)[0]
    page = client.get(play.get_absolute_url())
    assert page.status_code == (302 if who == "anonymous" else 404)
    assert post_json(client, check_url(play), {"play": RIGHT_PLAY}).status_code == 404
    assert client.get(f"/estudios/{study.pk}/capitulos/{play.pk}/solucion/").status_code == 404
    assert not ChapterAnswer.objects.exists()


def test_a_chapter_of_another_study_is_not_reachable_through_a_readable_one(world):
    teacher, student, _, study = world
    other = make_study(teacher, sharing=Sharing.PRIVATE, title="Privado")
    hidden = chapters(other)[0]
    client = signed_in(student)
    assert client.get(f"/estudios/{study.pk}/capitulos/{hidden.pk}/").status_code == 404
    assert post_json(client, f"/estudios/{study.pk}/capitulos/{hidden.pk}/comprobar/", {"play": RIGHT_PLAY}).status_code == 404


def test_a_link_holder_signed_in_answers_and_it_is_stored(world):
    teacher, _, _, _ = world
    study = make_study(teacher, sharing=Sharing.LINK, title="Público")
    reader = make_user("pablo")
    client = signed_in(reader)
    play = chapters(study)[0]
    assert client.get(play.get_absolute_url()).status_code == 404  # not before opening the link
    client.get(study.link_url())
    assert OpenedStudy.objects.filter(user=reader, study=study).exists()
    assert post_json(client, check_url(play), {"play": RIGHT_PLAY}).json()["attempt"] == 1


def test_the_authors_preview_is_judged_but_not_stored(world):
    teacher, _, _, study = world
    payload = post_json(signed_in(teacher), check_url(chapters(study)[0]), {"play": RIGHT_PLAY}).json()
    assert payload["correct"] is True and "attempt" not in payload
    assert not ChapterAnswer.objects.exists() and not StudyPlace.objects.exists()


def test_a_study_in_a_published_assignment_is_readable_by_the_groups_members_whatever_its_sharing(world):
    teacher, _, _, _ = world
    student = make_user("marta")
    classroom = make_classroom(teacher, name="3.º A", students=[student])
    study = make_study(teacher, sharing=Sharing.PRIVATE, title="Para la tarea")
    assignment = make_assignment(classroom, published=False)
    AssignedStudy.objects.create(assignment=assignment, study=study)
    client = signed_in(student)
    assert client.get(chapters(study)[0].get_absolute_url()).status_code == 404
    assignment.published_at = timezone.now()
    assignment.save()
    assert client.get(chapters(study)[0].get_absolute_url()).status_code == 200


def test_a_visitor_with_the_public_link_answers_without_signing_in_and_nothing_is_stored(world):
    teacher, _, _, _ = world
    study = make_study(teacher, sharing=Sharing.LINK, title="Público")
    play = chapters(study)[0]
    visitor = Client()
    assert visitor.get(play.get_absolute_url()).status_code == 302  # not before opening the link
    opened = visitor.get(study.link_url(), follow=True)
    assert opened.redirect_chain[-1][0] == study.get_absolute_url()
    assert "tus respuestas se comprueban, pero no se guardan" in opened.content.decode()
    assert visitor.get(play.get_absolute_url()).status_code == 200
    payload = post_json(visitor, check_url(play), {"play": RIGHT_PLAY}).json()
    assert payload["correct"] is True and "attempt" not in payload
    page = visitor.post(play.get_absolute_url(), {"play": WRONG_PLAY})
    assert page.status_code == 200 and 'data-verdict="incorrect"' in page.content.decode()
    assert visitor.get(f"/estudios/{study.pk}/capitulos/{play.pk}/solucion/").status_code == 200
    assert not ChapterAnswer.objects.exists() and not ChapterVisit.objects.exists() and not StudyPlace.objects.exists()


def test_a_visitors_link_stops_working_once_the_study_is_private_and_opens_no_other_study(world):
    teacher, _, _, private = world
    study = make_study(teacher, sharing=Sharing.LINK, title="Público")
    visitor = Client()
    visitor.get(study.link_url())
    assert visitor.get(chapters(private)[0].get_absolute_url()).status_code == 302
    assert post_json(visitor, check_url(chapters(private)[0]), {"play": RIGHT_PLAY}).status_code == 404
    study.sharing = Sharing.PRIVATE
    study.save()
    assert visitor.get(chapters(study)[0].get_absolute_url()).status_code == 404
    assert visitor.get(study.link_url()).status_code == 404


def test_the_gnubg_comparison_waits_for_an_answer_when_the_chapter_asks_for_it(world):
    _, student, _, study = world
    play = chapters(study)[0]
    client = signed_in(student)
    assert "data-grade-panel" not in client.get(play.get_absolute_url()).content.decode()
    Chapter.objects.filter(pk=play.pk).update(compare_gnubg=True)
    page = client.get(play.get_absolute_url()).content.decode()
    assert "data-compare-after-answer hidden" in page and 'data-grade-url="/api/grade/"' in page
    post_json(client, check_url(play), {"play": WRONG_PLAY})
    assert "data-compare-after-answer hidden" not in client.get(play.get_absolute_url()).content.decode()


def test_repeated_answers_are_rate_limited_with_a_spanish_429_and_nothing_more_is_stored(world, settings):
    from django.core.cache import cache

    cache.clear()
    settings.RATELIMITS = {**getattr(settings, "RATELIMITS", {}), "check": (3, 60)}
    _, student, _, study = world
    play = chapters(study)[0]
    client = signed_in(student)
    statuses = [post_json(client, check_url(play), {"play": WRONG_PLAY}).status_code for _ in range(5)]
    assert statuses == [200, 200, 200, 429, 429]
    refused = post_json(client, check_url(play), {"play": WRONG_PLAY}).json()
    assert refused["error"]
    assert client.post(play.get_absolute_url(), {"play": WRONG_PLAY}).status_code == 429
    assert ChapterAnswer.objects.count() == 3
    cache.clear()


def test_a_student_finds_the_studies_shared_with_their_groups_under_mis_tareas(world):
    _, student, _, study = world
    client = signed_in(student)
    post_json(client, check_url(chapters(study)[0]), {"play": RIGHT_PLAY})
    page = client.get("/tareas/").content.decode()
    assert "Estudios de tus profesores" in page and f'href="/estudios/{study.pk}/seguir/"' in page
    assert "1 de 3 preguntas bien" in page
    assert "Estudios de tus profesores" not in signed_in(make_user("sola")).get("/tareas/").content.decode()


def test_the_same_question_as_an_exercise_still_unanswered_is_neither_judged_nor_solved_here(world):
    teacher, student, classroom, study = world
    add_custom_exercise(make_assignment(classroom), dice="3-1", xgid=Position.initial().to_xgid())
    play = chapters(study)[0]
    client = signed_in(student)
    assert post_json(client, check_url(play), {"play": RIGHT_PLAY}).status_code == 403
    assert client.get(f"/estudios/{study.pk}/capitulos/{play.pk}/solucion/").status_code == 403
    assert client.post(play.get_absolute_url(), {"play": RIGHT_PLAY}).status_code == 403
    assert not ChapterAnswer.objects.exists()


def test_a_visitor_at_the_last_chapter_goes_back_to_the_overview_which_reads_without_signing_in(world):
    teacher, _, _, _ = world
    study = make_study(teacher, sharing=Sharing.LINK, title="Público")
    last = chapters(study)[-1]
    visitor = Client()
    visitor.get(study.link_url())
    payload = post_json(visitor, check_url(last), {"answer": str(OPENING_PIPS)}).json()
    assert payload["correct"] is True and payload["progress"]["next_url"] == study.get_absolute_url()
    assert f'href="{study.get_absolute_url()}"' in visitor.get(last.get_absolute_url()).content.decode()
    overview = visitor.get(study.get_absolute_url())
    assert overview.status_code == 200


def test_a_visitor_with_the_public_link_reads_the_overview_and_starts_its_chapters_with_nothing_stored(world):
    teacher, _, _, private = world
    study = make_study(teacher, sharing=Sharing.LINK, title="Público")
    visitor = Client()
    assert visitor.get(study.get_absolute_url()).status_code == 302  # not before opening the link
    page = visitor.get(study.link_url(), follow=True).content.decode()
    assert "<h1>Público</h1>" in page and "Inicia sesión" in page
    assert f'href="/estudios/{study.pk}/seguir/"' in page
    for chapter in chapters(study):
        assert f'href="{chapter.get_absolute_url()}"' in page
    assert 'href="/estudios/"' not in page and "Editar el estudio" not in page and "Copiar a mis estudios" not in page
    started = visitor.get(f"/estudios/{study.pk}/seguir/", follow=True)
    assert started.redirect_chain[-1][0] == chapters(study)[0].get_absolute_url()
    assert visitor.get(private.get_absolute_url()).status_code == 302
    study.sharing = Sharing.PRIVATE
    study.save()
    assert visitor.get(study.get_absolute_url()).status_code == 404
    assert not OpenedStudy.objects.exists() and not ChapterVisit.objects.exists() and not StudyPlace.objects.exists()


def test_opening_the_hint_marks_the_later_answers_con_la_pista_vista_in_the_teachers_path_and_csv(world):
    teacher, student, _, study = world
    play = chapters(study)[0]
    Chapter.objects.filter(pk=play.pk).update(hint="Mira tu casa.")
    client = signed_in(student)
    page = client.get(play.get_absolute_url()).content.decode()
    hint_url = f"/estudios/{study.pk}/capitulos/{play.pk}/pista/"
    assert f'data-hint-url="{hint_url}"' in page
    post_json(client, check_url(play), {"play": WRONG_PLAY})
    assert client.post(hint_url).json() == {"recorded": True}
    post_json(client, check_url(play), {"play": RIGHT_PLAY})
    assert list(ChapterAnswer.objects.order_by("number").values_list("hint_seen", flat=True)) == [False, True]
    assert "Con la pista vista" in client.get(f"{play.get_absolute_url()}?respuesta=2").content.decode()
    teachers = signed_in(teacher)
    path = teachers.get(f"/estudios/{study.pk}/caminos/{student.pk}/").content.decode()
    assert path.count("Con la pista vista") == 1
    assert "con la pista vista" in teachers.get(f"/estudios/{study.pk}/caminos/").content.decode()
    rows = [line.split(";") for line in teachers.get(f"/estudios/{study.pk}/caminos.csv").content.decode().lstrip("\ufeff").splitlines()]
    seen = rows[0].index("Con la pista vista")
    assert [row[seen] for row in rows[1:]] == ["no", "sí"]


def test_a_hint_opened_by_a_visitor_or_the_author_is_not_stored_and_a_chapter_without_one_has_none(world):
    teacher, _, _, study = world
    play = chapters(study)[0]
    assert signed_in(make_user("lucia2")).post(f"/estudios/{study.pk}/capitulos/{play.pk}/pista/").status_code == 404
    member = signed_in(world[1])
    Chapter.objects.filter(pk=play.pk).update(hint="")
    assert member.post(f"/estudios/{study.pk}/capitulos/{play.pk}/pista/").status_code == 404  # no hint written
    Chapter.objects.filter(pk=play.pk).update(hint="Mira tu casa.")
    visitor = Client()
    visitor.get(make_study(teacher, sharing=Sharing.LINK, title="Público").link_url())
    public = chapters(Study.objects.get(title="Público"))[0]
    Chapter.objects.filter(pk=public.pk).update(hint="Mira tu casa.")
    assert visitor.post(f"/estudios/{public.study_id}/capitulos/{public.pk}/pista/").json() == {"recorded": False}
    assert member.get(f"/estudios/{study.pk}/capitulos/{play.pk}/pista/").status_code == 405
    assert signed_in(teacher).post(f"/estudios/{study.pk}/capitulos/{play.pk}/pista/").json() == {"recorded": False}
    assert not ChapterVisit.objects.exists()


def test_an_answer_to_a_chapter_is_announced_and_trainings_memory_of_the_rule_hears_it(world):
    from tutor.rules import AnswerJudged, RuleCode, Source, answer_judged
    from tutor.training.models import RuleAnswer

    _, student, _, study = world
    play = chapters(study)[0]
    heard: list[AnswerJudged] = []
    answer_judged.connect(heard.append, uid="test-studies-heard")
    try:
        post_json(signed_in(student), check_url(play), {"play": BLOCKED_PLAY})
    finally:
        answer_judged.disconnect("test-studies-heard")
    [event] = heard
    assert (event.source, event.rules, event.correct, event.answer) == (Source.STUDY, (RuleCode.BLOCKED,), False, BLOCKED_PLAY)
    remembered = RuleAnswer.objects.get(user=student, rule=RuleCode.BLOCKED)
    assert (remembered.source, remembered.get_source_display()) == ("study", "Estudio de un profesor")


def test_a_number_question_hides_the_pip_counts_that_would_answer_it_for_the_reader_and_in_the_preview(world):
    teacher, student, _, study = world
    play, choice, number = chapters(study)
    reader = signed_in(student)
    assert "data-pips-side" not in reader.get(number.get_absolute_url()).content.decode()
    assert "data-pips-side" in reader.get(play.get_absolute_url()).content.decode()
    assert "data-pips-side" in reader.get(choice.get_absolute_url()).content.decode()
    preview = signed_in(teacher).get(f"/estudios/{study.pk}/capitulos/{number.pk}/vista-previa/").content.decode()
    assert "¿Cuántos pips tienen las blancas?" in preview and "data-pips-side" not in preview
