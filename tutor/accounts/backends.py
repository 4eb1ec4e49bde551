"""Authentication: Django's model backend, with one-time passwords that expire.

A teacher prints a one-time password for a child's account.  It opens one
session, in which the child must choose a password of their own
(``PasswordChangeRequiredMiddleware``); after that login, or once its few
days have passed, it opens nothing: a printed sheet left on a desk is not a
way into the account for long.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

from .models import Profile, remember_profile

UserModel = get_user_model()


class AccountBackend(ModelBackend):
    """``ModelBackend`` that refuses a spent or expired one-time password, and reads the profile with the user."""

    def get_user(self, user_id):
        """The signed-in user of a request or a socket, with their profile read in the same query: pages
        ask whether they teach, and the lobby whether a teacher created the account (``remember_profile``)."""
        user = UserModel._default_manager.select_related("profile").filter(pk=user_id).first()
        if user is None or not self.user_can_authenticate(user):
            return None
        remember_profile(user, getattr(user, "profile", None))  # no row: the reverse accessor raises
        return user

    def authenticate(self, request, username=None, password=None, **kwargs):
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            return None
        profile = Profile.objects.filter(user=user).first()
        if profile is not None and profile.one_time_password_spent():
            return None
        return user
