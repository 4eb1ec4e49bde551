"""The lobby's WebSocket, served with the live games' (tutor/asgi.py)."""

from django.urls import path

from .consumers import LobbyConsumer

websocket_urlpatterns = [
    path("ws/sala/", LobbyConsumer.as_asgi()),
]
