"""The login lockout, shared by every door that checks a password.

The site's login and the admin's count the same attempts in the same three
limits, so a staff or superuser password is no easier to guess at
``/admin/login/`` than at ``/cuenta/entrar/``:

- ``login``: attempts per username and address;
- ``login-address``: failed attempts per address, whatever the usernames;
- ``login-name``: attempts per username from every address together.

Every attempt is counted before the password is checked, with the cache's
atomic increment: of thirty simultaneous wrong passwords, only as many as
the limits allow are judged.  A good login takes its hits back (``forgive``).
"""

from __future__ import annotations

import unicodedata

from tutor import ratelimit

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
    """The username as the login forms read it, case-folded.

    Django's ``UsernameField`` strips the text and normalises it to NFKC
    before authenticating, so ``load0５`` (a full-width 5) and ``l𝗼ad05``
    open the account ``load05``: the lockout must count them as one name.
    """
    text = unicodedata.normalize("NFKC", str(request.POST.get("username", "")).strip())
    return text.casefold()[:150]


def _name_and_address(request) -> str:
    return f"{login_username(request)}|{ratelimit.client_address(request)}"


def attempt(request) -> str | None:
    """Count one login attempt; the scope whose limit it goes beyond, or ``None`` to judge it."""
    if not ratelimit.enabled():
        return None
    over_name = ratelimit.hit(LOGIN_SCOPE, _name_and_address(request)) > ratelimit.limit_for(LOGIN_SCOPE).count
    address = ratelimit.client_address(request)
    over_address = ratelimit.hit(LOGIN_ADDRESS_SCOPE, address) > ratelimit.limit_for(LOGIN_ADDRESS_SCOPE).count
    username = login_username(request)
    over_everywhere = ratelimit.hit(LOGIN_NAME_SCOPE, username) > ratelimit.limit_for(LOGIN_NAME_SCOPE).count
    if over_address:
        return LOGIN_ADDRESS_SCOPE
    if over_everywhere:
        return LOGIN_NAME_SCOPE
    return LOGIN_SCOPE if over_name else None


def forgive(request) -> None:
    """A good login: its name and address start again, and it was no failure of the address."""
    ratelimit.reset(LOGIN_SCOPE, _name_and_address(request))
    ratelimit.undo(LOGIN_ADDRESS_SCOPE, ratelimit.client_address(request))
    ratelimit.undo(LOGIN_NAME_SCOPE, login_username(request))
