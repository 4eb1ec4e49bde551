"""The WebSocket side of the ASGI application (tutor/asgi.py)."""

from channels.routing import URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from django.urls import path

from .consumers import GameConsumer
from .limits import ConnectionGate
from .review_socket import ReviewConsumer
from .visitor import pooled_auth_stack

websocket_urlpatterns = [
    path("ws/jugar/<str:code>/", GameConsumer.as_asgi()),
    path("ws/jugar/<str:code>/revision/", ReviewConsumer.as_asgi()),
]


def websocket_application(*more_patterns):
    """Only the site's own hosts (Origin against ALLOWED_HOSTS, read now), at a bounded pace per
    address (``ConnectionGate``), with the visitor's session (read on the pool of threads: ``visitor``).

    ``more_patterns`` are other apps' sockets (the lobby's), served the same way.
    """
    return AllowedHostsOriginValidator(
        ConnectionGate(pooled_auth_stack(URLRouter([*websocket_urlpatterns, *more_patterns])))
    )
