"""What a drill answers in Spanish: a verdict word that never contradicts the sentence after it."""

from __future__ import annotations

from tutor.drills import Drill, DrillKind
from tutor.engine import Position
from tutor.rules import RuleCode
from tutor.training.judging import judge

CLOSED_OUT = Position.from_layout({"bar": 1, 13: 14}, {24: 2, 23: 2, 22: 2, 21: 2, 20: 2, 19: 2, 1: 3}, dice=(5, 2))


def drill(rule: str, position: Position, kind: str, answer: str = "", facts: tuple = ()) -> Drill:
    return Drill(rule=RuleCode(rule), level=1, seed=0, index=0, position=position, kind=DrillKind(kind), question="", answer=answer, facts=facts)


def test_passing_when_no_checker_can_move_is_said_in_words_not_as_a_play_called_pasar():
    message = judge(drill("closed-out", CLOSED_OUT, "unica"), "")["message"]
    assert message.startswith("¡Correcto! No hay ninguna jugada legal: pasas. Lo decide la regla «")


def test_the_only_legal_play_is_called_the_only_one_once():
    position = Position.from_layout({24: 1}, {22: 2, 18: 2, 1: 11}, dice=(4, 2))
    message = judge(drill("larger-die", position, "unica", answer="24/20"), "24/20")["message"]
    assert message == "¡Correcto! 24/20 es la única jugada legal. Lo decide la regla «Si solo se puede jugar un dado, el mayor»."


def test_a_correct_yes_names_the_rule_that_made_it_right_with_its_link():
    position = Position.from_layout({17: 1, 6: 14}, {19: 15}, dice=(4, 3))
    right = judge(drill("pass-over", position, "sino", answer="si"), "sí")
    assert right["correct"]
    assert right["message"].endswith("Lo decide la regla «Una ficha con los dos dados: cada parada cuenta».")
    assert right["rule_url"] == "/lecciones/mover/#una-ficha-dos-dados"


def test_a_wrong_yes_or_no_never_starts_with_a_no_that_agrees_with_it():
    position = Position.initial()
    wrong = judge(drill("may-double", position, "sino", answer="si"), "no")
    assert not wrong["correct"]
    assert wrong["message"].startswith("No es correcto. Puedes doblar:")
    refused = judge(drill("may-double", position, "sino", answer="no", facts=("crawford-game",)), "sí")
    assert refused["message"] == "No es correcto. No puedes doblar. Es la partida Crawford: en ella nadie puede doblar."


def test_a_wrong_number_gives_the_right_one_and_how_it_adds_up():
    position = Position.from_layout({1: 1}, {24: 1})
    message = judge(drill("pip-count", position, "numero", answer="1", facts=((1, 1),)), "0")["message"]
    assert message == "No es correcto. La respuesta es 1, no 0. Recuento: tu única ficha está en el 1, a un pip de salir."
    scoring = judge(drill("scoring", position, "numero", answer="4", facts=("gammon", 2, 2, False)), "2")["message"]
    assert scoring == "No es correcto. La respuesta es 4, no 2. Es un gammon (vale 2) con el cubo en 2: 2 × 2 = 4."


def test_an_answer_is_kept_in_the_words_the_learner_saw():
    from tutor.training.judging import answer_in_words

    position = Position.initial()
    assert answer_in_words(drill("hit", position, "legalidad", answer="si"), "si") == "sí, es legal"
    assert answer_in_words(drill("hit", position, "legalidad", answer="si"), "NO") == "no, no es legal"
    assert answer_in_words(drill("may-double", position, "sino", answer="no"), "si") == "sí"
    assert answer_in_words(drill("pip-count", position, "numero", answer="167"), " 167 ") == "167"
    assert answer_in_words(drill("closed-out", CLOSED_OUT, "unica"), "") == "pasar (jugada en blanco)"
    assert answer_in_words(drill("blocked", position, "jugada"), "24/18 13/10") == "24/18 13/10"


def test_the_match_and_cube_drills_say_why_with_their_own_numbers():
    from tutor.drills import generate

    crawford = generate("crawford", 1, 0, 0)
    said = judge(crawford, "si" if crawford.answer == "no" else "no")["message"]
    assert said.startswith("No es correcto. ") and "Crawford" in said
    taken = generate("cube-limits", 1, 0, 0)
    right = judge(taken, taken.answer)
    assert right["correct"] and f"pasa al doble, a {taken.answer}," in right["message"]
    assert right["rule_url"] == "/lecciones/opcionales/#limite-del-cubo"
    dropped = generate("drop-points", 3, 0, 0)
    wrong = judge(dropped, str(int(dropped.answer) + 1))["message"]
    assert wrong.startswith(f"No es correcto. La respuesta es {dropped.answer}") and "antes del doble" in wrong


def _goal_drill_with_a_legal_miss() -> tuple[Drill, str, str]:
    """A blocked-point drill that asks for a capture, a legal play that captures nothing, and the one that captures."""
    from tutor.drills import drill_set

    for candidate in drill_set("blocked", 1, 0, 20):
        assert candidate.goal is not None
        missing = [play for play in candidate.position.legal_plays() if not play.hits]
        if missing:
            return candidate, missing[0].notation, candidate.accepted_plays()[0].notation
    raise AssertionError("no blocked drill with a legal play that misses its capture")


def test_a_legal_play_that_misses_the_drills_goal_is_wrong_and_told_the_play_that_meets_it():
    goal_drill, miss, meeting = _goal_drill_with_a_legal_miss()
    verdict = judge(goal_drill, miss)
    assert not verdict["correct"] and verdict["legal"] is True
    assert verdict["message"] == f"No es correcto. Es legal, pero no capturas ninguna ficha. Para capturar, juega «{meeting}»."
    right = judge(goal_drill, meeting)
    assert right["correct"]
    assert "Cumple el objetivo: capturar. Lo decide la regla «" in right["message"]


def test_a_goal_drill_asks_for_its_goal_in_the_question_and_the_tempting_play_stays_illegal():
    goal_drill, _, _ = _goal_drill_with_a_legal_miss()
    assert goal_drill.question.endswith("Juega el turno completo y captura una ficha del rival.")
    assert judge(goal_drill, goal_drill.tempting)["legal"] is False
