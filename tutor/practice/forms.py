"""The form that starts a practice match."""

from __future__ import annotations

from django import forms

from tutor.games.beavers import BEAVER_HELP, BEAVER_LABEL
from tutor.games.jacoby import JACOBY_HELP, JACOBY_LABEL
from tutor.numbers import to_int

from .models import Level

LENGTHS = [(0, "Partida por dinero"), (1, "Match a 1 punto"), (3, "Match a 3 puntos"), (5, "Match a 5 puntos"), (7, "Match a 7 puntos")]


class StartForm(forms.Form):
    length = forms.TypedChoiceField(
        label="Tipo de partida",
        choices=LENGTHS,
        coerce=to_int,
        initial=0,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": "Elige dinero o un match a 1, 3, 5 o 7 puntos."},
    )
    jacoby = forms.BooleanField(label=JACOBY_LABEL, help_text=JACOBY_HELP, required=False)
    beavers = forms.BooleanField(label=BEAVER_LABEL, help_text=BEAVER_HELP, required=False)
    level = forms.ChoiceField(
        label="Nivel del programa",
        choices=Level.choices,
        initial=Level.INTERMEDIATE,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": "Elige principiante, intermedio o experto."},
    )
