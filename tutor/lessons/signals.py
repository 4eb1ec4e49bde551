"""On login (and sign-up, which logs in), the puzzles a visitor solved join the account."""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from .progress import merge_into_account


@receiver(user_logged_in, dispatch_uid="lessons-merge-progress")
def keep_solved_puzzles(sender, request, user, **kwargs) -> None:
    if request is not None:
        merge_into_account(request, user)
