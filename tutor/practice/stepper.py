"""A game's review to step through: one board, every decision in a list, links and keys to move.

Practice matches and live games review the same way (gnubg's and
Backgammon Galaxy's analysis boards are the model): each decision of either
player is a *step*, with its traffic light once gnubg has graded it; the page
shows one step on one board, with the best play drawn as arrows next to the
play that was made, links to the previous, next and next-error steps, the
advantage across the game as a line with the errors on it
(``review_chart.py``), the viewer's worst decisions and the list of every
step.  Without JavaScript
each step is its own page (``?paso=N``); the page's script fetches the same
step's stage (``?paso=N&parte=paso``) and swaps it in place.

Callers choose the actions that are steps and say who made each one, from
the viewer's point of view: the viewer's own decisions say «Tu jugada», the
rest name their player («Jugada de Ana», «Jugada del programa»).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Iterable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tutor.board.templatetags.board_tags import ASSETS_FLAG
from tutor.engine import WHITE, EngineError, Move, Position, format_dice
from tutor.numbers import parse_int

from .luck import VERY_LUCKY, luck_words
from .wording import RESULT_WORDS, Light, play_text, points
from .models import Action, Colour

if TYPE_CHECKING:
    from .review_chart import AdvantageChart

Kind = Action.Kind
ERRORS = (Colour.AMBER, Colour.RED)
STAGE_PART = "paso"
"""``?parte=paso``: only the stage of the step, for the page's script."""
WORST = 3
"""How many of the viewer's costliest decisions the review lists first."""


@dataclass(frozen=True)
class Actor:
    """Who made a decision, as the viewer reads it: «Tú»/«tu», or a name and «de Ana»."""

    name: str
    own: bool = False
    of_whom: str = ""
    """«de Ana», «del programa»; empty for the viewer's own decisions."""


@dataclass
class Step:
    """One decision (or the end of a game) of the review, numbered from 1."""

    number: int
    action: Any
    """A practice ``Action`` or a live game's ``LiveAction``: both have what a step reads."""
    actor: Actor
    light: Light | None
    pending: bool
    ending: bool = False

    @property
    def side(self) -> int:
        return self.action.side

    @property
    def game_number(self) -> int:
        return self.action.game_number

    @property
    def kind(self) -> str:
        return self.action.decision_kind

    @property
    def colour(self) -> str:
        return self.light.colour if self.light else ""

    @property
    def is_error(self) -> bool:
        return self.colour in ERRORS

    @property
    def loss(self) -> float:
        return float(self.action.loss or 0.0) if self.light else 0.0

    @property
    def advantage(self) -> float | None:
        """gnubg's equity after the decision, from its maker's side, in cubes as the cube stood; None unknown.

        What was chosen is worth: a play, its own equity; not doubling,
        rolling on; doubling, the double answered well; taking, the
        doubler's double/take turned round; passing, one cube lost.
        Forced plays and decisions not graded yet have none.
        """
        if self.ending or not self.light or self.light.forced:
            return None
        data = self.action.analysis or {}
        try:
            if self.kind == Kind.MOVE:
                return next(float(entry["equity"]) for entry in data.get("plays", []) if entry.get("chosen"))
            if self.kind == Kind.NO_DOUBLE:
                return float(data["no_double"])
            if self.kind == Kind.DOUBLE:
                return min(float(data["double_take"]), float(data["double_pass"]))
            if self.kind == Kind.TAKE:
                return -float(data["double_take"])
            if self.kind == Kind.DROP:
                return -float(data["double_pass"])
        except (KeyError, StopIteration, TypeError, ValueError):
            return None
        return None

    @property
    def best(self) -> str:
        """gnubg's best choice, as the light words it: «8/5 6/5», «Doblar», «Aceptar»."""
        return self.light.best if self.light else ""

    @property
    def dice(self) -> str:
        dice = self.position.dice
        return format_dice(dice) if dice and self.kind == Kind.MOVE else ""

    @cached_property
    def position(self) -> Position:
        return self.action.position if self.ending else self.action.decision_position

    @property
    def what(self) -> str:
        """What was done, in a few words: «13/7 8/5», «no mueve», «dobla», «gana: gammon, 2 puntos»."""
        action = self.action
        if self.ending:
            if action.kind == Kind.RESULT:
                return f"gana la partida: {RESULT_WORDS.get(action.result_kind, 'partida')}, {points(action.points)}"
            return action.get_kind_display().lower()
        if self.kind == Kind.MOVE:
            return play_text(action.play)
        return action.decision_label.lower()

    @property
    def luck_words(self) -> str:
        """«Muy buena suerte» or «Muy mala suerte» for a play whose roll was beyond GNU Backgammon's limits; else empty."""
        if self.ending or self.kind != Kind.MOVE:
            return ""
        return luck_words(getattr(self.action, "luck", None))

    @property
    def luck_mark(self) -> str:
        """``lucky`` or ``unlucky`` for the page's mark of a very lucky or very unlucky roll; else empty."""
        if not self.luck_words:
            return ""
        return "lucky" if self.action.luck > VERY_LUCKY else "unlucky"

    @property
    def summary(self) -> str:
        """The step in one line, for the list, the graph and screen readers."""
        dice = f", con {self.dice}" if self.dice else ""
        return f"{self.actor.name}{dice}: {self.what}"

    @property
    def state(self) -> str:
        """The light's word, or why there is none."""
        if self.light:
            return self.light.word
        if getattr(self.action, "forced", False) and not self.ending:
            return "forzada"
        if self.pending:
            return "sin revisar aún"
        return ""


def build_steps(actions: Iterable, *, actor: Callable[[int], Actor], pending: Callable[[Any], bool]) -> list[Step]:
    """The steps of ``actions`` (already chosen and in order): decisions, and the ends of games."""
    steps: list[Step] = []
    for action in actions:
        ending = action.kind not in (Kind.MOVE, Kind.DOUBLE, Kind.NO_DOUBLE, Kind.TAKE, Kind.DROP, "roll")
        light = Light.of(action) if action.graded and not ending else None
        steps.append(Step(len(steps) + 1, action, actor(action.side), light, pending=not ending and light is None and pending(action), ending=ending))
    return steps


@dataclass
class Stepper:
    """The step on show and the ways to move from it."""

    steps: list[Step]
    current: Step
    viewer: int | None = None
    """The side the review is seen from (the board, the graph, «Tus tres peores»); None for a spectator."""

    @property
    def total(self) -> int:
        return len(self.steps)

    @property
    def previous(self) -> int | None:
        return self.current.number - 1 if self.current.number > 1 else None

    @property
    def next(self) -> int | None:
        return self.current.number + 1 if self.current.number < self.total else None

    @property
    def next_error(self) -> int | None:
        return next((step.number for step in self.steps[self.current.number:] if step.is_error), None)

    @property
    def previous_error(self) -> int | None:
        return next((step.number for step in reversed(self.steps[: self.current.number - 1]) if step.is_error), None)

    @property
    def errors(self) -> int:
        return sum(1 for step in self.steps if step.is_error)

    @property
    def seen_from(self) -> int:
        """The board's and the graph's side: the viewer's, White's for a spectator."""
        return WHITE if self.viewer is None else self.viewer

    @cached_property
    def chart(self) -> AdvantageChart:
        from .review_chart import advantage_chart  # noqa: PLC0415  (the chart reads the steps)

        return advantage_chart(self.steps, self.current.number, self.seen_from, own=self.viewer is not None)

    @property
    def worst(self) -> list[Step]:
        """The viewer's ``WORST`` costliest decisions, costliest first (ties: the earlier first)."""
        if self.viewer is None:
            return []
        costly = [step for step in self.steps if step.side == self.viewer and step.light and not step.light.forced and step.loss > 0]
        return sorted(costly, key=lambda step: (-step.loss, step.number))[:WORST]

    @property
    def graded_own(self) -> bool:
        """Whether any of the viewer's decisions is graded yet (so «Tus tres peores» can say something)."""
        return any(step.side == self.viewer and step.light for step in self.steps)

    @property
    def shows_best(self) -> bool:
        """Whether the board draws gnubg's best play apart from the one made."""
        light = self.current.light
        return bool(light and light.is_play and not light.forced and light.best != light.chosen)

    @property
    def played_moves(self) -> list[Move]:
        """The moves of the play made at this step, for the board's dashed arrows."""
        step = self.current
        if step.kind != Kind.MOVE or step.ending:
            return []
        return _moves(step.position, step.action.play)

    @property
    def best_moves(self) -> list[Move]:
        """The moves of gnubg's best play when it is not the one made, drawn over them."""
        return _moves(self.current.position, self.current.light.best) if self.shows_best and self.current.light else []


def stepper(steps: list[Step], wanted: str | None, viewer: int | None = None) -> Stepper | None:
    """The step ``wanted`` (``?paso=N``; the first when missing or out of range) seen by ``viewer``; None without steps."""
    if not steps:
        return None
    number = parse_int(wanted) or 1
    return Stepper(steps, steps[min(max(number, 1), len(steps)) - 1], viewer)


def _moves(position: Position, notation: str) -> list[Move]:
    """The moves of ``notation`` played from ``position``; none when it is not a legal play there."""
    try:
        verdict = position.check(notation)
    except EngineError:
        return []
    return list(verdict.play.moves) if verdict.legal and verdict.play is not None else []


def respond(request: HttpRequest, template: str, context: dict) -> HttpResponse:
    """The review page, or only the stage of its step when the page's script asks for it."""
    shown = context.get("stepper")
    # «Girar el tablero» comes back to the step's page, never to the part the script fetched.
    context = {**context, "board_back": f"{request.path}?paso={shown.current.number}" if shown else ""}
    if request.GET.get("parte") == STAGE_PART:
        # The page around the stage already has the board's stylesheet.
        setattr(request, ASSETS_FLAG, True)
        return render(request, "review/_stage.html", context)
    return render(request, template, context)
