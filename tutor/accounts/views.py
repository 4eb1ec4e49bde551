"""Account pages: sign-up, rate-limited login, password change and reset.

Everything but sign-up is one of Django's auth views with a Spanish
template under ``templates/registration/``.
"""

from __future__ import annotations

import unicodedata

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

from .emails import send_sign_up_email
from .forms import LoginForm, PasswordChangeForm, SetPasswordForm, SignUpForm
from .models import Profile
from .signals import MUST_CHANGE_PASSWORD


class InvalidIsBadRequest:
    """Bad input answers 400, with the form and its Spanish errors."""

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
        return redirect(_safe_next(self.request) or "classroom:home")

    def get_context_data(self, **kwargs):
        return super().get_context_data(next=_safe_next(self.request), **kwargs)


LOGIN_SCOPE = "login"
"""Login attempts per username and address: ``settings.RATELIMITS["login"]``."""

LOGIN_ADDRESS_SCOPE = "login-address"
"""Failed logins per address, whatever the usernames: ``settings.RATELIMITS["login-address"]``."""

LOGIN_NAME_SCOPE = "login-name"
"""Login attempts per username from every address together: ``settings.RATELIMITS["login-name"]``.

Generous, so that a stranger cannot lock a child out with a few tries, yet
guessing from many addresses at once stays bounded for each account.
"""


def login_username(request) -> str:
    """The username as the login form reads it, case-folded.

    Django's ``UsernameField`` strips the text and normalises it to NFKC
    before authenticating, so ``load0５`` (a full-width 5) and ``l𝗼ad05``
    open the account ``load05``: the lockout must count them as one name.
    """
    text = unicodedata.normalize("NFKC", str(request.POST.get("username", "")).strip())
    return text.casefold()[:150]


def _login_identity(request) -> str:
    return f"{login_username(request)}|{ratelimit.client_address(request)}"


class LoginView(InvalidIsBadRequest, auth_views.LoginView):
    """Django's login; after too many failures, HTTP 429 even with the right password.

    Every attempt is counted before the password is checked, with the
    cache's atomic increment: of thirty simultaneous wrong passwords, only
    as many as the limit allows are judged.  A good login takes its hits back.
    """

    form_class = LoginForm
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        if ratelimit.enabled():
            address = ratelimit.client_address(request)
            over_name = ratelimit.hit(LOGIN_SCOPE, _login_identity(request)) > ratelimit.limit_for(LOGIN_SCOPE).count
            over_address = ratelimit.hit(LOGIN_ADDRESS_SCOPE, address) > ratelimit.limit_for(LOGIN_ADDRESS_SCOPE).count
            over_everywhere = ratelimit.hit(LOGIN_NAME_SCOPE, login_username(request)) > ratelimit.limit_for(LOGIN_NAME_SCOPE).count
            if over_name or over_address or over_everywhere:
                scope = LOGIN_ADDRESS_SCOPE if over_address else LOGIN_NAME_SCOPE if over_everywhere else LOGIN_SCOPE
                return self.refused(request, scope)
        return super().post(request, *args, **kwargs)

    def refused(self, request, scope: str):
        form = self.form_class(request, initial={"username": str(request.POST.get("username", ""))[:150]})
        seconds = ratelimit.retry_after(scope)
        context = self.get_context_data(form=form, blocked=True, blocked_address=scope == LOGIN_ADDRESS_SCOPE, wait=ratelimit.wait_text(seconds))
        response = render(request, self.get_template_names(), context, status=429)
        response["Retry-After"] = str(seconds)
        return response

    def form_valid(self, form):
        ratelimit.reset(LOGIN_SCOPE, _login_identity(self.request))
        ratelimit.undo(LOGIN_ADDRESS_SCOPE, ratelimit.client_address(self.request))
        ratelimit.undo(LOGIN_NAME_SCOPE, login_username(self.request))
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
        Profile.objects.filter(user=self.request.user).update(must_change_password=False, one_time_expires_at=None, one_time_used=False)
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
