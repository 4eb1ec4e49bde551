"""Admin for staff: studies with their chapters, read only (teachers write them in the editor,
where the engine checks every chapter)."""

from django.contrib import admin

from .models import Chapter, ChapterAnswer, Study


class ChapterInline(admin.TabularInline):
    model = Chapter
    extra = 0
    fields = ("order", "title", "question_kind", "moment", "xgid", "revision")
    readonly_fields = fields
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Study)
class StudyAdmin(admin.ModelAdmin):
    list_display = ("title", "author", "sharing", "updated_at")
    list_filter = ("sharing", "updated_at")
    search_fields = ("title", "author__username", "author__first_name", "author__last_name")
    readonly_fields = ("author", "title", "introduction", "sharing", "classrooms", "link_token", "copied_from", "created_at", "updated_at")
    list_select_related = ("author",)
    inlines = [ChapterInline]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ChapterAnswer)
class ChapterAnswerAdmin(admin.ModelAdmin):
    """The readers' answers, read only: what a teacher's paths are made of."""

    list_display = ("reader", "study", "chapter_title", "number", "revision", "correct", "solution_seen", "seconds", "created_at")
    list_filter = ("correct", "solution_seen", "created_at")
    search_fields = ("reader__username", "study__title", "chapter_title")
    list_select_related = ("reader", "study")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
