"""A match file's actions replayed by the engine, one after another, nothing trusted.

Both readers (``.mat`` and ``.sgf``) turn a file into ``Cell``s, each one a
side's action as the file wrote it, and hand them to ``MatchReplay`` game
by game: every play is checked against the dice with the engine (the
rule's Spanish sentence when it is illegal), every cube action against
the cube's owner, the Crawford game, the cube's value and the beavers of
money play, every game's points against how it ended (on the board, a
drop, a resignation: the cube times one, two or three, the Jacoby rule in
money play), and the score of each game's header against the one the
games before it add up to.  The first error stops the reading.

A roll written with no play where the dice had one is how gnubg writes a
resignation after a roll (the resigning side's, or its rival's still on
the board): it is read so only when a «Wins» follows it.  A match given up (left, claimed, lost on time: the winner gets
the match whatever the score) is a «Wins» of exactly the points the winner
lacked, «and the match», that no resignation gives: how the site writes
it (``mat.py``), with gnubg's ``; Set Pos=`` line before it when the points
are more than three times the cube.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.engine import (
    BLACK,
    WHITE,
    GameResult,
    Match,
    Position,
    double_reasons,
    drop,
    opponent,
    resignation,
    resignations,
    score_game,
    take,
)
from tutor.rules import cube_refusal, explain_verdict

from .beavers import beaver_dropped, beavered, may_beaver
from .imported import MatchFileError, ReadAction, ReadGame, ReadMatch

SIDE_WORDS = ("el primer jugador", "el segundo jugador")
"""The sides as an error names them: the file's columns, not the board's colours."""
OF_SIDE = ("del primer jugador", "del segundo jugador")

CELL_KINDS = ("play", "double", "beaver", "take", "drop", "wins")

NO_CRAWFORD_HINT = (" Si el match se jugó sin la regla Crawford, añade al principio del archivo la línea "
                    "«; [Crawford \"Off\"]», o súbelo como «.sgf» de GNU Backgammon, que lo dice.")
"""Added to a double refused in the Crawford game of a ``.mat`` that does not say whether the rule was on:
gnubg's ``.mat`` never says it, and reads every match with it."""


@dataclass(frozen=True)
class Cell:
    """One side's action as the file wrote it.

    ``kind`` is one of ``CELL_KINDS``; a ``play`` has ``dice`` and ``moves``
    (the text of the moves, in the mover's numbering, ``""`` for none);
    ``value`` is the cube a double or beaver announces, or the points a
    «Wins» says (None when the file does not say).  ``move`` is the number
    the file gives the action (see ``MatchFileError``).
    """

    side: int
    kind: str
    line: int
    move: int | None = None
    dice: tuple[int, int] | None = None
    moves: str = ""
    value: int | None = None
    ends_match: bool = False
    """A «Wins» that says «and the match»."""
    board: str | None = None
    """A «Wins» after gnubg's ``; Set Pos=`` line: the board it sets, the first 26 characters of an XGID."""


@dataclass
class _Game:
    number: int
    match: Match
    position: Position
    line: int
    started: bool = False
    doubled: bool = False
    beavered: bool = False
    result: GameResult | None = None
    rolled: Cell | None = None
    """A roll written without a play that had one: a resignation if a «Wins» follows."""
    actions: list[ReadAction] = field(default_factory=list)


class MatchReplay:
    """The match being read: ``start_game``, ``act`` for each cell, ``end_game``, then ``finish``."""

    def __init__(self, *, length: int, jacoby: bool | None, beavers: bool, source: str, crawford: bool | None = True) -> None:
        """``jacoby`` None: the file does not say (gnubg's ``.mat``); its first gammon with the cube
        in the centre of a money game tells, by the points it is worth.  ``crawford`` False: a match
        played without the Crawford rule (no game is the Crawford game); None: the file does not say,
        and the match is read with it, as gnubg reads a ``.mat``."""
        if length < 0 or length > 64:
            raise MatchFileError("unsupported", f"Un match a {length} puntos no se puede importar: como mucho, a 64.")
        self.length = length
        self.jacoby = bool(jacoby) and not length
        self.jacoby_known = jacoby is not None or bool(length)
        self.beavers = beavers and not length
        self.crawford = crawford is not False
        self.crawford_known = crawford is not None
        self.source = source
        self.names: tuple[str, str] | None = None
        self.match = Match.new(length)
        self.games: list[ReadGame] = []
        self.game: _Game | None = None

    # -- games --------------------------------------------------------------------------------

    def start_game(self, number: int, score: tuple[int, int], *, line: int, names: tuple[str, str] | None = None) -> None:
        """A game's header: its number and the score before it, which must be the one the games add up to."""
        if self.game is not None:
            self.end_game()
        if self.match.is_over:
            raise MatchFileError(
                "wrong-score", f"El match ya había terminado {self._score_words(self.match.score)}: no puede haber otra partida.",
                line=line, game=number)
        expected = len(self.games) + 1
        if number != expected:
            raise MatchFileError("syntax", f"Se esperaba la partida {expected}, no la {number}.", line=line, game=number)
        if names is not None:
            if self.names is None:
                self.names = names
            elif names != self.names:
                raise MatchFileError(
                    "syntax", f"Los jugadores de esta partida ({' y '.join(names)}) no son los de la primera "
                    f"({' y '.join(self.names)}).", line=line, game=number)
        if score != self.match.score:
            raise MatchFileError(
                "wrong-score", f"La partida empieza {self._score_words(score)}, pero las partidas anteriores "
                f"dejan el marcador {self._score_words(self.match.score)}.", line=line, game=number)
        position = Position.initial(**self.match.position_fields()).replace(jacoby=self.jacoby)
        self.game = _Game(number, self.match, position, line)

    def end_game(self) -> None:
        """The game is over in the file: its result, if it has one, moves the score on."""
        game = self.game
        if game is None:
            return
        self.game = None
        # A game without a result stops where the file stops (a roll not played yet, a double not
        # answered yet): only the last game may, which ``finish`` checks.
        result = game.result
        self.games.append(ReadGame(
            number=game.number,
            score=game.match.score,
            crawford=game.match.crawford,
            actions=tuple(game.actions),
            winner=None if result is None else result.winner,
            points=0 if result is None else result.points,
        ))
        if result is not None:
            self.match = self.match.after_game(result)
            if not self.crawford and self.match.crawford:
                self.match = Match(self.match.length, self.match.score, False)

    def finish(self) -> ReadMatch:
        """The whole match; only its last game may be unfinished."""
        self.end_game()
        if not any(game.actions for game in self.games):
            raise MatchFileError("empty", "No hay ninguna jugada en el archivo.")
        for game in self.games[:-1]:
            if game.winner is None:
                raise MatchFileError("unfinished", "La partida no termina y le sigue otra.", game=game.number)
        return ReadMatch(
            length=self.length,
            names=self.names or ("", ""),
            jacoby=self.jacoby,
            games=tuple(self.games),
            source=self.source,
            crawford=self.crawford or not self.length,
        )

    # -- actions ------------------------------------------------------------------------------

    def act(self, cell: Cell) -> None:
        """One action of the current game, checked against the rules."""
        game = self.game
        if game is None:
            raise MatchFileError("syntax", "Hay una jugada antes del comienzo de la partida.", line=cell.line)
        if cell.kind == "wins":
            self._wins(game, cell)
            return
        if game.rolled is not None:
            self._illegal_play(game, game.rolled)
        if game.result is not None:
            raise MatchFileError("syntax", "La partida ya había terminado: sobra esta jugada.", **self._at(game, cell))
        if cell.kind == "play" and game.doubled and game.beavered and cell.side == game.position.turn:
            self._take(game, cell, record=False)  # a beaver taken: gnubg writes no «Takes», the doubler just rolls
        if cell.kind == "play":
            self._play(game, cell)
        elif cell.kind == "double":
            self._double(game, cell)
        elif cell.kind == "beaver":
            self._beaver(game, cell)
        elif cell.kind == "take":
            self._take(game, cell, record=True)
        elif cell.kind == "drop":
            self._drop(game, cell)
        else:
            raise MatchFileError("syntax", f"Acción desconocida: {cell.kind}.", **self._at(game, cell))

    def _play(self, game: _Game, cell: Cell) -> None:
        if game.doubled:
            raise MatchFileError("illegal-cube", f"Tras el doble, {SIDE_WORDS[opponent(game.position.turn)]} tiene que aceptar "
                                 "o abandonar antes de que se tire otra vez.", **self._at(game, cell))
        self._turn(game, cell)
        assert cell.dice is not None
        before = game.position.with_dice(cell.dice)
        verdict = before.check(cell.moves)
        if verdict.play is None:
            if not cell.moves.strip():
                game.rolled = cell  # a resignation if the other side's «Wins» comes next
                return
            self._illegal_play(game, cell, reasons=explain_verdict(verdict))
        assert verdict.play is not None
        game.actions.append(ReadAction(cell.side, "play", before, cell.dice, verdict.play.notation, cell.line,
                                       played=verdict.play, choices=before.play_count()))
        game.position = verdict.play.result
        if game.position.winner() is not None:
            game.result = score_game(game.position)

    def _illegal_play(self, game: _Game, cell: Cell, reasons: list[dict[str, str]] | None = None) -> None:
        assert cell.dice is not None
        before = game.position.with_dice(cell.dice)
        if reasons is None:
            reasons = explain_verdict(before.check(cell.moves))
        written = cell.moves.strip() or "ninguna jugada"
        why = " ".join(reason["message"] for reason in reasons)
        raise MatchFileError(
            "illegal-play", f"con {cell.dice[0]}-{cell.dice[1]}, {SIDE_WORDS[cell.side]} juega «{written}», "
            f"que no es legal. {why}", **self._at(game, cell))

    def _turn(self, game: _Game, cell: Cell) -> None:
        """The side must be on roll; the first action of a game says who won the opening roll."""
        if not game.started:
            if cell.kind != "play":
                raise MatchFileError("illegal-cube", "La partida empieza con la tirada inicial, no con el cubo.",
                                     **self._at(game, cell))
            game.started = True
            game.position = game.position.replace(turn=cell.side)
            return
        if cell.side != game.position.turn:
            raise MatchFileError("wrong-turn", f"No es el turno {OF_SIDE[cell.side]}, sino "
                                 f"{OF_SIDE[game.position.turn]}.", **self._at(game, cell))

    def _double(self, game: _Game, cell: Cell) -> None:
        if game.doubled:
            raise MatchFileError("illegal-cube", "Ya hay un doble sin respuesta.", **self._at(game, cell))
        self._turn(game, cell)
        refusals = double_reasons(game.position, cell.side)
        if refusals:
            unsaid = NO_CRAWFORD_HINT if game.position.crawford and not self.crawford_known else ""
            raise MatchFileError("illegal-cube", f"{SIDE_WORDS[cell.side].capitalize()} dobla, pero no puede: "
                                 f"{cube_refusal(refusals[0])}{unsaid}", **self._at(game, cell))
        if cell.value is not None and cell.value != game.position.cube_value * 2:
            raise MatchFileError("illegal-cube", f"El cubo estaba en {game.position.cube_value}: un doble lo pone en "
                                 f"{game.position.cube_value * 2}, no en {cell.value}.", **self._at(game, cell))
        game.actions.append(ReadAction(cell.side, "double", game.position, None, None, cell.line))
        game.doubled = True

    def _answering(self, game: _Game, cell: Cell) -> None:
        if not game.doubled:
            raise MatchFileError("illegal-cube", "Nadie ha doblado: no hay nada que aceptar ni abandonar.", **self._at(game, cell))
        expected = game.position.turn if game.beavered else opponent(game.position.turn)
        if cell.side != expected:
            raise MatchFileError("wrong-turn", f"Responde al doble {SIDE_WORDS[expected]}, no {SIDE_WORDS[cell.side]}.",
                                 **self._at(game, cell))

    def _beaver(self, game: _Game, cell: Cell) -> None:
        self._answering(game, cell)
        if game.beavered or not may_beaver(game.position, self.beavers):
            raise MatchFileError("illegal-cube", "Aquí no se puede hacer beaver: solo en partidas por dinero que los "
                                 "permiten, una vez por doble.", **self._at(game, cell))
        if cell.value is not None and cell.value != game.position.cube_value * 4:
            raise MatchFileError("illegal-cube", f"Tras un beaver el cubo está en {game.position.cube_value * 4}, "
                                 f"no en {cell.value}.", **self._at(game, cell))
        game.actions.append(ReadAction(cell.side, "beaver", game.position, None, None, cell.line))
        game.beavered = True

    def _take(self, game: _Game, cell: Cell, *, record: bool) -> None:
        self._answering(game, cell)
        if record:
            game.actions.append(ReadAction(cell.side, "take", game.position, None, None, cell.line))
        game.position = beavered(game.position) if game.beavered else take(game.position)
        game.doubled = game.beavered = False

    def _drop(self, game: _Game, cell: Cell) -> None:
        self._answering(game, cell)
        game.actions.append(ReadAction(cell.side, "drop", game.position, None, None, cell.line))
        game.result = beaver_dropped(game.position) if game.beavered else drop(game.position)
        game.doubled = game.beavered = False

    def _wins(self, game: _Game, cell: Cell) -> None:
        """A «Wins»: checks the game's result, or is a resignation when the game is still on."""
        result = game.result
        if result is None:
            result = self._resigned(game, cell)
        if cell.side != result.winner:
            raise MatchFileError("wrong-points", f"La partida la gana {SIDE_WORDS[result.winner]}, no "
                                 f"{SIDE_WORDS[cell.side]}.", **self._at(game, cell))
        if cell.value is not None and not self.jacoby_known and result.kind != "single" and result.cube_value == 1:
            self.jacoby_known = True
            if cell.value == 1:  # a gammon that counts one: the Jacoby rule, from this game on
                self.jacoby = True
                result = GameResult(result.winner, result.kind, multiplier=1, cube_value=1)
                game.position = game.position.replace(jacoby=True)
        if cell.value is not None and cell.value != result.points:
            raise MatchFileError("wrong-points", f"{SIDE_WORDS[cell.side].capitalize()} gana {_points(result.points)}, "
                                 f"no {_points(cell.value)}: {_how(result)}.", **self._at(game, cell))
        game.result = result

    def _resigned(self, game: _Game, cell: Cell) -> GameResult:
        loser = opponent(cell.side)
        if game.doubled:
            raise MatchFileError("illegal-cube", f"{SIDE_WORDS[loser].capitalize()} tiene que aceptar o abandonar el "
                                 "doble antes de que acabe la partida.", **self._at(game, cell))
        if not game.started:
            raise MatchFileError("unfinished", "La partida acaba antes de la tirada inicial.", **self._at(game, cell))
        rolled, game.rolled = game.rolled, None
        before = game.position if rolled is None else game.position.with_dice(rolled.dice)
        # The roll on the board is the resigning side's, or its rival's: a resignation may come at any moment.
        options: dict[int, GameResult] = {}
        for kind in resignations(before, loser):
            result = resignation(before, loser, kind)
            options.setdefault(result.points, result)
        if cell.value is None:
            raise MatchFileError("wrong-points", "La partida acaba sin que nadie gane: falta cuántos puntos gana quien "
                                 "gana.", **self._at(game, cell))
        if cell.value not in options and self._left(game, cell):
            game.actions.append(ReadAction(loser, "leave", before, None if rolled is None else rolled.dice, None, cell.line))
            return GameResult(cell.side, "single", multiplier=1, cube_value=cell.value or 0)
        if cell.board is not None:
            raise MatchFileError("unsupported", "«Set Pos» solo se admite justo antes del final de un match abandonado.",
                                 **self._at(game, cell))
        if cell.value not in options:
            allowed = " o ".join(_points(points) for points in sorted(options))
            raise MatchFileError("wrong-points", f"Quien abandona con el cubo en {before.cube_value} pierde {allowed}, "
                                 f"no {_points(cell.value)}.", **self._at(game, cell))
        dice = None if rolled is None else rolled.dice
        game.actions.append(ReadAction(loser, "resign", before, dice, None, cell.line))
        return options[cell.value]

    def _left(self, game: _Game, cell: Cell) -> bool:
        """Whether the «Wins» says the match was given up: «and the match», the points the winner lacked.

        A ``; Set Pos=`` line before it must set the board the game had.
        """
        lacked = self.length - game.match.score[cell.side]
        if not (self.length and cell.ends_match and cell.value == lacked):
            return False
        board = game.position.to_xgid().removeprefix("XGID=")[:26]
        if cell.board is not None and cell.board != board:
            raise MatchFileError("wrong-points", "«Set Pos» pone otra posición que la de la partida.",
                                 **self._at(game, cell))
        return True

    # -- words --------------------------------------------------------------------------------

    @staticmethod
    def _at(game: _Game, cell: Cell) -> dict[str, int | None]:
        return {"line": cell.line, "game": game.number, "move": cell.move}

    def _score_words(self, score: tuple[int, int]) -> str:
        return f"{score[WHITE]}-{score[BLACK]}"


def _points(points: int) -> str:
    return f"{points} punto{'s' if points != 1 else ''}"


def _how(result: GameResult) -> str:
    kind = {"single": "una partida simple", "gammon": "un gammon", "backgammon": "un backgammon"}[result.kind]
    counted = ", que cuenta como partida simple por la regla Jacoby" if result.kind != "single" and result.multiplier == 1 else ""
    return f"{kind}{counted} con el cubo en {result.cube_value}"


__all__ = ["CELL_KINDS", "Cell", "MatchReplay", "SIDE_WORDS"]
