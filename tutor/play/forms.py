from django import forms

from tutor.games.beavers import BEAVER_HELP, BEAVER_LABEL
from tutor.games.jacoby import JACOBY_HELP, JACOBY_LABEL
from tutor.numbers import to_int

from .time_controls import CLOCK_RULES, CONTROLS, UNKNOWN_CONTROL

LENGTHS = [(0, "Partida por dinero"), (1, "Match a 1 punto"), (3, "Match a 3 puntos"), (5, "Match a 5 puntos"), (7, "Match a 7 puntos")]
CLOCK_CHOICES = [("", "Sin reloj"), *((control.key, control.label) for control in CONTROLS)]
"""Without a clock, or one of the time controls (each with its delay)."""
WAITS = [(2, "2 minutos"), (5, "5 minutos"), (10, "10 minutos"), (30, "30 minutos")]


class NewGameForm(forms.Form):
    """What the creator chooses: the stakes, the clock or how long to wait for an absent rival, the help shown."""

    length = forms.TypedChoiceField(label="Tipo de partida", choices=LENGTHS, coerce=to_int, initial=5, widget=forms.RadioSelect)
    jacoby = forms.BooleanField(label=JACOBY_LABEL, help_text=JACOBY_HELP, required=False)
    beavers = forms.BooleanField(label=BEAVER_LABEL, help_text=BEAVER_HELP, required=False)
    clock = forms.ChoiceField(
        label="Reloj", choices=CLOCK_CHOICES, initial="", required=False, widget=forms.RadioSelect, help_text=CLOCK_RULES,
        error_messages={"invalid_choice": UNKNOWN_CONTROL},
    )
    claim_minutes = forms.TypedChoiceField(
        label="Sin reloj, si tu rival deja de jugar, podrás reclamar la partida tras", choices=WAITS, coerce=to_int, initial=5
    )
    highlight = forms.BooleanField(label="Iluminar los destinos legales (para principiantes)", required=False, initial=True)
    public = forms.BooleanField(label="Cualquiera con el enlace puede mirar la partida", required=False)


class JoinForm(forms.Form):
    code = forms.CharField(label="Código de la partida", max_length=12, min_length=6)
