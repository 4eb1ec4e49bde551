"""The rule catalogue: each rule's code, title, lesson section and Spanish, in one place.

Pure Python next to the engine (no Django): the engine decides and gives
stable reason codes; this package names the rule each code breaks, links
the lesson that teaches it and says it in Spanish.  Judging an answer about
a rule anywhere is an event (``answer_judged``) that other apps subscribe
to.  Apps import the names below from ``tutor.rules``; a test greps the rest
of the site for copies of its titles, anchors and sentences.

The rule catalogue: each rule's code (``RuleCode``), the engine reason codes it covers, its Spanish
title and lesson section (``catalogue.py``), and every sentence about a rule, one module per
concern: why a play is illegal and why the board refuses a move (``reasons.py``, each sentence with
the claims it makes, ``claims.py``, which a property test checks against the engine), why a double
is refused, the Crawford notice and the notice of a match without the rule (``doubles.py``), why a
decision is refused at this moment of a turn, against the program or a person alike
(``turn_refusals.py``), why a position is impossible (``positions.py``), why an answer to a numeric
or yes/no question is right (``answers.py``; for the match, the cube, the opening roll and doubles
from the bar, from a drill's facts: ``match_answers.py``; how the play that bears off the most gets
there, move by move: ``bear_off_answers.py``; a play written for the arrows drawn:
``notation_answers.py``; where the checkers start: ``setup_answers.py``), what a play puzzle or
drill asks beyond a legal play and what a play that misses it hears (``goals.py``, shared by
lessons' ``objetivo:`` puzzles and drills); the verdict's JSON shape every page and socket sends
(``verdicts.py``) and the points it marks on the board (``marks.py``); the words they share, counts
in letters and places (``words.py``). Answers as events (``events.py``): judging an answer anywhere
sends one ``AnswerJudged`` on ``answer_judged``. Pure Python, no Django; apps import its names from
``tutor.rules``, and no title, lesson anchor or rule sentence is written anywhere else (a test greps
for copies).

>>> from tutor.rules import RuleCode, rule_for
>>> from tutor.engine import Position
>>> rule_for(Position.initial().with_dice("6-1").check("1/7")).code is RuleCode.DIRECTION
True
"""

from .answers import KIND_WORDS, NO_LEGAL_PLAY, broken_rule, decided_by, game_value, legal_hit, legal_play, legal_turn, pip_count_sum
from .bear_off_answers import play_answer
from .catalogue import (
    RULES,
    Rule,
    RuleCode,
    rule_for,
    rule_for_calculation,
    rule_for_section,
    rule_of_stored_code,
    rule_titles,
    rule_for_code,
    rule_for_reason,
    rules_for_codes,
    rules_for_verdict,
)
from .claims import Claim, Sentence
from .doubles import (
    CRAWFORD_NOTICE,
    CUBE_REFUSALS,
    NO_CRAWFORD_NOTICE,
    POST_CRAWFORD_NOTICE,
    SITE_CUBE_LIMIT,
    Notice,
    cube_refusal,
    cube_state,
    may_double_answer,
)
from .events import AnswerJudged, Channel, Source, answer_judged
from .goals import GOAL_KINDS, Goal, GoalError, accepted_plays, parse_goal
from .marks import Mark, reason_marks, verdict_marks
from .match_answers import match_answer
from .notation_answers import notation_illegal, notation_other_play, notation_right, notation_white_numbers
from .positions import DEFECTS, IMPOSSIBLE_POSITION, describe_defects
from .reasons import (
    SENTENCES,
    DROP_INSTRUCTIONS,
    drop_alternative,
    drop_mirrored,
    drop_sentence,
    explain,
    explain_drop,
    explain_verdict,
    sentence,
)
from .turn_refusals import (
    DOUBLE_BEFORE_ROLLING,
    NO_BEAVERS,
    NOT_DOUBLED,
    NOT_MOVING,
    NOT_ROLLING,
    RESIGN_HOW,
    RESIGN_SINGLE_ONLY,
    STALE,
)
from .verdicts import VerdictJSON, verdict_payload
from .words import counted, die_names

__all__ = [
    "CRAWFORD_NOTICE",
    "CUBE_REFUSALS",
    "DEFECTS",
    "DROP_INSTRUCTIONS",
    "GOAL_KINDS",
    "IMPOSSIBLE_POSITION",
    "KIND_WORDS",
    "DOUBLE_BEFORE_ROLLING",
    "NO_BEAVERS",
    "NO_CRAWFORD_NOTICE",
    "NO_LEGAL_PLAY",
    "NOT_DOUBLED",
    "STALE",
    "NOT_MOVING",
    "NOT_ROLLING",
    "RESIGN_HOW",
    "RESIGN_SINGLE_ONLY",
    "POST_CRAWFORD_NOTICE",
    "RULES",
    "SENTENCES",
    "SITE_CUBE_LIMIT",
    "AnswerJudged",
    "Channel",
    "Claim",
    "Goal",
    "GoalError",
    "Mark",
    "Notice",
    "Rule",
    "RuleCode",
    "Sentence",
    "Source",
    "VerdictJSON",
    "accepted_plays",
    "answer_judged",
    "counted",
    "cube_refusal",
    "cube_state",
    "describe_defects",
    "die_names",
    "drop_alternative",
    "drop_mirrored",
    "drop_sentence",
    "explain",
    "broken_rule",
    "explain_drop",
    "explain_verdict",
    "game_value",
    "decided_by",
    "legal_hit",
    "legal_play",
    "legal_turn",
    "match_answer",
    "notation_illegal",
    "notation_other_play",
    "notation_right",
    "notation_white_numbers",
    "play_answer",
    "may_double_answer",
    "parse_goal",
    "pip_count_sum",
    "reason_marks",
    "rule_for",
    "rule_for_calculation",
    "rule_for_section",
    "rule_of_stored_code",
    "rule_titles",
    "rule_for_code",
    "rule_for_reason",
    "rules_for_codes",
    "rules_for_verdict",
    "sentence",
    "verdict_marks",
    "verdict_payload",
]
