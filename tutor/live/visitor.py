"""Who opened a socket, read on the shared pool of threads.

Channels' ``AuthMiddleware`` reads the session and the user through
``database_sync_to_async`` on the process's one thread for synchronous
code, where the decisions of every live game the process serves are
applied (``consumers._run``).  When hundreds of sockets open at once (the
lobby's «Jugar ya», a whole class arriving), each waited there behind the
others and behind the games' moves; daphne drops a WebSocket handshake
the application has not answered within five seconds.  Reading who
somebody is shares nothing with the games' writes, so here it runs on
the pool, as the panels are drawn.
"""

from __future__ import annotations

from channels.auth import AuthMiddleware, get_user
from channels.db import database_sync_to_async
from channels.sessions import CookieMiddleware, SessionMiddleware

_read_user = database_sync_to_async(get_user.func, thread_sensitive=False)


class PooledAuthMiddleware(AuthMiddleware):
    """Channels' ``AuthMiddleware``, with the user read on the shared pool of threads."""

    async def resolve_scope(self, scope) -> None:
        scope["user"]._wrapped = await _read_user(scope)


def pooled_auth_stack(inner):
    """``AuthMiddlewareStack`` (cookies, session, user) with the user read on the pool."""
    return CookieMiddleware(SessionMiddleware(PooledAuthMiddleware(inner)))
