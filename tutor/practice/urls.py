from django.urls import path

from . import api_grade, views

app_name = "practice"

urlpatterns = [
    path("practica/", views.index, name="index"),
    path("practica/nueva/", views.start, name="start"),
    path("practica/ejercicios/", views.exercise_index, name="exercise-index"),
    path("practica/ejercicios/<int:pk>/", views.exercise, name="exercise"),
    path("practica/<int:pk>/", views.match_page, name="match"),
    path("practica/<int:pk>/tirar/", views.roll, name="roll"),
    path("practica/<int:pk>/doblar/", views.double, name="double"),
    path("practica/<int:pk>/jugar/", views.play, name="play"),
    path("practica/<int:pk>/responder/", views.answer, name="answer"),
    path("practica/<int:pk>/pista/", views.hint, name="hint"),
    path("practica/<int:pk>/siguiente/", views.next_game, name="next-game"),
    path("practica/<int:pk>/revision/", views.review, name="review"),
    path("practica/<int:pk>/partida.mat", views.export_mat, name="export"),
    path("practica/<int:pk>/ejercicios/", views.match_exercises, name="exercises"),
    path("api/grade/", api_grade.grade, name="api-grade"),
]
