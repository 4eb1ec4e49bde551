from django.apps import AppConfig


class ClassroomConfig(AppConfig):
    """Teachers' groups, assignments of exercises and every student's attempts."""

    name = "tutor.classroom"
    label = "classroom"
    verbose_name = "Clases y tareas"
