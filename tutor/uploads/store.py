"""Keeping a match the reader checked: its row and every action, in one transaction, its review queued.

The reader (``tutor.games.matfile``) has already replayed the whole match
with the engine, so nothing here judges a play again: each ``ReadAction``
becomes an ``UploadedAction`` with the position before it, the way live
games record theirs (``tutor.games.driver.play_fields``), and each finished
game a ``result`` row with the position it ended in.  Before a play whose
player could have doubled (``may_double``; never the game's opening roll),
a ``roll`` row keeps that decision to grade it as a no-double, as live
games do.  A play with no
choice (one legal play or none) is ``forced``: gnubg is not asked about it.
"""

from __future__ import annotations

from django.db import transaction

from tutor.engine import WHITE, Play, Position
from tutor.games.cube_policy import may_double
from tutor.games.driver import play_fields
from tutor.games.matfile import ReadAction, ReadGame, ReadMatch
from tutor.games.models import ActionKind

from .models import UploadedAction, UploadedMatch

Kind = ActionKind
KINDS = {"play": Kind.MOVE, "double": Kind.DOUBLE, "beaver": Kind.BEAVER, "take": Kind.TAKE, "drop": Kind.DROP}
RESULT_KINDS = {1: "single", 2: "gammon", 3: "backgammon"}


def store_match(read: ReadMatch, owner, *, filename: str = "", side: int | None = None) -> UploadedMatch:
    """Save ``read`` for ``owner`` with all its actions and queue its grading, all or nothing."""
    from .tasks import queue_grading  # the task grades the rows saved here

    actions: list[UploadedAction] = []
    final = Position.initial()
    for game in read.games:
        final = _game_actions(game, actions)
    score = list(read.games[-1].score) if read.games else [0, 0]
    last = read.games[-1] if read.games else None
    if last is not None and last.winner is not None:
        score[last.winner] += last.points
    with transaction.atomic():
        match = UploadedMatch.objects.create(
            owner=owner, first_name=read.names[0][:60], second_name=read.names[1][:60], side=side,
            length=read.length, jacoby=read.jacoby, crawford=read.crawford, xgid=final.to_xgid(), games=len(read.games),
            winner=_match_winner(read, score), final_score=score, source=read.source, filename=filename[:120],
        )
        for number, action in enumerate(actions, start=1):
            action.match = match
            action.number = number
        UploadedAction.objects.bulk_create(actions)
        queue_grading(match)
    return match


def _match_winner(read: ReadMatch, score: list[int]) -> int | None:
    """Who won the match: whoever reached its length; None in money play or a match left unfinished."""
    if read.length:
        return next((side for side, points in enumerate(score) if points >= read.length), None)
    return None


def _game_actions(game: ReadGame, into: list[UploadedAction]) -> Position:
    """Append ``game``'s actions to ``into`` (numbered later); the position the game ended in."""
    position: Position | None = None
    for read in game.actions:
        before = read.before
        if read.kind == "resign":
            # With the dice the resigning side threw, if any: the ``.mat`` writer writes them before its «Wins».
            position = before.with_dice(read.dice) if read.dice else before
            continue
        if read.kind == "play":
            rolled = before.with_dice(read.dice) if read.dice and before.dice != read.dice else before
            xgid = rolled.to_xgid()  # the no-double and the play are both kept with the dice thrown
            unrolled = rolled.replace(dice=None)
            if position is not None and may_double(unrolled):  # the opening roll is nobody's choice
                into.append(_action(game, read.side, Kind.ROLL, rolled, line=read.line, xgid=xgid))
            choices, play = _checked(read, rolled)
            fields = play_fields(play) if play is not None else {"play": "", "moves": []}
            into.append(_action(game, read.side, Kind.MOVE, rolled, line=read.line, forced=choices <= 1, xgid=xgid,
                                **fields))
            position = play.result if play is not None else rolled.replace(dice=None, turn=1 - rolled.turn)
        else:
            into.append(_action(game, read.side, KINDS[read.kind], before, line=read.line))
            position = before
    if position is None:
        position = Position.initial()
    if game.winner is not None:
        multiplier = max(1, game.points // max(1, position.cube_value))
        into.append(_action(game, game.winner, Kind.RESULT, position, points=game.points,
                            result_kind=RESULT_KINDS.get(multiplier, "single")))
    return position


def _checked(read: ReadAction, rolled: Position) -> tuple[int, Play | None]:
    """How many legal plays the dice allowed and the play made (None when there was none): as the reader checked
    it, or checked again for a play read without them."""
    if read.played is not None:
        return read.choices, read.played if read.choices else None
    legal = rolled.legal_plays()
    return len(legal), rolled.check(read.play or "").play if legal else None


def _action(game: ReadGame, side: int, kind: str, position: Position, *, xgid: str = "", **fields) -> UploadedAction:
    return UploadedAction(game_number=game.number, side=side if side is not None else WHITE, kind=kind,
                          xgid=xgid or position.to_xgid(), **fields)
