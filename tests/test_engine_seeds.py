"""Every rule and example of the three seed pages, proved by the engine.

Each test's docstring quotes the sentence of the seed page it proves.
Positions are written in White's numbering, as the seed diagrams are.
"""

from __future__ import annotations

import itertools

from tutor.engine import BAR, BLACK, OFF, WHITE, Move, Position, opening_roll

# Black checkers kept far away from White's home, so that they change nothing.
FAR_BLACK = {24: 3, 23: 3, 22: 3, 20: 3}


def results(position: Position) -> set[Position]:
    return {play.result for play in position.legal_plays()}


def notations(position: Position) -> set[str]:
    return {play.notation for play in position.legal_plays()}


# --- Bearing off (seed 000) ---------------------------------------------------


def test_bearing_off_needs_every_active_checker_home():
    """«Solo puedes sacar fichas cuando todas tus fichas que siguen en juego están en tu cuadrante interior, o casa.»"""
    position = Position.from_layout({13: 1, 5: 2, 3: 2}, FAR_BLACK, dice=(6, 5))
    verdict = position.check("13/7 5/off")
    assert not verdict.legal
    assert verdict.reasons[0].code == "bear-off-not-all-home"
    assert verdict.reasons[0].farthest == 7
    assert all(play.bears_off == 0 for play in position.legal_plays())


def test_a_checker_on_the_bar_counts_as_active():
    """«las fichas “activas” incluyen las que están en la barra.»"""
    position = Position.from_layout({"bar": 1, 6: 2, 4: 2}, {18: 2}, dice=(6, 4))
    assert position.check("6/off 4/off").codes[0] == "bar-first"


def test_an_exact_die_bears_off_from_its_point():
    """«Un dado exacto permite retirar una ficha del punto que coincide con su número.»"""
    position = Position.from_layout({6: 1, 4: 1, 2: 1}, {}, dice=(4, 2))
    assert position.check("4/off 2/off").legal


def test_six_four_with_exact_dice_bears_off_two_and_leaves_five():
    """«Las blancas juegan 6–4 • Fichas blancas ya retiradas: 8.» «Aquí 6/off utiliza el 6 y 4/off utiliza el 4.
    Se usan ambos dados y quedan cinco fichas. No hace falta vaciar el punto 6 antes de sacar una ficha del 4 con
    un dado exacto.»"""
    position = Position.from_layout({6: 2, 5: 1, 4: 2, 3: 1, 2: 1}, {}, dice=(6, 4))
    assert position.borne_off(WHITE) == 8
    verdict = position.check("6/off 4/off")
    assert verdict.legal
    assert verdict.play.dice_used == 2
    assert 15 - verdict.play.result.borne_off(WHITE) == 5
    assert verdict.play.result.checkers(WHITE)[6] == 1  # the 6 was not emptied first


def test_six_three_a_higher_die_bears_off_from_the_highest_point():
    """«Las blancas juegan 6–3 • Fichas blancas ya retiradas: 9.» «No hay fichas en el 6 ni en el 5, así que un 6
    permite sacar una del 4. No permite sacar una del 2 ni del 1 mientras el 4 siga ocupado. Completa el turno
    moviendo la otra ficha del 4 al 1 con el 3. Se usan ambos dados; en esta secuencia, el 3 no saca ninguna ficha.»"""
    position = Position.from_layout({4: 2, 2: 2, 1: 2}, {}, dice=(6, 3))
    assert position.borne_off(WHITE) == 9
    verdict = position.check("4/off 4/1")
    assert verdict.legal and verdict.play.dice_used == 2 and verdict.play.bears_off == 1
    for text in ("2/off 4/1", "1/off 4/1"):
        reason = position.check(text).reasons[0]
        assert (reason.code, reason.die, reason.farthest) == ("higher-die-not-highest", 6, 4)


def test_the_highest_point_is_checked_again_after_each_move():
    """«Vuelve a comprobar cuál es el punto ocupado más alto después de cada movimiento. Puede cambiar durante el
    mismo turno.»"""
    position = Position.from_layout({4: 1, 2: 1}, {}, dice=(6, 5))
    verdict = position.check("4/off 2/off")
    assert verdict.legal  # once the 4 is empty, the 2 is the highest point and the 5 bears it off
    assert verdict.play.result.winner() == WHITE


def test_four_two_with_the_exact_point_empty():
    """«Las blancas juegan 4–2 • Fichas blancas ya retiradas: 10.» «En esta posición, jugar 3/off con el 4 es
    ilegal: tu ficha del 6 está más lejos de salir. Puedes jugar 6/2 con el 4 y después 3/1 con el 2. Otra opción
    legal es 6/4 con el 2 y después 4/off con el 4. No estás obligado a sacar una ficha si existe otro turno
    completo legal que mueva fichas dentro del tablero.»"""
    position = Position.from_layout({6: 1, 3: 1, 2: 1, 1: 2}, {}, dice=(4, 2))
    assert position.borne_off(WHITE) == 10
    illegal = position.check("3/off 6/4")
    assert (illegal.reasons[0].code, illegal.reasons[0].src, illegal.reasons[0].die, illegal.reasons[0].farthest) == (
        "higher-die-not-highest", 3, 4, 6)
    inside = position.check("6/2 3/1")
    assert inside.legal and inside.play.bears_off == 0
    assert position.check("6/4 4/off").legal


def test_any_order_of_the_dice_is_allowed():
    """«Por eso “juega siempre primero el dado mayor” es una mala regla para aprender. Se permite cualquier orden,
    siempre que se cumplan las obligaciones del turno completo.»"""
    position = Position.from_layout({6: 1, 3: 1, 2: 1, 1: 2}, {}, dice=(4, 2))
    assert position.check("4/off 6/4").legal
    assert position.check("4/off 6/4").play == position.check("6/4 4/off").play


def test_five_three_with_the_one_blocked_must_use_both_dice():
    """«Las blancas juegan 5–3 • Fichas blancas ya retiradas: 13.» «Solo quedan dos fichas blancas. Parece tentador
    sacar primero la del punto 5, pero entonces la del 4 no puede avanzar tres puntos: las negras bloquean el 1.
    Solo habrías usado un dado.» «Hay una forma de usar los dos: 5/2 con el 3 y después 4/off con el 5.» «Las
    blancas terminan con una ficha en el 2. Como esta secuencia utiliza ambos dados, el turno que solo usa uno no
    es válido.»"""
    position = Position.from_layout({5: 1, 4: 1}, {1: 2, 24: 2, 23: 3, 22: 4, 20: 4}, dice=(5, 3))
    assert position.borne_off(WHITE) == 13
    tempting = position.check("5/off")
    assert tempting.codes == ("must-use-more-dice",)
    assert tempting.reasons[0].example == "5/2 4/off"
    blocked = position.check("5/off 4/1").reasons[0]
    assert (blocked.code, blocked.blocked_points, blocked.die) == ("blocked", (1,), 3)
    assert notations(position) == {"5/2 4/off"}
    (play,) = position.legal_plays()
    assert play.result.checkers(WHITE)[2] == 1 and play.result.borne_off(WHITE) == 14


def test_when_only_one_die_can_be_played_the_larger_one_bears_off_the_last_checker():
    """«Si ninguna secuencia permite usar ambos dados y cualquiera de ellos puede jugarse por separado, debes usar el
    mayor. Por ejemplo, con una sola ficha en el 1 y una tirada de 6–2, sácala con el 6. La partida termina: ya no
    queda ninguna ficha para el 2.»"""
    position = Position.from_layout({1: 1}, FAR_BLACK, dice=(6, 2))
    (play,) = position.legal_plays()
    assert play.moves[0].die == 6 and play.moves[0].dst == OFF
    assert play.result.winner() == WHITE


def test_a_hit_during_bear_off_sends_the_checker_back_before_bearing_off_again():
    """«La ficha capturada va a la barra, así que ya no tienes todas las fichas activas en casa. Debes volver a
    entrar antes de mover cualquier otra ficha, recorrer de nuevo el tablero y reanudar la retirada solo cuando
    todas tus fichas activas estén otra vez en casa.» «Las fichas ya retiradas nunca vuelven al tablero.»"""
    before = Position.from_layout({6: 2, 5: 2, 3: 1}, {1: 1, **FAR_BLACK}, turn=BLACK, dice=(6, 2))
    hit = before.check("24/22*/16")  # Black's numbering: its 24 and 22 are White's 1 and 3
    assert hit.legal and hit.play.hits == 1
    after = hit.play.result.with_dice((6, 3))
    assert after.bar(WHITE) == 1 and after.borne_off(WHITE) == 10
    assert after.check("6/off 6/3").codes[0] == "bar-first"
    entered = after.check("bar/19 6/3")
    assert entered.legal
    assert entered.play.result.borne_off(WHITE) == 10
    next_turn = entered.play.result.replace(turn=WHITE)  # after Black's reply, White again
    assert next_turn.check("6/off 5/off", dice=(6, 5)).codes[0] == "bear-off-not-all-home"


def test_the_last_outside_checker_can_come_home_and_bear_off_in_the_same_turn():
    """«Puedes llevar a casa la última ficha exterior con un dado y empezar a sacar con el dado restante en ese
    mismo turno, si es legal.»"""
    position = Position.from_layout({8: 1, 6: 2, 3: 2}, FAR_BLACK, dice=(5, 3))
    assert position.check("8/3 3/off").legal


# --- The full rules (seed 001) ------------------------------------------------


def test_each_player_starts_with_fifteen_checkers_on_24_13_8_and_6():
    """«Cada jugador tiene 15 fichas: 2 en el punto 24, 5 en el punto 13, 3 en el punto 8 y 5 en el punto 6.»"""
    position = Position.initial()
    for side in (WHITE, BLACK):
        board = position.checkers(side)
        assert {point: board[point] for point in range(1, 25) if board[point]} == {24: 2, 13: 5, 8: 3, 6: 5}
        assert sum(board[1:26]) == 15
    assert position.to_xgid() == "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def test_the_sides_move_in_opposite_directions():
    """«Blancas van del punto 24 hacia el punto 1, Negras al revés. Cada uno cuenta los puntos desde su propio lado.»"""
    white = Position.initial().with_dice((6, 1))
    assert white.check("13/7 8/7").legal
    assert white.check("8/14 13/12").codes[0] == "backwards"
    black = Position.initial().replace(turn=BLACK, dice=(6, 1))
    verdict = black.check("13/7 8/7")  # Black's own numbering
    assert verdict.legal
    assert verdict.play.result.point(18) == (BLACK, 2)  # White's 18 is Black's 7


def test_the_opening_roll_rerolls_ties_and_the_higher_die_plays_both_numbers():
    """«Cada jugador tira un dado. Empieza quien saque más y juega exactamente esos dos números. Si hay empate, se
    vuelve a tirar.»"""
    throws = iter([4, 4, 2, 5])
    roll = opening_roll(lambda: next(throws))
    assert roll.rerolls == 1
    assert roll.starter == BLACK and roll.dice == (5, 2)


def test_one_checker_can_use_both_dice_only_through_an_open_point():
    """«Con un 5 y un 3 mueves una ficha 5 puntos y otra 3 puntos, o una sola ficha 8 puntos si el punto intermedio
    está libre.»"""
    open_way = Position.from_layout({13: 1, 6: 5}, {"bar": 0, 24: 2}, dice=(5, 3))
    assert open_way.check("13/5").legal
    closed = Position.from_layout({13: 1, 6: 5}, {8: 2, 10: 2}, dice=(5, 3))
    reason = closed.check("13/5").reasons[0]
    assert reason.code == "blocked" and set(reason.blocked_points) == {8, 10}


def test_doubles_give_four_moves():
    """«Los dobles cuentan dos veces: con dos cuatros mueves cuatro veces 4 puntos.»"""
    position = Position.initial().with_dice((4, 4))
    assert all(play.dice_used == 4 for play in position.legal_plays())
    assert position.check("13/9(2) 24/20(2)").legal
    assert position.check("13/9(2) 24/20(2) 6/2").codes == ("too-many-moves",)


def test_as_many_dice_as_possible_if_only_one_the_larger_and_none_means_pass():
    """«Tienes que usar tantos dados como sea posible. Si solo se puede jugar uno de los dos, debes jugar el mayor si
    es posible. Si no hay ningún movimiento posible, pasas.»"""
    # White's only checker outside can move 6 or 3 but not both: Black holds 4, 7 and 10.
    one_die = Position.from_layout({13: 1, 6: 14}, {7: 2, 4: 2, 10: 2, 24: 9}, dice=(6, 3))
    assert notations(one_die) == {"13/7"} or all(play.dice_used == 1 for play in one_die.legal_plays())
    smaller = one_die.check("13/10")
    assert smaller.codes in (("must-use-larger-die",), ("blocked",))
    closed = Position.from_layout({"bar": 1, 6: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2}, dice=(6, 5))
    (play,) = closed.legal_plays()
    assert play.is_pass and closed.check("").legal


def test_the_larger_die_when_either_alone_but_not_both():
    """«Si solo se puede jugar uno de los dos, debes jugar el mayor si es posible.»"""
    position = Position.from_layout({24: 1, 1: 14}, {13: 2, 12: 2, 11: 2, 10: 2, 9: 2, 15: 2, 16: 3}, dice=(6, 5))
    # 24/18 and 24/19 are both open; from 18 the 5 lands on 13 and from 19 the 6 lands on 13: both blocked.
    assert all(play.dice_used == 1 for play in position.legal_plays())
    assert notations(position) == {"24/18"}
    assert position.check("24/19").codes == ("must-use-larger-die",)


def test_a_point_with_two_opposing_checkers_is_blocked():
    """«No puedes caer en un punto ocupado por dos o más fichas rivales. Ese punto está bloqueado.»"""
    position = Position.initial().with_dice((6, 5))
    reason = position.check("13/7 24/19").reasons[0]
    assert (reason.code, reason.blocked_points, reason.opponent_checkers, reason.die) == ("blocked", (19,), 5, 5)
    assert position.check("13/7 13/8").legal


def test_landing_on_a_blot_hits_it_and_sends_it_to_the_bar():
    """«Si solo hay una ficha rival, una ficha suelta o “blot”, puedes golpearla. La ficha golpeada va a la barra.»"""
    position = Position.from_layout({13: 2, 6: 5}, {7: 1, 24: 2}, dice=(6, 2))
    verdict = position.check("13/7 13/11")
    assert verdict.legal and verdict.play.hits == 1
    assert verdict.play.notation == "13/11 13/7*"
    assert verdict.play.result.bar(BLACK) == 1 and verdict.play.result.point(7) == (WHITE, 1)


def test_white_enters_with_a_three_on_22_and_with_a_six_on_19():
    """«Entra en la casa del rival: para Blancas, un 3 entra en el punto 22 y un 6 en el punto 19. Si ese punto está
    bloqueado, ese dado no se puede usar.»"""
    for die, point in ((3, 22), (6, 19)):
        position = Position.from_layout({"bar": 1, 1: 14}, {}, dice=(die, die))
        assert {play.moves[0] for play in position.legal_plays()} == {Move(BAR, point, die)}
    blocked = Position.from_layout({"bar": 1, 1: 14}, {22: 2}, dice=(6, 3))
    assert {play.moves[0].dst for play in blocked.legal_plays()} == {19}
    reason = blocked.check("bar/22 22/16").reasons[0]
    assert (reason.code, reason.blocked_points, reason.die) == ("blocked", (22,), 3)


def test_a_four_bears_off_from_the_four_point_or_moves_inside_when_it_is_empty():
    """«Solo puedes sacar fichas cuando las 15 están en tu casa. Un 4 saca una ficha del punto 4. Si no hay
    ninguna, tienes que mover el 4 dentro de tu casa.» «Puedes usar un número mayor del necesario solo si no quedan
    fichas en puntos más altos.»"""
    exact = Position.from_layout({6: 2, 4: 2, 1: 11}, {}, dice=(4, 4))
    assert exact.check("4/off(2) 6/2(2)").legal
    empty = Position.from_layout({6: 2, 3: 13}, {}, dice=(4, 1))
    assert not any(move.die == 4 and move.dst == OFF for play in empty.legal_plays() for move in play.moves)
    assert empty.check("3/off 6/5").codes[0] == "higher-die-not-highest"
    assert empty.check("6/2 3/2").legal


# --- Hitting and entering (seed 004) ------------------------------------------


def test_hitting_needs_landing_on_the_point_not_passing_over_it():
    """«Supón que las blancas avanzan del 10 al 6 con un 4. Si hay una ficha negra sola en el 8, pasan por encima sin
    capturarla. Si está en el 6, la capturan. La blanca llega al 6 y la negra va a la barra; los dos colores nunca
    comparten un punto.»"""
    over = Position.from_layout({10: 1, 5: 5}, {8: 1, 24: 2}, dice=(4, 1))
    passed = over.check("10/6 5/4").play
    assert passed.hits == 0 and passed.result.point(8) == (BLACK, 1)
    on = Position.from_layout({10: 1, 5: 5}, {6: 1, 24: 2}, dice=(4, 1))
    landed = on.check("10/6* 5/4").play
    assert landed.hits == 1
    assert landed.result.point(6) == (WHITE, 1) and landed.result.bar(BLACK) == 1
    assert landed.result.is_valid


def test_a_made_point_cannot_be_hit_nor_used_to_enter():
    """«Un punto con dos o más fichas rivales está bloqueado: no puedes capturar en él ni utilizarlo para entrar.»"""
    position = Position.from_layout({"bar": 1, 13: 2}, {21: 2, 9: 2}, dice=(4, 3))
    assert position.check("bar/21 13/10").reasons[0].code == "blocked"
    assert position.check("bar/22 13/9").reasons[0].code == "blocked"


def test_a_point_may_hold_more_than_five_checkers():
    """«Las reglas estándar no limitan a cinco las fichas de un punto, así que puedes entrar en uno que ya tenga
    muchas fichas tuyas.»"""
    position = Position.from_layout({"bar": 1, 22: 6, 6: 8}, {24: 2}, dice=(3, 1))
    verdict = position.check("bar/22 6/5")
    assert verdict.legal and verdict.play.result.checkers(WHITE)[22] == 7


def test_the_entry_table_is_twenty_five_minus_the_die_for_white_and_the_die_for_black():
    """«Las blancas vuelven a entrar arriba a la derecha, lejos de su propia casa» (tabla: 1→24, 2→23, 3→22, 4→21,
    5→20, 6→19). «Las negras entran, en cambio, en los puntos 1–6 de las blancas.»"""
    for die in range(1, 7):
        white = Position.from_layout({"bar": 1}, {}, dice=(die, die))
        assert {play.moves[0].dst for play in white.legal_plays()} == {BAR - die}
        black = Position.from_layout({}, {"bar": 1}, turn=BLACK, dice=(die, die))
        (play,) = black.legal_plays()
        assert play.result.point(die) == (BLACK, 1) or play.result.borne_off(BLACK) == 15 or play.moves[0].dst == BAR - die


def test_one_checker_on_the_bar_enters_then_the_other_die_hits_on_19():
    """«Las blancas juegan 4–2 y tienen una ficha en la barra. Las negras bloquean el punto 21. Entra en el 23 con el
    2 y después captura en el 19 con el 4.» «Las blancas terminan con la ficha que entró en el 19 y las negras
    tienen una ficha en la barra. Se han usado ambos dados.»"""
    position = Position.from_layout({"bar": 1, 13: 4, 8: 3, 6: 5, 24: 2}, {21: 2, 19: 1, 12: 5, 17: 3, 1: 2, 2: 2}, dice=(4, 2))
    assert position.check("bar/21 21/19").reasons[0].code == "blocked"
    verdict = position.check("bar/23 23/19*")
    assert verdict.legal and verdict.play.dice_used == 2
    assert verdict.play.notation == "bar/19*"
    assert verdict.play.result.point(19) == (WHITE, 1) and verdict.play.result.bar(BLACK) == 1


def test_with_two_checkers_on_the_bar_the_first_may_not_move_on():
    """«Cambia el ejemplo a dos fichas blancas en la barra, con los mismos puntos de entrada bloqueados y una tirada
    de 4–2. Una ficha puede entrar en el 23 con el 2. La otra no puede entrar en el 21 con el 4, así que el turno de
    las blancas termina con una ficha todavía en la barra. Mover la primera del 23 al 19 sería ilegal mientras la
    otra sigue esperando.»"""
    position = Position.from_layout({"bar": 2, 13: 4, 8: 3, 6: 4, 24: 2}, {21: 2, 19: 1, 12: 5, 17: 3, 1: 2, 2: 2}, dice=(4, 2))
    assert notations(position) == {"bar/23"}
    (play,) = position.legal_plays()
    assert play.result.bar(WHITE) == 1
    reason = position.check("bar/23 23/19*").reasons[0]
    assert (reason.code, reason.src) == ("bar-first", 23)


def test_both_numbers_enter_when_both_points_are_open():
    """«Si ambas entradas están disponibles, utiliza los dos números para entrar.»"""
    position = Position.from_layout({"bar": 2, 6: 13}, {24: 2}, dice=(4, 2))
    assert notations(position) == {"bar/23 bar/21"}


def test_doubles_enter_one_move_each_and_the_rest_play_normally():
    """«Con dobles, cada entrada consume uno de los cuatro movimientos; cuando todas las fichas hayan salido de la
    barra, los movimientos restantes pueden jugarse normalmente.»"""
    position = Position.from_layout({"bar": 2, 6: 13}, {24: 2, 1: 2}, dice=(3, 3))
    assert position.check("bar/22(2) 22/19 6/3").legal
    assert all(play.dice_used == 4 and play.enters == 2 for play in position.legal_plays())


def test_no_open_entry_means_no_checker_moves_and_six_blocked_points_close_out():
    """«Si ninguna entrada indicada por los dados está abierta, no se mueve ninguna ficha ese turno. Cuando los seis
    puntos de la casa rival están bloqueados, el jugador queda bloqueado en la barra (closed out).»"""
    two_blocked = Position.from_layout({"bar": 1, 13: 14}, {21: 2, 23: 2}, dice=(4, 2))
    (play,) = two_blocked.legal_plays()
    assert play.is_pass and two_blocked.check("13/9 13/11").codes[0] == "bar-first"
    closed = {point: 2 for point in range(19, 25)}
    for dice in itertools.combinations_with_replacement(range(1, 7), 2):
        position = Position.from_layout({"bar": 1, 13: 14}, closed, dice=dice)
        assert [play.is_pass for play in position.legal_plays()] == [True]


def test_hit_and_continue_with_the_same_checker_is_legal():
    """«Por ejemplo, las blancas en el 9 con 4–2 pueden jugar 9/5*/3 si las negras tienen una sola ficha en el 5 y
    el punto 3 está abierto.»"""
    position = Position.from_layout({9: 1, 13: 4, 8: 2, 6: 5, 24: 3}, {5: 1, 12: 5, 17: 3, 19: 4, 1: 2}, dice=(4, 2))
    verdict = position.check("9/5*/3")
    assert verdict.legal and verdict.play.notation == "9/5*/3"
    assert verdict.play.result.bar(BLACK) == 1 and verdict.play.result.point(3) == (WHITE, 1)
    quiet = position.check("9/3").play  # without «*», the way through the open 7 is meant
    assert quiet.hits == 0 and quiet.notation == "9/3"
    only_through_five = Position.from_layout({9: 1, 13: 4, 8: 2, 6: 5, 24: 3}, {5: 1, 7: 2, 12: 3, 17: 3, 19: 4, 1: 2}, dice=(4, 2))
    assert only_through_five.check("9/3").play.notation == "9/5*/3"  # «*» is optional: the engine knows


def test_notation_is_written_from_the_side_of_the_mover():
    """«Las jugadas se escriben “origen/destino”, siempre desde el lado de quien mueve. 13/7 significa una ficha del
    punto 13 al punto 7. Un asterisco indica un golpe (8/5*); “bar” y “off” se refieren a la barra y a sacar
    fichas.»"""
    position = Position.from_layout({13: 2, 8: 2, 6: 4}, {5: 1, 24: 2}, dice=(6, 3))
    verdict = position.check("13/7 8/5*")
    assert verdict.legal and verdict.play.notation == "13/7 8/5*"
    assert position.check("13/7 8/5").play == verdict.play
