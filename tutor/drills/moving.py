"""Drills on moving: blocked points, stops of a checker using both dice, hitting,
and the full-turn obligations (as many dice as possible; only one: the larger)."""

from __future__ import annotations

import random

from tutor.engine import Position, is_blocked
from tutor.rules import RuleCode

from .core import register, side_name
from .entering import roll
from .playouts import GAMES, pick, random_game
from .scan import larger_die_spots, spot_position, trap_spots
from .tempting import complete, level_by_pips, level_by_plays, rejected_for, step


def moment(rng: random.Random) -> Position | None:
    """A moment of a play-out, before the end, with nothing of the mover on the bar."""
    positions = random_game(rng)
    position = pick(rng, positions[1:-1])
    if position is None or position.bar(position.turn) or position.winner() is not None:
        return None
    return position


def _question(position: Position, extra: str = "") -> str:
    dice = position.dice
    return f"Juegas con las {side_name(position.turn)} y tiras {dice[0]}-{dice[1]}.{extra} Juega el turno completo."


def _leveled(position: Position, level: int, **thresholds: int) -> bool:
    plays = position.legal_plays()
    return not plays[0].is_pass and level_by_plays(len(plays), **thresholds) == level


@register(RuleCode.BLOCKED)
def blocked(rng: random.Random, level: int) -> dict | None:
    """The tempting play lands a checker on a point the opponent holds."""
    base = moment(rng)
    if base is None:
        return None
    position = base.with_dice(roll(rng, doubles=level == 3))
    if not _leveled(position, level):
        return None
    die, other_die = position.dice if rng.random() < 0.5 else position.dice[::-1]
    mover, other = position.mover, position.opponent_board
    tries = [p for p in range(1, 25) if mover[p] and p - die >= 1 and is_blocked(other, 25 - (p - die))]
    src = pick(rng, tries)
    if src is None:
        return None
    tempting = complete(rng, position, step(src, src - die), other_die, ("blocked",))
    if tempting is None:
        return None
    return {"position": position, "kind": "jugada", "tempting": tempting, "codes": ("blocked",), "question": _question(position)}


@register(RuleCode.PASS_OVER)
def pass_over(rng: random.Random, level: int) -> dict | None:
    """One checker would use both dice, but both stops on the way are held by the opponent."""
    base = moment(rng)
    if base is None:
        return None
    mover, other = base.mover, base.opponent_board
    candidates = [
        (high, low, p)
        for high in range(2, 7) for low in range(1, high) for p in range(high + low + 1, 25)
        if mover[p] and not is_blocked(other, 25 - (p - high - low)) and is_blocked(other, 25 - (p - high)) and is_blocked(other, 25 - (p - low))
    ]
    chosen = pick(rng, candidates)
    if chosen is None:
        return None
    high, low, src = chosen
    position = base.with_dice((high, low))
    if not _leveled(position, level, easy=8, hard=16):
        return None
    tempting = step(src, src - high - low)
    if not rejected_for(position, tempting, ("blocked",)):
        return None
    return {"position": position, "kind": "jugada", "tempting": tempting, "codes": ("blocked",),
            "question": _question(position, f" Una ficha del {src} quiere avanzar {high + low} pips.")}


@register(RuleCode.HIT)
def hit(rng: random.Random, level: int) -> dict | None:
    """Is this play legal? Either it hits a lone checker (yes) or lands on a held point (no)."""
    base = moment(rng)
    if base is None:
        return None
    position = base.with_dice(roll(rng, doubles=False))
    if not _leveled(position, level, easy=8, hard=20):
        return None
    if rng.random() < 0.5:
        hitting = [play for play in position.legal_plays() if play.hits]
        chosen = pick(rng, hitting)
        if chosen is None:
            return None
        text, answer, codes = chosen.notation, "si", ()
    else:
        fields = blocked_play(rng, position)
        if fields is None:
            return None
        text, answer, codes = fields, "no", ("blocked",)
    dice = position.dice
    return {"position": position, "kind": "legalidad", "play": text, "answer": answer, "codes": codes,
            "question": f"Juegas con las {side_name(position.turn)} y tiras {dice[0]}-{dice[1]}. ¿Es legal la jugada {text}?"}


def blocked_play(rng: random.Random, position: Position) -> str | None:
    die, other_die = position.dice if rng.random() < 0.5 else position.dice[::-1]
    mover, other = position.mover, position.opponent_board
    src = pick(rng, [p for p in range(1, 25) if mover[p] and p - die >= 1 and is_blocked(other, 25 - (p - die))])
    return None if src is None else complete(rng, position, step(src, src - die), other_die, ("blocked",))


@register(RuleCode.MORE_DICE)
def more_dice(rng: random.Random, level: int) -> dict | None:
    """A first move after which the other die has nothing to do, while another order plays both:
    the tempting play stops after that first move.  The level is how far the mover still has to go (pips)."""
    seed = rng.randrange(GAMES)
    spot = pick(rng, trap_spots(seed))
    if spot is None:
        return None
    index, dice, tempting = spot
    position = spot_position(seed, index, dice)
    if level_by_pips(position, 37, 55) != level:
        return None
    return {"position": position, "kind": "jugada", "tempting": tempting, "codes": ("must-use-more-dice",), "question": _question(position)}


@register(RuleCode.LARGER_DIE)
def larger_die(rng: random.Random, level: int) -> dict | None:
    """Either die could be played alone but not both: the larger one is the only legal play.

    The level is how far the mover still has to go (pips).
    """
    seed = rng.randrange(GAMES)
    spot = pick(rng, larger_die_spots(seed))
    if spot is None:
        return None
    index, dice, only, tempting = spot
    position = spot_position(seed, index, dice)
    if level_by_pips(position, 32, 45) != level:
        return None
    return {"position": position, "kind": "unica", "tempting": tempting, "codes": ("must-use-larger-die",),
            "answer": only, "question": _question(position, " Solo puedes jugar uno de los dos dados.")}
