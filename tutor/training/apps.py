from django.apps import AppConfig


class TrainingConfig(AppConfig):
    """Endless rule drills, each learner's memory of every rule, and spaced review."""

    name = "tutor.training"
    label = "training"
    verbose_name = "Entrenamiento por reglas"

    def ready(self) -> None:
        from tutor.classroom.models import add_item_source
        from tutor.classroom.results import add_attempt_source, add_progress_source
        from tutor.rules import answer_judged

        from . import signals  # also merges a visitor's memory into the account on login
        from .assignments import attempt_lines, item_counts, progress_parts

        answer_judged.connect(signals.remember_answer, uid="training-memory")
        add_attempt_source(attempt_lines)  # the drills of an assignment in its intentos.csv
        add_progress_source(progress_parts)  # and in its status: «Completada» needs them solved
        add_item_source(item_counts)  # and in the one count of its items, for the teacher and the student
