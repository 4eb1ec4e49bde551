"""Django's admin site, whose login meets the site's lockout.

Staff and superuser accounts open the admin, so their passwords are the
most worth guessing: ``/admin/login/`` counts its attempts in the same
limits as the site's login (``lockout``), and refuses with the site's 429
page once one is used up, even with the right password.
"""

from __future__ import annotations

from django.contrib import admin

from tutor import ratelimit

from . import lockout


class AdminSite(admin.AdminSite):
    """The admin, installed as the default site by ``apps.AdminConfig``."""

    def login(self, request, extra_context=None):
        if request.method == "POST":
            scope = lockout.attempt(request)
            if scope is not None:
                return ratelimit.too_many_requests(request, scope)
        response = super().login(request, extra_context)
        if request.method == "POST" and response.status_code == 302 and request.user.is_authenticated:
            lockout.forgive(request)
        return response
