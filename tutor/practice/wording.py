"""What the practice pages say, in Spanish: the status line, what happened, the lights, the totals."""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.engine import BAR, BLACK, OFF, WHITE, EngineError, Match, Position, format_dice, parse_play
from tutor.rules import CRAWFORD_NOTICE, POST_CRAWFORD_NOTICE, cube_state

from tutor.games.resign_choices import WITH, points

from . import events as recorded
from .evaluator import rating
from .models import COMPUTER, LEARNER, Action, Colour, Phase, PracticeMatch

RESULT_WORDS = {"single": "partida simple", "gammon": "gammon", "backgammon": "backgammon"}
COLOUR_WORDS: dict[str, str] = {Colour.GREEN: "Verde", Colour.AMBER: "Ámbar", Colour.RED: "Rojo"}
COLOUR_MEANINGS: dict[str, str] = {
    Colour.GREEN: "una decisión tan buena o casi tan buena como la de gnubg",
    Colour.AMBER: "un error pequeño",
    Colour.RED: "un error grave",
}
CUBE_VERBS = {"No doblar": "no dobla", "Doblar": "dobla", "Aceptar": "acepta", "Abandonar": "abandona", "Beaver": "hace beaver"}
"""A cube decision as the light words it: «no dobla: correcto»."""
DECISION_WORDS: dict[str, str] = {
    Action.Kind.MOVE: "Jugada",
    Action.Kind.DOUBLE: "Doblar",
    Action.Kind.NO_DOUBLE: "No doblar",
    Action.Kind.TAKE: "Aceptar",
    Action.Kind.DROP: "Abandonar",
    Action.Kind.BEAVER: "Beaver",
}


def play_text(notation: str) -> str:
    """A play as written on the page: the empty play is «no mueve»."""
    return notation or "no mueve"


@dataclass
class Status:
    """The status line of a match: score, cube, Crawford."""

    score: tuple[int, int]
    length: int
    cube: str
    crawford: bool
    post_crawford: bool
    hints_left: int

    crawford_notice = CRAWFORD_NOTICE
    post_crawford_notice = POST_CRAWFORD_NOTICE

    @property
    def score_text(self) -> str:
        target = f" (match a {self.length})" if self.length else ""
        return f"Tú {self.score[LEARNER]} – Programa {self.score[COMPUTER]}{target}"


def status(match: PracticeMatch, hints_left: int) -> Status:
    position = match.position
    stakes = Match.of(position)
    return Status(
        score=match.score,
        length=match.length,
        cube=cube_text(position, match.phase),
        crawford=position.crawford and not match.is_over,
        post_crawford=stakes.post_crawford,
        hints_left=hints_left,
    )


def cube_text(position: Position, phase: str = "") -> str:
    """Where the cube stands, and the double that waits for its answer (``phase``), if one does."""
    to = position.cube_value * 2
    offers = {str(Phase.ANSWER): f"el programa te dobla a {to}", str(Phase.ANSWERING): f"doblas a {to}, el programa piensa si acepta"}
    offer = offers.get(str(phase), "")
    if position.cube_owner is None:
        return cube_state(position.cube_value, None, offer)
    return cube_state(position.cube_value, "tuyo" if position.cube_owner == LEARNER else "del programa", offer)


@dataclass
class Event:
    """One thing that happened since the learner's last decision, as a sentence.

    ``frames`` (for the computer's plays) are the positions after each of
    its moves, shown one at a time by the page's script.
    """

    text: str
    kind: str
    frames: list[dict] = field(default_factory=list)
    action_id: int | None = None


def events(match: PracticeMatch) -> list[Event]:
    found = []
    for stored in match.last_turn or []:
        sentence = _sentence(recorded.decode(stored))
        if sentence is not None:
            found.append(sentence)
    return found


def _sentence(event: recorded.Event | None) -> Event | None:
    if event is None:
        return None
    kind = event.kind
    if isinstance(event, recorded.Opening):
        throws = event.throws or []
        parts = [f"empate a {white}: se vuelve a tirar" for white, black in throws[:-1]]
        white, black = throws[-1]
        parts.append(f"tú tiras un {white} y el programa un {black}")
        who = "Empiezas tú" if event.starter == LEARNER else "Empieza el programa"
        high, low = max(white, black), min(white, black)
        return Event(f"Tirada inicial: {'; '.join(parts)}. {who} con {high}-{low}.", kind)
    if isinstance(event, recorded.Crawford):
        return Event(str(CRAWFORD_NOTICE), kind)
    if isinstance(event, recorded.Moved):
        roll = format_dice(tuple(event.dice))
        if not event.play:
            return Event(f"El programa tira {roll} y no puede mover.", kind)
        return Event(f"El programa tira {roll} y juega {event.play}.", kind, frames=list(event.frames))
    if isinstance(event, recorded.Passed):
        return Event(f"Tiras {format_dice(tuple(event.dice))} y no puedes mover: pasas el turno.", kind)
    if isinstance(event, recorded.Doubled):
        return Event(f"El programa dobla: si aceptas, el cubo pasa a {event.cube} y será tuyo.", kind)
    if isinstance(event, recorded.Took):
        return Event(f"El programa acepta tu doble: el cubo está a {event.cube} y es suyo.", kind)
    if isinstance(event, recorded.Dropped):
        return Event("El programa abandona ante tu doble.", kind)
    if isinstance(event, recorded.BeaverAnswered):
        if event.took:
            return Event(f"Haces beaver y el programa acepta: el cubo está en {event.cube} y sigue siendo tuyo.", kind)
        return Event("Haces beaver y el programa abandona.", kind)
    if isinstance(event, recorded.Beavered):
        return Event(f"El programa hace beaver: si aceptas, el cubo pasa a {event.cube} y sigue siendo suyo.", kind)
    if isinstance(event, recorded.Resigned):
        return Event(f"Te rindes {WITH.get(event.result, '')} y el programa acepta.", kind)
    if isinstance(event, recorded.Finished):
        winner = "Ganas" if event.side == LEARNER else "El programa gana"
        text = f"{winner} la partida: {RESULT_WORDS.get(event.result, 'partida')}, {points(event.points)}."
        if event.match_over:
            text += " ¡Has ganado el match!" if event.side == LEARNER else " El programa gana el match."
        if event.needed:
            verb = "bastaba" if event.needed == 1 else "bastaban"
            text += f" {'Te' if event.side == LEARNER else 'Le'} {verb} {points(event.needed)}: el marcador se queda en la longitud del match."
        return Event(text, kind)
    if isinstance(event, recorded.Graded):
        return Event("", kind, action_id=event.action)
    return None


@dataclass
class Light:
    """The traffic light of a decision: the learner's choice against gnubg's best."""

    colour: str
    is_play: bool
    chosen: str
    best: str
    loss: float | None
    forced: bool = False
    hinted: bool = False
    top_plays: list[dict] = field(default_factory=list)
    cube: dict | None = None
    plies: int | None = None

    @classmethod
    def of(cls, action: Action, *, chosen: str | None = None, loss: float | None = None, colour: str | None = None) -> Light:
        """The light of a recorded decision (or of another answer to it, for an exercise).

        ``action`` is a practice ``Action`` or a live game's ``LiveAction``:
        both name their decision with ``decision_kind``.
        """
        kind = action.decision_kind
        is_play = kind == Action.Kind.MOVE
        data = action.analysis or {}
        return cls(
            colour=colour or action.colour,
            is_play=is_play,
            chosen=chosen if chosen is not None else (play_text(action.play) if is_play else DECISION_WORDS[kind]),
            best=play_text(action.best) if is_play else action.best,
            loss=action.loss if loss is None else loss,
            forced=action.forced,
            hinted=action.hinted,
            top_plays=[{**entry, "play": play_text(entry["play"])} for entry in data.get("plays", [])],
            cube=None if is_play else {key: data.get(key) for key in ("no_double", "double_take", "double_pass")},
            plies=data.get("plies"),
        )

    @property
    def word(self) -> str:
        return COLOUR_WORDS.get(self.colour, "")

    @property
    def cube_verdict(self) -> str:
        """«no dobla: correcto» when a cube decision was gnubg's own, else empty."""
        verb = CUBE_VERBS.get(self.chosen)
        if self.is_play or verb is None or not (self.best or "").startswith(self.chosen):
            return ""
        return f"{verb}: correcto"

    @property
    def meaning(self) -> str:
        return COLOUR_MEANINGS.get(self.colour, "")


def lights(match: PracticeMatch, found: list[Event]) -> list[Light]:
    ids = [event.action_id for event in found if event.action_id]
    actions = {action.pk: action for action in match.actions.filter(pk__in=ids)}
    return [Light.of(actions[pk]) for pk in ids if pk in actions]


@dataclass
class Totals:
    """The summary of a match's decisions (forced plays do not count)."""

    decisions: int
    average: float
    counts: dict[str, int]

    @property
    def rating(self) -> str:
        return rating(self.average) if self.decisions else ""


def totals(actions: list[Action]) -> Totals:
    graded = [action for action in actions if action.graded and not action.forced]
    counts = {colour: sum(1 for action in graded if action.colour == colour) for colour in Colour.values}
    average = sum(action.loss or 0.0 for action in graded) / len(graded) if graded else 0.0
    return Totals(len(graded), average, counts)


def best_play_places(action: Action) -> list[str]:
    """The board places of gnubg's best play, to highlight them, named as the board names them.

    The play is written in the mover's numbering; the board's places are in
    White's (a live game's Black player has the other numbering).
    """
    if action.decision_kind != Action.Kind.MOVE or not action.best:
        return []
    try:
        segments = parse_play(action.best)
    except EngineError:
        return []
    colour = "black" if action.side == BLACK else "white"
    names = {BAR: f"bar-{colour}", OFF: f"off-{colour}"}
    return sorted({
        names.get(point, str(point if action.side == WHITE else 25 - point))
        for segment in segments for point in (segment.src, segment.dst)
    })
