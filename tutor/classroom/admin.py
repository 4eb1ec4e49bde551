"""Admin for staff: groups with their students, assignments with their
exercises, and every attempt (read-only: attempts are a record)."""

from django.contrib import admin

from .models import Assignment, Attempt, Classroom, Exercise, Membership


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ("student",)
    readonly_fields = ("joined_at",)


@admin.register(Classroom)
class ClassroomAdmin(admin.ModelAdmin):
    list_display = ("name", "teacher", "join_code", "student_count", "created_at")
    list_filter = ("created_at",)
    search_fields = ("name", "join_code", "teacher__username", "teacher__first_name", "teacher__last_name")
    raw_id_fields = ("teacher",)
    inlines = [MembershipInline]
    list_select_related = ("teacher",)

    @admin.display(description="alumnos")
    def student_count(self, classroom) -> int:
        return classroom.memberships.count()


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("student", "classroom", "joined_at")
    list_filter = ("classroom", "joined_at")
    search_fields = ("student__username", "student__first_name", "classroom__name")
    raw_id_fields = ("student", "classroom")
    list_select_related = ("student", "classroom")


class ExerciseInline(admin.TabularInline):
    model = Exercise
    extra = 0
    fields = ("order", "title", "kind", "puzzle_slug", "xgid", "answer")
    readonly_fields = ("answer",)


@admin.register(Assignment)
class AssignmentAdmin(admin.ModelAdmin):
    list_display = ("title", "classroom", "due_at", "published_at", "exercise_count")
    list_filter = ("published_at", "due_at", "classroom")
    search_fields = ("title", "instructions", "classroom__name")
    date_hierarchy = "due_at"
    raw_id_fields = ("classroom",)
    inlines = [ExerciseInline]
    list_select_related = ("classroom",)

    @admin.display(description="ejercicios")
    def exercise_count(self, assignment) -> int:
        return assignment.exercises.count()


@admin.register(Exercise)
class ExerciseAdmin(admin.ModelAdmin):
    list_display = ("title", "assignment", "kind", "puzzle_slug", "order")
    list_filter = ("kind", "assignment__classroom")
    search_fields = ("title", "question", "puzzle_slug", "assignment__title")
    raw_id_fields = ("assignment",)
    list_select_related = ("assignment",)


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    list_display = ("created_at", "student", "exercise", "number", "text", "correct", "legal", "codes", "solution_seen")
    list_filter = ("correct", "legal", "solution_seen", "codes", "exercise__assignment__classroom", "created_at")
    search_fields = ("student__username", "student__first_name", "text", "codes", "exercise__title")
    date_hierarchy = "created_at"
    list_select_related = ("student", "exercise")
    readonly_fields = ("exercise", "student", "number", "text", "correct", "legal", "codes", "verdict", "created_at", "solution_seen")

    def has_add_permission(self, request) -> bool:
        return False
