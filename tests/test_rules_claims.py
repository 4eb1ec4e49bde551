"""Every claim a sentence about an illegal play makes is true, checked against the engine.

The plays are generated (hypothesis): positions from games played at random
and from the engine's edge-case families, each with the plays the explorer
finds tempting (``tempting_plays``) and written plays a step away from a
legal one (a step turned round, the whole play in the rival's numbers, a point off by one or two, the die's own
number from the bar, a step too many or too few, another checker, a bear-off
from the wrong point).  Each reason's sentence (``tutor.rules.sentence``)
gives its claims, and each claim is checked here with the engine's own
moves, not by reading the Spanish back.
"""

from __future__ import annotations

import random
from dataclasses import replace
from collections import Counter
from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine_positions import random_game_positions, synthetic_positions
from tests.sentence_checks import small_numbers_in_digits, with_two_colons
from tutor.engine import (
    BAR,
    CODES,
    LegalTurn,
    OFF,
    PartialPlay,
    Position,
    Reason,
    expand_dice,
    is_blocked,
    mirror_point,
    parse_play,
    single_moves,
    step_reason,
    tempting_plays,
)
from tutor.rules import DROP_INSTRUCTIONS, RuleCode, drop_alternative, drop_mirrored, drop_sentence, rule_for_reason, sentence
from tutor.rules import claims as said

POOL_SIZE = 240
MUTATIONS = 12
"""Written plays near a legal one tried in each position (with its tempting plays)."""


ROLLS = [(high, low) for high in range(1, 7) for low in range(1, high + 1)]


def _only_one_die(position: Position) -> bool:
    """Only one die of a roll that is not a double can be played: the larger-die rule decides."""
    high, low = position.dice
    return high != low and len(position.legal_plays()[0].moves) == 1


@lru_cache(maxsize=1)
def pool() -> tuple[Position, ...]:
    """Positions with their dice: random games (bear-offs included) and the engine's edge-case families.

    An edge case gets, when it has one, a roll that lets only one die be played.
    """
    rng = random.Random(21)
    games = random_game_positions(21, POOL_SIZE // 2)
    edges = []
    for _, position in synthetic_positions(POOL_SIZE // 2, 21):
        rolled = [position.with_dice(roll) for roll in ROLLS]
        edges.append(next((p for p in rolled if _only_one_die(p)), rng.choice(rolled)))
    return tuple(position for position in games + edges if position.winner() is None)


def _name(point: int) -> str:
    return "bar" if point == BAR else "off" if point <= OFF else str(point)


def _mutate(rng: random.Random, position: Position, steps: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """One small slip of a written play: what a learner who half knows a rule writes."""
    steps = list(steps)
    mover = position.mover
    occupied = [point for point in range(1, BAR + 1) if mover[point]]
    dice = position.dice or (1, 1)
    if not steps:
        src = rng.choice(occupied)
        return [(src, max(src - rng.choice(dice), OFF))]
    index = rng.randrange(len(steps))
    src, dst = steps[index]
    slip = rng.randrange(9)
    if slip == 0 and dst != OFF:
        steps[index] = (dst, src)  # written the wrong way round
    elif slip == 1:
        steps[index] = (src, max(OFF, dst + rng.choice((-2, -1, 1, 2))))
    elif slip == 2 and src == BAR:
        steps[index] = (BAR, rng.choice(dice))  # entering on the die's own number
    elif slip == 3:
        other = rng.choice(occupied)
        steps.append((other, max(OFF, other - rng.choice(dice))))  # one step too many
    elif slip == 4:
        steps.pop(index)
    elif slip == 5:
        other = rng.choice(occupied)
        steps[index] = (other, max(OFF, other - (src - dst)))  # the same dice, another checker
    elif slip == 6:
        steps[index] = (src, max(OFF, src - rng.randint(1, 12)))
    elif slip == 7:
        home = [point for point in range(1, 7) if mover[point]] or [rng.randint(1, 6)]
        steps[index] = (rng.choice(home), OFF)  # bearing off from another point
    else:
        steps[index] = (rng.randint(1, 24), dst)  # a checker that is not there
    return steps


def illegal_plays(position: Position, rng: random.Random, mutations: int = MUTATIONS) -> list[str]:
    """The explorer's tempting plays and slips of the legal plays, as written texts (legal ones included: they are skipped)."""
    texts = [verdict.text for verdict in tempting_plays(position, limit=6)]
    plays = position.legal_plays()
    for _ in range(mutations):
        moves = rng.choice(plays).moves
        steps = [(move.src, move.dst) for move in moves]
        for _ in range(rng.choice((1, 1, 2))):
            steps = _mutate(rng, position, steps)
        texts.append(" ".join(f"{_name(src)}/{_name(dst)}" for src, dst in steps))
    between_points = [play for play in plays if all(OFF < point < BAR for move in play.moves for point in (move.src, move.dst))]
    if between_points:  # the whole play in the rival's numbers, as a learner who reads the other side's labels writes it
        moves = rng.choice(between_points).moves
        texts.append(" ".join(f"{BAR - move.src}/{BAR - move.dst}" for move in moves))
    return texts


# -- the board each claim speaks of ------------------------------------------------------------


def step_board(position: Position, reason: Reason) -> PartialPlay:
    """The board where the failing step starts: the position after the moves carried out before it."""
    partial = PartialPlay.start(position)
    for move in reason.before:
        after = partial.after(move)
        assert after is not None, (position.to_xgid(), reason)
        partial = after
    return partial


def move_board(step: PartialPlay, reason: Reason) -> PartialPlay:
    """The board where the failing single move starts: the step's checker moved on to ``at``."""
    if reason.at is None or reason.at == reason.src:
        return step
    mover = list(step.mover)
    assert mover[reason.src] > 0
    mover[reason.src] -= 1
    mover[reason.at] += 1
    return PartialPlay(tuple(mover), step.opponent, step.dice_left)


def _dice_unused(position: Position, reason: Reason) -> Counter:
    left = Counter(expand_dice(position.dice))
    left.subtract(move.die for move in reason.before)
    return left


def _reaches(board: PartialPlay, dice: tuple[int, ...], src: int, dst: int) -> bool:
    return next(PartialPlay(board.mover, board.opponent, dice).carry_out([(src, dst)]), None) is not None


def _fewest_moves(position: Position, text: str) -> int | None:
    steps = [(segment.src, segment.dst) for segment in parse_play(text)]
    ways = [len(moves) for _, moves in PartialPlay.start(position).carry_out(steps)]
    return min(ways) if ways else None


def holds(claim: said.Claim, position: Position, text: str, reason: Reason) -> bool:
    """Whether ``claim`` is true, asked of the engine."""
    step = step_board(position, reason)
    board = move_board(step, reason)
    mover, theirs = board.mover, board.opponent
    match claim:
        case said.Checker(point):
            return step.mover[point] > 0
        case said.NoChecker(point):
            return step.mover[point] == 0
        case said.MovedEarlier(point, count):
            return sum(1 for move in reason.before if move.src == point) == count
        case said.OnBar(count):
            return mover[BAR] == count
        case said.Blocked(point, count):
            return is_blocked(theirs, 25 - point) and count in (None, theirs[25 - point])
        case said.Open(point):
            return not is_blocked(theirs, 25 - point)
        case said.InRoll(dice):
            return all(die in position.dice for die in dice)
        case said.DiceLeft(dice):
            unused = _dice_unused(position, reason)
            return all(unused[die] >= count for die, count in Counter(dice).items())
        case said.CannotReach(src, dst, dice):
            return not _reaches(step, dice, src, dst)
        case said.NeedsDie(src, dst, die):
            return any((move.src, move.dst) == (src, dst) for move, _, _ in single_moves(mover, theirs, die))
        case said.Pips(src, dst, count):
            return src - dst == count
        case said.EntryPoint(die, point):
            entering = [move.dst for move, _, _ in single_moves(step.mover, step.opponent, die) if move.src == BAR]
            closed = not entering and is_blocked(step.opponent, die)
            return point == BAR - die and step.mover[BAR] > 0 and (entering == [point] or closed)
        case said.Reaches(src, point):
            return _reaches(step, reason.dice_left, src, point)
        case said.Farthest(point):
            return max(p for p in range(1, BAR + 1) if mover[p]) == point
        case said.Farther(count, than):
            return sum(mover[than + 1 : BAR + 1]) == count
        case said.Away(src, dst):
            return dst != OFF and dst >= src
        case said.Side(side):
            return position.turn == side
        case said.AllDiceUsed():
            return sum(_dice_unused(position, reason).values()) == 0
        case said.LegalPlay(play):
            return position.check(play).legal
        case said.NextMove(move):
            (segment,) = parse_play(move)
            return any((next_move.src, next_move.dst) == (segment.src, segment.dst) for next_move, _ in LegalTurn(position).next_moves(step))
        case said.MirroredMove(src, dst):
            mirror = (BAR - src, BAR - dst)
            return any((next_move.src, next_move.dst) == mirror for next_move, _ in LegalTurn(position).next_moves(step))
        case said.OwnNumbering(play):
            mirrored = " ".join(f"{_name(mirror_point(segment.src))}/{_name(mirror_point(segment.dst))}" for segment in parse_play(text))
            verdict = position.check(mirrored)
            return verdict.legal and verdict.play is not None and verdict.play.notation == play
        case said.WrittenSteps(count):
            return len(parse_play(text)) == count
        case said.WrittenMoves(count):
            return _fewest_moves(position, text) == count
        case said.RollMoves(count):
            return len(expand_dice(position.dice)) == count
        case said.NeedsMoreMoves(count):
            return _fewest_moves(position, text) is None and len(expand_dice(position.dice)) == count
        case said.PlayMoves(count):
            return all(len(play.moves) == count for play in position.legal_plays())
        case said.LargerDie(die):
            low, high = sorted(position.dice)
            return low != high and die == high
    raise AssertionError(f"no check for {claim!r}")


# -- what every sentence must say, and how -----------------------------------------------------

def problems(position: Position, text: str, reason: Reason) -> list[str]:
    """Everything wrong with the sentence for ``reason``: false claims, a missing claim, its wording."""
    made = sentence(reason, text)
    wrong = [f"false: {claim!r}" for claim in made.claims if not holds(claim, position, text, reason)]
    kinds = {type(claim) for claim in made.claims}
    if "haría falta" in made.text and said.NeedsDie not in kinds:
        wrong.append("«haría falta» without the die that would do it")
    if "al revés" in made.text and said.LegalPlay not in kinds:
        wrong.append("«al revés» without the legal play turned round")
    if not kinds & {said.LegalPlay, said.OwnNumbering}:
        wrong.append("a refusal that does not say what to play instead")
    if reason.code == "wrong-die" and reason.src == BAR:
        entries = {claim.die for claim in made.claims if isinstance(claim, said.EntryPoint)}
        if entries != set(reason.dice_left):
            wrong.append("an entering sentence that does not name the entry point of every die left")
        if rule_for_reason(reason).code is not RuleCode.ENTER_POINT:
            wrong.append("an entering sentence that does not link the entry table")
    wrong += [f"two colons in «{part}»" for part in with_two_colons(made.text)]
    if digits := small_numbers_in_digits(made.text):
        wrong.append(f"small numbers in digits: {digits}")
    return [f"{position.to_xgid()} «{text}» {reason.code}: {made.text} — {problem}" for problem in wrong]


def check_all(position: Position, texts: list[str]) -> tuple[list[str], Counter]:
    found: list[str] = []
    seen: Counter = Counter()
    for text in texts:
        verdict = position.check(text)
        for reason in verdict.reasons:
            seen[reason.code] += 1
            seen.update(type(claim).__name__ for claim in sentence(reason, text).claims)
            found += problems(position, text, reason)
    return found, seen


def board_drops(position: Position, rng: random.Random, count: int = MUTATIONS) -> list[tuple[str, Reason]]:
    """Moves the board refuses mid-turn: a checker picked up, or dropped anywhere, after part of a legal play.

    Each comes with the engine's reason (``step_reason``, the moves made
    kept in ``before``), as the board's server asks it; the moves the rules
    allow are skipped.  The text is the drop written as notation.
    """
    found = []
    for _ in range(count):
        moves = rng.choice(position.legal_plays()).moves
        made = moves[: rng.randint(0, len(moves))]
        partial = PartialPlay.start(position)
        for move in made:
            after = partial.after(move)
            assert after is not None
            partial = after
        sources = [point for point in range(1, BAR + 1) if partial.mover[point]] or [BAR]
        src = rng.choice(sources)
        dst = None if rng.randrange(6) == 0 else rng.randint(OFF, 24)
        reason = step_reason(partial, src, dst, position.dice, tuple(made))
        if reason is not None:
            found.append((f"{_name(src)}/{_name(dst)}" if dst is not None else _name(src), reason))
    return found


def drop_problems(position: Position, text: str, reason: Reason, instead: str | None = None) -> list[str]:
    """Everything wrong with what the board says for a refused move: false claims, wording, and
    an ending that does not say what to do (a move, the rule's instruction, or undoing one)."""
    made = drop_sentence(reason, position.turn, instead)
    wrong = [f"false: {claim!r}" for claim in made.claims if not holds(claim, position, "", reason)]
    endings = [*DROP_INSTRUCTIONS.values(), "deshaz un movimiento si quieres cambiarlo."]
    if not (any(isinstance(claim, said.NextMove) for claim in made.claims) or any(made.text.endswith(end) for end in endings)):
        wrong.append("a refused move that does not say what to do instead")
    wrong += [f"two colons in «{part}»" for part in with_two_colons(made.text)]
    if digits := small_numbers_in_digits(made.text):
        wrong.append(f"small numbers in digits: {digits}")
    if "al revés" in made.text:
        wrong.append("«al revés» about a move nobody wrote")
    return [f"{position.to_xgid()} drop {text} {reason.code}: {made.text} — {problem}" for problem in wrong]


def check_drops(position: Position, rng: random.Random, count: int = MUTATIONS) -> tuple[list[str], Counter]:
    found: list[str] = []
    seen: Counter = Counter()
    for text, reason in board_drops(position, rng, count):
        if reason.code == "backwards":  # as the board's server asks: the move in the rival's numbers
            reason = replace(reason, mirrored=drop_mirrored(position, step_board(position, reason), reason.src or 0, reason.dst))
        instead = drop_alternative(position, step_board(position, reason), reason.src or 0) if rng.random() < 0.5 else None
        seen[reason.code] += 1
        seen.update(type(claim).__name__ for claim in drop_sentence(reason, position.turn, instead).claims)
        found += drop_problems(position, text, reason, instead)
    return found, seen


# -- the tests ----------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_every_claim_of_every_sentence_about_a_generated_illegal_play_is_true(index, rng):
    positions = pool()
    position = positions[index % len(positions)]
    found, _ = check_all(position, illegal_plays(position, rng))
    assert not found, "\n".join(found)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_every_claim_the_board_makes_about_a_refused_move_is_true(index, rng):
    positions = pool()
    position = positions[index % len(positions)]
    found, _ = check_drops(position, rng)
    assert not found, "\n".join(found)


def test_the_generated_plays_reach_every_reason_code_and_every_kind_of_claim():
    rng = random.Random(5)
    seen: Counter = Counter()
    for position in pool()[::2]:
        _, counted = check_all(position, illegal_plays(position, rng, mutations=6))
        _, dropped = check_drops(position, rng, 6)
        seen += counted + dropped
    missing_codes = [code for code in CODES if not seen[code]]
    kinds = [name for name, value in vars(said).items() if isinstance(value, type) and issubclass(value, said.Claim) and value is not said.Claim]
    missing_claims = [name for name in kinds if seen[name] == 0]
    assert not missing_codes and not missing_claims, (missing_codes, missing_claims, seen)
    assert sum(seen[code] for code in CODES) > 1000


def test_a_false_claim_is_caught():
    position = Position.initial().with_dice("6-1")
    reason = position.check("13/5").reasons[0]
    assert reason.code == "wrong-die"
    assert holds(said.Checker(13), position, "13/5", reason) and not holds(said.Checker(9), position, "13/5", reason)
    assert holds(said.NeedsDie(13, 7, 6), position, "13/5", reason) and not holds(said.NeedsDie(13, 5, 6), position, "13/5", reason)
    assert holds(said.Blocked(12, 5), position, "13/5", reason) and not holds(said.Blocked(12, 2), position, "13/5", reason)
    assert not holds(said.Blocked(11), position, "13/5", reason) and holds(said.Open(11), position, "13/5", reason)
    assert not holds(said.DiceLeft((6, 6)), position, "13/5", reason) and not holds(said.InRoll((5,)), position, "13/5", reason)
