"""The rival's last play as the page slides it: which checker went from where to where on the board.

The page knows no rule and reads no notation, so the server names each
step by the board's own places (``data-point`` of the SVG: White's
numbering, ``bar-white``, ``off-black``), with a checker hit sent to its
bar as a step of the other side.  Only the latest thing that happened is
slid, and only when it is a play of someone else than the viewer: a
player's own play is already on their board.
"""

from __future__ import annotations

from tutor.engine import BAR, BLACK, OFF, WHITE, EngineError, parse_play

from .models import LiveAction, LiveGame

SIDE_KEYS = {WHITE: "white", BLACK: "black"}


def place_key(point: int, side: int) -> str:
    """The board's name of ``side``'s point ``point`` (its own numbering; 25 the bar, 0 off)."""
    if point == BAR:
        return f"bar-{SIDE_KEYS[side]}"
    if point == OFF:
        return f"off-{SIDE_KEYS[side]}"
    return str(point if side == WHITE else 25 - point)


def rival_move(game: LiveGame, viewer_side: int | None) -> dict | None:
    """``{"number", "steps": [{"side", "from", "to"}]}`` for the latest play if someone else made it, else None."""
    recent = game.recent_actions()
    if not recent:
        return None
    last = recent[-1]
    if last.kind != LiveAction.Kind.MOVE or last.side == viewer_side or not last.play:
        return None
    try:
        segments = parse_play(last.play)
    except EngineError:
        return None
    rival = 1 - last.side
    steps = []
    for segment in segments:
        steps.append({"side": SIDE_KEYS[last.side], "from": place_key(segment.src, last.side), "to": place_key(segment.dst, last.side)})
        if segment.hit_marked and segment.dst not in (BAR, OFF):
            steps.append({"side": SIDE_KEYS[rival], "from": place_key(segment.dst, last.side), "to": place_key(BAR, rival)})
    return {"number": last.number, "steps": steps} if steps else None
