"""The common wrong beliefs about each drilled rule, by name, as simulated learners.

A drill teaches its rule only if a learner who holds a common wrong belief
about it fails the drill most of the time.  Each ``Misconception`` is such a
learner: a rule book with the belief in place of the rule (``Blind``, for
plays and «¿Es legal …?»), or a way of working out a number or a yes/no
with the belief built in.  ``score`` is the chance that the learner gets
one drill right (a play picked among those that look legal to them, none
preferred; a definite answer otherwise).

``docs/drills.md`` lists the same beliefs in Spanish-speaking teachers' words;
``tests/test_drills_misconceptions.py`` holds every one of them to
``BELIEF_MOST`` on two hundred drills per level.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from tests.drill_match_solvers import (
    centred_cube_at_its_limit,
    crawford_by_the_score,
    crawford_counting_games_as_one_point,
    crawford_while_a_point_away,
    crawford_without_the_cube,
    cube_shows_its_old_value,
    cube_without_limit,
    dead_by_the_rivals_needs,
    dead_when_it_covers_the_match,
    double_adds_one,
    drop_counts_the_gammon_on_the_board,
    drop_gives_one_point,
    drop_gives_the_doubled_value,
    lone_checker_blocks_entry,
    lower_die_starts,
    only_your_checkers,
    rivals_points_with_your_numbers,
    stack_sizes_only,
    rest_of_the_double_lost,
    starter_plays_own_die,
    tie_starts_you_with_the_double,
    two_checkers_at_most,
)
from tests.drill_notation_solvers import (
    always_a_blocked_point,
    always_a_die_left,
    by_whites_numbers,
    destination_first,
    die_after_the_slash,
    every_die_from_the_start,
    the_bar_whenever_a_checker_waits,
)
from tests.drill_solvers import (
    Blind,
    always_yes,
    doubling_without,
    legality_answer,
    pips_by_whites_labels,
    pips_one_per_point,
    play_score,
    resigned_without_cube,
    score_without_cube,
    score_without_kind,
)
from tutor.drills import LEVELS, Drill
from tutor.drills.moving import EITHER_DIE as EITHER_DIE_ANSWER
from tutor.drills.resigning import OFFER_WORDS
from tutor.engine import BAR, MULTIPLIERS, OFF, double_reasons, parse_play

BELIEF_MOST = 0.6

Answerer = Callable[[Drill], str]


@dataclass(frozen=True, slots=True)
class Misconception:
    """A wrong belief, the learner who holds it, and the levels where the rule's drills meet it."""

    belief: str
    blind: Blind | None = None
    answerer: Answerer | None = None
    levels: tuple[int, ...] = field(default=LEVELS)

    def score(self, drill: Drill) -> float:
        """The chance that this learner answers ``drill`` right (0 to 1)."""
        if self.answerer is not None:
            return float(self.answerer(drill) == drill.answer)
        assert self.blind is not None
        if drill.is_play:
            return play_score(drill.position, self.blind, drill.goal)
        return float(legality_answer(drill.position, drill.play, self.blind) == drill.answer)


def exact_reader(drill: Drill) -> str:
    """«Only an exact die bears off», read off the written play: «sí» when every checker
    borne off comes from a point whose number is one of the dice, «no» otherwise."""
    dice = list(drill.position.dice or ())
    for segment in parse_play(drill.play):
        if segment.dst != OFF:
            continue
        if segment.src not in dice:
            return "no"
        dice.remove(segment.src)
    return "si"


def both_stops_needed(drill: Drill) -> str:
    """«A checker that plays both dice needs both intermediate points open»: «sí» only when
    every stop of every order is free of the rival's points."""
    position = drill.position
    segment = parse_play(drill.play)[0]
    high, low = max(position.dice or (0, 0)), min(position.dice or (0, 0))
    if high == low:
        points = [segment.src - high * count for count in range(1, 5)]
    else:
        points = [segment.src - high, segment.src - low, segment.dst]
    return "no" if any(position.opponent_board[BAR - point] >= 2 for point in points if point >= 1) else "si"


def crawford_whenever_a_point_away(drill: Drill) -> str:
    """«It is the Crawford game whenever someone is one point from winning»."""
    position = drill.position
    if position.match_length and position.match_length - 1 in position.score:
        return "no"
    return "no" if double_reasons(position) else "si"


def resigned_gammon_after_bearing_off(drill: Drill) -> str:
    """«A gammon can still be offered after bearing off a checker»: the offer named in the
    question counts as made, times the cube (with the Jacoby rule's single game when it applies)."""
    offered = next(kind for kind, words in OFFER_WORDS.items() if f"ofreces {words}" in drill.question)
    _, _, cube, jacoby = drill.facts
    return str((1 if jacoby and cube == 1 else MULTIPLIERS[offered]) * cube)

BAR_STAYS_OPTIONAL = "other checkers may move while one waits on the bar"
BLOT_BLOCKS = "a point with one rival checker blocks"
ENTER_HELD = "a checker may enter on a point the rival holds"
LAND_HELD = "a checker may land on a point the rival holds"
STUCK_DIE_FREE = "a die that cannot enter is played by another checker"
STOP_EARLY = "a turn may stop as soon as the next die has nothing to do"
EITHER_DIE = "when only one die can be played, either one will do"
EXACT_ONLY = "only an exact die bears off"
HIGHEST_ONLY = "only the highest point bears off, even with an exact die"
HIGHER_ANYWHERE = "a higher die bears off from any point"

def choice_of_play(drill: Drill, play: str) -> str:
    """The letter of the choice that plays ``play`` (``facts`` pairs letters and plays)."""
    return next(key for key, offered in drill.facts if offered == play)


def choice_by_label(drill: Drill, start: str) -> str:
    """The first choice of ``drill`` whose label starts with ``start``, as a learner reading the list
    from the top picks the first that fits their belief."""
    return next(key for key, label in drill.choices if label.startswith(start))


MISCONCEPTIONS: dict[str, tuple[Misconception, ...]] = {
    "bar-first": (Misconception(BAR_STAYS_OPTIONAL, Blind(bar_first=False)),),
    "enter-point": (Misconception("the die's number is the entry point counted from your own side", Blind(entry_on_die=True)),),
    "enter-blocked": (
        Misconception(ENTER_HELD, Blind(entry_blocks=False)),
        Misconception(BLOT_BLOCKS, Blind(blot_blocks=True)),
    ),
    "closed-out": (
        Misconception(STUCK_DIE_FREE, Blind(stuck_bar_frees=True)),
        Misconception(ENTER_HELD, Blind(stuck_bar_frees=True, entry_blocks=False)),
    ),
    "no-entry": (
        Misconception(STUCK_DIE_FREE, Blind(stuck_bar_frees=True)),
        Misconception(ENTER_HELD, Blind(stuck_bar_frees=True, entry_blocks=False)),
    ),
    "blocked": (
        Misconception(LAND_HELD, Blind(blocks=False, entry_blocks=False)),
        Misconception(BLOT_BLOCKS, Blind(blot_blocks=True)),
    ),
    "pass-over": (
        Misconception("two stops can pass a blocked intermediate point", Blind(stops=False)),
        Misconception("a checker playing both dice needs both intermediate points open", answerer=both_stops_needed, levels=(1, 2)),
    ),
    "hit": (
        Misconception(LAND_HELD, Blind(blocks=False)),
        Misconception(BLOT_BLOCKS, Blind(blot_blocks=True)),
    ),
    "more-dice": (Misconception(STOP_EARLY, Blind(more_dice=False)),),
    "larger-die": (
        Misconception(EITHER_DIE, answerer=lambda drill: choice_of_play(drill, EITHER_DIE_ANSWER)),
        Misconception("the smaller die, keeping the larger for later", answerer=lambda drill: choice_of_play(drill, drill.tempting)),
        Misconception("the larger die is played when both can be, and it does not matter when only one can",
                      answerer=lambda drill: choice_by_label(drill, "El ")),
        Misconception("one checker may take both dice when its stops are open, whatever holds the end",
                      answerer=lambda drill: choice_by_label(drill, "Los dos dados")),
    ),
    "bear-off-all-home": (Misconception("checkers bear off while others are still outside", Blind(all_home=False)),),
    "bear-off-exact": (
        Misconception(EXACT_ONLY, answerer=exact_reader),
        Misconception(HIGHEST_ONLY, Blind(exact_only_highest=True)),
    ),
    "bear-off-higher": (
        Misconception(HIGHER_ANYWHERE, Blind(higher_from_any=True)),
        Misconception(EXACT_ONLY, Blind(exact_only=True)),
    ),
    "bear-off-empty-point": (
        Misconception(HIGHER_ANYWHERE, Blind(higher_from_any=True)),
        Misconception(EXACT_ONLY, Blind(exact_only=True)),
    ),
    "bear-off-both-dice": (Misconception(STOP_EARLY, Blind(more_dice=False)),),
    "pip-count": (
        Misconception("points are read off White's numbers, whoever plays", answerer=pips_by_whites_labels),
        Misconception("a point counts once, whatever its stack", answerer=pips_one_per_point),
    ),
    "scoring": (
        Misconception("the cube does not multiply the game", answerer=score_without_cube),
        Misconception("every win is a single game", answerer=score_without_kind),
    ),
    "resign-points": (
        Misconception("the cube does not multiply the resignation", answerer=resigned_without_cube),
        Misconception("every resignation is a single game", answerer=score_without_kind),
        Misconception("a gammon can still be offered after bearing off a checker", answerer=resigned_gammon_after_bearing_off, levels=(1, 3)),
    ),
    "may-double": (
        Misconception("one may always double", answerer=always_yes),
        Misconception("either player may double, whoever owns the cube", answerer=doubling_without("not-cube-owner"), levels=(1,)),
        Misconception("«may double» means any time it is your turn, dice rolled or not", answerer=doubling_without("dice-rolled"), levels=(2,)),
        Misconception("the Crawford rule does not stop a double", answerer=doubling_without("crawford-game"), levels=(3,)),
        Misconception("it is the Crawford game whenever someone is one point away", answerer=crawford_whenever_a_point_away, levels=(3,)),
    ),
}
"""For each drilled rule, the wrong beliefs its drills must fail (at the levels listed)."""

MISCONCEPTIONS.update({
    "crawford": (
        Misconception("it is the Crawford game whenever someone is one point away", answerer=crawford_while_a_point_away),
        Misconception("the score alone tells: exactly one side a point away is the Crawford game", answerer=crawford_by_the_score),
        Misconception("every game of a match is worth one point, whatever its kind and cube",
                      answerer=crawford_counting_games_as_one_point, levels=(3,)),
        Misconception("the cube does not multiply a game of a match", answerer=crawford_without_the_cube, levels=(3,)),
    ),
    "cube-limits": (
        Misconception("after a take the cube shows what it showed before", answerer=cube_shows_its_old_value, levels=(1,)),
        Misconception("a double adds one point to the game", answerer=double_adds_one, levels=(1,)),
        Misconception("the cube has no upper limit, on this site too", answerer=cube_without_limit, levels=(2, 3)),
        Misconception("a centred cube shows 64, so it is already at the top", answerer=centred_cube_at_its_limit, levels=(2,)),
        Misconception("the cube is dead only once its value alone reaches the match length", answerer=dead_when_it_covers_the_match, levels=(3,)),
        Misconception("the cube is dead when it covers what the rival needs", answerer=dead_by_the_rivals_needs, levels=(3,)),
    ),
    "drop-points": (
        Misconception("a drop gives what the game is worth after the double", answerer=drop_gives_the_doubled_value),
        Misconception("a drop is always one point", answerer=drop_gives_one_point),
        Misconception("a drop gives what the board shows, a gammon while the rival has borne off nothing",
                      answerer=drop_counts_the_gammon_on_the_board, levels=(2,)),
    ),
})
"""The match and cube rules (``tests.drill_match_solvers``): the Crawford game read from the games
played, the cube after a take, the site's 64 and the dead cube, what a dropped double gives."""

MISCONCEPTIONS.update({
    "opening-roll": (
        Misconception("a tie lets you start, playing the double", answerer=tie_starts_you_with_the_double),
        Misconception("the lower die starts", answerer=lower_die_starts, levels=(1, 2)),
        Misconception("the starter plays only the die they threw", answerer=starter_plays_own_die, levels=(3,)),
    ),
})
"""The opening roll: who starts, and the first roll, both dice."""


def hit_stops_the_checker(drill: Drill) -> str:
    """«A checker that hits stops there»: any play going on after a hit is illegal to this learner."""
    if "*/" in drill.play:
        return "no"
    return legality_answer(drill.position, drill.play, Blind())


MISCONCEPTIONS.update({
    "hit-and-continue": (
        Misconception("a checker that hits stops there", answerer=hit_stops_the_checker),
        Misconception(LAND_HELD, Blind(blocks=False)),
        Misconception(BLOT_BLOCKS, Blind(blot_blocks=True)),
    ),
})
"""Hitting and going on with the same checker."""

MISCONCEPTIONS.update({
    "bar-doubles": (
        Misconception("a double enters two checkers at most", answerer=two_checkers_at_most, levels=(1, 3)),
        Misconception("once checkers enter, the rest of the double is lost", answerer=rest_of_the_double_lost, levels=(2,)),
        Misconception(BLOT_BLOCKS, answerer=lone_checker_blocks_entry, levels=(3,)),
    ),
})
"""Doubles from the bar, beyond 3–3."""

MISCONCEPTIONS.update({
    "bear-off-higher-die": (
        Misconception(EXACT_ONLY, Blind(exact_only=True)),
        Misconception(HIGHER_ANYWHERE, Blind(higher_from_any=True)),
        Misconception("the larger die is always played first, when it can be", Blind(larger_first=True), levels=(3,)),
    ),
})
"""Bearing off as many checkers as the roll allows, where the higher die takes the highest checker
and the lower one bears off exactly (level 1), as a higher die once the highest point has changed
(level 2), or not at all, played inside (level 3, often before the higher die)."""

MISCONCEPTIONS.update({
    "notation": (
        Misconception("points are read off White's numbers, whoever plays", answerer=by_whites_numbers),
        Misconception("the destination is written before the origin", answerer=destination_first),
        Misconception("the number after the slash is the die, not the point reached", answerer=die_after_the_slash),
        Misconception("a checker playing both dice is written with each die from where it started",
                      answerer=every_die_from_the_start, levels=(2,)),
    ),
})
"""Writing the play the arrows draw."""

MISCONCEPTIONS.update({
    "starting-position": (
        Misconception("every board shown is the starting position", answerer=always_yes),
        Misconception("only the sizes of the stacks matter (2, 5, 3 and 5), not their points", answerer=stack_sizes_only),
        Misconception("your rival's checkers start on your 24, 13, 8 and 6", answerer=rivals_points_with_your_numbers, levels=(2,)),
        Misconception("it is enough to check your own checkers", answerer=only_your_checkers, levels=(3,)),
    ),
})
"""Recognising the starting position, yours, your rival's, or both."""

MISCONCEPTIONS.update({
    "find-the-mistake": (
        Misconception("a refused play always lands on a blocked point", answerer=always_a_blocked_point),
        Misconception("with a checker on the bar, the mistake is always not entering first", answerer=the_bar_whenever_a_checker_waits),
        Misconception("a refused play always leaves a die unplayed", answerer=always_a_die_left),
    ),
})
"""Naming the rule an illegal play drawn on the board breaks."""
