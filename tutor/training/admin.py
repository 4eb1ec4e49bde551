from django.contrib import admin

from .models import DrillTask, RuleAnswer, RuleMemory


@admin.register(RuleMemory)
class RuleMemoryAdmin(admin.ModelAdmin):
    list_display = ("user", "rule", "correct", "total", "due")
    list_filter = ("rule",)
    search_fields = ("user__username",)


@admin.register(RuleAnswer)
class RuleAnswerAdmin(admin.ModelAdmin):
    list_display = ("user", "rule", "correct", "source", "item", "created")
    list_filter = ("rule", "source", "correct")
    search_fields = ("user__username", "item")


@admin.register(DrillTask)
class DrillTaskAdmin(admin.ModelAdmin):
    list_display = ("assignment", "rule", "level", "count")
    list_filter = ("rule", "level")
