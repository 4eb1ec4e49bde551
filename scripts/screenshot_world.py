"""The games ``scripts/screenshots.py`` shows: live games under way (one with a clock), a finished review,
a practice review, an uploaded match's review, a player's rating history and the lobby's games to watch; and a teacher's study.

Run in its own process against the screenshots' throwaway database (the
same ``DATABASE_URL``), it creates the accounts, plays through the site's
own services and forms (the rated matches and the public games come from
the lobby's «Jugar ya», as a player's would), runs the queue of reviews as
a worker would (``drain``) and prints, as JSON, the accounts' password,
the pages to photograph and the players who wait in the lobby with a seek
while it is photographed (a seek lives only while its creator's page is
open, so the browser opens theirs).  gnubg grades at 0 plies here, to be
quick.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings.dev")
os.environ["PRACTICE_GRADING_PLIES"] = "0"

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

from tests.live_review import played  # noqa: E402
from tests.practice_flow import decide, start  # noqa: E402
from tests.uploaded_matches import three_point_match  # noqa: E402
from tutor.accounts.models import Profile  # noqa: E402
from tutor.classroom.models import Classroom, Membership  # noqa: E402
from tutor.engine import WHITE, Position  # noqa: E402
from tutor.lobby import service as lobby  # noqa: E402
from tutor.lobby.service import Wish  # noqa: E402
from tutor.play import service  # noqa: E402
from tutor.play.models import Phase  # noqa: E402
from tutor.practice.background import drain  # noqa: E402
from tutor.practice.models import COMPUTER  # noqa: E402
from tutor.practice.models import Phase as PracticePhase  # noqa: E402
from tutor.studies import editing  # noqa: E402
from tutor.studies.models import Chapter, Sharing  # noqa: E402
from tutor.games.matfile import read_match  # noqa: E402
from tutor.uploads.store import store_match  # noqa: E402

PASSWORD = "una-clave-de-fotos-2024"


def account(name: str):
    user = get_user_model().objects.create_user(name, password=PASSWORD, first_name=name.capitalize())
    return user


def study_answered(teacher, students):
    """A three-chapter study shared with a group, answered through the site's check by ``students``:
    the first one wrong then right on the play, the others as they come; returns the study and a chapter to show."""
    from tests.classroom_factories import make_classroom
    from tests.study_factories import CHOICE_RIGHT, CHOICE_WRONG, RIGHT_PLAY, WRONG_PLAY, chapters, make_study
    from tutor.accounts.models import Profile

    Profile.objects.update_or_create(user=teacher, defaults={"is_teacher": True})
    study = make_study(teacher, classrooms=[make_classroom(teacher, "3.º A", students)])
    play, choice, _ = chapters(study)
    for student, answers in zip(students, ([WRONG_PLAY, RIGHT_PLAY], [RIGHT_PLAY], [WRONG_PLAY, WRONG_PLAY])):
        client = Client(HTTP_HOST="127.0.0.1")  # the development settings' hosts
        client.force_login(student)
        client.get(play.get_absolute_url())
        for text in answers:
            client.post(f"/estudios/{study.pk}/capitulos/{play.pk}/comprobar/", {"play": text}, content_type="application/json")
        client.get(choice.get_absolute_url())
        client.post(
            f"/estudios/{study.pk}/capitulos/{choice.pk}/comprobar/",
            {"answer": CHOICE_WRONG if student == students[-1] else CHOICE_RIGHT},
            content_type="application/json",
        )
    return study, play


def played_on(game, white, black, moves: int = 6):
    """``game`` played on, a legal play at a time, until ``moves`` plays are made and White is to move."""
    for _ in range(40):
        game.refresh_from_db()
        side = game.side_to_act()
        if game.phase == Phase.MOVE and side == WHITE and game.actions.filter(kind="move").count() >= moves:
            return game
        player = [white, black][side]
        if game.phase == Phase.ROLL:
            service.run(game.pk, player, "roll", seq=game.seq)
        else:
            service.run(game.pk, player, "move", seq=game.seq, play=game.position.legal_plays()[0].notation)
    return game


def live_game_under_way(white, black):
    """A money game a few turns in, White to move."""
    return played_on(service.create_game(white, black=black), white, black)


def from_the_lobby(creator, taker, wish: Wish):
    """The game two players start with «Jugar ya» and the same wish: the creator plays White."""
    lobby.play_now(creator, wish, now=timezone.now())
    return lobby.play_now(taker, wish, now=timezone.now()).game


def rated_matches(player, results) -> None:
    """Rated matches of ``player`` from the lobby, each ended by the loser leaving once both have made a play
    (before that, leaving aborts the match): ``(rival, length, won)``."""
    for rival, length, won in results:
        game = played_on(from_the_lobby(player, rival, Wish(length=length, rated=True)), player, rival, moves=2)
        service.run(game.pk, rival if won else player, "resign", seq=game.seq)


def practice_game_over(user):
    """A money game against the program at its weakest level, played to its end through the forms."""
    client = Client(HTTP_HOST="127.0.0.1")  # the development settings' hosts
    client.force_login(user)
    match = start(client, length=0, level="principiante")
    for _ in range(400):
        match.refresh_from_db()
        if match.phase != PracticePhase.MOVE and match.phase != PracticePhase.ROLL and match.phase != PracticePhase.ANSWER:
            break
        decide(client, match, double_once={match.game_number}, answer="aceptar")  # never doubles, takes: a whole game
    return match


SEEKERS = [
    {"user": "elena", "length": "Match a 5 puntos", "rated": True, "clock": True, "spread": ""},
    {"user": "fede", "length": "Partida por dinero", "rated": False, "clock": False, "spread": ""},
    {"user": "gema", "length": "Match a 7 puntos", "rated": True, "clock": False, "spread": "Hasta 200 puntos más o menos que tú"},
]
"""Who waits in the lobby with a seek of their own while it is photographed, and what they ask for («Jugar ya»'s labels)."""


def study_of(teacher, student):
    """A teacher's study shared with their class: a chapter of their own, one more, and a lesson's puzzles."""
    Profile.objects.create(user=teacher, is_teacher=True)
    classroom = Classroom.objects.create(teacher=teacher, name="3.º A")
    Membership.objects.create(classroom=classroom, student=student)
    study = editing.create_study(teacher, "Abrir bien la partida")
    study.introduction = "Tres posiciones de salida. Juega **como en una partida** y lee la explicación."
    study.sharing = Sharing.CLASSES
    study.save()
    study.classrooms.add(classroom)
    editing.add_chapter(study, Chapter(
        title="El 3-1 de salida", xgid=Position.initial().with_dice("3-1").to_xgid(), text="Con un **3-1** se hace el punto 5.",
        question_kind="jugada", prompt="¿Qué jugarías?", answer_spec={"accept": "plays", "plays": ["8/5 6/5"]},
        hint="Dos fichas hacen un punto.", wrong_text="Busca el punto 5.", compare_gnubg=True,
    ))
    editing.add_chapter(study, Chapter(
        title="¿Doblas?", xgid=Position.initial().to_xgid(), moment="doblar", question_kind="opcion", prompt="¿Doblas?",
        answer_spec={"choices": [{"key": "a", "label": "Doblar"}, {"key": "b", "label": "Tirar"}], "answer": "b"},
    ))
    editing.lesson_chapters(study, "matches")
    return study, study.chapters.first()


def main() -> None:
    ana, bruno, carla, dario, hugo, ines = (account(name) for name in ("ana", "bruno", "carla", "dario", "hugo", "ines"))
    for seeker in SEEKERS:
        account(seeker["user"])
    profe, lucia = account("profe"), account("lucia")
    study, chapter = study_of(profe, lucia)
    finished = played(ana, bruno)
    match = practice_game_over(ana)
    rated_matches(ana, [(bruno, 3, True), (carla, 5, False), (dario, 3, True), (bruno, 7, True), (carla, 3, False), (dario, 5, True)])
    under_way = live_game_under_way(ana, bruno)  # after the lobby's matches: it seeks no rival for a player with a game under way
    store_match(read_match((ROOT / "tests" / "fixtures" / "matches" / "gnubg-match-5.mat").read_bytes()), ana, filename="gnubg-match-5.mat")
    uploaded = store_match(three_point_match(), ana, filename="club.mat", side=WHITE)
    drain()
    played_on(from_the_lobby(hugo, ines, Wish(length=3, rated=False)), hugo, ines, moves=4)
    # Last, so that its clock has run for as short a time as possible when it is photographed.
    timed = played_on(from_the_lobby(carla, dario, Wish(length=5, clock=True, rated=True)), carla, dario, moves=4)
    answered, answered_play = study_answered(profe, [lucia, account("marcos"), account("nora")])
    steps = list(match.actions.values_list("pk", "side", "kind", "colour"))
    errors = [n for n, (_, side, kind, colour) in enumerate(steps, 1) if side == COMPUTER and kind == "move" and colour in ("ambar", "rojo")]
    mine = [n for n, (_, side, kind, colour) in enumerate(steps, 1) if side != COMPUTER and kind == "move" and colour in ("ambar", "rojo")]
    step = (errors or mine or [1])[0]
    uploaded_steps = list(uploaded.actions.exclude(kind="beaver").values_list("side", "colour"))  # the steps, in order
    uploaded_step = next((n for n, (side, colour) in enumerate(uploaded_steps, 1) if side == WHITE and colour == "rojo"), 1)
    print(json.dumps({
        "password": PASSWORD,
        "seekers": SEEKERS,
        # (name, account, path, what to wait for before the picture, whether to take the whole page)
        "pages": [
            ["partida-directo", "ana", under_way.get_absolute_url(), None, False],
            ["revision-directo", "bruno", finished.get_review_url() + "?paso=3", None, False],
            ["revision-practica", "ana", f"{match.get_review_url()}?paso={step}", None, False],
            ["sala", "ana", "/jugar/", f"[data-lobby-seeks] [data-seek] >> nth={len(SEEKERS) - 1}", True],
            ["buscar-rival", "carla", "/jugar/sala/", f"[data-lobby-seeks] [data-seek] >> nth={len(SEEKERS) - 1}", True],
            ["jugador", "bruno", f"/jugar/jugador/{ana.username}/", None, True],
            ["partida-reloj", "carla", timed.get_absolute_url(), "[data-clock][data-running]", False],
            # The same timed game from the other chair: one of the two is on turn, the other waits.
            ["partida-reloj-rival", "dario", timed.get_absolute_url(), "[data-clock][data-running]", False],
            ["empezar", "carla", "/empezar/", None, True],
            ["estudios", "profe", "/estudios/", None, True],
            ["estudio-editor", "profe", study.edit_url(), None, True],
            ["estudio-capitulo", "profe", f"/estudios/{study.pk}/capitulos/{chapter.pk}/editar/", "[data-board-editor].is-enhanced", True],
            ["estudio-vista-previa", "profe", f"/estudios/{study.pk}/capitulos/{chapter.pk}/vista-previa/", None, False],
            ["estudio-alumno", "lucia", study.get_absolute_url(), None, True],
            ["estudio-responder", "lucia", f"{answered_play.get_absolute_url()}?respuesta=1", ".board-widget.is-enhanced", True],
            ["estudio-caminos", "profe", f"/estudios/{answered.pk}/caminos/", None, True],
            ["estudio-camino", "profe", f"/estudios/{answered.pk}/caminos/{answered.answers.first().reader_id}/", None, True],
            ["revisar", "ana", "/revisar/", None, True],
            ["revision-subida", "ana", f"{uploaded.get_absolute_url()}?paso={uploaded_step}", None, False],
        ],
    }))


if __name__ == "__main__":
    main()
