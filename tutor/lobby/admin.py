"""The staff's side of the lobby: the reports about games first, then seeks and blocks."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from .models import Block, Report, Seek


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("created", "reported", "reporter", "reason", "game_link", "handled")
    list_filter = ("handled", "reason")
    list_editable = ("handled",)
    list_select_related = ("reported", "reporter", "game")
    search_fields = ("reported__username", "reporter__username", "game__code")
    readonly_fields = ("game", "reporter", "reported", "reason", "comment", "created")
    actions = ["mark_handled"]

    @admin.display(description="partida")
    def game_link(self, report: Report) -> str:
        return format_html('<a href="{}">{}</a>', reverse("play:game", args=[report.game.code]), report.game.code)

    @admin.action(description="Marcar como revisados")
    def mark_handled(self, request, queryset) -> None:
        queryset.update(handled=True)


@admin.register(Seek)
class SeekAdmin(admin.ModelAdmin):
    list_display = ("created", "creator", "length", "clock", "rated", "classroom", "status", "taker", "game")
    list_filter = ("status", "length", "rated", "clock")
    list_select_related = ("creator", "taker", "classroom", "game")
    search_fields = ("creator__username",)
    raw_id_fields = ("creator", "taker", "rival", "game", "rematch_of", "classroom")


@admin.register(Block)
class BlockAdmin(admin.ModelAdmin):
    list_display = ("created", "blocker", "blocked")
    search_fields = ("blocker__username", "blocked__username")
    raw_id_fields = ("blocker", "blocked")
