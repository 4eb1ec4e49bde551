from django.apps import AppConfig


class HomeConfig(AppConfig):
    name = "tutor.home"
    label = "home"
    verbose_name = "Inicio"
