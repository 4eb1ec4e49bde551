"""The match, cube, opening-roll and bar-doubles drills solved again from what the learner sees, apart from the engine.

``resolve`` reads the question (the match length, the score, the games played in
order) and the cube drawn on the board, and works out the answer with the rules
as the lessons state them, in a few lines of plain arithmetic: the Crawford game
is the one right after a side first comes within a point of the match; a take
doubles the cube; the site's cube stops at 64; a cube that already covers what
you need is dead; a drop gives the cube's value before the double.  The
generator answers with the engine (``Match``, ``take``, ``drop``,
``double_reasons``, ``cube_is_dead``): the two must agree on every drill.

The learners who hold a common wrong belief (``tests.drill_misconceptions``)
are written the same way, with the belief in place of the rule.
"""

from __future__ import annotations

import re
from typing import Callable

from tutor.drills import Drill
from tutor.engine import Match, Position, RuleError, can_double, cube_is_dead, drop, opening_roll, take

SITE_LIMIT = 64
KIND_POINTS = {"una partida simple": 1, "un gammon": 2, "un backgammon": 3}
COUNT_WORDS = {"un": 1, "dos": 2, "tres": 3, "cuatro": 4}


def _length(drill: Drill) -> int:
    found = re.search(r"Match a (\d+) puntos", drill.question)
    return int(found[1]) if found else 0


def _score(drill: Drill) -> tuple[int, int]:
    """The learner's score and the rival's, as the question says it («vas 3–1»)."""
    found = re.search(r"vas (\d+)–(\d+)", drill.question)
    assert found, drill.question
    return int(found[1]), int(found[2])


def _game_points(text: str, value_of_cube: bool = True, kind_counts: bool = True) -> int:
    """The points one listed game gave: «dos puntos», or a kind of win and the cube it ended with."""
    counted = re.fullmatch(r"(\w+) puntos?", text)
    if counted:
        return COUNT_WORDS[counted[1]]
    kind = next(words for words in KIND_POINTS if text.startswith(words))
    cube = re.search(r"con el cubo en (\d+)", text)
    return (KIND_POINTS[kind] if kind_counts else 1) * (int(cube[1]) if cube and value_of_cube else 1)


def games(drill: Drill, **reading: bool) -> list[tuple[bool, int]]:
    """The games played, in order: whether the learner won each, and its points."""
    found = re.search(r"Partidas jugadas, en orden: (.*?)\. Se juega", drill.question)
    listed = found[1].split(", ") if found else []
    out = []
    for game in listed:
        mine = game.startswith("ganaste ")
        out.append((mine, _game_points(game.removeprefix("ganaste ").removeprefix("tu rival ganó "), **reading)))
    return out


def crawford_now(drill: Drill, **reading: bool) -> str:
    """«si» when the last game listed took a side, for the first time, to a point from winning."""
    length, score, first = _length(drill), [0, 0], None
    for number, (mine, points) in enumerate(games(drill, **reading), start=1):
        score[0 if mine else 1] += points
        if first is None and length - 1 in score:
            first = number
    return "si" if first == len(games(drill, **reading)) and first is not None else "no"


def resolve(drill: Drill) -> str:
    """The answer worked out from the question and the cube on the board."""
    cube = drill.position.cube_value
    if drill.rule == "crawford":
        return crawford_now(drill)
    if drill.rule == "cube-limits":
        if drill.level == 1:
            return str(2 * cube)
        if drill.level == 2:
            return "no" if cube >= SITE_LIMIT else "si"
        mine, _ = _score(drill)
        return "no" if mine + cube >= _length(drill) else "si"
    if drill.rule == "drop-points":
        return str(cube + (_score(drill)[0] if drill.level == 3 else 0))
    if drill.rule == "bar-doubles":
        return bar_doubles_count(drill)
    if drill.rule == "starting-position":
        return "si" if all(_set_up(board) for board in _boards_asked(drill)) else "no"
    if drill.rule == "opening-roll":
        mine, theirs = throws(drill)[-1]
        if drill.level == 3:
            return str(mine + theirs)
        return "si" if mine > theirs else "no"
    raise ValueError(f"not a match or cube drill: {drill.rule}")


def bar_doubles_count(drill: Drill, entry_open: Callable[[Drill], bool] | None = None, most_entering: int = 4,
                      rest_lost: bool = False) -> str:
    """Checkers entering with a double (level 1 and 3) or the moves left after (level 2), from the board:
    the entry point 25 − die open means each checker on the bar enters, up to four; the moves left are
    counted on the plays of the tests' own rule book (``tests.drill_solvers.plays``), by the pips they move."""
    from tests.drill_solvers import Blind, plays

    position = drill.position
    die = position.dice[0] if position.dice else 0
    on_bar = position.mover[25]
    is_open = entry_open(drill) if entry_open else position.opponent_board[die] < 2
    entered = min(on_bar, most_entering) if is_open else 0
    if drill.level != 2:
        return str(entered)
    if rest_lost or not entered:
        return "0"
    before = sum(point * count for point, count in enumerate(position.mover[:26]))
    after = {sum(point * count for point, count in enumerate(mover[:25])) for mover, _ in plays(position, Blind())}
    return str((before - min(after)) // die - entered)


def throws(drill: Drill) -> list[tuple[int, int]]:
    """The opening throws the question lists, yours first in each pair."""
    return [(int(mine), int(theirs)) for mine, theirs in re.findall(r"(?:tiras|tú) un (\d) y tu rival un (\d)", drill.question)]


def _engine_opening(drill: Drill) -> str:
    dice = iter([die for mine, theirs in throws(drill) for die in ((mine, theirs) if drill.position.turn == 0 else (theirs, mine))])
    try:
        roll = opening_roll(lambda: next(dice))
    except (RuleError, StopIteration):
        return "0" if drill.level == 3 else "no"
    if drill.level == 3:
        return str(sum(roll.dice))
    return "si" if roll.starter == drill.position.turn else "no"


# -- wrong beliefs ------------------------------------------------------------------


def crawford_while_a_point_away(drill: Drill) -> str:
    """«It is the Crawford game whenever someone is a point from winning.»"""
    mine, theirs = drill.position.score
    return "si" if _length(drill) - 1 in (mine, theirs) else "no"


def crawford_by_the_score(drill: Drill) -> str:
    """«The score tells: it is the Crawford game when exactly one side is a point from winning.»"""
    mine, theirs = drill.position.score
    return "si" if [mine, theirs].count(_length(drill) - 1) == 1 else "no"


def crawford_counting_games_as_one_point(drill: Drill) -> str:
    """«Every game won is a point», whatever its kind and cube."""
    return crawford_now_with(drill, value_of_cube=False, kind_counts=False)


def crawford_without_the_cube(drill: Drill) -> str:
    """«The cube does not multiply a game of a match.»"""
    return crawford_now_with(drill, value_of_cube=False)


def crawford_now_with(drill: Drill, **reading: bool) -> str:
    return crawford_now(drill, **reading)


def cube_shows_its_old_value(drill: Drill) -> str:
    """«After a take the cube shows what it showed before» (1 for a centred cube)."""
    return str(drill.position.cube_value)


def double_adds_one(drill: Drill) -> str:
    """«A double adds a point»: 1, 2, 3, 4…"""
    return str(drill.position.cube_value + 1)


def cube_without_limit(drill: Drill) -> str:
    """«The cube has no upper limit» (the standard rules, not this site's)."""
    return "si"


def centred_cube_at_its_limit(drill: Drill) -> str:
    """«A centred cube shows 64, so it is already at the top.»"""
    return "no" if drill.position.cube_owner is None or drill.position.cube_value >= SITE_LIMIT else "si"


def dead_when_it_covers_the_match(drill: Drill) -> str:
    """«The cube is dead only once its value alone reaches the match length.»"""
    return "no" if drill.position.cube_value >= _length(drill) else "si"


def dead_by_the_rivals_needs(drill: Drill) -> str:
    """«The cube is dead when it covers what your rival needs.»"""
    _, theirs = _score(drill)
    return "no" if theirs + drill.position.cube_value >= _length(drill) else "si"


def drop_gives_the_doubled_value(drill: Drill) -> str:
    """«A drop gives what the game would be worth after the double.»"""
    return str(2 * drill.position.cube_value + (_score(drill)[0] if drill.level == 3 else 0))


def drop_gives_one_point(drill: Drill) -> str:
    """«A drop is always one point.»"""
    return str(1 + (_score(drill)[0] if drill.level == 3 else 0))


def drop_counts_the_gammon_on_the_board(drill: Drill) -> str:
    """«A drop gives what the board shows: a gammon while the rival has not borne off a checker.»"""
    position = drill.position
    gammon = position.borne_off(1 - position.turn) == 0
    return str((2 if gammon else 1) * position.cube_value + (_score(drill)[0] if drill.level == 3 else 0))


def tie_starts_you_with_the_double(drill: Drill) -> str:
    """«A tie lets you start, playing the double»: you start after any tie, moving four times the die."""
    listed = throws(drill)
    tie = next(((mine, theirs) for mine, theirs in listed if mine == theirs), None)
    if drill.level == 3:
        return str(4 * tie[0]) if tie else str(sum(listed[-1]))
    return "si" if tie or listed[-1][0] > listed[-1][1] else "no"


def lower_die_starts(drill: Drill) -> str:
    """«The lower die starts.»"""
    mine, theirs = throws(drill)[-1]
    return "si" if mine < theirs else "no"


def starter_plays_own_die(drill: Drill) -> str:
    """«The starter plays only the die they threw.»"""
    return str(max(throws(drill)[-1]))


def two_checkers_at_most(drill: Drill) -> str:
    """«A double enters two checkers at most», the two dice it shows."""
    return bar_doubles_count(drill, most_entering=2)


def rest_of_the_double_lost(drill: Drill) -> str:
    """«Once checkers enter, the rest of the double is lost.»"""
    return bar_doubles_count(drill, rest_lost=True)


def lone_checker_blocks_entry(drill: Drill) -> str:
    """«A point with one rival checker blocks.»"""
    die = drill.position.dice[0] if drill.position.dice else 0
    return bar_doubles_count(drill, entry_open=lambda drill: drill.position.opponent_board[die] == 0)


MATCH_BLINDS: dict[str, dict[str, Callable[[Drill], str]]] = {
    "crawford": {"takes every game a point away for the Crawford game": crawford_while_a_point_away},
    "drop-points": {"a drop gives the doubled value": drop_gives_the_doubled_value},
}
"""For the match and cube rules asked the same way at every level, a learner who misses the rule
(``tests.test_drills_rules``); the cube's limits ask something else at each level, and their
learners are the wrong beliefs of ``tests.drill_misconceptions``."""

MATCH_RULES = frozenset({"crawford", "cube-limits", "drop-points", "opening-roll", "bar-doubles", "starting-position"})

SET_UP = {24: 2, 13: 5, 8: 3, 6: 5}
"""The starting points as lesson 1 lists them, each side in its own numbering."""


def _boards_asked(drill: Drill) -> list[tuple[int, ...]]:
    """The boards a starting-position question asks about, each in its owner's numbering:
    yours (level 1), your rival's (level 2), both (level 3)."""
    position = drill.position
    return [[position.mover], [position.opponent_board], [position.mover, position.opponent_board]][drill.level - 1]


def _set_up(board: tuple[int, ...]) -> bool:
    return all(board[point] == SET_UP.get(point, 0) for point in range(1, 26)) and board[0] == 0


def stack_sizes_only(drill: Drill) -> str:
    """«Only the sizes of the stacks matter»: «sí» when each side asked about has stacks of 2, 3, 5 and 5, wherever."""
    return "si" if all(sorted(count for count in board[1:25] if count) == [2, 3, 5, 5] for board in _boards_asked(drill)) else "no"


def rivals_points_with_your_numbers(drill: Drill) -> str:
    """«Your rival's checkers start on your 24, 13, 8 and 6»: their board read with your numbers."""
    position = drill.position
    return "si" if all(position.opponent_board[25 - point] == count for point, count in SET_UP.items()) else "no"


def only_your_checkers(drill: Drill) -> str:
    """«It is enough to check your own checkers»."""
    return "si" if _set_up(drill.position.mover) else "no"


def engine_match_answer(drill: Drill) -> str:
    """The answer of a match or cube drill, asked of the engine directly."""
    position = drill.position
    if drill.rule == "opening-roll":
        return _engine_opening(drill)
    if drill.rule == "starting-position":
        start = Position.initial(turn=position.turn)
        asked = [(position.mover, start.mover), (position.opponent_board, start.opponent_board)]
        return "si" if all(here == there for here, there in [[asked[0]], [asked[1]], asked][drill.level - 1]) else "no"
    if drill.rule == "bar-doubles":
        play = position.legal_plays()[0]
        entered = sum(move.src == 25 for move in play.moves)
        return str(len(play.moves) - entered if drill.level == 2 else entered)
    if drill.rule == "crawford":
        return "si" if Match.of(position).crawford else "no"
    if drill.rule == "cube-limits":
        if drill.level == 1:
            return str(take(position).cube_value)
        return "si" if can_double(position) and not cube_is_dead(position) else "no"
    result = drop(position)
    if drill.level == 3:
        return str(Match.of(position).after_game(result).score[position.turn])
    return str(result.points)
