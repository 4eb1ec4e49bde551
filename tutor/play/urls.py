from django.urls import path

import tutor.converters  # noqa: F401  (registers <id:…>)

from . import views

app_name = "play"

urlpatterns = [
    path("jugar/", views.index, name="index"),
    path("jugar/nueva/", views.create, name="create"),
    path("jugar/codigo/", views.join_by_code, name="join-code"),
    path("jugar/retar/", views.challenge, name="challenge"),
    path("jugar/clase/<id:pk>/emparejar/", views.pair_class, name="pair"),
    path("jugar/clase/<id:pk>/enlaces/", views.class_links, name="class-links"),
    path("jugar/<str:code>/", views.game_page, name="game"),
    path("jugar/<str:code>/unirse/", views.join, name="join"),
    path("jugar/<str:code>/accion/", views.act, name="act"),
    path("jugar/<str:code>/revision/", views.review, name="review"),
    path("jugar/<str:code>/partida.mat", views.export_mat, name="export"),
    path("jugar/<str:code>/ejercicios/", views.make_exercises, name="exercises"),
]
