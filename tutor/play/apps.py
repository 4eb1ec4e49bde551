from django.apps import AppConfig


class PlayConfig(AppConfig):
    """Live games between two people, refereed by the engine, over WebSockets."""

    name = "tutor.play"
    label = "play"
    verbose_name = "Partidas entre personas"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate, post_save

        from tutor.games.driver import game_finished, turn_started

        from .clocks import on_turn_started
        from .flags import follow_deadline, queue_missing
        from .models import LiveGame
        from .tasks import queue_finished_match

        game_finished.connect(queue_finished_match, sender=LiveGame, dispatch_uid="play.queue_review")
        turn_started.connect(on_turn_started, sender=LiveGame, dispatch_uid="play.clock")
        post_save.connect(follow_deadline, sender=LiveGame, dispatch_uid="play.flag_task")
        post_migrate.connect(queue_missing, sender=self, dispatch_uid="play.missing_flag_tasks")
