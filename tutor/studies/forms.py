"""The editor's forms: a study's title, introduction and sharing, and one chapter.

``ChapterForm`` reads the position (board editor, XGID or GNU Backgammon
ID), the dice or the cube decision, the text and the question, builds the
answer spec (``docs/studies.md``) and has the engine check the whole
chapter (``validation.check_chapter``) before anything is saved.
"""

from __future__ import annotations

from typing import Any

from django import forms

from tutor.engine import EngineError, Position, WHITE

from .answers import CHOICE_KEYS, MAX_NUMBER, MIN_NUMBER, MAX_PLAYS
from .markdown import markdown_problem
from .models import MAX_HINT, MAX_PROMPT, MAX_TEXT, MAX_TITLE, MAX_WRONG_TEXT, Chapter, Moment, QuestionKind, Sharing, Study
from .positions import layout_text, read_position
from .validation import ChapterError, check_chapter


def _dice_choices() -> list[tuple[str, str]]:
    rolls = [f"{high}-{low}" for high in range(6, 0, -1) for low in range(high, 0, -1)]
    return [("", "Los del XGID o elige")] + [(roll, roll) for roll in rolls]


def _markdown(value: str) -> str:
    problem = markdown_problem(value)
    if problem:
        raise forms.ValidationError(problem)
    return value


class StudyForm(forms.ModelForm):
    """The study itself: title, introduction and who may read it."""

    class Meta:
        model = Study
        fields = ["title", "introduction", "sharing", "classrooms"]
        labels = {"title": "Título", "introduction": "Introducción (opcional)", "sharing": "¿Quién puede leerlo?", "classrooms": "Grupos con los que lo compartes"}
        help_texts = {
            "introduction": "En el Markdown de las lecciones: **negrita**, listas, jugadas como `13/7 8/5`.",
            "classrooms": "Solo si eliges «Mis clases elegidas».",
        }
        widgets = {
            "introduction": forms.Textarea(attrs={"rows": 5}),
            "sharing": forms.RadioSelect,
            "classrooms": forms.CheckboxSelectMultiple,
        }
        error_messages = {"title": {"required": "Escribe un título para el estudio.", "max_length": f"El título tiene como mucho {MAX_TITLE} caracteres."}}

    def __init__(self, *args: Any, author, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        classrooms = self.fields["classrooms"]
        assert isinstance(classrooms, forms.ModelMultipleChoiceField)
        classrooms.queryset = author.classrooms_taught.all()
        classrooms.error_messages["invalid_choice"] = "Elige solo entre tus grupos."
        classrooms.error_messages["invalid_pk_value"] = "Elige solo entre tus grupos."
        self.fields["introduction"].error_messages["max_length"] = f"La introducción tiene como mucho {MAX_TEXT} caracteres."

    def clean_introduction(self) -> str:
        return _markdown(self.cleaned_data["introduction"])

    def clean(self) -> dict:
        data = super().clean() or {}
        if data.get("sharing") == Sharing.CLASSES and not data.get("classrooms"):
            self.add_error("classrooms", "Elige al menos un grupo, o comparte el estudio de otra forma.")
        return data


class NewStudyForm(forms.Form):
    title = forms.CharField(label="Título del estudio", max_length=MAX_TITLE, error_messages={"required": "Escribe un título para el estudio."})


ACCEPT_CHOICES = [("any", "Cualquier jugada legal"), ("plays", "Las jugadas que escribo"), ("goal", "Las que cumplen un objetivo")]
GOAL_CHOICES = [("captura", "Capturar (N fichas)"), ("sacar", "Sacar N fichas"), ("punto", "Hacer el punto N (contado desde quien juega)")]


class ChapterForm(forms.Form):
    """One chapter: position, moment, text, question and its answer."""

    title = forms.CharField(label="Título", max_length=MAX_TITLE, error_messages={"required": "Escribe un título para el capítulo."})
    white = forms.CharField(label="Blancas", max_length=200, required=False, help_text="punto:cantidad, p. ej. 24:2 13:5 8:3 6:5; bar:1 para la barra.")
    black = forms.CharField(label="Negras", max_length=200, required=False, help_text="Con la numeración de las blancas, p. ej. 1:2 12:5 17:3 19:5.")
    turn = forms.ChoiceField(label="Juegan", choices=[("blancas", "Blancas"), ("negras", "Negras")], initial="blancas", required=False)
    xgid = forms.CharField(label="XGID", max_length=120, required=False, help_text="P. ej. XGID=-b----E-C---eE---c-e----B-:0:0:1:63:0:0:0:0:10")
    gnubg_id = forms.CharField(label="ID de GNU Backgammon", max_length=120, required=False, help_text="Position ID y, si quieres, Match ID: 4HPwATDgc/ABMA:cAkPAAAAAAAE")
    moment = forms.ChoiceField(label="¿Qué decide quien juega?", choices=Moment.choices, initial=Moment.DICE, widget=forms.RadioSelect)
    dice = forms.ChoiceField(label="Dados", choices=_dice_choices, required=False)
    text = forms.CharField(
        label="Texto (opcional)", max_length=MAX_TEXT, required=False, widget=forms.Textarea(attrs={"rows": 6}),
        help_text="En el Markdown de las lecciones: **negrita**, listas, jugadas como `13/7 8/5`.",
    )
    question_kind = forms.ChoiceField(label="Pregunta", choices=QuestionKind.choices, initial=QuestionKind.NONE, widget=forms.RadioSelect)
    prompt = forms.CharField(label="Enunciado", max_length=MAX_PROMPT, required=False, help_text="P. ej. «¿Qué jugarías?»")
    accept = forms.ChoiceField(label="¿Qué jugadas valen?", choices=ACCEPT_CHOICES, initial="any", required=False, widget=forms.RadioSelect)
    plays = forms.CharField(
        label="Jugadas correctas, una por línea", max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=f"Una o varias (hasta {MAX_PLAYS}), p. ej. 13/7 8/7.",
    )
    goal = forms.ChoiceField(label="Objetivo", choices=GOAL_CHOICES, required=False)
    goal_count = forms.IntegerField(label="N", min_value=1, max_value=24, initial=1, required=False, help_text="Fichas (1 a 4) o el punto (1 a 24).")
    choices = forms.CharField(
        label="Opciones, una por línea", max_length=1300, required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=f"De 2 a {len(CHOICE_KEYS)}: la primera es la a, la segunda la b…",
    )
    choice_answer = forms.ChoiceField(label="Opción correcta", choices=[(key, key) for key in CHOICE_KEYS], required=False)
    yes_no_answer = forms.ChoiceField(label="Respuesta correcta", choices=[("si", "Sí"), ("no", "No")], required=False, widget=forms.RadioSelect)
    yes_no_play = forms.CharField(
        label="Jugada de «¿Es legal?» (opcional)", max_length=100, required=False,
        help_text="Si preguntas si una jugada es legal, escríbela: el motor comprueba tu respuesta.",
    )
    number_answer = forms.IntegerField(label="Número correcto", min_value=MIN_NUMBER, max_value=MAX_NUMBER, required=False)
    hint = forms.CharField(label="Pista (opcional)", max_length=MAX_HINT, required=False)
    wrong_text = forms.CharField(label="Texto para las respuestas equivocadas (opcional)", max_length=MAX_WRONG_TEXT, required=False, widget=forms.Textarea(attrs={"rows": 2}))
    compare_gnubg = forms.BooleanField(label="Después de responder, comparar con GNU Backgammon", required=False)

    SPEC_FIELDS = {
        QuestionKind.PLAY: "plays",
        QuestionKind.CHOICE: "choices",
        QuestionKind.YES_NO: "yes_no_play",
        QuestionKind.NUMBER: "number_answer",
        QuestionKind.NONE: "question_kind",
    }

    def __init__(self, *args: Any, study: Study, chapter: Chapter | None = None, **kwargs: Any) -> None:
        self.study = study
        self.chapter = chapter
        if chapter is not None and "initial" not in kwargs:
            kwargs["initial"] = initial_for(chapter)
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():
            if isinstance(field, forms.CharField) and field.max_length:
                field.error_messages["max_length"] = f"Como mucho {field.max_length} caracteres."
            if isinstance(field, forms.IntegerField):
                field.error_messages["invalid"] = "Escribe un número entero."
                field.error_messages["min_value"] = "Es un número demasiado pequeño."
                field.error_messages["max_value"] = "Es un número demasiado grande."
            if isinstance(field, forms.ChoiceField):
                field.error_messages["invalid_choice"] = "Elige una de las opciones."

    def clean_text(self) -> str:
        return _markdown(self.cleaned_data["text"])

    def answer_spec(self, kind: str) -> dict:
        data = self.cleaned_data
        if kind == QuestionKind.PLAY:
            accept = data.get("accept") or "any"
            if accept == "plays":
                return {"accept": "plays", "plays": [line.strip() for line in data.get("plays", "").splitlines() if line.strip()]}
            if accept == "goal":
                goal = data.get("goal") or "captura"
                count = data.get("goal_count") or 1
                return {"accept": "goal", "goal": f"{goal} {count}"}
            return {"accept": "any"}
        if kind == QuestionKind.CHOICE:
            labels = [line.strip() for line in data.get("choices", "").splitlines() if line.strip()]
            return {"choices": [{"key": key, "label": label} for key, label in zip(CHOICE_KEYS * 2, labels)], "answer": data.get("choice_answer") or ""}
        if kind == QuestionKind.YES_NO:
            spec = {"answer": data.get("yes_no_answer") or ""}
            if data.get("yes_no_play", "").strip():
                spec["play"] = data["yes_no_play"].strip()
            return spec
        if kind == QuestionKind.NUMBER:
            return {"answer": data.get("number_answer")}
        return {}

    def clean(self) -> dict:
        data = super().clean() or {}
        if self.errors:
            return data
        kind = data["question_kind"]
        if kind == QuestionKind.CHOICE and len([line for line in data.get("choices", "").splitlines() if line.strip()]) > len(CHOICE_KEYS):
            self.add_error("choices", f"Como mucho {len(CHOICE_KEYS)} opciones.")
            return data
        keep = None
        if self.chapter is not None:
            try:
                keep = Position.from_xgid(self.chapter.xgid)
            except EngineError:
                keep = None
        chapter = self.chapter or Chapter(study=self.study)
        try:
            position = read_position(
                xgid=data.get("xgid", ""), gnubg_id=data.get("gnubg_id", ""), white=data.get("white", ""), black=data.get("black", ""),
                turn=data.get("turn") or "blancas", dice=data.get("dice", ""), moment=data["moment"], keep=keep,
            )
            for name in ("title", "moment", "text", "question_kind", "prompt", "hint", "wrong_text", "compare_gnubg"):
                setattr(chapter, name, data.get(name))
            chapter.xgid = position.to_xgid()
            chapter.answer_spec = self.answer_spec(kind)
            check_chapter(chapter)
        except ChapterError as error:
            field = error.field
            if field == "answer_spec":
                field = self.SPEC_FIELDS.get(kind, "question_kind")
                if kind == QuestionKind.PLAY and data.get("accept") == "goal":
                    field = "goal"
                elif kind == QuestionKind.YES_NO and not data.get("yes_no_play"):
                    field = "yes_no_answer"
            self.add_error(field if field in self.fields else None, error.message)
            return data
        self.built = chapter
        return data


def initial_for(chapter: Chapter) -> dict:
    """The form's fields for an existing chapter: the position on the board editor, the answer spec spread out."""
    try:
        position = Position.from_xgid(chapter.xgid)
    except EngineError:
        position = Position.initial()
    spec = chapter.answer_spec if isinstance(chapter.answer_spec, dict) else {}
    initial: dict = {
        "title": chapter.title,
        "white": layout_text(position, WHITE),
        "black": layout_text(position, 1 - WHITE),
        "turn": "blancas" if position.turn == WHITE else "negras",
        "dice": f"{max(position.dice)}-{min(position.dice)}" if position.dice else "",
        "moment": chapter.moment,
        "text": chapter.text,
        "question_kind": chapter.question_kind,
        "prompt": chapter.prompt,
        "hint": chapter.hint,
        "wrong_text": chapter.wrong_text,
        "compare_gnubg": chapter.compare_gnubg,
    }
    if chapter.question_kind == QuestionKind.PLAY:
        initial["accept"] = spec.get("accept", "any")
        initial["plays"] = "\n".join(str(text) for text in spec.get("plays", []))
        goal, _, count = str(spec.get("goal", "")).partition(" ")
        initial["goal"], initial["goal_count"] = goal or "captura", count or 1
    elif chapter.question_kind == QuestionKind.CHOICE:
        initial["choices"] = "\n".join(str(item.get("label", "")) for item in spec.get("choices", []) if isinstance(item, dict))
        initial["choice_answer"] = spec.get("answer", "")
    elif chapter.question_kind == QuestionKind.YES_NO:
        initial["yes_no_answer"] = spec.get("answer", "")
        initial["yes_no_play"] = spec.get("play", "")
    elif chapter.question_kind == QuestionKind.NUMBER:
        initial["number_answer"] = spec.get("answer")
    return initial
