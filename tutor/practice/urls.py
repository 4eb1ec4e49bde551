from django.urls import path

import tutor.converters  # noqa: F401  (registers <id:…>)

from . import api_grade, views

app_name = "practice"

urlpatterns = [
    path("practica/", views.index, name="index"),
    path("practica/nueva/", views.start, name="start"),
    path("practica/ejercicios/", views.exercise_index, name="exercise-index"),
    path("practica/ejercicios/<id:pk>/", views.exercise, name="exercise"),
    path("practica/<id:pk>/", views.match_page, name="match"),
    path("practica/<id:pk>/estado/", views.match_state, name="state"),
    path("practica/<id:pk>/tirar/", views.roll, name="roll"),
    path("practica/<id:pk>/doblar/", views.double, name="double"),
    path("practica/<id:pk>/jugar/", views.play, name="play"),
    path("practica/<id:pk>/responder/", views.answer, name="answer"),
    path("practica/<id:pk>/pista/", views.hint, name="hint"),
    path("practica/<id:pk>/rendirse/", views.resign, name="resign"),
    path("practica/<id:pk>/siguiente/", views.next_game, name="next-game"),
    path("practica/<id:pk>/revision/", views.review, name="review"),
    path("practica/<id:pk>/revision/progreso/", views.review_progress, name="review-progress"),
    path("practica/<id:pk>/partida.mat", views.export_mat, name="export"),
    path("practica/<id:pk>/ejercicios/", views.match_exercises, name="exercises"),
    path("api/grade/", api_grade.grade, name="api-grade"),
]
