"""Send users with a one-time password to choose their own before anything else."""

from __future__ import annotations

from django.shortcuts import redirect
from django.urls import reverse

from .signals import MUST_CHANGE_PASSWORD


class PasswordChangeRequiredMiddleware:
    """While the session says so, every page but a few redirects to the
    password change form (static files and logging out stay reachable)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if getattr(request, "user", None) is not None and request.user.is_authenticated and request.session.get(MUST_CHANGE_PASSWORD):
            allowed = (reverse("accounts:password_change"), reverse("accounts:logout"))
            if request.path not in allowed and not request.path.startswith("/static/"):
                return redirect("accounts:password_change")
        return self.get_response(request)
