"""The review pages' WebSocket of uploaded matches, served with the other apps' by ``tutor.live.routing`` (tutor/asgi.py)."""

from django.urls import path

import tutor.converters  # noqa: F401  (registers <id:…>)

from .review_socket import UploadReviewConsumer

websocket_urlpatterns = [
    path("ws/revisar/<id:pk>/", UploadReviewConsumer.as_asgi()),
    path("ws/revisar/compartida/<str:token>/", UploadReviewConsumer.as_asgi()),
]
