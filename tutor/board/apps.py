from django.apps import AppConfig


class BoardConfig(AppConfig):
    name = "tutor.board"
    label = "board"
    verbose_name = "Tablero"
