"""Admin for staff: studies with their chapters, read only (teachers write them in the editor,
where the engine checks every chapter)."""

from django.contrib import admin

from .models import Chapter, Study


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
