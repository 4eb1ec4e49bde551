"""Template tags of the board: ``{% board %}``, ``{% board_assets %}`` and ``die_svg``.

Usage::

    {% load board_tags %}
    {% board position %}                          a diagram
    {% board position interactive=True check_url=url form_action=url %}
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Mapping

from django import template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import format_html

from tutor.engine import BLACK, SIDE_NAMES, WHITE, Move, Position, opponent, parse_dice

from ..arrows import play_arrows
from ..describe import SIDE_WORDS, describe_position
from ..orientation import bottom_side, is_turned
from ..refusals import board_refusals
from ..svg import new_board_id, render_board_svg, render_die_svg
from ..widget import destinations_json, dice_faces, position_json

register = template.Library()

ASSETS_FLAG = "_board_assets_included"
"""Set on the request once the board's stylesheet and scripts are on the page."""


@register.inclusion_tag("board/widget.html", takes_context=True)
def board(
    context: template.Context,
    position: Position | str,
    *,
    interactive: bool = False,
    check_url: str = "",
    form_action: str = "",
    dice: Iterable[int] | str | None = None,
    mover_numbering: bool | None = None,
    mover_description: bool = False,
    flipped: bool | None = None,
    viewer: int | str | None = None,
    turnable: bool = True,
    hide_pips: bool = False,
    hide_crawford: bool = False,
    white_numbers: bool = False,
    highlight: Iterable[int | str] = (),
    play: str = "",
    verdict: Mapping[str, Any] | None = None,
    destinations: Mapping[Any, Iterable[Any]] | None = None,
    solution_url: str = "",
    board_id: str = "",
    submit_label: str = "Comprobar",
    pass_label: str = "",
    prompt: str = "",
    arrows: Iterable[Move] = (),
    arrows_labelled: bool = True,
    played: Iterable[Move] = (),
    back_url: str = "",
    over: bool = False,
) -> dict[str, Any]:
    """A board: a diagram, or (``interactive=True``) a puzzle with a form that works without JavaScript.

    ``position`` is a ``Position`` or an XGID.  ``dice`` overrides the
    position's dice (``(6, 3)`` or ``"6-3"``).

    The board is seen from ``viewer``'s side (``WHITE``, ``BLACK``, ``"white"``
    or ``"black"``; ``flipped=True`` says Black, ``False`` White), by default
    from the side on roll's, and from the other side when the visitor turned
    the page's boards (``orientation.py``); that side's numbers are the
    large ones and the description names the points in its numbering.
    ``white_numbers`` adds White's number in small type beside each of
    Black's on a board seen from Black (the lessons, which write positions
    in White's numbering); a board turned away from the mover always shows
    the mover's numbers beside the large ones.
    ``turnable`` offers «Girar el tablero» (a page whose board is redrawn
    without a request, a live game's panel, leaves it out).
    ``mover_numbering`` makes what the board says of each point use the
    numbering of the side on roll; by default interactive boards do (the
    notation box needs it).  ``mover_description`` is kept for callers that
    want the description in the mover's numbering whatever the orientation.
    Both sides' pip counts are shown under the board, but for ``hide_pips``
    (where the question is the pip count); the browser keeps them up to date
    from the per-place weights the SVG carries.  ``hide_crawford`` keeps
    «Partida Crawford» out of the board's description where that is the question.
    ``play`` and ``verdict`` re-render a posted answer with its judgement
    (``verdict`` has the shape of the JSON verdict).  ``destinations`` maps
    sources to the destinations to highlight, in the mover's numbering, or
    holds such maps per partial play: ``{"moves": {"": {...}, "7:1,13:-1": {...}}}``
    (see static/js/board/index.js).  ``submit_label`` names the form's button
    («Confirmar» in practice games); ``pass_label`` adds a second button that sends the
    empty play as a pass on purpose (``pasar=1``), where leaving the board untouched
    is not an answer (the drills).  ``prompt`` is the question, shown
    beside the board on wide screens and above it on phones.  Interactive
    boards also carry the drops the browser refuses at once
    (``tutor.board.refusals``) and where to ask why, and where to have a
    typed play read.  ``arrows`` draws moves over the board (a hint's play,
    ``tutor.board.arrows``); an interactive board shows them while no
    checker has moved; with ``arrows_labelled=False`` they do not carry their
    moves' notation (where writing it is the question).  ``played`` draws a play that was made, dashed, under
    ``arrows`` (the review: the play made and gnubg's best).  ``back_url`` is
    the page «Girar el tablero» comes back to when it is not the request's
    (a part of a page fetched by its script).  ``over`` draws a finished
    game: no turn and no dice, «Partida terminada» in their place.
    """
    if isinstance(position, str):
        position = Position.from_xgid(position)
    if dice is not None:
        position = position.with_dice(parse_dice(dice) if isinstance(dice, str) else tuple(dice))
    if mover_numbering is None:
        mover_numbering = bool(interactive)
    request = context.get("request")
    # Only on a page that a GET draws again: turning reloads it, and a page drawn
    # for a POST (a teacher's preview, a verdict without JavaScript) would lose what was sent.
    can_turn = turnable and request is not None and hasattr(request, "session") and request.method == "GET"
    turned = can_turn and is_turned(request)
    if flipped is not None and viewer is None:
        viewer = BLACK if flipped else WHITE
    bottom = bottom_side(position, viewer=_side(viewer), turned=turned)
    flipped = bottom == BLACK
    numbering = position.turn if mover_numbering else bottom
    described = position.turn if mover_description else bottom
    board_id = board_id or new_board_id()
    first_board = not getattr(request, ASSETS_FLAG, False)
    if request is not None:
        setattr(request, ASSETS_FLAG, True)
    return {
        "board_id": board_id,
        "svg": render_board_svg(
            position,
            flipped=flipped,
            highlight=highlight,
            label_id=board_id,
            numbering=numbering,
            both_numberings=numbering != bottom or (white_numbers and bottom == BLACK),
            description_numbering=described,
            describe_crawford=not hide_crawford,
            overlay=_overlay(position, flipped, played=played, best=arrows, labelled=arrows_labelled),
            over=over,
        ),
        "description": describe_position(position, described, crawford=not hide_crawford, over=over),
        "over": over,
        "interactive": interactive,
        "xgid": position.to_xgid(),
        "turn": SIDE_NAMES[position.turn],
        "turn_words": SIDE_WORDS[position.turn],
        "dice": () if over else dice_faces(position.dice),
        "dice_data": ",".join(str(d) for d in dice_faces(position.dice)),
        "numbering": SIDE_NAMES[numbering],
        "flipped": flipped,
        "bottom_words": SIDE_WORDS[bottom],
        "top_words": SIDE_WORDS[opponent(bottom)],
        "turn_url": reverse("board:turn") if can_turn else "",
        "turned": turned,
        "back_url": (back_url or request.get_full_path()) if can_turn and request is not None else "",
        "pips": None if hide_pips else _pip_counts(position, bottom),
        "check_url": check_url,
        "form_action": form_action,
        "play": play,
        "verdict": verdict,
        "destinations": json.dumps(_destinations_for_browser(destinations)) if destinations else "",
        "solution_url": solution_url,
        "submit_label": submit_label,
        "pass_label": pass_label,
        "prompt": prompt,
        "refusals": json.dumps(board_refusals(position), separators=(",", ":")) if interactive and position.dice else "",
        "refusal_url": _api_url("api-board-refusal") if interactive else "",
        "play_url": _api_url("api-board-play") if interactive else "",
        "csrf_token": context.get("csrf_token"),
        "include_assets": first_board,
    }


@register.inclusion_tag("board/editor.html", takes_context=True)
def board_editor(
    context: template.Context, position: Position | str | None, *, white_input: str, black_input: str, unless: str = ""
) -> dict[str, Any]:
    """A board to set up a position by clicking, writing into two ``punto:cantidad`` fields.

    ``white_input`` and ``black_input`` are the ids of the form's text fields
    (White's numbering); without JavaScript the editor stays hidden and the
    fields are typed by hand.  ``unless`` lists ids of other fields (an XGID,
    say): when one is filled, the editor does not write the shown position
    into its fields on submit.  The editor asks the server to read its
    fields and to name the position's defects (``data-position-url``).
    It is seen from the side on roll, turned when the page's boards are.
    """
    if position is None:
        position = Position.initial()
    elif isinstance(position, str):
        position = Position.from_xgid(position)
    board_id = new_board_id()
    # Seen from the side on roll, turned with the page's other boards; what
    # the editor says of each point stays in White's numbering, its fields'.
    flipped = bottom_side(position, turned=is_turned(context.get("request"))) == BLACK
    return {
        "board_id": board_id,
        "svg": render_board_svg(position, label_id=board_id, flipped=flipped, numbering=WHITE),
        "initial": json.dumps(position_json(Position.initial()), separators=(",", ":")),
        "position_url": _api_url("api-board-position"),
        "white_input": white_input,
        "black_input": black_input,
        "unless": unless,
    }


@register.simple_tag(takes_context=True)
def board_assets(context: template.Context) -> str:
    """The board's stylesheet and scripts, for ``{% block extra_head %}``.

    Optional: the first board of a page includes them itself when this tag
    was not used.
    """
    request = context.get("request")
    if request is not None:
        setattr(request, ASSETS_FLAG, True)
    return format_html(
        '<link rel="stylesheet" href="{}">'
        '<script type="module" src="{}"></script>'
        '<script type="module" src="{}"></script>',
        static("css/board.css"),
        static("js/board/index.js"),
        static("js/check.js"),
    )


@register.filter
def same_steps(written: object, play: object) -> bool:
    """Whether a play as written and as the engine writes it have the same steps, in any order:
    ``24/21 24/23`` is ``24/23 24/21``, so «equivale a» would only repeat it (``board/verdict.html``,
    as ``static/js/verdict.js`` does)."""

    def steps(text: object) -> list[str]:
        return sorted(str(text or "").lower().replace(",", " ").split())

    return steps(written) == steps(play)


@register.filter
def die_svg(value: int) -> str:
    """The face of one die, drawn as SVG: ``{{ 6|die_svg }}``."""
    return render_die_svg(value)


def _api_url(name: str) -> str:
    """Where the board's script asks what it cannot know: the lessons app answers, in the
    engine's Spanish (``tutor/lessons/board_api.py``), so the board imports none of it."""
    return reverse(f"lessons:{name}")


def _side(viewer: int | str | None) -> int | None:
    """``"black"``/``"negras"`` or ``BLACK`` → ``BLACK``; ``None`` stays ``None`` (the side on roll)."""
    if viewer is None or viewer == "":
        return None
    if isinstance(viewer, str):
        return BLACK if viewer.lower() in ("black", "negras") else WHITE
    return BLACK if viewer == BLACK else WHITE


def _overlay(position: Position, flipped: bool, *, played: Iterable[Move], best: Iterable[Move], labelled: bool = True) -> str:
    """The arrows over a board: a play made (dashed) under the best one, drawn last where they overlap."""
    played, best = list(played), list(best)
    return (play_arrows(position, played, flipped=flipped, style="played") if played else "") + (
        play_arrows(position, best, flipped=flipped, labelled=labelled) if best else ""
    )


def _pip_counts(position: Position, bottom: int) -> list[dict[str, Any]]:
    """Both sides' pip counts, the bottom side's first, as the engine counts them."""
    return [
        {"side": SIDE_NAMES[side], "words": SIDE_WORDS[side], "count": position.pip_count(side)}
        for side in (bottom, opponent(bottom))
    ]


def _destinations_for_browser(destinations: Mapping[Any, Any]) -> dict[str, Any]:
    """A plain map is converted; a map per partial play (``{"moves": …}``) is sent as it is."""
    if "moves" in destinations:
        return dict(destinations)
    return destinations_json(destinations)
