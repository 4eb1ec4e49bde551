"""How the live sockets of every app are served (tutor/asgi.py)."""

from channels.routing import URLRouter
from channels.security.websocket import AllowedHostsOriginValidator

from .limits import ConnectionGate
from .visitor import pooled_auth_stack


def websocket_application(*patterns):
    """Only the site's own hosts (Origin against ALLOWED_HOSTS, read now), at a bounded pace per
    address (``ConnectionGate``), with the visitor's session (read on the pool of threads: ``visitor``).

    ``patterns`` are the apps' sockets (the live games', their reviews', the lobby's), served alike.
    """
    return AllowedHostsOriginValidator(ConnectionGate(pooled_auth_stack(URLRouter(list(patterns)))))
