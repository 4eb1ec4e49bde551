from django.apps import AppConfig


class PlayConfig(AppConfig):
    """Live games between two people, refereed by the engine, over WebSockets."""

    name = "tutor.play"
    label = "play"
    verbose_name = "Partidas entre personas"
