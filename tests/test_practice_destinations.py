"""The legal destinations the server sends the board, for each partial play."""

from __future__ import annotations

from tutor.board.widget import destinations_json
from tutor.engine import BAR, OFF, Position
from tutor.engine.movegen import apply_move
from tutor.practice.destinations import change_key, destination_map

from .test_practice_evaluator import random_positions


def name(point: int):
    return "bar" if point == BAR else "off" if point == OFF else point


def walk(position: Position, moves):
    """The mover's board after each single move of a play."""
    mover, other = position.mover, position.opponent_board
    boards = [mover]
    for move in moves:
        mover, other = apply_move(mover, other, move)
        boards.append(mover)
    return boards


def test_before_any_move_each_checker_shows_where_one_die_or_both_can_take_it():
    opening = Position.initial().with_dice((6, 5))
    first = destination_map(opening)["moves"][""]
    assert first == destinations_json({24: [18, 13], 13: [8, 7, 2], 8: [3, 2]})


def test_every_legal_play_can_be_made_move_by_move_along_highlighted_destinations():
    for position in random_positions(seed=3, count=120):
        data = destination_map(position)
        for play in position.legal_plays():
            if play.is_pass:
                continue
            boards = walk(position, play.moves)
            for move, before in zip(play.moves, boards):
                targets = data["moves"][change_key(position.mover, before)]
                assert name(move.dst) in targets[str(name(move.src))], (position.to_xgid(), play.notation)
            assert change_key(position.mover, boards[-1]) in data["complete"]


def test_only_complete_legal_plays_are_named_complete():
    for position in random_positions(seed=5, count=80):
        data = destination_map(position)
        legal = {change_key(position.mover, play.result.checkers(position.turn)) for play in position.legal_plays()}
        assert set(data["complete"]) == legal


def test_a_half_played_roll_offers_no_destination_that_cannot_be_completed():
    # 6-5 from the start: after 24/18 only the 5 is left, and 18/13 or another 5 must follow.
    opening = Position.initial().with_dice((6, 5))
    after = destination_map(opening)["moves"]["18:1,24:-1"]
    assert all(all(target != "off" for target in targets) for targets in after.values())
    assert "13" in after["18"] or 13 in after["18"]


def test_a_position_without_dice_has_no_destinations():
    assert destination_map(Position.initial()) == {"moves": {}, "complete": []}
