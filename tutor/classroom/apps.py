from django.apps import AppConfig


class ClassroomConfig(AppConfig):
    """Teachers' groups, assignments of exercises and every student's attempts."""

    name = "tutor.classroom"
    label = "classroom"
    verbose_name = "Clases y tareas"

    def ready(self) -> None:
        from tutor.lessons import gates

        from .solutions import AssignmentGate, remember_shown

        # Lesson solutions wait while a student has the exercise unanswered, and are remembered once given.
        gates.register_gate(AssignmentGate(), uid="classroom-assignments")
        gates.solution_shown.connect(remember_shown, uid="classroom-solution-views")
