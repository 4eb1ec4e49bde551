from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """FIBS ratings of the rated live matches, and each player's page."""

    name = "tutor.ratings"
    label = "ratings"
    verbose_name = "Puntuaciones"

    def ready(self) -> None:
        from tutor.play.signals import match_finished

        from .service import rate_finished_match

        match_finished.connect(rate_finished_match, dispatch_uid="ratings.rate_finished_match")
