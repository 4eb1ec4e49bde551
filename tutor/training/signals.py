"""What training hears from the rest of the site: answers about rules, and logins.

Every judged answer (``tutor.rules.answer_judged``: lesson puzzles,
assignments, drills, illegal plays in practice and live games) is one review
of the rules it involves; on login (and sign-up, which logs in) a visitor's
memory of the rules joins the account.  ``TrainingConfig.ready`` connects
both.
"""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from tutor.rules import AnswerJudged

from .memory import merge_into_account, record_answer


def remember_answer(event: AnswerJudged) -> None:
    record_answer(event.who, event.rules, event.correct, event.source, event.item, event.answer)


@receiver(user_logged_in, dispatch_uid="training-merge-memory")
def keep_rule_memory(sender, request, user, **kwargs) -> None:
    if request is not None:
        merge_into_account(request, user)
