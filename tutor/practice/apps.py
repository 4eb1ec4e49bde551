from django.apps import AppConfig


class PracticeConfig(AppConfig):
    """Practice games against the computer, graded move by move with a traffic light."""

    name = "tutor.practice"
    label = "practice"
    verbose_name = "Práctica contra el programa"

    def ready(self) -> None:
        from tutor.games.driver import game_finished

        from . import signals  # noqa: F401  (keeps anonymous games on login)
        from .models import PracticeMatch
        from .tasks import queue_finished_game

        game_finished.connect(queue_finished_game, sender=PracticeMatch, dispatch_uid="practice.queue_review")
