from django.apps import AppConfig


class TrainingConfig(AppConfig):
    """Endless rule drills, each learner's memory of every rule, and spaced review."""

    name = "tutor.training"
    label = "training"
    verbose_name = "Entrenamiento por reglas"

    def ready(self) -> None:
        from tutor.rules import answer_judged

        from . import signals  # also merges a visitor's memory into the account on login

        answer_judged.connect(signals.remember_answer, uid="training-memory")
