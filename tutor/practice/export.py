"""A practice match as a ``.mat`` file: the Jellyfish text format that gnubg and XG import.

The layout is the one gnubg writes (``export match mat``): a header with the
match length, then for each game the score line and numbered lines with the
first player's action in a 28-character column (wider cells are always
followed by a space) and the second player's after it.  A play is its dice then each single move in the mover's own
numbering, the bar as 25 and off as 0 (``64: 24/18 13/9``; ``43: 25/22*
6/2``); cube actions are `` Doubles => 2``, `` Takes`` and `` Drops``; the
winner's column ends the game with ``Wins 2 points``.  The learner is the
first player.
"""

from __future__ import annotations

from .models import COMPUTER, LEARNER, Action, PracticeMatch

NAMES = {LEARNER: "Alumno", COMPUTER: "gnubg"}


def match_text(match: PracticeMatch) -> str:
    """The whole match in ``.mat`` format."""
    lines = [f" {match.length} point match", ""]
    actions = [action for action in match.actions.all() if action.kind != Action.Kind.NO_DOUBLE]
    games: dict[int, list[Action]] = {}
    for action in actions:
        games.setdefault(action.game_number, []).append(action)
    for number in range(1, match.game_number + 1):
        played = games.get(number, [])
        first = played[0].position if played else match.position
        lines.extend(_game_lines(number, played, first, match_won=match.is_over and number == match.game_number))
    return "\n".join(lines) + "\n"


def _game_lines(number: int, actions: list[Action], first, *, match_won: bool = False) -> list[str]:
    learner, computer = first.score
    header = f"{NAMES[LEARNER]} : {learner}"
    lines = [f" Game {number}", f" {header:<31}{NAMES[COMPUTER]} : {computer}"]
    cube = first.cube_value
    cells: list[tuple[int, str]] = []
    result: Action | None = None
    for action in actions:
        if action.kind == Action.Kind.RESULT:
            result = action
            continue
        if action.kind == Action.Kind.DOUBLE:
            cube *= 2
            cells.append((action.side, f" Doubles => {cube}"))
        elif action.kind == Action.Kind.TAKE:
            cells.append((action.side, " Takes"))
        elif action.kind == Action.Kind.DROP:
            cells.append((action.side, " Drops"))
        else:
            cells.append((action.side, _play_cell(action)))
    lines.extend(_rows(cells))
    if result is not None:
        indent = " " * 34 if result.side == COMPUTER else " " * 6
        plural = "s" if result.points > 1 else ""
        ending = " and the match" if match_won else ""
        lines.append(f"{indent}Wins {result.points} point{plural}{ending}")
        lines.append("")
    return lines


def _play_cell(action: Action) -> str:
    dice = action.position.dice
    assert dice is not None, "a recorded play has its dice"
    high, low = sorted(dice, reverse=True)
    moves = " ".join(f"{src}/{dst}{'*' if hit else ''}" for src, dst, hit in action.moves)
    return f"{high}{low}: {moves}".rstrip()


def _rows(cells: list[tuple[int, str]]) -> list[str]:
    """Numbered lines: the learner's cell left, the computer's right."""
    rows: list[list[str | None]] = []
    for side, text in cells:
        if side == LEARNER:
            rows.append([text, None])
        elif rows and rows[-1][1] is None:
            rows[-1][1] = text
        else:
            rows.append(["", text])
    lines = []
    for index, (left, right) in enumerate(rows, start=1):
        # The column is 28 wide but a cell may be wider (four moves with
        # hits): a space always separates the two cells, as in gnubg's files.
        line = f"{index:3d}) {left:<27} {right or ''}"
        lines.append(line.rstrip())
    return lines
