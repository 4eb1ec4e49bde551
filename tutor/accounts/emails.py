"""The e-mail sent after a sign-up that gave an address.

Either way the page says the same («Te hemos escrito a …»), so it tells
nobody whether the address already had an account; the message itself,
read only by the address's owner, says which case it is.
"""

from __future__ import annotations

from django.contrib.sites.shortcuts import get_current_site
from django.core.mail import send_mail
from django.template.loader import render_to_string


def send_sign_up_email(request, user, email: str, *, taken: bool) -> None:
    """Welcome a new address, or tell the owner of an address in use that it was tried."""
    template = "registration/sign_up_email_taken.txt" if taken else "registration/sign_up_email.txt"
    context = {
        "user": user,
        "domain": get_current_site(request).domain,
        "protocol": "https" if request.is_secure() else "http",
    }
    subject = "Tu cuenta en Backgammon: reglas en español"
    send_mail(subject, render_to_string(template, context, request=request), None, [email])
