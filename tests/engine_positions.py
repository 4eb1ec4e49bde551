"""Seeded positions for checking the rules engine against GNU Backgammon.

Shared by the differential test and the engine benchmark.  Two sources:

- games played by GNU Backgammon against itself (``gnubg_nn.bestmove`` at
  0-ply, mixed with uniformly random legal plays for variety), each position
  with the roll that was played there;
- synthetic edge cases drawn at random in families that real games rarely
  reach: bearing off against contact, checkers on the bar against 5- and
  6-point boards, primes that leave one die (or only the smaller one)
  playable, many lone checkers for big doubles, closed-out sides and both
  sides near the end.

Everything is deterministic for a given seed.  ``gnubg_nn`` is imported
inside the functions that need it, never when this module is imported.
The boards exchanged with GNU Backgammon are ``[opponent, mover]``, each 25
counts in that side's own numbering (index 0..23 points 1..24, 24 the bar).
"""

from __future__ import annotations

import random
from typing import Callable, Iterator, NamedTuple, Sequence

from tutor.engine import BAR, BLACK, WHITE, Position

Dice = tuple[int, int]
Outcome = tuple[tuple[int, ...], tuple[int, ...]]
"""A resulting position: (mover's 25 counts, opponent's 25 counts)."""

ALL_ROLLS: tuple[Dice, ...] = tuple((a, b) for a in range(1, 7) for b in range(1, a + 1))
"""The 21 distinct rolls, larger die first."""

WORST_CASE_POINTS = (3, 4, 6, 7, 9, 10, 12, 14, 15, 17, 18, 20, 21, 23, 24)
"""White's lone checkers of the position with the most distinct plays found.

With 1-1 and Black's only checker left on the bar, White has 2,226 distinct
plays (searched by hill climbing over lone-checker layouts, counted with GNU
Backgammon's move generator).
"""


class Case(NamedTuple):
    """A position to compare, where it comes from, and the rolls to try."""

    kind: str
    position: Position
    rolls: tuple[Dice, ...]


def worst_case_position() -> Position:
    """White to play 1-1 with 15 lone checkers: 2,226 distinct plays."""
    return Position.from_layout({point: 1 for point in WORST_CASE_POINTS}, {"bar": 1}, dice=(1, 1))


# -- conversions --------------------------------------------------------------


def gnubg_board(position: Position) -> list[list[int]]:
    """``[opponent, mover]`` as GNU Backgammon expects, for the side on roll."""
    return [list(position.opponent_board[1:26]), list(position.mover[1:26])]


def position_from_gnubg(board: Sequence[Sequence[int]], turn: int, dice: Dice | None = None) -> Position:
    """The Position of a gnubg ``[opponent, mover]`` board with ``turn`` on roll."""
    opponent, mover = ([0, *side] for side in board)
    white, black = (mover, opponent) if turn == WHITE else (opponent, mover)
    return Position(white, black, turn=turn, dice=dice)


def engine_outcomes(position: Position, dice: Dice) -> list[Outcome]:
    """Every legal play's result through the public API, one entry per play."""
    mover_side = position.turn
    return [
        (play.result.checkers(mover_side)[1:26], play.result.checkers(1 - mover_side)[1:26])
        for play in position.legal_plays(dice)
    ]


def gnubg_outcomes(position: Position, dice: Dice) -> set[Outcome]:
    """GNU Backgammon's set of results; the unchanged board when no move exists."""
    import gnubg_nn

    keys = gnubg_nn.moves(gnubg_board(position), dice[0], dice[1])
    if not keys:
        return {(tuple(position.mover[1:26]), tuple(position.opponent_board[1:26]))}
    outcomes = set()
    for key in keys:
        opponent, mover = gnubg_nn.board_from_position_key(key)
        outcomes.add((tuple(mover), tuple(opponent)))
    return outcomes


# -- games of GNU Backgammon against itself ----------------------------------


def selfplay_positions(count: int, seed: int = 2024, best_share: float = 0.75) -> list[Position]:
    """``count`` positions from seeded self-play games, each with the roll played.

    Each game draws how often it plays GNU Backgammon's best move (between
    ``best_share`` and always); the other plays are uniformly random among
    the legal ones, which reaches stranger positions than good play does.
    """
    import gnubg_nn

    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        best_rate = best_share + (1 - best_share) * rng.random()
        if rng.random() < 0.2:
            best_rate = 0.0  # some games are played at random from start to finish
        start = Position.initial()
        board = gnubg_board(start)
        turn = rng.choice((WHITE, BLACK))
        for _ in range(400):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            found.append(position_from_gnubg(board, turn, dice))
            if len(found) == count:
                break
            keys = gnubg_nn.moves(board, dice[0], dice[1])
            if keys:
                if rng.random() < best_rate:
                    _, key = gnubg_nn.bestmove(board, dice[0], dice[1], b=1)
                    moved, waiting = gnubg_nn.board_from_position_key(key)
                else:
                    waiting, moved = gnubg_nn.board_from_position_key(rng.choice(keys))
                if sum(moved) == 0:
                    break  # the side that moved has borne off everything
                board = [list(moved), list(waiting)]
            else:
                board = [board[1], board[0]]
            turn = 1 - turn
    return found


# -- synthetic edge cases -----------------------------------------------------
#
# Built in the mover's numbering as two 26-lists (index 0 borne off, 1..24
# points, 25 bar); the opponent's point p is the mover's point 25 - p.


def _spread(rng: random.Random, board: list[int], checkers: int, points: Sequence[int], stack: int = 15) -> None:
    """Drop ``checkers`` one by one on random ``points`` (at most ``stack`` each)."""
    points = [p for p in points if board[p] < stack]
    for _ in range(checkers):
        if not points:
            break
        point = rng.choice(points)
        board[point] += 1
        if board[point] >= stack:
            points.remove(point)


def _free(own: list[int], other: list[int], candidates: Sequence[int]) -> list[int]:
    """Candidate points (in ``own``'s numbering) that the other side does not hold."""
    return [p for p in candidates if not other[25 - p]]


def _finish(rng: random.Random, mover: list[int], opponent: list[int]) -> Position:
    """Borne-off counts fixed, a random side on roll, as a Position.

    A side with nothing left would have won already: it keeps one checker.
    """
    for board, other in ((mover, opponent), (opponent, mover)):
        if not any(board[1:]):
            board[rng.choice(_free(board, other, range(1, 25)))] = 1
        board[0] = 15 - sum(board[1:])
    turn = rng.choice((WHITE, BLACK))
    white, black = (mover, opponent) if turn == WHITE else (opponent, mover)
    return Position(white, black, turn=turn)


def _bearoff_with_contact(rng: random.Random) -> Position:
    """Mover bearing off while the opponent still has checkers in its home board."""
    mover, opponent = [0] * 26, [0] * 26
    _spread(rng, mover, rng.randint(1, 15), range(1, 7), stack=rng.randint(2, 6))
    # opponent checkers in the mover's home board: blots to hit, or anchors
    for _ in range(rng.randint(1, 3)):
        free = _free(opponent, mover, range(19, 25))
        if free:
            opponent[rng.choice(free)] += rng.choice((1, 1, 2))
    if rng.random() < 0.3:
        opponent[BAR] = rng.randint(1, 2)
    left = 15 - sum(opponent[1:])
    _spread(rng, opponent, rng.randint(0, left), _free(opponent, mover, range(1, 19)), stack=5)
    return _finish(rng, mover, opponent)


def _home_board(rng: random.Random, opponent: list[int], made: int) -> None:
    """The opponent makes ``made`` of its six home points, some with spares."""
    points = rng.sample(range(1, 7), made)
    for point in points:
        opponent[point] = 2
    _spread(rng, opponent, rng.randint(0, 15 - 2 * made), points, stack=4)


def _bar_against_board(rng: random.Random) -> Position:
    """One to three mover checkers on the bar against a 5- or 6-point board."""
    mover, opponent = [0] * 26, [0] * 26
    _home_board(rng, opponent, rng.choice((5, 5, 6)))
    left = 15 - sum(opponent)
    if left > 0:
        _spread(rng, opponent, rng.randint(0, left), range(7, 25), stack=4)
    mover[BAR] = rng.randint(1, 3)
    _spread(rng, mover, rng.randint(0, 15 - mover[BAR]), _free(mover, opponent, range(1, 25)), stack=5)
    return _finish(rng, mover, opponent)


def _closed_out(rng: random.Random) -> Position:
    """The mover on the bar against a closed board: every roll passes."""
    mover, opponent = [0] * 26, [0] * 26
    _home_board(rng, opponent, 6)
    _spread(rng, opponent, 15 - sum(opponent), range(7, 25), stack=4)
    mover[BAR] = rng.randint(1, 4)
    _spread(rng, mover, 15 - mover[BAR], _free(mover, opponent, range(1, 25)), stack=6)
    return _finish(rng, mover, opponent)


def _primed(rng: random.Random) -> Position:
    """A few mover checkers behind or inside an opponent prime.

    Such positions often leave only one die playable, sometimes only the
    smaller one.
    """
    mover, opponent = [0] * 26, [0] * 26
    length = rng.randint(4, 6)
    start = rng.randint(1, 20 - length)  # opponent's numbering, ends by 19
    for point in range(start, start + length):
        opponent[point] = 2
    left = 15 - sum(opponent)
    _spread(rng, opponent, rng.randint(0, left), [p for p in range(1, 25) if not opponent[p]] + list(range(start, start + length)), stack=4)
    behind = [25 - p for p in range(1, start)]  # mover points farther from home than the prime
    trapped = rng.randint(1, 4)
    _spread(rng, mover, trapped, _free(mover, opponent, behind) or [BAR], stack=2)
    if rng.random() < 0.3:
        mover[BAR] += 1
    rest = rng.randint(0, 15 - sum(mover))
    _spread(rng, mover, rest, _free(mover, opponent, range(1, 25 - (start + length - 1))), stack=5)
    return _finish(rng, mover, opponent)


def _many_blots(rng: random.Random) -> Position:
    """Ten to fifteen lone mover checkers: doubles have many plays."""
    mover, opponent = [0] * 26, [0] * 26
    lone = rng.randint(10, 15)
    for point in rng.sample(range(1, 25), lone):
        mover[point] = 1
    # the opponent stacks elsewhere, or waits on the bar, or leaves blots to hit
    mode = rng.random()
    if mode < 0.3:
        opponent[BAR] = rng.randint(0, 15)
    free = _free(opponent, mover, range(1, 25))
    stack = 1 if mode > 0.7 else 8
    _spread(rng, opponent, rng.randint(0, 15 - opponent[BAR]), free, stack=stack)
    if rng.random() < 0.5 and sum(mover[1:]) < 15:
        _spread(rng, mover, 15 - sum(mover[1:]), [p for p in range(1, 25) if mover[p] and not opponent[25 - p]], stack=3)
    return _finish(rng, mover, opponent)


def _near_the_end(rng: random.Random) -> Position:
    """Both sides with a few checkers left at home, with or without contact."""
    mover, opponent = [0] * 26, [0] * 26
    _spread(rng, mover, rng.randint(1, 5), range(1, 7), stack=3)
    if rng.random() < 0.5:
        _spread(rng, opponent, rng.randint(1, 5), _free(opponent, mover, range(1, 7)), stack=3)
    else:  # a last opponent checker or two still back, in the mover's home or outfield
        _spread(rng, opponent, rng.randint(1, 3), _free(opponent, mover, range(1, 25)), stack=2)
    return _finish(rng, mover, opponent)


def _anything(rng: random.Random) -> Position:
    """Checkers anywhere (board, bar, off), never two colours on a point."""
    mover, opponent = [0] * 26, [0] * 26
    for own, other in ((mover, opponent), (opponent, mover)):
        own[BAR] = rng.choice((0, 0, 0, 1, 2))
        _spread(rng, own, rng.randint(0, 15 - own[BAR]), _free(own, other, range(1, 25)), stack=rng.randint(1, 6))
    return _finish(rng, mover, opponent)


SYNTHETIC_KINDS: dict[str, Callable[[random.Random], Position]] = {
    "bearoff-contact": _bearoff_with_contact,
    "bar-vs-board": _bar_against_board,
    "closed-out": _closed_out,
    "primed": _primed,
    "many-blots": _many_blots,
    "near-the-end": _near_the_end,
    "anything": _anything,
}


def synthetic_positions(count: int, seed: int = 2024) -> list[tuple[str, Position]]:
    """``count`` synthetic positions without dice, the families taking turns."""
    rng = random.Random(seed)
    kinds = list(SYNTHETIC_KINDS.items())
    return [(kinds[i % len(kinds)][0], kinds[i % len(kinds)][1](rng)) for i in range(count)]


def differential_cases(comparisons: int, seed: int = 2024) -> Iterator[Case]:
    """About ``comparisons`` (position, roll) pairs: half self-play, half synthetic.

    Self-play positions are tried with the roll played in the game;
    synthetic ones with all 21 rolls.
    """
    games = comparisons // 2
    for position in selfplay_positions(games, seed):
        yield Case("self-play", position, (position.dice,))  # type: ignore[arg-type]
    for kind, position in synthetic_positions(-(-(comparisons - games) // len(ALL_ROLLS)), seed + 1):
        yield Case(kind, position, ALL_ROLLS)


# -- a hypothesis strategy ----------------------------------------------------


def random_game_positions(seed: int, count: int) -> list[Position]:
    """Positions with their dice from games played at random, bear-offs included."""
    rng = random.Random(seed)
    found = []
    position = Position.initial()
    while len(found) < count:
        rolled = position.with_dice((rng.randint(1, 6), rng.randint(1, 6)))
        found.append(rolled)
        position = rng.choice(rolled.legal_plays()).result
        if position.winner() is not None:
            position = Position.initial()
    return found


def position_strategy(with_dice: bool = True, with_stakes: bool = False):
    """A hypothesis strategy for legal-looking positions.

    Every point is held by White, by Black or by nobody; each side puts 0-3
    checkers on the bar, some borne off and the rest on its own points, 15 in
    all, sometimes only on its home board so that bearing off comes up.
    With ``with_stakes`` the cube, the match and its flags vary too.
    ``hypothesis`` is imported here so that the benchmark does not need it.
    """
    from hypothesis import strategies as st

    @st.composite
    def build(draw):
        owners = draw(st.lists(st.sampled_from((None, WHITE, BLACK)), min_size=24, max_size=24))
        layouts = []
        for side in (WHITE, BLACK):
            # points in White's numbering; a side's home board is its 1..6
            home = range(1, 7) if side == WHITE else range(19, 25)
            points = [p for p in range(1, 25) if owners[p - 1] == side]
            if draw(st.booleans()) and any(p in home for p in points):
                points = [p for p in points if p in home]
            layout: dict[int | str, int] = {}
            bar = draw(st.integers(0, 3))
            off = draw(st.integers(0, 14 - bar))
            rest = 15 - bar - off
            if points:
                for point in draw(st.lists(st.sampled_from(points), min_size=rest, max_size=rest)):
                    layout[point] = layout.get(point, 0) + 1
            else:
                bar += rest
            if bar:
                layout["bar"] = bar
            layouts.append(layout)
        fields: dict[str, object] = {"turn": draw(st.sampled_from((WHITE, BLACK)))}
        if with_dice:
            fields["dice"] = (draw(st.integers(1, 6)), draw(st.integers(1, 6)))
        if with_stakes:
            fields["cube_value"] = 1 << draw(st.integers(0, 6))
            if fields["cube_value"] > 1:
                fields["cube_owner"] = draw(st.sampled_from((None, WHITE, BLACK)))
            match_length = draw(st.sampled_from((0, 0, 1, 3, 5, 7, 11, 25)))
            fields["match_length"] = match_length
            if match_length:
                fields["score"] = (draw(st.integers(0, match_length - 1)), draw(st.integers(0, match_length - 1)))
                crawford_possible = match_length - 1 in fields["score"] and fields["cube_value"] == 1  # type: ignore[operator]
                fields["crawford"] = crawford_possible and draw(st.booleans())
            else:
                fields["jacoby"] = draw(st.booleans())
                # A money session piles points up without end: any score is reachable.
                fields["score"] = (draw(st.integers(0, 999_999_999)), draw(st.integers(0, 999_999_999)))
            fields["max_cube_log"] = draw(st.integers(6, 12))
        return Position.from_layout(layouts[0], layouts[1], **fields)

    return build()
