"""Root URL configuration.

Each app owns its URLs in its own ``urls.py`` with an ``app_name``; include
it here, e.g. ``path("", include("tutor.lessons.urls"))`` for the lessons app.
The home app is included last with an empty prefix, so more specific app
routes listed before it win.
"""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    # Project apps: add their includes here.
    path("cuenta/", include("tutor.accounts.urls")),
    path("", include("tutor.board.urls")),
    path("estudios/", include("tutor.studies.urls")),
    path("", include("tutor.classroom.urls")),
    path("", include("tutor.health.urls")),
    path("", include("tutor.lessons.urls")),
    path("", include("tutor.practice.urls")),
    path("", include("tutor.training.urls")),
    # Before play's: its ``jugar/<code>/`` would take ``jugar/sala/…`` and ``jugar/jugador/…``.
    path("", include("tutor.lobby.urls")),
    path("", include("tutor.ratings.urls")),
    path("", include("tutor.play.urls")),
    path("", include("tutor.uploads.urls")),
    path("", include("tutor.home.urls")),
]
