"""A simple classifier of drill answers from the words of the question and the written play.

Per-token answer frequencies (naive Bayes with add-one smoothing): a token is a
word or number of the question, or a step of the written play (``13/8``).  It
stands for a learner who answers from how the question is put rather than from
the board and the rule.
"""

from __future__ import annotations

import math
import re
from collections import Counter

from tutor.drills import Drill


def tokens(drill: Drill) -> set[str]:
    """The words and numbers of the question, and the steps of the play asked about."""
    words = set(re.findall(r"[\w/]+", drill.question.lower()))
    return words | {f"step:{step}" for step in drill.play.split()}


def wording_accuracy(train: list[Drill], test: list[Drill]) -> float:
    """How often the answers of ``test`` are predicted from their tokens, frequencies learned on ``train``."""
    answers = Counter(drill.answer for drill in train)
    with_token: dict[str, Counter[str]] = {}
    for drill in train:
        for token in tokens(drill):
            with_token.setdefault(token, Counter())[drill.answer] += 1

    def likelihood(seen: list[str], answer: str) -> float:
        total = answers[answer]
        return math.log(total) + sum(math.log((with_token[token][answer] + 1) / (total + 2)) for token in seen)

    right = 0
    for drill in test:
        seen = [token for token in tokens(drill) if token in with_token]
        right += max(answers, key=lambda answer: likelihood(seen, answer)) == drill.answer
    return right / len(test)
