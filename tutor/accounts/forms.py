"""Account forms: sign-up with the teacher choice; Django's forms for the rest."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm

User = get_user_model()


class SignUpForm(UserCreationForm):
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
