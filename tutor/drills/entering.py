"""Drills on the bar: enter first, the entry point 25 − die, closed entry points, closed boards."""

from __future__ import annotations

import random

from tutor.engine import BAR, Position, is_blocked
from tutor.rules import RuleCode

from .core import register, side_name
from .playouts import build, pick, random_game, sides
from .tempting import complete, legal_play_count, level_by_plays, rejected_for, step


def send_to_bar(rng: random.Random, mover: list[int], count: int) -> bool:
    """Put ``count`` more of the mover's checkers on the bar, as if they had been hit.

    Lone checkers go first (those are the ones a real opponent hits).
    """
    for _ in range(count):
        blots = [point for point in range(1, 25) if mover[point] == 1]
        occupied = [point for point in range(1, 25) if mover[point]]
        point = pick(rng, blots or occupied)
        if point is None:
            return False
        mover[point] -= 1
        mover[BAR] += 1
    return True


def close_points(mover: list[int], other: list[int], points: list[int]) -> bool:
    """Make the opponent hold each of its home ``points`` with two or more checkers.

    The checkers come from the opponent's farthest points outside home, as
    if it had brought them in; a lone mover checker on such a point is sent
    to the bar.  Fails when a mover anchor sits there or checkers run out.
    """
    for point in points:
        mine = 25 - point
        if is_blocked(mover, mine):
            return False
        if mover[mine] == 1:
            mover[mine] = 0
            mover[BAR] += 1
        while not is_blocked(other, point):
            source = next((p for p in range(BAR, 6, -1) if other[p] and p != point), None)
            if source is None:
                return False
            other[source] -= 1
            other[point] += 1
    return True


def bar_moment(rng: random.Random) -> Position | None:
    """A moment of a play-out with the side on roll on the bar (hit in play, or sent there)."""
    positions = random_game(rng)
    waiting = [position for position in positions if 0 < position.bar(position.turn) <= 3 and position.winner() is None]
    if waiting and rng.random() < 0.85:
        return pick(rng, waiting)
    position = pick(rng, positions[4:-1])
    if position is None:
        return None
    mover, other = sides(position)
    if not send_to_bar(rng, mover, 1):
        return None
    return build(mover, other, position.turn)


def roll(rng: random.Random, doubles: bool = True) -> tuple[int, int]:
    while True:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if doubles or dice[0] != dice[1]:
            return (max(dice), min(dice))


def _on_bar(position: Position) -> str:
    count = position.bar(position.turn)
    return "una ficha" if count == 1 else f"{count} fichas"


def _played(rng: random.Random, level: int, position: Position, dice, tempting_first: str, other: int, codes, hard: int = 9) -> dict | None:
    position = position.with_dice(dice)
    count = legal_play_count(position)
    if level_by_plays(count, easy=hard // 3, hard=hard) != level or position.legal_plays()[0].is_pass:
        return None
    tempting = complete(rng, position, tempting_first, other, codes)
    return None if tempting is None else {"position": position, "tempting": tempting, "codes": codes}


@register(RuleCode.BAR_FIRST)
def bar_first(rng: random.Random, level: int) -> dict | None:
    """A checker waits on the bar; the tempting play moves another checker first."""
    position = bar_moment(rng)
    if position is None:
        return None
    dice = roll(rng)
    mover, other = position.mover, position.opponent_board
    sources = [p for p in range(1, 25) if mover[p] and p - dice[0] >= 1 and not is_blocked(other, 25 - (p - dice[0]))]
    src = pick(rng, sources)
    if src is None:
        return None
    fields = _played(rng, level, position, dice, step(src, src - dice[0]), dice[1], ("bar-first",))
    if fields is None:
        return None
    who = side_name(position.turn)
    fields.update(kind="jugada", question=f"Juegas con las {who} y tienes {_on_bar(position)} en la barra. Tiras {dice[0]}-{dice[1]}: juega el turno completo.")
    return fields


@register(RuleCode.ENTER_POINT)
def enter_point(rng: random.Random, level: int) -> dict | None:
    """The tempting play enters on the die's own number instead of 25 − die."""
    position = bar_moment(rng)
    if position is None:
        return None
    dice = roll(rng, doubles=False)
    die = rng.choice(dice)
    if is_blocked(position.opponent_board, die):
        return None  # that die cannot enter anyway: the drill is about the point, not a block
    other = dice[1] if die == dice[0] else dice[0]
    fields = _played(rng, level, position, dice, f"bar/{die}", other, ("wrong-die",))
    if fields is None:
        return None
    fields.update(kind="jugada", question=f"Tienes {_on_bar(position)} en la barra y tiras {dice[0]}-{dice[1]}. ¿En qué punto entra cada dado? Entra y juega el turno completo.")
    return fields


@register(RuleCode.ENTER_BLOCKED)
def enter_blocked(rng: random.Random, level: int) -> dict | None:
    """One die's entry point is held by the opponent; the tempting play enters there."""
    position = bar_moment(rng)
    if position is None:
        return None
    mover, other = sides(position)
    dice = roll(rng, doubles=False)
    closed, open_ = (dice[0], dice[1]) if rng.random() < 0.5 else (dice[1], dice[0])
    if is_blocked(other, open_) or not close_points(mover, other, [closed]):
        return None
    position = build(mover, other, position.turn)
    fields = _played(rng, level, position, dice, f"bar/{25 - closed}", open_, ("blocked",), hard=6)
    if fields is None:
        return None
    fields.update(kind="jugada", question=f"Tienes {_on_bar(position)} en la barra y tiras {dice[0]}-{dice[1]}. Mira los puntos de entrada y juega el turno completo.")
    return fields


def _passing(rng: random.Random, position: Position, dice: tuple[int, int]) -> dict | None:
    """The fields of a drill whose only legal play is to pass, tempted to enter on a closed point."""
    position = position.with_dice(dice)
    if not position.is_valid or not position.legal_plays()[0].is_pass:
        return None
    tempting = f"bar/{25 - dice[0]}"
    if not rejected_for(position, tempting, ("blocked",)):
        return None
    question = f"Tienes {_on_bar(position)} en la barra y tiras {dice[0]}-{dice[1]}. ¿Qué juegas? Si no hay ninguna jugada legal, pasa: deja la jugada en blanco y pulsa «Comprobar»."
    return {"position": position, "kind": "unica", "tempting": tempting, "codes": ("blocked",), "answer": "", "question": question}


@register(RuleCode.CLOSED_OUT)
def closed_out(rng: random.Random, level: int) -> dict | None:
    """The opponent's six home points are all closed: whatever the roll, the turn passes.

    The level is how many checkers wait on the bar (one, two, three or more).
    """
    position = bar_moment(rng)
    if position is None:
        return None
    mover, other = sides(position)
    if not close_points(mover, other, [1, 2, 3, 4, 5, 6]):
        return None
    if mover[BAR] < level and not send_to_bar(rng, mover, level - mover[BAR]):
        return None
    if min(mover[BAR], 3) != level:
        return None
    return _passing(rng, build(mover, other, position.turn), roll(rng))


@register(RuleCode.NO_ENTRY)
def no_entry(rng: random.Random, level: int) -> dict | None:
    """Both dice point at closed entry points (the board is not closed): the turn passes.

    The level is how many home points the opponent holds (two or three, four, five).
    """
    position = bar_moment(rng)
    if position is None:
        return None
    mover, other = sides(position)
    wanted = {1: rng.choice((2, 3)), 2: 4, 3: 5}[level]
    held = [point for point in range(1, 7) if is_blocked(other, point)]
    if len(held) > wanted:
        return None
    extra = rng.sample([point for point in range(1, 7) if point not in held], wanted - len(held))
    if not close_points(mover, other, extra):
        return None
    held = [point for point in range(1, 7) if is_blocked(other, point)]
    if len(held) != wanted:
        return None
    dice = (rng.choice(held), rng.choice(held))
    return _passing(rng, build(mover, other, position.turn), (max(dice), min(dice)))
