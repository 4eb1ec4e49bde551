"""Admin: users with their profile inline, so staff can make someone a teacher."""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from .models import Profile

User = get_user_model()


class ProfileInline(admin.StackedInline):
    model = Profile
    fk_name = "user"
    can_delete = False
    extra = 1
    max_num = 1
    fields = ("is_teacher", "must_change_password", "one_time_expires_at", "one_time_used", "created_by")
    raw_id_fields = ("created_by",)
    verbose_name_plural = "perfil"


@admin.action(description="Hacer profesor/a a los usuarios seleccionados")
def make_teacher(modeladmin, request, queryset):
    for user in queryset:
        Profile.objects.update_or_create(user=user, defaults={"is_teacher": True})


class AccountAdmin(UserAdmin):
    inlines = [ProfileInline]
    list_display = ("username", "first_name", "last_name", "email", "teacher", "is_staff", "date_joined", "last_login")
    list_filter = ("profile__is_teacher", "profile__must_change_password", "is_staff", "is_active", "date_joined")
    actions = [make_teacher]

    @admin.display(boolean=True, description="profesor/a", ordering="profile__is_teacher")
    def teacher(self, user) -> bool:
        profile = getattr(user, "profile", None)
        return bool(profile and profile.is_teacher)

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("profile")


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "is_teacher", "must_change_password", "created_by")
    list_filter = ("is_teacher", "must_change_password")
    search_fields = ("user__username", "user__first_name", "user__last_name", "user__email")
    raw_id_fields = ("user", "created_by")
    list_select_related = ("user", "created_by")


admin.site.unregister(User)
admin.site.register(User, AccountAdmin)
