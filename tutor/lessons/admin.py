from django.contrib import admin

from .models import SolvedPuzzle


@admin.register(SolvedPuzzle)
class SolvedPuzzleAdmin(admin.ModelAdmin):
    """Which lesson puzzles each account has solved (read-only: learners write it)."""

    list_display = ("user", "slug", "solved_at")
    list_filter = ("solved_at",)
    search_fields = ("user__username", "slug")
    date_hierarchy = "solved_at"
    readonly_fields = ("user", "slug", "solved_at")

    def has_add_permission(self, request):
        return False
