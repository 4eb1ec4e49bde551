"""How much each person may do over live sockets, so that no one can flood a process.

Open sockets per person and per address, new connections per address and
per session (before the session is read), and messages of every kind per
person (per address when signed out), the same for every live socket: a
game's, its review's and the lobby's (``sockets.LiveSocket``).  These
protect the CPU of each ASGI process, so each process counts its own, in
memory, without a round trip per message: with N processes a person may
hold at most N times as much.  What a game itself allows (phrases, guessed
codes) is the live games' (``tutor.play.game_limits``).
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from http.cookies import CookieError, SimpleCookie

from django.conf import settings

from tutor import ratelimit

# -- connections and messages, in each process ---------------------------------------------------

def socket_keys(user, address: str) -> tuple[str, ...]:
    """What an open socket counts against: the person (or, signed out, the address), and the address."""
    first = f"user:{user.pk}" if user is not None and user.is_authenticated else f"anonymous:{address}"
    return first, f"address:{address}"


def identity_of(user, address: str) -> str:
    """Whom messages, connections and guessed codes are counted for: the person, or the address
    when signed out (as ``ratelimit.client_identity`` names them over HTTP)."""
    return f"user:{user.pk}" if user is not None and user.is_authenticated else f"address:{address}"


def scope_address(scope: dict) -> str:
    """The client's address of an ASGI connection, read like a request's (``ratelimit.address_from``)."""
    headers = dict(scope.get("headers") or [])
    forwarded = headers.get(b"x-forwarded-for", b"").decode("latin-1")
    client = scope.get("client") or ("", 0)
    return ratelimit.address_from(forwarded, str(client[0] or ""))


class OpenSockets:
    """The sockets open in this process, counted per key (``socket_keys``).

    ``settings.PLAY_SOCKETS`` bounds each kind of key: a signed-in person's
    tabs, an address signed out, and an address in all (a school's whole
    class behind one address).
    """

    def __init__(self) -> None:
        self.open: Counter[str] = Counter()

    def admit(self, keys: tuple[str, ...]) -> bool:
        """Count one more socket for ``keys``, unless one of them is at its limit."""
        limits = settings.PLAY_SOCKETS
        if any(self.open[key] >= limits[key.split(":", 1)[0]] for key in keys):
            return False
        self.open.update(keys)
        return True

    def release(self, keys: tuple[str, ...]) -> None:
        self.open.subtract(keys)
        for key in keys:
            if self.open[key] <= 0:
                del self.open[key]


class Place:
    """A socket's place in this process's limits: whom it counts for, and its keys while it is open."""

    def __init__(self, scope: dict) -> None:
        user, address = scope.get("user"), scope_address(scope)
        self.identity = identity_of(user, address)
        self.keys = socket_keys(user, address)
        self.taken = False

    def take(self) -> bool:
        """Count the socket as open, unless a limit of its keys is reached."""
        self.taken = SOCKETS.admit(self.keys)
        return self.taken

    def leave(self) -> None:
        if self.taken:
            SOCKETS.release(self.keys)
            self.taken = False

    def message(self) -> int:
        """Count one message; how far over the limit it is (0 or less: allowed)."""
        return MESSAGES.take(self.identity)


class Windows:
    """At most ``count`` events per ``seconds``-long window for each identity, in this process.

    ``setting`` names the ``(count, seconds)`` pair in the settings, read
    at each call (tests change it).
    """

    def __init__(self, setting: str, clock=time.monotonic) -> None:
        self.setting = setting
        self.clock = clock
        self.windows: dict[str, list] = {}

    def limit(self) -> tuple[int, int]:
        return getattr(settings, self.setting)

    def take(self, identity: str) -> int:
        """Count one event of ``identity``; how far over the limit it is (0 or less: allowed)."""
        count, seconds = self.limit()
        now = self.clock()
        window = self.windows.get(identity)
        if window is None or now - window[0] >= seconds:
            if len(self.windows) > 10_000:
                self.windows = {key: value for key, value in self.windows.items() if now - value[0] < seconds}
            window = self.windows[identity] = [now, 0]
        window[1] += 1
        return window[1] - count


class ConnectionGate:
    """ASGI middleware in front of the session: new connections per address
    (``settings.PLAY_ADDRESS_CONNECT_RATELIMIT``) and per session cookie
    (``settings.PLAY_CONNECT_RATELIMIT``), refused before anything is read
    from the database.  A client reconnecting in a loop then costs a
    handshake, not a session lookup on the thread where every game's moves
    are applied."""

    def __init__(self, inner) -> None:
        self.inner = inner

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not self.admits(scope):
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": TOO_MANY_CLOSE})
            return None
        return await self.inner(scope, receive, send)

    @staticmethod
    def admits(scope: dict) -> bool:
        if ADDRESSES.take(scope_address(scope)) > 0:
            return False
        session = session_cookie(scope)
        return not session or SESSIONS.take(hashlib.sha256(session.encode()).hexdigest()) <= 0


def session_cookie(scope: dict) -> str:
    """The session cookie an ASGI connection carries, or ``""``."""
    cookies = SimpleCookie()
    for name, value in scope.get("headers") or []:
        if name == b"cookie":
            try:
                cookies.load(value.decode("latin-1"))
            except CookieError:
                return ""
    morsel = cookies.get(settings.SESSION_COOKIE_NAME)
    return morsel.value if morsel is not None else ""


TOO_MANY_CLOSE = 4429

SOCKETS = OpenSockets()
MESSAGES = Windows("PLAY_RATELIMIT")
SESSIONS = Windows("PLAY_CONNECT_RATELIMIT")
ADDRESSES = Windows("PLAY_ADDRESS_CONNECT_RATELIMIT")
