"""Account forms: sign-up with the teacher choice; Django's forms for the rest."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm

User = get_user_model()

PASSWORD_HELP = (
    "Tu contraseña debe tener al menos 8 caracteres y no puede ser solo números, "
    "ni una contraseña muy común, ni parecerse a tu nombre de usuario o a tu correo."
)
"""The rules of Django's password validators, said with «tú» like the rest of the site."""


class TuPasswordHelp:
    """Replace Django's «Su contraseña…» help with ours on whichever new-password field the form has."""

    fields: dict[str, forms.Field]  # the form's, which this mixes into

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name in ("password1", "new_password1"):
            if name in self.fields:
                self.fields[name].help_text = PASSWORD_HELP


class PasswordChangeForm(TuPasswordHelp, auth_forms.PasswordChangeForm):
    pass


class SetPasswordForm(TuPasswordHelp, auth_forms.SetPasswordForm):
    pass


class SignUpForm(TuPasswordHelp, UserCreationForm):
    """A new account: username, name, optional e-mail, passwords and the role."""

    first_name = forms.CharField(
        label="Tu nombre",
        max_length=150,
        help_text="Como quieres que te vea tu profesor o profesora, p. ej. «Lucía G.».",
    )
    email = forms.EmailField(
        label="Correo electrónico (opcional)",
        required=False,
        help_text="Solo para recuperar la contraseña si la olvidas. No enviamos nada más.",
    )
    is_teacher = forms.BooleanField(
        label="Soy profesor/a",
        required=False,
        help_text="Podrás crear grupos, poner tareas y seguir los resultados de tus alumnos.",
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "first_name", "email")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = "Con él entrarás. Letras, números y . @ + - _, sin espacios."

    def clean_email(self) -> str:
        """The e-mail, never refused for being in use: saying so on the page
        would tell anyone which addresses have an account.  An address in
        use is left off the new account and its owner is told by e-mail
        (``emails.send_sign_up_email``), as the password reset does."""
        email = self.cleaned_data.get("email", "").strip()
        self.email_taken = bool(email) and User.objects.filter(email__iexact=email).exists()
        return email

    def save(self, commit: bool = True):
        user = super().save(commit=False)
        if getattr(self, "email_taken", False):
            user.email = ""
        if commit:
            user.save()
        return user

    def clean_username(self) -> str:
        username = self.cleaned_data.get("username", "").strip()
        if User.objects.filter(username__iexact=username).exists():
            raise forms.ValidationError("Ese nombre de usuario ya está en uso. Prueba con otro.")
        return username


class LoginForm(AuthenticationForm):
    error_messages = {
        "invalid_login": "El nombre de usuario o la contraseña no son correctos. Ten en cuenta las mayúsculas.",
        "inactive": "Esta cuenta está desactivada.",
    }
