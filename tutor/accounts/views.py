"""Account pages: sign-up, rate-limited login, password change and reset.

Everything but sign-up is one of Django's auth views with a Spanish
template under ``templates/registration/``.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.decorators import method_decorator
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.debug import sensitive_post_parameters
from django.views.generic import FormView

from tutor import ratelimit

from . import lockout
from .emails import send_sign_up_email
from .forms import LoginForm, PasswordChangeForm, SetPasswordForm, SignUpForm
from .models import Profile
from .signals import MUST_CHANGE_PASSWORD

if TYPE_CHECKING:
    from django.views.generic.edit import FormMixin as _FormView  # what the mixin stands in front of
else:
    _FormView = object


class InvalidIsBadRequest(_FormView):
    """Bad input answers 400, with the form and its Spanish errors (before a form view, whose ``form_invalid`` it changes)."""

    def form_invalid(self, form):
        response = super().form_invalid(form)
        response.status_code = 400
        return response


def _safe_next(request) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure())
    # Only paths: redirect() would read any other text as a view name.
    return target if allowed and target.startswith("/") else ""


SIGNUP_SCOPE = "signup"
"""Accounts created per address: ``settings.RATELIMITS["signup"]``."""


@method_decorator(sensitive_post_parameters("password1", "password2"), name="dispatch")
class SignUpView(InvalidIsBadRequest, FormView):
    template_name = "accounts/signup.html"
    form_class = SignUpForm

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated:
            return redirect(_safe_next(request) or "classroom:home")
        return super().dispatch(request, *args, **kwargs)

    def post(self, request, *args, **kwargs):
        # Counted first (atomic), taken back when the form is refused:
        # only accounts actually created use up the address's allowance.
        if ratelimit.exceeded(SIGNUP_SCOPE, ratelimit.address_identity(request)):
            return ratelimit.too_many_requests(request, SIGNUP_SCOPE)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        ratelimit.undo(SIGNUP_SCOPE, ratelimit.address_identity(self.request))
        return super().form_invalid(form)

    def form_valid(self, form):
        user = form.save()
        Profile.objects.create(user=user, is_teacher=form.cleaned_data["is_teacher"])
        login(self.request, user, backend=settings.AUTHENTICATION_BACKENDS[0])
        welcome = f"¡Te damos la bienvenida, {user.first_name}! Tu cuenta está creada."
        email = form.cleaned_data.get("email", "")
        if email:
            send_sign_up_email(self.request, user, email, taken=form.email_taken)
            welcome += f" Te hemos escrito a {email}."
        messages.success(self.request, welcome)
        # A learner starts with the course, not with an empty list of assignments.
        return redirect(_safe_next(self.request) or ("classroom:home" if form.cleaned_data["is_teacher"] else "home:start"))

    def get_context_data(self, **kwargs):
        return super().get_context_data(next=_safe_next(self.request), **kwargs)


class LoginView(InvalidIsBadRequest, auth_views.LoginView):
    """Django's login behind the lockout (``lockout``); over a limit, HTTP 429 even with the right password."""

    form_class = LoginForm
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        scope = lockout.attempt(request)
        if scope is not None:
            return self.refused(request, scope)
        return super().post(request, *args, **kwargs)

    def refused(self, request, scope: str):
        form = self.form_class(request, initial={"username": str(request.POST.get("username", ""))[:150]})
        seconds = ratelimit.retry_after(scope)
        context = self.get_context_data(form=form, blocked=True, blocked_address=scope == lockout.LOGIN_ADDRESS_SCOPE, wait=ratelimit.wait_text(seconds))
        response = render(request, self.get_template_names(), context, status=429)
        response["Retry-After"] = str(seconds)
        return response

    def form_valid(self, form):
        lockout.forgive(self.request)
        return super().form_valid(form)


class PasswordChangeView(InvalidIsBadRequest, auth_views.PasswordChangeView):
    """Change the password; after a one-time password the old one is not asked."""

    success_url = reverse_lazy("classroom:home")

    @property
    def one_time(self) -> bool:
        return bool(self.request.session.get(MUST_CHANGE_PASSWORD))

    def get_form_class(self):
        return SetPasswordForm if self.one_time else PasswordChangeForm

    def get_context_data(self, **kwargs):
        return super().get_context_data(one_time=self.one_time, **kwargs)

    def form_valid(self, form):
        response = super().form_valid(form)
        Profile.objects.filter(user=form.user).update(must_change_password=False, one_time_expires_at=None, one_time_used=False)
        self.request.session.pop(MUST_CHANGE_PASSWORD, None)
        messages.success(self.request, "Contraseña cambiada. Usa la nueva la próxima vez que entres.")
        return response


class PasswordResetView(InvalidIsBadRequest, auth_views.PasswordResetView):
    """Django's reset by e-mail, limited per address and per e-mail address asked
    for, so that the form cannot be used to flood someone's inbox."""

    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"
    success_url = reverse_lazy("accounts:password_reset_done")

    def post(self, request, *args, **kwargs):
        email = unicodedata.normalize("NFKC", str(request.POST.get("email", "")).strip()).casefold()[:254]
        for scope, identity in (("password-reset", ratelimit.address_identity(request)), ("password-reset-email", email)):
            if ratelimit.exceeded(scope, identity):
                return ratelimit.too_many_requests(request, scope)
        return super().post(request, *args, **kwargs)


class PasswordResetConfirmView(InvalidIsBadRequest, auth_views.PasswordResetConfirmView):
    form_class = SetPasswordForm
    success_url = reverse_lazy("accounts:password_reset_complete")
