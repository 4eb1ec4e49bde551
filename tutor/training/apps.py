from django.apps import AppConfig


class TrainingConfig(AppConfig):
    """Endless rule drills, each learner's memory of every rule, and spaced review."""

    name = "tutor.training"
    label = "training"
    verbose_name = "Entrenamiento por reglas"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (merges a visitor's memory into the account on login)
