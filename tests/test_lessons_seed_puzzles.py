"""Every concrete example of the seed pages is a live puzzle whose verdicts match the page.

Puzzles are found by the facts the seed states (dice, borne-off count,
occupied and blocked points), not by name, so a rename cannot hide one.
"""

from __future__ import annotations

import pytest

from tutor.engine import BLACK, WHITE
from tutor.lessons.library import get_library

pytestmark = pytest.mark.django_db


def puzzles_where(condition):
    found = [puzzle for puzzle in get_library().puzzles().values() if puzzle.dice and condition(puzzle.position)]
    assert found, "no lesson puzzle shows this seed example"
    return found


def white_points(position) -> dict[int, int]:
    board = position.checkers(WHITE)
    return {point: board[point] for point in range(1, 26) if board[point]}


def black_points_in_white_numbering(position) -> dict[int, int]:
    board = position.checkers(BLACK)
    return {25 - point: board[point] for point in range(1, 25) if board[point]}


def assert_verdicts(position, legal=(), illegal=()):
    for text in legal:
        assert position.check(text).legal, text
    for text, code in illegal:
        assert position.check(text).codes[0] == code, text


def test_six_four_with_exact_dice():
    """«Las blancas juegan 6–4 • Fichas blancas ya retiradas: 8.» «Aquí 6/off utiliza el 6 y 4/off utiliza el 4.»"""
    for puzzle in puzzles_where(lambda p: sorted(p.dice) == [4, 6] and p.borne_off(WHITE) == 8 and max(white_points(p)) == 6):
        assert_verdicts(puzzle.position, legal=["6/off 4/off"])
        assert 15 - puzzle.position.check("6/off 4/off").play.result.borne_off(WHITE) == 5


def test_six_three_with_a_higher_die():
    """«Las blancas juegan 6–3 • Fichas blancas ya retiradas: 9.» «No hay fichas en el 6 ni en el 5, así que un 6
    permite sacar una del 4. No permite sacar una del 2 ni del 1 mientras el 4 siga ocupado.»"""
    for puzzle in puzzles_where(lambda p: sorted(p.dice) == [3, 6] and p.borne_off(WHITE) == 9):
        points = white_points(puzzle.position)
        assert max(points) == 4 and points[4] >= 2
        assert_verdicts(puzzle.position, legal=["4/off 4/1"], illegal=[("2/off 4/1", "higher-die-not-highest"), ("1/off 4/1", "higher-die-not-highest")])


def test_four_two_with_the_exact_point_empty():
    """«Las blancas juegan 4–2 • Fichas blancas ya retiradas: 10.» «jugar 3/off con el 4 es ilegal: tu ficha del 6
    está más lejos de salir. Puedes jugar 6/2 con el 4 y después 3/1 con el 2. Otra opción legal es 6/4 con el 2 y
    después 4/off con el 4.»"""
    for puzzle in puzzles_where(lambda p: sorted(p.dice) == [2, 4] and p.borne_off(WHITE) == 10 and p.bar(WHITE) == 0):
        assert 4 not in white_points(puzzle.position)
        assert_verdicts(puzzle.position, legal=["6/2 3/1", "6/4 4/off"], illegal=[("3/off 6/4", "higher-die-not-highest")])


def test_five_three_with_the_one_blocked():
    """«Las blancas juegan 5–3 • Fichas blancas ya retiradas: 13.» «Hay una forma de usar los dos: 5/2 con el 3 y
    después 4/off con el 5.»"""
    for puzzle in puzzles_where(lambda p: sorted(p.dice) == [3, 5] and p.borne_off(WHITE) == 13):
        assert white_points(puzzle.position) == {5: 1, 4: 1}
        assert black_points_in_white_numbering(puzzle.position).get(1, 0) >= 2
        assert_verdicts(puzzle.position, legal=["5/2 4/off"], illegal=[("5/off", "must-use-more-dice")])
        assert [play.notation for play in puzzle.position.legal_plays()] == ["5/2 4/off"]


def test_the_last_checker_on_the_one_with_six_two():
    """«con una sola ficha en el 1 y una tirada de 6–2, sácala con el 6. La partida termina»"""
    for puzzle in puzzles_where(lambda p: sorted(p.dice) == [2, 6] and white_points(p) == {1: 1}):
        (play,) = puzzle.position.legal_plays()
        assert play.moves[0].die == 6 and play.result.winner() == WHITE


def test_four_two_entering_with_the_21_blocked():
    """«Las blancas juegan 4–2 y tienen una ficha en la barra. Las negras bloquean el punto 21. Entra en el 23 con el
    2 y después captura en el 19 con el 4.»"""
    for puzzle in puzzles_where(lambda p: sorted(p.dice) == [2, 4] and p.bar(WHITE) == 1
                                and black_points_in_white_numbering(p).get(21, 0) >= 2
                                and black_points_in_white_numbering(p).get(19) == 1):
        assert_verdicts(puzzle.position, legal=["bar/23 23/19*"], illegal=[("bar/21 21/19", "blocked")])


def test_the_same_with_two_checkers_on_the_bar():
    """«Una ficha puede entrar en el 23 con el 2. La otra no puede entrar en el 21 con el 4 [...] Mover la primera
    del 23 al 19 sería ilegal mientras la otra sigue esperando.»"""
    for puzzle in puzzles_where(lambda p: sorted(p.dice) == [2, 4] and p.bar(WHITE) == 2
                                and black_points_in_white_numbering(p).get(21, 0) >= 2):
        assert [play.notation for play in puzzle.position.legal_plays()] == ["bar/23"]
        assert_verdicts(puzzle.position, illegal=[("bar/23 23/19", "bar-first")])


def test_hit_and_continue_nine_five_three():
    """«las blancas en el 9 con 4–2 pueden jugar 9/5*/3 si las negras tienen una sola ficha en el 5 y el punto 3
    está abierto.»"""
    for puzzle in puzzles_where(lambda p: sorted(p.dice) == [2, 4] and white_points(p).get(9)
                                and black_points_in_white_numbering(p).get(5) == 1):
        assert_verdicts(puzzle.position, legal=["9/5*/3"])


def test_passing_over_a_blot_versus_landing_on_it():
    """«Supón que las blancas avanzan del 10 al 6 con un 4. Si hay una ficha negra sola en el 8, pasan por encima sin
    capturarla. Si está en el 6, la capturan.»"""
    over = puzzles_where(lambda p: 4 in p.dice and white_points(p).get(10) and black_points_in_white_numbering(p).get(8) == 1)
    on = puzzles_where(lambda p: 4 in p.dice and white_points(p).get(10) and black_points_in_white_numbering(p).get(6) == 1)
    for puzzle in over:
        other = [d for d in puzzle.dice if d != 4] or [4]
        plays = [play for play in puzzle.position.legal_plays() if any(m.src == 10 and m.dst == 6 for m in play.moves)]
        assert plays and all(play.result.point(8) == (BLACK, 1) for play in plays), other
    for puzzle in on:
        plays = [play for play in puzzle.position.legal_plays() if any(m.src == 10 and m.dst == 6 for m in play.moves)]
        assert plays and all(play.hits >= 1 for play in plays)


def test_the_lessons_hold_at_least_thirty_puzzles_of_every_kind():
    puzzles = list(get_library().puzzles().values())
    assert len(puzzles) >= 30
    kinds = {puzzle.kind for puzzle in puzzles}
    assert kinds == {"jugada", "unica", "legalidad", "numero", "opcion"}
