"""The upload form: a ``.mat`` or ``.sgf`` file, or its text pasted; which player you were, if you know it already."""

from __future__ import annotations

from django import forms

from tutor.games.matfile import MAX_BYTES

ONE_OF_THEM = "Sube un archivo o pega el texto de la partida, no los dos."
NOTHING = "Sube un archivo .mat o .sgf, o pega el texto de la partida."
LIMIT = f"{MAX_BYTES // (1024 * 1024)} MB"
"""The largest file, in the words the page and the refusal both use."""
TOO_LARGE = f"El archivo pesa demasiado: el límite es {LIMIT} (un match largo en .mat pesa unas decenas de kB)."
SIDE_CHOICES = [("", "Lo diré después de leerla"), ("0", "El primer jugador del archivo"), ("1", "El segundo jugador del archivo")]


class UploadForm(forms.Form):
    file = forms.FileField(label="Archivo .mat o .sgf", required=False, allow_empty_file=True)
    text = forms.CharField(
        label="O pega aquí el texto de la partida", required=False, strip=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "autocomplete": "off"}),
        max_length=MAX_BYTES, error_messages={"max_length": TOO_LARGE},
    )
    side = forms.TypedChoiceField(
        label="¿Quién eras tú?", choices=SIDE_CHOICES, required=False, coerce=int, empty_value=None,
        help_text="El tablero de la revisión se ve desde tu lado y tus errores se convierten en ejercicios.",
    )

    def clean(self) -> dict:
        data = super().clean() or {}
        upload, text = data.get("file"), data.get("text") or ""
        if upload and text.strip():
            raise forms.ValidationError(ONE_OF_THEM)
        if upload:
            if upload.size > MAX_BYTES:
                raise forms.ValidationError(TOO_LARGE)
            data["data"] = upload.read(MAX_BYTES + 1)
            data["filename"] = str(upload.name or "")
        elif text.strip():
            data["data"] = text
            data["filename"] = ""
        elif not self.errors:
            raise forms.ValidationError(NOTHING)
        return data


class SideForm(forms.Form):
    side = forms.TypedChoiceField(choices=[("0", "0"), ("1", "1")], coerce=int,
                                  error_messages={"invalid_choice": "Elige uno de los dos jugadores.",
                                                  "required": "Elige uno de los dos jugadores."})
