"""Where a rule decided a step of the review: the rule's title and its lesson, from the catalogue (``tutor.rules``).

A play with no choice, a roll that could not be played whole, a bear-off,
the Crawford game and a dead cube are the places where a club player asks
«¿por qué?»: each step that meets one says so next to its light, in the
catalogue's words, with a link to the lesson that teaches it.  Nothing
here words a rule: titles, anchors and sentences come from the catalogue
and the shared cube policy.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import BAR, EngineError, Position
from tutor.games.cube_policy import dead_cube_note
from tutor.games.models import ActionKind
from tutor.rules import CRAWFORD_NOTICE, NO_CRAWFORD_NOTICE, NO_LEGAL_PLAY, RULES, RuleCode

Kind = ActionKind


@dataclass(frozen=True)
class Note:
    """A rule that mattered at a step: its title, a sentence when the catalogue has one, its lesson."""

    title: str
    text: str = ""
    url: str = ""


def rule_note(code: RuleCode, text: str = "") -> Note:
    rule = RULES[code]
    return Note(rule.title, text, rule.url)


def play_notes(position: Position) -> list[Note]:
    """The rules that narrowed the choice of a play: no play at all, fewer dice than rolled, a bear-off."""
    try:
        plays = position.legal_plays()
    except EngineError:
        return []
    dice = position.dice or ()
    rolled = 4 if len(dice) == 2 and dice[0] == dice[1] else len(dice)
    used = max((play.dice_used for play in plays), default=0)
    if not used:
        code = RuleCode.CLOSED_OUT if position.checkers(position.turn)[BAR] else RuleCode.NO_ENTRY
        return [rule_note(code, NO_LEGAL_PLAY)]
    notes = []
    if used < rolled:
        larger = used == 1 and len(set(dice)) == 2
        notes.append(rule_note(RuleCode.LARGER_DIE if larger else RuleCode.MORE_DICE))
    if any(play.bears_off for play in plays):
        notes.append(rule_note(RuleCode.BEAR_OFF_HIGHER if _higher_die_bears_off(plays) else RuleCode.BEAR_OFF_EXACT))
    return notes


def _higher_die_bears_off(plays) -> bool:
    return any(move.dst == 0 and move.die > move.src for play in plays for move in play.moves)


def cube_notes(position: Position, side: int, *, crawford_rule: bool = True) -> list[Note]:
    """The Crawford game, or a dead cube for ``side``: why nobody, or ``side``, could double.

    In a match played without the Crawford rule, a game where one side is a
    point from winning says why the cube is still in play there.
    """
    if position.crawford:
        return [rule_note(RuleCode.MAY_DOUBLE, str(CRAWFORD_NOTICE))]
    notes = []
    if not crawford_rule and position.match_length > 1 and position.score.count(position.match_length - 1) == 1:
        notes.append(rule_note(RuleCode.MAY_DOUBLE, str(NO_CRAWFORD_NOTICE)))
    dead = dead_cube_note(position.replace(dice=None), side)
    return notes + [rule_note(RuleCode.MAY_DOUBLE, dead)] if dead else notes


def step_notes(step, *, crawford_rule: bool = True) -> list[Note]:
    """The notes of a review's step (``tutor.practice.stepper.Step``); ``crawford_rule`` False: the match had none."""
    if step.ending:
        return []
    notes = play_notes(step.position) if step.kind == Kind.MOVE else []
    return notes + cube_notes(step.position, step.side, crawford_rule=crawford_rule)


def with_notes(context: dict) -> None:
    """Add the current step's notes to a review's context (``notes``), and the match's own rules (``match_rules``)."""
    shown = context.get("stepper")
    match = context.get("match")
    crawford_rule = match is None or match.crawford or not match.length
    context["notes"] = step_notes(shown.current, crawford_rule=crawford_rule) if shown else []
    context["match_rules"] = [] if crawford_rule else [NO_CRAWFORD_NOTICE]
