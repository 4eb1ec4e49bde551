"""What every generated drill must satisfy, shared by the generator's tests and the gnubg differential."""

from __future__ import annotations

from tests.drill_match_solvers import MATCH_RULES, engine_match_answer
from tutor.drills import Drill, DrillKind
from tutor.drills.tempting import legal_results, moved, written_result
from tutor.engine import BLACK, CHECKERS_PER_SIDE, WHITE, can_double, resignation, resignations, score_game

MAX_STACK = 7
"""No point of a drill holds more checkers than this: more looks like nobody's game."""


def problems(drill: Drill) -> list[str]:
    """Every way ``drill`` breaks the generator's promises (empty when it keeps them)."""
    found = []
    position = drill.position
    if position.defects:
        found.append(f"impossible position: {position.defects}")
    for side in (WHITE, BLACK):
        board = position.checkers(side)
        if sum(board) != CHECKERS_PER_SIDE or min(board) < 0:
            found.append(f"side {side} does not have 15 checkers")
        if max(board[1:25]) > MAX_STACK:
            found.append(f"side {side} piles {max(board[1:25])} checkers on one point")
    if position.match_length and not position.crawford and position.match_length - 1 in position.score and min(position.score) < 1:
        found.append(f"score {position.score} after the Crawford game: its winner has a point at least")
    colour = "negras" if position.turn == BLACK else "blancas"
    if colour not in drill.question:
        found.append(f"the question does not name the colour played, {colour}")
    if drill.is_play:
        found += _play_problems(drill)
    elif drill.kind is DrillKind.LEGALITY:
        verdict = position.check(drill.play)
        if verdict.legal != (drill.answer == "si"):
            found.append(f"{drill.play!r} legal={verdict.legal} but the answer is {drill.answer}")
        if not verdict.legal and verdict.reasons[0].code not in drill.codes:
            found.append(f"{drill.play!r} gives {verdict.codes}, expected {drill.codes}")
        if not verdict.legal and written_result(position, drill.play) in legal_results(position):
            found.append(f"{drill.play!r} written out reaches a legal play's position")
    elif drill.kind is DrillKind.NOTATION:
        found += _notation_problems(drill)
    elif drill.asks_rule:
        found += _choice_problems(drill)
    elif drill.kind is DrillKind.CHOICE:
        found += _play_choice_problems(drill)
    elif drill.rule == "pip-count":
        if drill.answer != str(position.pip_count(position.turn)):
            found.append("wrong pip count")
    elif drill.rule == "scoring":
        if drill.answer != str(score_game(position).points):
            found.append("wrong score")
    elif drill.rule == "resign-points":
        kind = str(drill.facts[0])
        if kind not in resignations(position, position.turn):
            found.append(f"the rules do not let the side on roll resign {kind}")
        elif drill.answer != str(resignation(position, position.turn, kind).points):
            found.append("wrong points for the resignation")
    elif drill.rule in MATCH_RULES:
        if drill.answer != engine_match_answer(drill):
            found.append("the engine gives another answer")
        if position.match_length and not position.crawford and position.match_length - 1 in position.score and "Crawford" not in drill.question:
            found.append("someone is a point from winning, and the question does not say whether this is the Crawford game")
    elif drill.rule == "may-double":
        if drill.answer != ("si" if can_double(position) else "no"):
            found.append("wrong doubling answer")
    else:
        found.append(f"unknown kind {drill.kind}")
    return found


def _play_problems(drill: Drill) -> list[str]:
    found = []
    position = drill.position
    verdict = position.check(drill.tempting)
    if verdict.legal or not verdict.reasons or verdict.reasons[0].code not in drill.codes:
        found.append(f"tempting {drill.tempting!r} gives {verdict.codes}, expected {drill.codes}")
    if written_result(position, drill.tempting) in legal_results(position):
        found.append(f"tempting {drill.tempting!r} written out reaches a legal play's position")
    plays = position.legal_plays()
    if drill.kind is DrillKind.ONLY and (len(plays) != 1 or plays[0].notation != drill.answer):
        found.append(f"not a single legal play {drill.answer!r}: {[p.notation for p in plays]}")
    if plays[0].is_pass and drill.rule not in ("closed-out", "no-entry"):
        found.append("nothing to play")
    if drill.goal is not None and not drill.accepted_plays():
        found.append(f"no legal play meets the goal «{drill.goal.describe()}»")
    return found


def _notation_problems(drill: Drill) -> list[str]:
    """The play drawn is a legal play of the level's shape, written by the engine as the answer,
    and its arrows, moved one by one, reach the position the answer reaches."""
    from tutor.drills.notation import shape

    found = []
    shown = drill.shown_play
    if shown is None or shown.is_pass:
        return [f"the answer {drill.answer!r} is not a legal play to draw"]
    if shown.notation != drill.answer:
        found.append(f"the answer {drill.answer!r} is not the engine's notation {shown.notation!r}")
    if shape(shown) != drill.level:
        found.append(f"{drill.answer!r} has the shape of level {shape(shown)}, not {drill.level}")
    position = drill.position
    boards = position.mover, position.opponent_board
    for move in drill.shown_moves:
        boards = moved(*boards, move.src, move.dst)
    if boards != (shown.result.checkers(position.turn), shown.result.checkers(1 - position.turn)):
        found.append("the arrows do not reach the position the answer reaches")
    return found


def _play_choice_problems(drill: Drill) -> list[str]:
    """What to play, among four: the tempting play (the other die) is refused for the drill's rule and
    reaches no legal play's position, the answer's play is the only legal play, every other play
    offered is illegal, and «either die» is offered too."""
    from tutor.drills.moving import EITHER_DIE

    found = []
    position = drill.position
    verdict = position.check(drill.tempting)
    if verdict.legal or verdict.reasons[0].code not in drill.codes:
        found.append(f"tempting {drill.tempting!r} gives {verdict.codes}, expected {drill.codes}")
    if written_result(position, drill.tempting) in legal_results(position):
        found.append(f"tempting {drill.tempting!r} written out reaches a legal play's position")
    plays = dict(drill.facts)
    legal = [play.notation for play in position.legal_plays()]
    if legal != [plays.get(drill.answer)]:
        found.append(f"the answer {plays.get(drill.answer)!r} is not the only legal play {legal}")
    for key, play in plays.items():
        if key != drill.answer and play != EITHER_DIE and position.check(str(play)).legal:
            found.append(f"the wrong choice {play!r} is legal")
    if sorted(plays) != sorted(key for key, _ in drill.choices) or len(plays) != 4 or EITHER_DIE not in plays.values():
        found.append(f"choices {drill.choices} are not four, «either die» among them")
    return found


def _choice_problems(drill: Drill) -> list[str]:
    """The play drawn is illegal, written out it reaches no legal play's position, the rule its first
    reason breaks is the answer, and the answer is one of four different choices."""
    from tutor.rules import rule_for

    found = []
    verdict = drill.position.check(drill.drawn)
    if verdict.legal:
        return [f"the play drawn {drill.drawn!r} is legal"]
    if written_result(drill.position, drill.drawn) in legal_results(drill.position):
        found.append(f"{drill.drawn!r} written out reaches a legal play's position")
    rule = rule_for(verdict)
    if rule is None or rule.code != drill.answer:
        found.append(f"{drill.drawn!r} breaks {rule and rule.code}, not {drill.answer}")
    values = [value for value, _ in drill.choices]
    if len(set(values)) != 4 or drill.answer not in values:
        found.append(f"choices {values} do not offer the answer among four")
    return found
