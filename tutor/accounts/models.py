"""What an account adds to Django's user: the teacher flag and one-time passwords.

A teacher is a user whose profile says so: chosen at sign-up ("Soy
profesor/a") or granted by staff in the admin.  Accounts that a teacher
creates for young students without e-mail start with a one-time password
that must be replaced on the first login.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile", verbose_name="usuario"
    )
    is_teacher = models.BooleanField(
        "es profesor/a", default=False, help_text="Puede crear grupos y tareas y ver los resultados de sus alumnos."
    )
    must_change_password = models.BooleanField(
        "debe cambiar la contraseña", default=False, help_text="Tiene una contraseña de un solo uso."
    )
    one_time_expires_at = models.DateTimeField(
        "la contraseña de un solo uso caduca",
        null=True,
        blank=True,
        help_text="Pasada esta fecha, la contraseña de un solo uso ya no sirve para entrar.",
    )
    one_time_used = models.BooleanField(
        "contraseña de un solo uso ya usada",
        default=False,
        help_text="Ya se entró con ella: solo sirve para elegir la contraseña propia en esa sesión.",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="created_accounts",
        verbose_name="creada por",
        help_text="El profesor o la profesora que creó la cuenta, si la creó un profesor.",
    )

    class Meta:
        verbose_name = "perfil"
        verbose_name_plural = "perfiles"

    def __str__(self) -> str:
        return f"Perfil de {self.user}"

    def one_time_password_spent(self, now=None) -> bool:
        """Whether the one-time password can no longer open a session:
        it served a login already, or its few days have passed."""
        if not self.must_change_password:
            return False
        expired = self.one_time_expires_at is not None and self.one_time_expires_at <= (now or timezone.now())
        return self.one_time_used or expired

    @classmethod
    def of(cls, user) -> Profile:
        """The profile of ``user``, created on first use."""
        profile, _ = cls.objects.get_or_create(user=user)
        return profile


def is_teacher(user) -> bool:
    """True for a logged-in user whose profile is a teacher's (cached per request)."""
    if not getattr(user, "is_authenticated", False):
        return False
    cached = getattr(user, "_is_teacher", None)
    if cached is None:
        cached = Profile.objects.filter(user=user, is_teacher=True).exists()
        user._is_teacher = cached
    return cached


def _made_by_a_teacher() -> models.QuerySet[Profile]:
    return Profile.objects.filter(created_by__isnull=False, is_teacher=False)


def creator_of(user) -> int | None:
    """The teacher who created ``user``'s account for a student, or ``None`` for an account made by its
    owner (cached per request, as ``is_teacher``)."""
    if not getattr(user, "is_authenticated", False):
        return None
    if not hasattr(user, "_creator_of"):
        user._creator_of = _made_by_a_teacher().filter(user=user).values_list("created_by", flat=True).first()
    return user._creator_of


def made_by_a_teacher(user_ids) -> set[int]:
    """Which of these accounts a teacher created (``creator_of``), in one query."""
    return set(_made_by_a_teacher().filter(user_id__in=list(user_ids)).values_list("user_id", flat=True))


def remember_profile(user, profile: Profile | None) -> None:
    """Answer ``is_teacher`` and ``creator_of`` for the rest of the request from a profile read with the user."""
    user._is_teacher = profile is not None and profile.is_teacher
    user._creator_of = None if profile is None or profile.is_teacher else profile.created_by_id


def display_name(user) -> str:
    """The name a teacher sees: the full name, or the username."""
    return user.get_full_name() or user.username
