"""Access to teachers' pages: logged in, and a teacher."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.shortcuts import render

from .models import is_teacher


def teacher_required(view):
    """Anonymous users go to the login page; other non-teachers get a Spanish 403."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_teacher(request.user):
            return render(request, "accounts/teacher_required.html", status=403)
        return view(request, *args, **kwargs)

    return wrapped
