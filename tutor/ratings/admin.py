from django.contrib import admin

from .models import RatedMatch, Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("user", "rating", "experience", "updated")
    search_fields = ("user__username",)
    readonly_fields = ("updated",)


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("created", "user", "rival", "length", "won", "rating_before", "rating_after")
    list_select_related = ("user", "rival")
    search_fields = ("user__username", "rival__username")
    raw_id_fields = ("user", "rival", "game")


@admin.register(RatedMatch)
class RatedMatchAdmin(admin.ModelAdmin):
    list_display = ("game", "applied_at")
    raw_id_fields = ("game",)
