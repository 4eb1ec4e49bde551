"""On login (and sign-up, which logs in), a visitor's memory of the rules joins the account."""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from .memory import merge_into_account


@receiver(user_logged_in, dispatch_uid="training-merge-memory")
def keep_rule_memory(sender, request, user, **kwargs) -> None:
    if request is not None:
        merge_into_account(request, user)
