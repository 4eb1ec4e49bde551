"""Why a play is illegal, in Spanish: one sentence per engine reason code.

The engine says *why* with stable codes and the concrete points and dice
(``Reason``); this module turns a reason into the sentence a learner reads,
and says what the live board answers when it refuses a move
(``explain_drop``).  Each sentence comes with the claims it makes (``claims``):
every point, die and count it names is a field of the reason, and a
property test checks each claim against the engine.  Every sentence that explains an illegal play, anywhere on the
site, is built here; the rule it names comes from ``catalogue``.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine import BAR, DIE_FACES, HOME_POINTS, OFF, LegalTurn, PartialPlay, Position, Reason, Verdict, expand_dice

from .claims import (
    AllDiceUsed,
    Away,
    Blocked,
    CannotReach,
    Checker,
    Claim,
    DiceLeft,
    EntryPoint,
    Farther,
    Farthest,
    InRoll,
    LargerDie,
    LegalPlay,
    MirroredMove,
    MovedEarlier,
    NeedsDie,
    NeedsMoreMoves,
    NextMove,
    NoChecker,
    OnBar,
    OwnNumbering,
    Open,
    Pips,
    PlayMoves,
    Reaches,
    RollMoves,
    Sentence,
    Side,
    WrittenMoves,
    WrittenSteps,
)
from .words import counted, dice_in_plural, die_names, from_place, number, place, to_place

HOME_TOP = HOME_POINTS[-1]


def _is_double(dice: tuple[int, ...]) -> bool:
    return len(dice) == 2 and dice[0] == dice[1]


def _step(reason: Reason) -> str:
    """``del 13 al 7`` or ``la ficha del 5 fuera``: the step as written."""
    if reason.dst == OFF:
        return f"la ficha {from_place(reason.src)} fuera"
    return f"{from_place(reason.src)} {to_place(reason.dst)}"


def _moved_on(reason: Reason) -> bool:
    """The step takes several dice and failed at a stop on the way, not where it was written to start."""
    return reason.at is not None and reason.at != reason.src


def _rivals(count: int | None) -> str:
    return counted(count or 2, "ficha rival", "fichas rivales", feminine=True)


def _syntax(reason: Reason, text: str) -> Sentence:
    shown = f"«{text[:40]}»" if text.strip() else "esa jugada"
    return Sentence(f"No entiendo {shown}. Escribe cada movimiento como origen/destino, por ejemplo 13/7 8/5* o bar/22.")


def _no_checker(reason: Reason, text: str) -> Sentence:
    point = reason.src or 0
    moved = sum(1 for move in reason.before if move.src == point)
    if not moved:
        return Sentence(f"No tienes ninguna ficha en {place(point)}.", (NoChecker(point),))
    went = "entrado" if point == BAR else "movido"
    gone = f"la que había se ha {went}" if moved == 1 else f"las {number(moved, feminine=True)} que había se han {went}"
    return Sentence(
        f"Ya no te queda ninguna ficha en {place(point)}: {gone} antes en esta jugada.",
        (NoChecker(point), MovedEarlier(point, moved)),
    )


def _bar_first(reason: Reason, text: str) -> Sentence:
    count, src, at = reason.on_bar or 1, reason.src or 0, reason.at or 0
    rolled = len(expand_dice((reason.dice[0], reason.dice[1]))) if len(reason.dice) == 2 else 0
    already = bool(reason.before) or len(reason.dice_left) < rolled or count > 1
    still = "Aún tienes" if already else "Tienes"
    if _moved_on(reason):
        moving = f"sigas moviendo la ficha que entra en el {at}"
        claims: tuple[Claim, ...] = (OnBar(count), Reaches(src, at))
    else:
        moving = f"muevas la ficha {from_place(src)}"
        claims = (OnBar(count), Checker(src))
    if count == 1:
        return Sentence(f"{still} una ficha en la barra: tiene que entrar antes de que {moving}.", claims)
    return Sentence(
        f"{still} {number(count, feminine=True)} fichas en la barra: tienen que entrar todas antes de que {moving}.", claims
    )


def _backwards(reason: Reason, text: str) -> Sentence:
    if reason.mirrored is not None:
        return Sentence(
            f"Las fichas solo avanzan hacia tu casa: no puedes ir {_step(reason)}. {_rival_numbers_question(reason.mirrored)}",
            (OwnNumbering(reason.mirrored),),
        )
    if reason.src == reason.dst:
        return Sentence(f"Has escrito el mismo punto de salida y de llegada, {place(reason.src)}: cada movimiento lleva una ficha hacia tu casa.")
    sentence = f"Las fichas solo avanzan hacia tu casa: no puedes ir {_step(reason)}."
    if reason.example is None:
        return Sentence(sentence)
    return Sentence(
        f"{sentence} ¿Lo has escrito al revés? Primero va el punto de salida: {reason.example}.", (LegalPlay(reason.example),)
    )


def _needed(reason: Reason) -> tuple[str, tuple[Claim, ...]]:
    """«haría falta un 6» (each die named would make the move), or the distance when no single die would."""
    needed = reason.dice_needed
    src, dst = reason.src or 0, reason.dst or 0
    if not needed:
        pips = reason.distance or 0
        return f"son {counted(pips, 'pip', 'pips')}", (Pips(src, dst, pips),)
    claims = tuple(NeedsDie(src, dst, die) for die in needed)
    lowest = needed[0]
    if len(needed) > 1 and needed == tuple(range(lowest, DIE_FACES + 1)):
        return f"haría falta un {lowest} o más", claims
    return "haría falta " + " o ".join(f"un {die}" for die in needed), claims


def _wrong_die(reason: Reason, text: str) -> Sentence:
    if reason.src == BAR:
        return _wrong_entry(reason)
    left = reason.dice_left
    needed, claims = _needed(reason)
    claims = (DiceLeft(left), CannotReach(reason.src or 0, reason.dst or 0, left), *claims)
    if len(left) == 1 and _is_double(reason.dice):
        return Sentence(f"Solo te queda un movimiento de {left[0]}, y no lleva {_step(reason)}: {needed}.", claims)
    if len(left) == 1:
        return Sentence(f"El dado que te queda, el {left[0]}, no lleva {_step(reason)}: {needed}.", claims)
    if len(set(left)) == 1:
        return Sentence(
            f"Los {dice_in_plural(len(left), left[0])} que te quedan no llevan {_step(reason)}: "
            f"{needed}, y cada movimiento es de {left[0]}.",
            claims,
        )
    return Sentence(f"Ni {die_names(left, 'ni')} ni su suma llevan {_step(reason)}: {needed}.", claims)


def _wrong_entry(reason: Reason) -> Sentence:
    """From the bar a checker enters on the point 25 − die: name it for each die left."""
    entries = []
    claims: list[Claim] = [DiceLeft(reason.dice_left)]
    for die in sorted(set(reason.dice_left), reverse=True):
        point = BAR - die
        closed = point in reason.blocked_points
        entries.append(f"el {point} con el {die}" + (" (bloqueado)" if closed else ""))
        claims += [EntryPoint(die, point), Blocked(point) if closed else Open(point)]
    listed = entries[0] if len(entries) == 1 else ", ".join(entries[:-1]) + " y " + entries[-1]
    return Sentence(
        f"Desde la barra no puedes ir {to_place(reason.dst)}: se entra en el punto 25 − dado, {listed}.", tuple(claims)
    )


def _blocked(reason: Reason, text: str) -> Sentence:
    points, die = reason.blocked_points, reason.die or 0
    first = points[0]
    held = f"está bloqueado por {_rivals(reason.opponent_checkers)}"
    claims: tuple[Claim, ...] = (Checker(reason.src or 0), DiceLeft((die,)))
    if len(points) > 1:
        names = " o ".join(f"el {point}" for point in points)
        both = "los dos están bloqueados" if len(points) == 2 else "todos están bloqueados"
        return Sentence(
            f"No puedes ir {_step(reason)}: la ficha tendría que pararse en {names}, y {both} por fichas rivales.",
            (Checker(reason.src or 0), *(Blocked(point) for point in points)),
        )
    claims += (Blocked(first, reason.opponent_checkers),)
    if reason.at == BAR:
        return Sentence(f"No puedes entrar con el {die}: el {first} {held}.", (*claims, EntryPoint(die, first)))
    if not _moved_on(reason):
        return Sentence(f"No puedes mover la ficha {from_place(reason.src)} con el {die}: el {first} {held}.", claims)
    if first == reason.dst:
        return Sentence(f"No puedes ir {_step(reason)}: el {first} {held}.", claims)
    return Sentence(
        f"No puedes ir {_step(reason)}: la ficha tendría que pararse en el {first}, que {held}.",
        (*claims, Reaches(reason.src or 0, reason.at or 0)),
    )


def _not_all_home(reason: Reason, text: str) -> Sentence:
    count = reason.farther or 1
    claims = (Farther(count, HOME_TOP), Farthest(reason.farthest or 0))
    if count == 1:
        return Sentence(f"Aún no puedes sacar fichas: tienes una ficha en {place(reason.farthest)}, fuera de tu casa.", claims)
    return Sentence(
        f"Aún no puedes sacar fichas: tienes {number(count, feminine=True)} fichas fuera de tu casa, "
        f"la más atrasada en {place(reason.farthest)}.",
        claims,
    )


def _higher_die(reason: Reason, text: str) -> Sentence:
    """A die larger than the point is not a «dado superior» while checkers stand higher: only the exact die bears off."""
    at = reason.at if reason.at is not None else reason.src or 0
    die, count = reason.die, reason.farther or 1
    above = f"una ficha más arriba, en {place(reason.farthest)}" if count == 1 else (
        f"{number(count, feminine=True)} fichas más arriba, la más atrasada en {place(reason.farthest)}"
    )
    why = (
        f"el {die} no es exacto para el {at} y tienes {above}; "
        f"mientras {'la' if count == 1 else 'las'} tengas, solo un {at} saca fichas {from_place(at)}."
    )
    claims: tuple[Claim, ...] = (
        Checker(reason.src or 0), DiceLeft((die or 0,)), Farther(count, at), Farthest(reason.farthest or 0), NeedsDie(at, OFF, at),
    )
    if _moved_on(reason):
        return Sentence(
            f"La ficha {from_place(reason.src)} puede llegar {to_place(at)}, pero de ahí no puede salir con el {die}: {why}",
            (*claims, Reaches(reason.src or 0, at)),
        )
    return Sentence(f"No puedes sacar {from_place(at)} con el {die}: {why}", claims)


def _too_many(reason: Reason, text: str) -> Sentence:
    written, possible = reason.moves_written or 0, reason.moves_possible or 0
    if written > possible:
        return Sentence(
            f"Has escrito {counted(written, 'movimiento', 'movimientos')}, pero tus dados solo dan {number(possible)}.",
            (WrittenSteps(written), RollMoves(possible)),
        )
    return Sentence(
        f"Tus dados solo dan {counted(possible, 'movimiento', 'movimientos')}, y tu jugada necesita más.",
        (RollMoves(possible), NeedsMoreMoves(possible)),
    )


def _more_dice(reason: Reason, text: str) -> Sentence:
    written, possible = reason.moves_written or 0, reason.moves_possible or 0
    claims = (WrittenMoves(written), PlayMoves(possible), LegalPlay(reason.example or ""))
    if _is_double(reason.dice):
        did = "no mueve ninguna ficha" if written == 0 else "hace un solo movimiento" if written == 1 else (
            f"hace {counted(written, 'movimiento', 'movimientos')}"
        )
        # «cuatro» alone only where the clause before has said «movimientos»
        count = counted(possible, "movimiento", "movimientos") if possible == 1 or written <= 1 else number(possible)
        can = f"se puede hacer {count}" if possible == 1 else f"se pueden hacer {count}"
        return Sentence(f"Tu jugada {did}, pero {can}: por ejemplo, {reason.example}.", claims)
    if written == 0:
        can = "se puede jugar un dado" if possible == 1 else "se pueden usar los dos dados"
        return Sentence(f"Tu jugada no mueve ninguna ficha, pero {can}: por ejemplo, {reason.example}.", claims)
    return Sentence(f"Tu jugada usa un solo dado, pero se pueden usar los dos: por ejemplo, {reason.example}.", claims)


def _larger_die(reason: Reason, text: str) -> Sentence:
    return Sentence(
        f"Solo se puede jugar uno de los dos dados, y entonces tiene que ser el mayor, el {reason.die}: "
        f"por ejemplo, {reason.example}.",
        (PlayMoves(1), LargerDie(reason.die or 0), InRoll((reason.die or 0,)), LegalPlay(reason.example or "")),
    )


SENTENCES: dict[str, Callable[[Reason, str], Sentence]] = {
    "syntax": _syntax,
    "no-checker": _no_checker,
    "bar-first": _bar_first,
    "backwards": _backwards,
    "wrong-die": _wrong_die,
    "blocked": _blocked,
    "bear-off-not-all-home": _not_all_home,
    "higher-die-not-highest": _higher_die,
    "too-many-moves": _too_many,
    "must-use-more-dice": _more_dice,
    "must-use-larger-die": _larger_die,
}
"""The sentence of each engine reason code, built from the reason's fields (and the text as written) with its claims."""

UNKNOWN_REASON = "Esta jugada no respeta las reglas."


def _instead(said: Sentence, reason: Reason) -> Sentence:
    """``said`` ending with what to do instead: the reason's legal alternative, unless it already names a legal play.

    A refusal that says only why leaves the learner guessing; one legal
    play of the same position (or passing, when nothing moves) shows the
    rule at work.  The alternative is a claim like the others: the property
    test checks that it is legal.
    """
    named = any(isinstance(claim, (LegalPlay, OwnNumbering)) for claim in said.claims)
    if named or reason.alternative is None:
        return said
    if not reason.alternative:
        return Sentence(f"{said.text} Aquí no tienes ninguna jugada legal: deja la jugada en blanco y pasas.", (*said.claims, LegalPlay("")))
    return Sentence(f"{said.text} Una jugada legal aquí es {reason.alternative}.", (*said.claims, LegalPlay(reason.alternative)))


def sentence(reason: Reason, text: str = "", instead: bool = True) -> Sentence:
    """The sentence for ``reason`` and the claims it makes, each one a fact the engine can check.

    It ends with what to do instead (``_instead``) when the reason carries
    a legal alternative and ``instead`` is on.

    >>> said = sentence(Reason("bar-first", src=13, dst=7, at=13, dice=(6, 2), dice_left=(6, 2), on_bar=2))
    >>> said.text
    'Aún tienes dos fichas en la barra: tienen que entrar todas antes de que muevas la ficha del 13.'
    >>> said.claims
    (OnBar(count=2), Checker(point=13))
    """
    build = SENTENCES.get(reason.code)
    said = build(reason, text) if build is not None else Sentence(UNKNOWN_REASON)
    if reason.mirrored is not None and reason.code != "backwards":  # a backward step says it in its own words
        said = Sentence(f"{said.text} {_rival_numbers_question(reason.mirrored)}", (*said.claims, OwnNumbering(reason.mirrored)))
    return _instead(said, reason) if instead else said


def _rival_numbers_question(mirrored: str) -> str:
    """What a play in the rival's numbers hears: count from your own side, and the play it then is."""
    return f"¿Has usado los números de tu rival? Cuenta desde tu lado, con tu casa del 1 al 6, y esa jugada es {mirrored}."


def explain(reason: Reason, text: str = "", instead: bool = True) -> str:
    """One Spanish sentence for ``reason``, with its points and dice.

    >>> explain(Reason("higher-die-not-highest", src=3, dst=0, at=3, die=4, farthest=6, farther=2))
    'No puedes sacar del 3 con el 4: el 4 no es exacto para el 3 y tienes dos fichas más arriba, la más atrasada en el 6; mientras las tengas, solo un 3 saca fichas del 3.'
    """
    return sentence(reason, text, instead).text


def _same_point(reason: Reason) -> tuple[object, ...]:
    """What makes two reasons the same for a learner: one sentence per rule and decisive point."""
    if reason.code in ("bar-first", "bear-off-not-all-home", "too-many-moves"):
        return (reason.code,)
    if reason.code == "higher-die-not-highest":
        return (reason.code, reason.farthest)
    if reason.mirrored is not None:
        return ("mirrored", reason.mirrored)  # the whole play in the rival's numbers: said once
    return (reason.code, reason.src, reason.dst, reason.blocked_points)


def explain_verdict(verdict: Verdict) -> list[dict[str, str]]:
    """The reasons of a verdict as ``{"code", "message"}`` items, one per distinct reason.

    The legal alternative is said once, at the end of the last item: every
    reason of a verdict carries the same one.
    """
    seen: set[tuple[object, ...]] = set()
    kept = []
    for reason in verdict.reasons:
        key = _same_point(reason)
        if key in seen:
            continue
        seen.add(key)
        kept.append(reason)
    return [
        {"code": reason.code, "message": explain(reason, verdict.text, instead=index == len(kept) - 1)}
        for index, reason in enumerate(kept)
    ]


_SIDE_WORDS = ("blancas", "negras")
"""The sides as a sentence names them, indexed by the engine's ``WHITE`` and ``BLACK``."""


ALL_DICE_USED = "Ya has usado todos tus dados: deshaz un movimiento si quieres cambiarlo."
DROP_INSTRUCTIONS: dict[str, str] = {
    "no-checker": "Elige una de tus fichas.",
    "bar-first": "Mueve primero desde la barra.",
    "backwards": "Llévala hacia tu casa, a un punto más bajo.",
    "wrong-die": "Cuenta tantos puntos como marque uno de los dados que te quedan.",
    "blocked": "Elige un punto donde el rival no tenga dos o más fichas.",
    "bear-off-not-all-home": "Trae antes a casa todas tus fichas.",
    "higher-die-not-highest": "Con un dado mayor que su punto solo sale la ficha más atrasada; mueve antes las de más arriba.",
}
"""What the board says to do after refusing a dropped move, by reason code, when it may not show a
move (the position is an unanswered exercise: a move would give part of the answer away).
«too-many-moves» already says it: undo a move."""


def drop_sentence(reason: Reason, side: int, instead: str | None = None) -> Sentence:
    """What the live board says when it refuses a move, with the claims it makes.

    Like ``sentence``, but nothing was written: a backward move says which
    way ``side`` moves instead of suggesting the text was reversed, and a
    move after the last die says that every die is used.  The board's
    reasons come from ``step_reason``, whose ``before`` holds the moves
    already made, so that each claim is checked on the board it speaks of.
    It ends with what to do: the move ``instead`` when one is given
    (``drop_alternative``), else the rule's instruction (``DROP_INSTRUCTIONS``).
    A backward drop with ``reason.mirrored`` (``drop_mirrored``) asks whether
    the rival's numbers were used and, when a move may be shown (``instead``
    given), names that move in the learner's own numbering instead.

    >>> from tutor.engine import WHITE
    >>> drop_sentence(Reason("backwards", src=8, dst=11, distance=-3), WHITE)
    Sentence(text='Las blancas avanzan hacia el 1, en su casa: no puedes ir del 8 al 11. Llévala hacia tu casa, a un punto más bajo.', claims=(Side(side=0), Away(src=8, dst=11)))
    >>> drop_sentence(Reason("backwards", src=8, dst=11, distance=-3), WHITE, "8/5").text
    'Las blancas avanzan hacia el 1, en su casa: no puedes ir del 8 al 11. Puedes mover, por ejemplo, 8/5.'
    >>> drop_sentence(Reason("backwards", src=12, dst=18, distance=-6, mirrored="13/7"), 1, "12/11").text
    'Las negras avanzan hacia el 1, en su casa: no puedes ir del 12 al 18. ¿Has usado los números de tu rival? Cuenta desde tu lado, con tu casa del 1 al 6, y ese movimiento es 13/7.'
    """
    if reason.code == "backwards" and reason.src != reason.dst:
        src, dst = reason.src or 0, reason.dst or 0
        said = Sentence(
            f"Las {_SIDE_WORDS[side]} avanzan hacia el 1, en su casa: no puedes ir {_step(reason)}.", (Side(side), Away(src, dst))
        )
        if reason.mirrored is not None:
            said = _rival_numbers(said, reason, src, dst, named=instead is not None)
            if instead is not None:
                return said
    elif reason.code == "too-many-moves":
        return Sentence(ALL_DICE_USED, (AllDiceUsed(),))
    else:
        said = sentence(reason, instead=False)
    if instead:
        return Sentence(f"{said.text} Puedes mover, por ejemplo, {instead}.", (*said.claims, NextMove(instead)))
    if reason.dice is not None and not reason.dice_left and reason.code == "no-checker":
        return Sentence(f"{said.text} {ALL_DICE_USED}", (*said.claims, AllDiceUsed()))
    instruction = DROP_INSTRUCTIONS.get(reason.code)
    return Sentence(f"{said.text} {instruction}", said.claims) if instruction else said


def _rival_numbers(said: Sentence, reason: Reason, src: int, dst: int, named: bool) -> Sentence:
    """A backward drop whose mirror is a move to make: the learner counted with the rival's numbers.

    ``named``: the move may be shown (not an unanswered exercise), and it is what to do instead."""
    mirrored = reason.mirrored or ""
    asked = f"{said.text} ¿Has usado los números de tu rival? Cuenta desde tu lado, con tu casa del 1 al 6"
    claims = (*said.claims, MirroredMove(src, dst))
    if named:
        return Sentence(f"{asked}, y ese movimiento es {mirrored}.", (*claims, NextMove(mirrored)))
    return Sentence(f"{asked}.", claims)


def drop_mirrored(position: Position, partial: PartialPlay, src: int, dst: int | None) -> str | None:
    """The move a backward drop makes counted from the other side (``12/18`` → ``13/7``), when the turn
    so far (``partial``) may go on with it; else None.

    A learner who counts with the rival's numbers (a Black learner reading
    White's) drops a checker backwards, on the mirror of the move they meant;
    the board then says so, as a written play in the rival's numbers is told
    (``Reason.mirrored``).  Only moves between points: the bar and off have no mirror.

    >>> black = Position.initial().replace(turn=1).with_dice((6, 1))
    >>> drop_mirrored(black, PartialPlay.start(black), 12, 18), drop_mirrored(black, PartialPlay.start(black), 12, 15)
    ('13/7', None)
    """
    if dst is None or not (OFF < src < dst < BAR):
        return None
    mirror = (BAR - src, BAR - dst)
    if any((move.src, move.dst) == mirror for move, _ in LegalTurn(position).next_moves(partial)):
        return f"{mirror[0]}/{mirror[1]}"
    return None


def drop_alternative(position: Position, partial: PartialPlay, src: int) -> str | None:
    """A single move the turn so far (``partial``) may go on with, a legal play still ahead:
    one of the checker on ``src`` when it has one, else any; None when nothing is left to move.

    >>> start = PartialPlay.start(Position.initial().with_dice((3, 1)))
    >>> drop_alternative(Position.initial().with_dice((3, 1)), start, 8)
    '8/5'
    """
    moves = [move for move, _ in LegalTurn(position).next_moves(partial)]
    if not moves:
        return None
    move = next((move for move in moves if move.src == src), moves[0])
    return f"{'bar' if move.src == BAR else move.src}/{'off' if move.dst == OFF else move.dst}"


def explain_drop(reason: Reason, side: int, instead: str | None = None) -> str:
    """The text of ``drop_sentence``: one short sentence for a move the board refused.

    >>> from tutor.engine import WHITE
    >>> explain_drop(Reason("too-many-moves", src=13, dst=10, dice=(3, 1), moves_written=3, moves_possible=2), WHITE)
    'Ya has usado todos tus dados: deshaz un movimiento si quieres cambiarlo.'
    """
    return drop_sentence(reason, side, instead).text
