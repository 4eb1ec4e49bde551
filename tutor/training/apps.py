from django.apps import AppConfig


class TrainingConfig(AppConfig):
    """Endless rule drills, each learner's memory of every rule, and spaced review."""

    name = "tutor.training"
    label = "training"
    verbose_name = "Entrenamiento por reglas"

    def ready(self) -> None:
        from tutor.classroom.results import add_attempt_source

        from . import signals  # noqa: F401  (merges a visitor's memory into the account on login)
        from .assignments import attempt_lines

        add_attempt_source(attempt_lines)  # the drills of an assignment in its intentos.csv
