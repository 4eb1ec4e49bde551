"""On login, the practice matches played anonymously join the account."""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from .access import claim_session_matches


@receiver(user_logged_in, dispatch_uid="practice-claim-matches")
def keep_practice_matches(sender, request, user, **kwargs) -> None:
    if request is not None and hasattr(request, "session"):
        claim_session_matches(request, user)
