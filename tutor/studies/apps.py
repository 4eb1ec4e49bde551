from django.apps import AppConfig


class StudiesConfig(AppConfig):
    """Teachers' own interactive lessons: studies of chapters, each a position, a text and a question."""

    name = "tutor.studies"
    label = "studies"
    verbose_name = "Estudios"

    def ready(self) -> None:
        from tutor.classroom.models import add_item_source
        from tutor.classroom.results import add_attempt_source, add_progress_source

        from . import checks  # noqa: F401  (registers the database check of stored chapters)
        from .assigned import attempt_lines, item_counts, progress_parts

        add_attempt_source(attempt_lines)  # the answers to an assignment's studies in its intentos.csv
        add_progress_source(progress_parts)  # and in its status: «Completada» needs every question right
        add_item_source(item_counts)  # and in its one count of items: one per chapter with a question
