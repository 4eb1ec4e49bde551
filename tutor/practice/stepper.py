"""A game's review to step through: one board, every decision in a list, links and keys to move.

Practice matches and live games review the same way (gnubg's and
Backgammon Galaxy's analysis boards are the model): each decision of either
player is a *step*, with its traffic light once gnubg has graded it; the page
shows one step on one board, with the best play drawn as arrows next to the
play that was made, the list of every step, an error graph of the whole game
and links to the previous, next and next-error steps.  Without JavaScript
each step is its own page (``?paso=N``); the page's script fetches the same
step's stage (``?paso=N&parte=paso``) and swaps it in place.

Callers choose the actions that are steps and say who made each one, from
the viewer's point of view: the viewer's own decisions say «Tu jugada», the
rest name their player («Jugada de Ana», «Jugada del programa»).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, Iterable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tutor.board.arrows import play_arrows
from tutor.board.svg import render_board_svg
from tutor.engine import EngineError, Position, format_dice
from tutor.numbers import parse_int

from .display import RESULT_WORDS, Light, play_text, points
from .models import Action, Colour

Kind = Action.Kind
ERRORS = (Colour.AMBER, Colour.RED)
STAGE_PART = "paso"
"""``?parte=paso``: only the stage of the step, for the page's script."""


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
    flipped: bool

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
    def board(self) -> str:
        return step_board(self.current, self.flipped)

    @property
    def chart(self) -> str:
        from .review_chart import error_chart  # noqa: PLC0415  (the chart reads the steps)

        return error_chart(self.steps, self.current.number)

    @property
    def up_down(self) -> tuple[str, str]:
        """Whose decisions rise above the graph's line and whose hang below it, in words."""
        from .review_chart import whose  # noqa: PLC0415

        first = {step.side: step.actor for step in reversed(self.steps)}
        return whose(first.get(0), "las de blancas"), whose(first.get(1), "las de negras")

    @property
    def shows_best(self) -> bool:
        """Whether the board draws gnubg's best play apart from the one made."""
        light = self.current.light
        return bool(light and light.is_play and not light.forced and light.best != light.chosen)


def stepper(steps: list[Step], wanted: str | None, flipped: bool = False) -> Stepper | None:
    """The step ``wanted`` (``?paso=N``; the first when missing or out of range); None without steps."""
    if not steps:
        return None
    number = parse_int(wanted) or 1
    return Stepper(steps, steps[min(max(number, 1), len(steps)) - 1], flipped)


def step_board(step: Step, flipped: bool) -> str:
    """The board of a step: the position before the decision, its play and gnubg's best as arrows."""
    position = step.position
    drawn = []
    if step.kind == Kind.MOVE and not step.ending:
        light = step.light
        best = light.best if light and not light.forced and light.best != light.chosen else ""
        # gnubg's best play last, over the play made where the two overlap.
        drawn = [(step.action.play, "played"), (best, "best")] if best else [(step.action.play, "played")]
    overlay = "".join(play_arrows(position, moves, flipped=flipped, style=style) for moves, style in _plays(position, drawn))
    return render_board_svg(position, flipped=flipped, label_id=f"revision-{step.number}", overlay=overlay)


def _plays(position: Position, drawn: list[tuple[str, str]]) -> list[tuple[list, str]]:
    found = []
    for notation, style in drawn:
        try:
            verdict = position.check(notation)
        except EngineError:
            continue
        if verdict.legal and verdict.play is not None and verdict.play.moves:
            found.append((list(verdict.play.moves), style))
    return found


def respond(request: HttpRequest, template: str, context: dict) -> HttpResponse:
    """The review page, or only the stage of its step when the page's script asks for it."""
    if request.GET.get("parte") == STAGE_PART:
        return render(request, "review/_stage.html", context)
    return render(request, template, context)
