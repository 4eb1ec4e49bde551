from django.contrib import admin

from .models import Action, Exercise, PracticeMatch


class ActionInline(admin.TabularInline):
    model = Action
    extra = 0
    fields = ("number", "game_number", "side", "kind", "play", "best", "loss", "colour")
    readonly_fields = fields
    can_delete = False


@admin.register(PracticeMatch)
class PracticeMatchAdmin(admin.ModelAdmin):
    list_display = ("pk", "title", "level", "user", "phase", "game_number", "updated")
    list_filter = ("level", "length", "phase")
    readonly_fields = ("xgid", "last_turn", "seq", "dice_thrown")
    inlines = [ActionInline]


@admin.register(Exercise)
class ExerciseAdmin(admin.ModelAdmin):
    list_display = ("pk", "action", "live_action", "attempts", "solved", "created")
    list_filter = ("solved",)
