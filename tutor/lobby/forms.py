"""The lobby's forms: what a player asks for in «Jugar ya», and a report about a game.

The same ``SeekForm`` validates the page's form (without JavaScript) and
every «Jugar ya» message sent over the lobby's socket.
"""

from __future__ import annotations

from typing import cast

from django import forms

from tutor.numbers import to_int
from tutor.play.time_controls import CLOCK_RULES, CONTROLS

from .models import Report
from .rooms import Viewer
from .service import SPREADS, LobbyError, Wish

LENGTH_CHOICES = [(1, "Match a 1 punto"), (3, "Match a 3 puntos"), (5, "Match a 5 puntos"), (7, "Match a 7 puntos"), (0, "Partida por dinero")]
CLOCK_CHOICES = [("no", "Sin reloj"), *((control.key, control.label) for control in CONTROLS)]
"""Without a clock, or one of the time controls (each with its delay): the same choice as an invitation's."""
LENGTH_ERROR = "Elige una partida por dinero o un match a 1, 3, 5 o 7 puntos."
CLOCK_ERROR = "Elige un reloj de la lista, o sin reloj."
ROOM_ERROR = "Elige una de las salas en las que juegas."
SPREAD_CHOICES = [("", "Cualquiera"), *((str(spread), f"Hasta {spread} puntos más o menos que tú") for spread in SPREADS)]


class SeekForm(forms.Form):
    length = forms.TypedChoiceField(
        label="Partida", choices=LENGTH_CHOICES, coerce=to_int, initial=3, widget=forms.RadioSelect,
        error_messages={"required": LENGTH_ERROR, "invalid_choice": LENGTH_ERROR},
    )
    clock = forms.ChoiceField(
        label="Reloj", choices=CLOCK_CHOICES, initial="no", widget=forms.RadioSelect,
        help_text=f"{CLOCK_RULES} Solo te emparejamos con quien elige lo mismo que tú.",
        error_messages={"required": CLOCK_ERROR, "invalid_choice": CLOCK_ERROR},
    )
    rated = forms.BooleanField(label="Puntúa (solo los matches)", required=False, initial=True)
    spread = forms.ChoiceField(
        label="Puntuación del rival", choices=SPREAD_CHOICES, required=False,
        error_messages={"invalid_choice": "Elige la diferencia de puntuación entre las de la lista."},
    )
    room = forms.ChoiceField(label="Sala", error_messages={"required": ROOM_ERROR, "invalid_choice": ROOM_ERROR})

    def __init__(self, viewer: Viewer, *args, **kwargs) -> None:
        kwargs.setdefault("auto_id", "sala_%s")  # the «Jugar» page also holds the invitation's form, with the same fields
        super().__init__(*args, **kwargs)
        self.viewer = viewer
        rooms = [room for room in viewer.rooms if room.plays]
        room_field = cast(forms.ChoiceField, self.fields["room"])
        room_field.choices = [(room.key, room.label) for room in rooms]
        self.fields["room"].initial = rooms[0].key if rooms else ""
        self.single_room = len(rooms) <= 1
        self.rates = any(room.classroom_id is None for room in rooms)
        if not self.rates:  # only class rooms, where nothing is rated: no box to tick
            self.fields["rated"].initial = False
        # What the page reads to untick and lock «Puntúa» where it cannot apply (the server decides again).
        self.rated_lengths = " ".join(str(length) for length, _ in LENGTH_CHOICES if Wish.may_be_rated(length, None))
        self.rated_rooms = " ".join(room.key for room in rooms if room.classroom_id is None)

    def clean(self) -> dict:
        data = super().clean() or {}
        if self.errors:
            return data
        room = self.viewer.room(data["room"])
        classroom_id = room.classroom_id if room else None
        # The server decides what cannot be rated: a ticked «Puntúa» on a money game plays it unrated.
        data["rated"] = data["rated"] and Wish.may_be_rated(data["length"], classroom_id)
        try:
            data["wish"] = Wish(
                length=data["length"], clock="" if data["clock"] == "no" else data["clock"], rated=data["rated"],
                spread=to_int(data["spread"]) if data.get("spread") else None,
                classroom_id=classroom_id,
            )
        except LobbyError as problem:
            raise forms.ValidationError(problem.message) from problem
        return data


REASON_ERROR = "Elige qué ha pasado."


class ReportForm(forms.Form):
    reason = forms.ChoiceField(
        label="¿Qué ha pasado?", choices=Report.Reason.choices, widget=forms.RadioSelect,
        error_messages={"required": REASON_ERROR, "invalid_choice": REASON_ERROR},
    )
    comment = forms.CharField(
        label="Cuéntaselo al equipo del sitio (opcional)", required=False, max_length=500, widget=forms.Textarea(attrs={"rows": 4}),
        help_text="Solo lo lee el equipo del sitio, nunca tu rival.",
        error_messages={"max_length": "Escribe como mucho 500 caracteres."},
    )
