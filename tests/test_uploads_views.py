"""«Revisar una partida»: an uploaded match stored whole, graded in the background, private to its uploader.

The matches are what the match file reader returns (``tests.uploaded_matches``,
replayed with the engine); gnubg grades for real, at 0 plies, when the test
runs the reviews' queue (``drain``), as a worker process would.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.exceptions import RequestDataTooBig
from django.test import Client, RequestFactory
from django_tasks_db.models import DBTaskResult

from tests.classroom_factories import make_classroom, make_user, signed_in
from tests.uploaded_matches import NAMES, money_game, three_point_match
from tutor.engine import BLACK, WHITE
from tutor.games.cube_policy import may_double
from tutor.games.matfile import MAX_BYTES, read_match
from tutor.practice import evaluator
from tutor.practice.background import drain
from tutor.practice.models import Exercise
from tutor.practice.statistics import counts
from tutor.rules import NO_CRAWFORD_NOTICE
from tutor.uploads.models import UploadedAction, UploadedMatch
from tutor.uploads.review import DECISIONS, ENDINGS
from tutor.uploads.tasks import progress
from tutor.uploads import views
from tutor.uploads.store import store_match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("live_dice", "fresh_rate_limits")]
Kind = UploadedAction.Kind


@pytest.fixture
def stored(ana) -> UploadedMatch:
    return store_match(three_point_match(), ana, filename="club.mat", side=WHITE)


def test_a_checked_match_is_stored_whole_with_every_game_and_its_review_queued(ana):
    read = three_point_match()
    match = store_match(read, ana, filename="club.mat")
    assert (match.first_name, match.second_name, match.length, match.games) == (*NAMES, 3, 2)
    assert match.final_score == [3, 0] and match.winner == WHITE
    moves = match.actions.filter(kind=Kind.MOVE)
    assert moves.count() == sum(1 for game in read.games for action in game.actions if action.kind == "play")
    assert [a.play for a in moves] == [a.play for game in read.games for a in game.actions if a.kind == "play"]
    results = list(match.actions.filter(kind=Kind.RESULT).values_list("game_number", "side", "points"))
    assert results == [(game.number, game.winner, game.points) for game in read.games]
    assert DBTaskResult.objects.filter(args_kwargs__args=[match.pk]).count() == 1


def test_a_no_double_is_kept_only_where_its_player_could_double_and_never_at_the_opening_roll(stored):
    for game in (1, 2):
        first = stored.actions.filter(game_number=game).first()
        assert first.kind == Kind.MOVE
    for roll in stored.actions.filter(kind=Kind.ROLL):
        assert may_double(roll.decision_position)
    assert not stored.actions.filter(kind=Kind.ROLL, game_number=2).exists()  # the Crawford game


def test_the_worker_grades_every_decision_of_both_players_and_the_page_fills_in(stored, ana):
    client = signed_in(ana)
    before = client.get(stored.get_absolute_url())
    assert "data-review-progress" in before.content.decode()
    assert not progress(stored).ready
    drain()
    stored.refresh_from_db()
    assert stored.graded and progress(stored).ready
    ungraded = stored.actions.filter(kind__in=[Kind.MOVE, Kind.DOUBLE, Kind.TAKE, Kind.DROP, Kind.ROLL], forced=False, colour="")
    assert not ungraded.exists()
    assert {WHITE, BLACK} == set(stored.actions.exclude(colour="").values_list("side", flat=True))
    html = client.get(stored.get_absolute_url()).content.decode()
    assert "data-review-progress" not in html and "data-statistics" in html
    assert client.get(f"/revisar/{stored.pk}/progreso/").json()["ready"] is True


def test_the_statistics_give_each_player_errors_by_kind_and_a_performance_rating_per_game_and_for_the_match(stored, ana):
    drain()
    response = signed_in(ana).get(stored.get_absolute_url())
    found = response.context["statistics"]
    for side in (WHITE, BLACK):
        counted = [a for a in stored.actions.filter(side=side) if counts(a)]
        assert found.match[side].unforced == len(counted) > 0
        assert found.match[side].pr == pytest.approx(500 * sum(a.loss for a in counted) / len(counted))
        assert found.match[side].errors == sum(1 for a in counted if a.is_mistake)
    assert [number for number, _ in found.game_rows] == [1, 2]
    html = response.content.decode()
    assert html.count("data-pr>") == 2 and "PR por partida" in html


def test_each_step_of_the_review_is_seen_from_the_uploader_s_side_and_names_the_other_player(stored, ana):
    drain()
    page = signed_in(ana).get(stored.get_absolute_url() + "?paso=2")
    shown = page.context["stepper"]
    assert shown.seen_from == WHITE
    assert {step.actor.name for step in shown.steps} == {"Tú", "Bruno"}


def test_a_rule_that_decided_a_step_is_named_with_its_lesson(stored, ana):
    """The second game is the Crawford game: every step of it says so, with the cube's lesson."""
    drain()
    client = signed_in(ana)
    steps = client.get(stored.get_absolute_url()).context["stepper"].steps
    crawford = next(step.number for step in steps if step.game_number == 2)
    html = client.get(stored.get_absolute_url() + f"?paso={crawford}").content.decode()
    assert "Partida Crawford" in html and 'href="/lecciones/' in html


def test_other_people_and_visitors_are_told_the_match_does_not_exist(stored, bruno):
    assert signed_in(bruno).get(stored.get_absolute_url()).status_code == 404
    assert Client().get(stored.get_absolute_url()).status_code == 404
    assert signed_in(bruno).get(f"/revisar/{stored.pk}/partida.mat").status_code == 404
    assert signed_in(bruno).post(f"/revisar/{stored.pk}/borrar/").status_code == 404
    assert signed_in(bruno).post(f"/revisar/{stored.pk}/compartir/").status_code == 404
    assert UploadedMatch.objects.filter(pk=stored.pk, share_token=None).exists()


def test_a_share_link_opens_the_review_read_only_to_anyone_until_it_is_taken_back(stored, ana):
    owner = signed_in(ana)
    owner.post(f"/revisar/{stored.pk}/compartir/")
    stored.refresh_from_db()
    link = f"/revisar/compartida/{stored.share_token}/"
    page = Client().get(link)
    html = page.content.decode()
    assert page.status_code == 200 and "solo puedes mirarla" in html
    assert f"/revisar/{stored.pk}/" not in html  # none of the owner's forms nor pages
    assert Client().get(link + "partida.mat").status_code == 200
    assert Client().get(link + "progreso/").status_code == 200
    owner.post(f"/revisar/{stored.pk}/compartir/", {"accion": "retirar"})
    assert Client().get(link).status_code == 404


def test_a_new_share_link_replaces_the_old_one(stored, ana):
    owner = signed_in(ana)
    owner.post(f"/revisar/{stored.pk}/compartir/")
    stored.refresh_from_db()
    old = stored.share_token
    owner.post(f"/revisar/{stored.pk}/compartir/")
    stored.refresh_from_db()
    assert stored.share_token != old and Client().get(f"/revisar/compartida/{old}/").status_code == 404


def test_a_student_hands_the_review_to_a_class_whose_teacher_then_sees_it(stored, ana):
    teacher = make_user("profe", teacher=True)
    other = make_user("otra", teacher=True)
    classroom = make_classroom(teacher, students=[ana])
    make_classroom(other, name="3.º A")
    assert signed_in(teacher).get(stored.get_absolute_url()).status_code == 404
    signed_in(ana).post(f"/revisar/{stored.pk}/grupo/", {"grupo": classroom.pk})
    assert signed_in(teacher).get(stored.get_absolute_url()).status_code == 200
    listed = signed_in(teacher).get(f"/revisar/grupo/{classroom.pk}/").content.decode()
    assert stored.get_absolute_url() in listed
    assert signed_in(other).get(stored.get_absolute_url()).status_code == 404
    assert signed_in(other).get(f"/revisar/grupo/{classroom.pk}/").status_code == 404
    signed_in(ana).post(f"/revisar/{stored.pk}/grupo/", {"grupo": ""})
    assert signed_in(teacher).get(stored.get_absolute_url()).status_code == 404


def test_a_student_cannot_hand_a_review_to_a_class_they_are_not_in(stored, ana):
    stranger_class = make_classroom(make_user("profe", teacher=True))
    assert signed_in(ana).post(f"/revisar/{stored.pk}/grupo/", {"grupo": stranger_class.pk}).status_code == 404
    stored.refresh_from_db()
    assert stored.classroom is None


def test_the_uploader_says_which_player_they_were_after_reading_it(ana):
    match = store_match(money_game(), ana)
    client = signed_in(ana)
    assert "¿Cuál de los dos eras tú?" in client.get(match.get_absolute_url()).content.decode()
    assert client.post(f"/revisar/{match.pk}/jugador/", {"side": "7"}).status_code == 302
    match.refresh_from_db()
    assert match.side is None
    client.post(f"/revisar/{match.pk}/jugador/", {"side": "1"})
    match.refresh_from_db()
    assert match.side == BLACK
    assert client.get(match.get_absolute_url()).context["stepper"].seen_from == BLACK


def test_the_uploader_s_mistakes_become_exercises_listed_with_the_others(stored, ana):
    drain()
    client = signed_in(ana)
    mistakes = stored.actions.filter(side=WHITE, colour__in=["ambar", "rojo"], forced=False)
    assert mistakes.exists()
    client.post(f"/revisar/{stored.pk}/ejercicios/")
    kept = Exercise.objects.filter(uploaded_action__match=stored)
    assert kept.count() == mistakes.count()
    assert not kept.filter(uploaded_action__side=BLACK).exists()
    index = client.get("/practica/ejercicios/").content.decode()
    assert f'id="subida-{stored.pk}"' in index
    assert client.get(kept.first().get_absolute_url()).status_code == 200
    assert signed_in(make_user("carla")).get(kept.first().get_absolute_url()).status_code == 404
    client.post(f"/revisar/{stored.pk}/ejercicios/")
    assert Exercise.objects.filter(uploaded_action__match=stored).count() == mistakes.count()


def test_the_uploader_deletes_a_match_with_its_review_and_exercises(stored, ana):
    drain()
    client = signed_in(ana)
    client.post(f"/revisar/{stored.pk}/ejercicios/")
    listed = client.get("/revisar/").content.decode()
    # The list asks first: «Borrar…» opens the question, whose own button deletes.
    assert "<summary>Borrar" in listed and "¿Borrar esta partida y su revisión?" in listed and "Sí, borrarla" in listed
    assert client.post(f"/revisar/{stored.pk}/borrar/").status_code == 302
    assert not UploadedMatch.objects.exists() and not Exercise.objects.exists()


def test_the_list_shows_the_uploader_s_matches_newest_first_and_nobody_else_s(ana, bruno):
    older = store_match(money_game(), ana)
    newer = store_match(three_point_match(), ana)
    store_match(money_game(), bruno)
    listed = list(signed_in(ana).get("/revisar/").context["matches"])
    assert listed == [newer, older]


def test_the_checked_match_downloads_as_a_mat_file(stored, ana):
    response = signed_in(ana).get(f"/revisar/{stored.pk}/partida.mat")
    text = response.content.decode()
    assert response["Content-Disposition"].startswith("attachment")
    assert text.startswith(" 3 point match") and " Game 2" in text and "Ana_Gil : 0" in text
    assert "Doubles => 2" in text and "Wins 1 point and the match" in text


# -- the upload form ----------------------------------------------------------------------------


def test_a_visitor_is_told_to_sign_in_and_cannot_upload():
    page = Client().get("/revisar/")
    assert page.status_code == 200 and "Entra con tu cuenta" in page.content.decode()
    assert Client().post("/revisar/", {"text": " 1 point match"}).status_code == 403


def test_a_file_the_reader_refuses_is_answered_in_spanish_with_a_400_and_nothing_is_stored(ana):
    response = signed_in(ana).post("/revisar/", {"file": SimpleUploadedFile("raro.mat", b"\x00\xff\xfe basura")})
    assert response.status_code == 400
    assert 'data-upload-error="' in response.content.decode()
    assert not UploadedMatch.objects.exists() and not UploadedAction.objects.exists()


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(ana):
    big = SimpleUploadedFile("grande.mat", b" " * (MAX_BYTES + 1))
    response = signed_in(ana).post("/revisar/", {"file": big})
    page = response.content.decode()
    assert response.status_code == 400 and "el límite es 3 MB" in page
    assert "como mucho 3 MB." in page  # the form says the same limit the refusal does
    assert not UploadedMatch.objects.exists()


@pytest.mark.parametrize("data", [{}, {"text": "   "}], ids=["nothing", "blank text"])
def test_an_empty_form_asks_for_a_file_or_the_text(ana, data):
    response = signed_in(ana).post("/revisar/", data)
    assert response.status_code == 400 and "Sube un archivo" in response.content.decode()


def test_a_file_and_pasted_text_together_are_refused(ana):
    response = signed_in(ana).post("/revisar/", {"file": SimpleUploadedFile("a.mat", b" 1 point match"), "text": " 1 point match"})
    assert response.status_code == 400 and "no los dos" in response.content.decode()


def test_uploads_are_limited_per_person(ana, settings):
    settings.RATELIMITS = {**settings.RATELIMITS, "upload": (2, 3600)}
    client = signed_in(ana)
    statuses = [client.post("/revisar/", {"text": "nada"}).status_code for _ in range(3)]
    assert statuses == [400, 400, 429]
    assert client.get("/revisar/").status_code == 200


# -- real files, read by the match file reader ----------------------------------------------------

FIXTURES = Path(__file__).parent / "fixtures" / "matches"


@pytest.mark.parametrize("name", ["gnubg-match-5.mat", "gnubg-match-7.sgf", "gnubg-money-session.mat"])
def test_a_file_gnubg_wrote_is_uploaded_checked_and_stored(ana, name):
    data = (FIXTURES / name).read_bytes()
    read = read_match(data)
    response = signed_in(ana).post("/revisar/", {"file": SimpleUploadedFile(name, data), "side": "1"})
    match = UploadedMatch.objects.get()
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()
    assert (match.length, match.games, match.side, match.filename) == (read.length, len(read.games), BLACK, name)
    plays = [a.play for game in read.games for a in game.actions if a.kind == "play"]
    assert list(match.actions.filter(kind=Kind.MOVE).values_list("play", flat=True)) == plays


def test_the_text_pasted_is_read_like_the_file(ana):
    text = (FIXTURES / "gnubg-match-5.mat").read_text(encoding="utf-8", errors="replace")
    response = signed_in(ana).post("/revisar/", {"text": text})
    assert response.status_code == 302 and UploadedMatch.objects.get().source == "mat"


def test_the_exported_match_reads_back_with_the_same_games_plays_and_scores(ana):
    signed_in(ana).post("/revisar/", {"file": SimpleUploadedFile("m.mat", (FIXTURES / "gnubg-match-7.mat").read_bytes())})
    match = UploadedMatch.objects.get()
    again = read_match(signed_in(ana).get(f"/revisar/{match.pk}/partida.mat").content)
    first = read_match((FIXTURES / "gnubg-match-7.mat").read_bytes())
    assert [game.score for game in again.games] == [game.score for game in first.games]
    assert [(a.kind, a.play) for g in again.games for a in g.actions] == [(a.kind, a.play) for g in first.games for a in g.actions]


def test_an_illegal_play_is_refused_with_its_line_and_move_and_nothing_is_stored(ana):
    lines = (FIXTURES / "gnubg-match-5.mat").read_text(encoding="utf-8", errors="replace").splitlines()
    index = next(i for i, line in enumerate(lines) if line.strip().startswith("3)"))
    lines[index] = lines[index].replace("/", "/1", 1) if "/" in lines[index] else lines[index]
    response = signed_in(ana).post("/revisar/", {"text": "\n".join(lines)})
    html = response.content.decode()
    assert response.status_code == 400 and f"Línea {index + 1}" in html
    assert not UploadedMatch.objects.exists() and not UploadedAction.objects.exists()


@pytest.mark.parametrize("data", [b"\x00" * 4096, b" 5 point match\n\n Game 1\n", b"(;" * 50_000],
                         ids=["binary junk", "truncated", "deeply nested sgf"])
def test_hostile_files_are_refused_with_a_400_and_nothing_stored(ana, data):
    """How fast is measured by ``bench/uploads.py`` (target: under half a second each)."""
    response = signed_in(ana).post("/revisar/", {"file": SimpleUploadedFile("x.sgf", data)})
    assert response.status_code == 400 and "notice--error" in response.content.decode()
    assert not UploadedMatch.objects.exists()


def answered_in(request, user) -> int:
    """The upload view's status for ``request`` (built beforehand)."""
    request.user = user
    try:
        return views.index(request).status_code
    except RequestDataTooBig:
        return 400  # what Django's handler answers


def test_ten_megabytes_are_refused_without_being_read(ana):
    request = RequestFactory().post("/revisar/", {"file": SimpleUploadedFile("big.mat", b"1" * 10_000_000)})
    assert answered_in(request, ana) == 400
    assert not UploadedMatch.objects.exists()


def test_a_shared_review_is_seen_from_the_uploader_s_side_with_nobody_called_you(stored, ana):
    drain()
    stored.side = BLACK
    stored.save()
    stored.share()
    page = Client().get(f"/revisar/compartida/{stored.share_token}/?paso=2")
    shown = page.context["stepper"]
    assert shown.seen_from == BLACK and shown.worst == []
    assert {step.actor.name for step in shown.steps} == set(NAMES)
    html = page.content.decode()
    assert "Tus tres peores" not in html and "ventaja tuya" not in html


def test_ten_megabytes_pasted_are_refused_with_a_400(ana):
    assert answered_in(RequestFactory().post("/revisar/", {"text": "1" * 10_000_000}), ana) == 400
    assert signed_in(ana).post("/revisar/", {"text": "1" * 10_000_000}).status_code == 400
    assert not UploadedMatch.objects.exists()


def test_the_worker_measures_the_luck_of_every_roll_and_the_review_sums_it_per_player_game_and_match(stored, ana):
    drain()
    plays = list(stored.actions.filter(kind=Kind.MOVE).order_by("number"))
    assert plays and all(play.luck is not None for play in plays)
    first = plays[0]
    assert first.luck == pytest.approx(evaluator.roll_luck(first.position, opening=True))
    response = signed_in(ana).get(stored.get_absolute_url())
    found = response.context["statistics"]
    for side in (WHITE, BLACK):
        mine = [play.luck for play in plays if play.side == side]
        assert found.match[side].rolls == len(mine)
        assert found.match[side].luck == pytest.approx(sum(mine))
        assert found.match[side].lucky == sum(1 for luck in mine if luck > 0.6)
    html = response.content.decode()
    assert "Suerte por partida" in html and f'data-luck-match="{WHITE}">{found.match[WHITE].luck_text}<' in html
    assert f"<strong data-luck-total>{found.match[BLACK].luck_text}</strong>" in html


def test_a_match_played_without_the_crawford_rule_is_stored_so_and_its_review_and_export_say_it(ana):
    data = (FIXTURES / "gnubg-no-crawford-5.sgf").read_bytes()
    signed_in(ana).post("/revisar/", {"file": SimpleUploadedFile("sin-crawford.sgf", data), "side": "0"})
    match = UploadedMatch.objects.get()
    assert not match.crawford
    double = match.actions.get(game_number=3, kind=Kind.DOUBLE)
    page = signed_in(ana).get(f"/revisar/{match.pk}/?paso={step_of(match, double)}").content.decode()
    assert NO_CRAWFORD_NOTICE.title in page and NO_CRAWFORD_NOTICE.text in page
    assert page.count(NO_CRAWFORD_NOTICE.text) == 2, "once for the match, once on the double at 4–0"
    exported = signed_in(ana).get(f"/revisar/{match.pk}/partida.mat").content.decode()
    assert exported.startswith('; [Crawford "Off"]') and not read_match(exported).crawford


def test_a_match_with_the_crawford_rule_says_nothing_about_it_in_the_header(stored, ana):
    assert stored.crawford
    assert NO_CRAWFORD_NOTICE.text not in signed_in(ana).get(stored.get_absolute_url()).content.decode()


def step_of(match: UploadedMatch, action: UploadedAction) -> int:
    """The number of ``action``'s step in the review: its place among the decisions and endings."""
    shown = match.actions.filter(kind__in=[*DECISIONS, *ENDINGS]).values_list("pk", flat=True)
    return list(shown).index(action.pk) + 1


def test_a_25_point_match_of_more_than_1500_rolls_is_uploaded_and_stored_whole(ana):
    """How long it takes is measured by ``bench/uploads.py`` (target: under a second of processor time)."""
    data = (FIXTURES / "gnubg-match-25.mat").read_bytes()
    client = signed_in(ana)
    response = client.post("/revisar/", {"file": SimpleUploadedFile("largo.mat", data)})
    match = UploadedMatch.objects.get(filename="largo.mat")
    assert response.status_code == 302 and (match.length, match.games) == (25, 31)
    assert match.actions.filter(kind=Kind.MOVE).count() > 1500
