"""The clock of a timed live game: a delay for every decision, then a reserve that runs out.

As on the backgammon servers and under the tournament rules, the clock runs
for whoever has the turn (``LiveGame.side_on_turn``: the side on roll, or
the one answering a double).  Each time it passes to a player, that player
first spends the delay (``DELAY``, twelve seconds); only the time beyond it
comes off their reserve.  Rolling is part of the turn: the clock passes
when the player's decision hands the game to the rival (a play, a double,
an answer), and every turn that begins (``turn_started``) starts it afresh.

An offer to resign moves no clock: the clock keeps running for whoever had
the turn while the rival answers, and a rejection hands nothing back, so
the delay does not start again.  Before, an offer on one's own turn passed
the clock to the rival and a rejection gave the offerer a fresh delay: a
player could stall on their own turn by offering again and again.  Now
that costs the offerer their own time, a flag during an offer is a flag
(``endings.flag``), and ``endings.offer`` allows one offer per player and
turn.

The delay and the reserves are the game's time control
(``time_controls.py``), kept on its row.  A player whose reserve runs out
loses on time (``endings.flag``): the match, or the game under way and
the session in money play, as if they had left.  The server decides from the row alone (when the running
clock started, each side's reserve, and ``clock_deadline``, when the
running side runs out), so a reconnecting page, another process or a
restarted server read the same figures; the browser only counts down
from them.

``clock`` is the one source of the time for the live games: tests move it
instead of sleeping.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from django.utils import timezone

from tutor.engine import BLACK, WHITE
from tutor.rules import counted

from .models import Phase
from .time_controls import TimeControl


ABORT_SECONDS = 60
"""How long the first player may wait before the first move of a game, before the rival may abort it."""
LOW_RESERVE = 20
"""Below this many seconds of reserve, a running clock looks urgent to everyone and its player is told, once a turn."""
LOW_WARNING = f"Te quedan menos de {counted(LOW_RESERVE, 'segundo', 'segundos')} de reserva."
"""What the player whose reserve runs low is told (only them: the rival and spectators see the urgent clock)."""


def clock() -> datetime:
    """Now, for the live games (patched by tests)."""
    return timezone.now()


def set_up(game, control: TimeControl | None) -> None:
    """A new game's clock: the control's delay and both reserves full, or no clock at all."""
    game.clock_delay = control.delay if control else 0
    game.clock_reserve = control.reserve_for(game.length) if control else 0
    game.white_reserve = game.black_reserve = float(game.clock_reserve)


def reserve_of(game, side: int) -> float:
    return game.white_reserve if side == WHITE else game.black_reserve


def _set_reserve(game, side: int, seconds: float) -> None:
    if side == WHITE:
        game.white_reserve = seconds
    else:
        game.black_reserve = seconds


def _elapsed(game, now: datetime) -> float:
    return max(0.0, (now - game.clock_started).total_seconds()) if game.clock_started else 0.0


def left(game, side: int, now: datetime) -> tuple[float, float]:
    """``(delay left, reserve left)`` of ``side`` at ``now``: only the running side's clock moves."""
    reserve = reserve_of(game, side)
    if side != game.clock_side:
        return float(game.clock_delay), reserve
    elapsed = _elapsed(game, now)
    return max(0.0, game.clock_delay - elapsed), max(0.0, reserve - max(0.0, elapsed - game.clock_delay))


def ran_out(game, now: datetime | None = None) -> bool:
    """Whether the side the game waits for has used up its delay and its reserve."""
    if not game.clock_delay or game.clock_side is None or game.clock_deadline is None:
        return False
    return (now or clock()) >= game.clock_deadline


def pass_to(game, side: int | None, now: datetime | None = None) -> None:
    """The clock stops for the side it ran for (charged beyond the delay) and starts for ``side`` (None: stops)."""
    if not game.clock_delay:
        return
    now = now or clock()
    running = game.clock_side
    if running is not None:
        _set_reserve(game, running, left(game, running, now)[1])
    game.clock_side = side
    game.clock_started = now if side is not None else None
    game.clock_deadline = (now + timedelta(seconds=game.clock_delay + reserve_of(game, side))) if side is not None else None


def follow(game, now: datetime | None = None) -> None:
    """After a decision: the clock runs for whoever has the turn now (nobody once it is over), offers aside."""
    acting = None if game.is_over else game.side_on_turn()
    if game.clock_delay and acting != game.clock_side:
        pass_to(game, acting, now)


def on_turn_started(sender, game, side: int, opening: bool = False, **kwargs) -> None:
    """``turn_started`` receiver: a turn begins with the delay afresh; a money game's opening refills both reserves."""
    if not game.clock_delay:
        return
    now = clock()
    if opening and not game.length:
        pass_to(game, None, now)
        game.white_reserve = game.black_reserve = float(game.clock_reserve)
    pass_to(game, side, now)


def figures(game, now: datetime | None = None) -> dict | None:
    """What the pages count down from: the delay, whose clock runs, and each side's time left (None: untimed)."""
    if not game.clock_delay:
        return None
    now = now or clock()
    sides = {side: left(game, side, now) for side in (WHITE, BLACK)}
    return {
        "delay": game.clock_delay,
        "running": game.clock_side,
        "delay_left": [round(sides[WHITE][0], 1), round(sides[BLACK][0], 1)],
        "reserve_left": [round(sides[WHITE][1], 1), round(sides[BLACK][1], 1)],
    }


def running_low(figures: dict, side: int) -> bool:
    """Whether ``side``'s clock runs with less than ``LOW_RESERVE`` seconds of reserve left, in ``figures``."""
    return figures["running"] == side and figures["reserve_left"][side] < LOW_RESERVE


def minutes_and_seconds(seconds: float) -> str:
    """``150.2`` → ``"2:31"``: the time left, rounded up as a clock shows it."""
    whole = math.ceil(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def abort_in(game, side: int | None, now: datetime | None = None) -> float | None:
    """Seconds until ``side`` may abort the game (0: now), or None when it cannot come to that.

    Only in the first game, before anybody has moved, and only the rival of
    the player who must make the first move, ``ABORT_SECONDS`` after the
    opening roll.
    """
    if side is None or game.game_number != 1 or game.moved_in_game or game.phase not in (Phase.ROLL, Phase.MOVE):
        return None
    if game.offer_pending or game.side_to_act() in (None, side):
        return None
    due = game.last_action_at + timedelta(seconds=ABORT_SECONDS)
    return max(0.0, (due - (now or clock())).total_seconds())


def may_abort(game, side: int, now: datetime | None = None) -> bool:
    return abort_in(game, side, now) == 0


def flag_in(game, side: int | None, now: datetime | None = None) -> float | None:
    """Seconds until ``side`` may claim that the rival ran out of time (0: now), or None when the rival's clock is not running."""
    if side is None or not game.clock_delay or game.clock_side in (None, side) or game.clock_deadline is None:
        return None
    return max(0.0, (game.clock_deadline - (now or clock())).total_seconds())
