from django.urls import path

from . import views

app_name = "board"

urlpatterns = [
    path("tablero/girar/", views.turn_board, name="turn"),
]
