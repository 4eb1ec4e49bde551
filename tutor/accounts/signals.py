"""On login: ask for a new password when the current one is a one-time password.

Other apps keep what a visitor did before logging in with their own
receivers (lessons: the puzzles solved; training: the memory of the rules).
"""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from .models import Profile

MUST_CHANGE_PASSWORD = "must_change_password"
"""Session flag read by ``PasswordChangeRequiredMiddleware``."""


@receiver(user_logged_in, dispatch_uid="accounts-one-time-password")
def flag_one_time_password(sender, request, user, **kwargs) -> None:
    # A one-time password serves this one login: mark it spent.
    if Profile.objects.filter(user=user, must_change_password=True).update(one_time_used=True) and request is not None:
        request.session[MUST_CHANGE_PASSWORD] = True

