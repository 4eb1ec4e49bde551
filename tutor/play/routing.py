"""The live games' WebSockets, served with the lobby's by ``tutor.live.routing`` (tutor/asgi.py)."""

from django.urls import path

from .consumers import GameConsumer
from .review_socket import ReviewConsumer

websocket_urlpatterns = [
    path("ws/jugar/<str:code>/", GameConsumer.as_asgi()),
    path("ws/jugar/<str:code>/revision/", ReviewConsumer.as_asgi()),
]
