from django.apps import AppConfig


class PracticeConfig(AppConfig):
    """Practice games against the computer, graded move by move with a traffic light."""

    name = "tutor.practice"
    label = "practice"
    verbose_name = "Práctica contra el programa"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (keeps anonymous games on login)
