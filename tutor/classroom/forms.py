"""Forms of the classroom: groups, joining, accounts, assignments and exercises."""

from __future__ import annotations

import hashlib
from typing import cast

from django import forms

from .exercises import QUESTIONS, Draft, DraftError, draft_exercise
from .models import Assignment, Classroom, normalise_code

MAX_NEW_ACCOUNTS = 40


class ClassroomForm(forms.ModelForm):
    class Meta:
        model = Classroom
        fields = ["name"]
        labels = {"name": "Nombre del grupo"}
        help_texts = {"name": "Por ejemplo «2.º B – Club de ajedrez y backgammon»."}
        error_messages = {"name": {"required": "Escribe un nombre para el grupo."}}


class JoinForm(forms.Form):
    code = forms.CharField(
        label="Código del grupo",
        max_length=20,
        help_text="Te lo da tu profesor o profesora: ocho letras y números, p. ej. K7QM-2XRT.",
        error_messages={"required": "Escribe el código del grupo."},
    )

    def clean_code(self) -> str:
        code = normalise_code(self.cleaned_data["code"])
        try:
            self.classroom = Classroom.objects.select_related("teacher").get(join_code=code)
        except Classroom.DoesNotExist:
            raise forms.ValidationError("No hay ningún grupo con ese código. Revisa las letras y los números.") from None
        return code


class StudentAccountsForm(forms.Form):
    names = forms.CharField(
        label="Nombres de los alumnos, uno por línea",
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=f"Hasta {MAX_NEW_ACCOUNTS} a la vez. Con el nombre de pila y una inicial basta (p. ej. «Lucía G.»).",
        error_messages={"required": "Escribe al menos un nombre."},
    )

    def clean_names(self) -> list[str]:
        names = [" ".join(line.split()) for line in self.cleaned_data["names"].splitlines()]
        names = [name for name in names if name]
        if not names:
            raise forms.ValidationError("Escribe al menos un nombre.")
        if len(names) > MAX_NEW_ACCOUNTS:
            raise forms.ValidationError(f"Son {len(names)} nombres: crea como mucho {MAX_NEW_ACCOUNTS} cuentas a la vez.")
        too_long = [name for name in names if len(name) > 60]
        if too_long:
            raise forms.ValidationError(f"«{too_long[0][:60]}…» es demasiado largo: usa como mucho 60 caracteres por nombre.")
        return names


class AssignmentForm(forms.ModelForm):
    class Meta:
        model = Assignment
        fields = ["title", "instructions", "due_at"]
        labels = {"title": "Título", "instructions": "Instrucciones (opcional)", "due_at": "Fecha y hora de entrega"}
        help_texts = {
            "instructions": "Lo que leerán tus alumnos antes de empezar.",
            "due_at": "Se puede entregar después, pero quedará marcado «con retraso».",
        }
        widgets = {
            "instructions": forms.Textarea(attrs={"rows": 4}),
            "due_at": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        }
        error_messages = {
            "title": {"required": "Escribe un título para la tarea."},
            "due_at": {"required": "Elige la fecha de entrega.", "invalid": "Escribe la fecha como dd/mm/aaaa hh:mm."},
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.DateTimeField, self.fields["due_at"]).input_formats = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%d/%m/%Y %H:%M", "%d/%m/%Y"]


def dice_choices() -> list[tuple[str, str]]:
    rolls = [f"{high}-{low}" for high in range(6, 0, -1) for low in range(high, 0, -1)]
    # The board editor's checkers carry no dice: the empty choice asks for them, and only a pasted
    # XGID or GNU Backgammon ID with a roll may leave it empty.
    return [("", "Elige los dados")] + [(roll, roll) for roll in rolls]


class CustomExerciseForm(forms.Form):
    """The board editor: a position in one of three ways, the dice and a question."""

    title = forms.CharField(label="Título (opcional)", max_length=120, required=False)
    question_key = forms.ChoiceField(
        label="¿Qué preguntas?",
        choices=[(question.key, question.label) for question in QUESTIONS.values()],
        widget=forms.RadioSelect,
        initial="jugada",
        error_messages={"required": "Elige qué quieres preguntar."},
    )
    play = forms.CharField(
        label="La jugada de la pregunta «¿Es legal?»",
        max_length=100,
        required=False,
        help_text="Solo para «¿Es legal esta jugada?», p. ej. 13/7 8/5.",
    )
    prompt = forms.CharField(
        label="Enunciado (opcional)", max_length=300, required=False, help_text="Si lo dejas vacío, se usa la pregunta elegida."
    )
    xgid = forms.CharField(label="XGID", max_length=120, required=False, help_text="P. ej. XGID=-b----E-C---eE---c-e----B-:0:0:1:63:0:0:0:0:10")
    gnubg_id = forms.CharField(
        label="ID de GNU Backgammon", max_length=120, required=False, help_text="Position ID y, si quieres, Match ID: 4HPwATDgc/ABMA:cAkPAAAAAAAE"
    )
    white = forms.CharField(label="Blancas", max_length=200, required=False, help_text="punto:cantidad, p. ej. 24:2 13:5 8:3 6:5; bar:1 para la barra.")
    black = forms.CharField(label="Negras", max_length=200, required=False, help_text="Con la numeración de las blancas, p. ej. 1:2 12:5 17:3 19:5.")
    turn = forms.ChoiceField(label="Juegan", choices=[("blancas", "Blancas"), ("negras", "Negras")], initial="blancas", required=False)
    dice = forms.ChoiceField(
        label="Dados",
        choices=dice_choices,
        required=False,
        help_text="Si pegas un XGID o un ID de GNU Backgammon con su tirada, puedes dejarlos sin elegir: se usan los suyos.",
    )
    checked = forms.CharField(widget=forms.HiddenInput, required=False)

    draft: Draft | None = None

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        given = [name for name in ("xgid", "gnubg_id") if data.get(name)]
        if data.get("white") or data.get("black"):
            given.append("white")
        if not given:
            raise forms.ValidationError("Describe la posición: pega un XGID o un ID de GNU Backgammon, o escribe las fichas de blancas y negras.")
        if len(given) > 1:
            raise forms.ValidationError("Describe la posición de una sola forma: XGID, ID de GNU Backgammon o fichas punto a punto.")
        try:
            self.draft = draft_exercise(
                question_key=data["question_key"],
                title=data.get("title", ""),
                prompt=data.get("prompt", ""),
                play=data.get("play", ""),
                xgid=data.get("xgid", "").strip(),
                gnubg_id=data.get("gnubg_id", "").strip(),
                white=data.get("white", ""),
                black=data.get("black", ""),
                turn=data.get("turn") or "blancas",
                dice=data.get("dice", ""),
            )
        except DraftError as error:
            message = error.message[:1].upper() + error.message[1:] + "."
            self.add_error(error.field if error.field in self.fields else None, message)
        return data

    @property
    def fingerprint(self) -> str:
        """Identifies the previewed exercise, so only what was seen is saved."""
        if self.draft is None:
            return ""
        text = "|".join(f"{key}={value}" for key, value in sorted(self.draft.fields.items()))
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    @property
    def was_previewed(self) -> bool:
        return bool(self.fingerprint) and self.cleaned_data.get("checked") == self.fingerprint
