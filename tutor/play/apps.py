from django.apps import AppConfig


class PlayConfig(AppConfig):
    """Live games between two people, refereed by the engine, over WebSockets."""

    name = "tutor.play"
    label = "play"
    verbose_name = "Partidas entre personas"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (connects the logout receiver)
