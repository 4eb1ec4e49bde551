"""Choosing lesson puzzles for an assignment, browsed by lesson and by rule.

A rule is a section of a lesson (the ``regla`` a puzzle names), so the
filter lists the sections that have puzzles, titled as the lessons title them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import cast

from django import forms

from tutor.lessons.library import Lesson, get_library
from tutor.lessons.puzzles import Puzzle

from .models import KIND_LABELS


@dataclass(frozen=True)
class PickItem:
    puzzle: Puzzle
    kind_label: str
    rule_title: str


@dataclass(frozen=True)
class RuleOption:
    key: str
    title: str
    lesson_title: str


class PickForm(forms.Form):
    puzzles = forms.MultipleChoiceField(
        label="Ejercicios",
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "required": "Marca al menos un ejercicio.",
            "invalid_choice": "«%(value)s» no es un ejercicio de las lecciones.",
        },
    )

    def __init__(self, *args, choices: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["puzzles"]).choices = choices


class PuzzlePicker:
    """The lesson puzzles, the lesson/rule filters chosen, and the form to add them."""

    def __init__(self, query, data=None, *, taken: Iterable[str] = frozenset()) -> None:
        library = get_library()
        # Course lessons only: the authoring guide's examples are not exercises for students.
        self.lessons = [lesson for lesson in library.course() if lesson.puzzles]
        self.taken = set(taken)
        titles = {}
        for lesson in self.lessons:
            sections = {section.anchor: section.title for section in lesson.sections}
            for puzzle in lesson.puzzles:
                if puzzle.rule and puzzle.rule not in titles:
                    titles[puzzle.rule] = RuleOption(puzzle.rule, sections.get(puzzle.rule, puzzle.rule), lesson.title)
        self.rules = list(titles.values())
        self.lesson = str(query.get("leccion", ""))[:100]
        self.rule = str(query.get("regla", ""))[:100]
        if self.lesson not in {lesson.slug for lesson in self.lessons}:
            self.lesson = ""
        if self.rule not in titles:
            self.rule = ""
        self.rule_titles = {key: option.title for key, option in titles.items()}
        everything = [(puzzle.slug, puzzle.title) for lesson in self.lessons for puzzle in lesson.puzzles if puzzle.slug not in self.taken]
        self.form = PickForm(data, choices=everything)
        self._by_slug = library.puzzles()

    def groups(self) -> list[tuple[Lesson, list[PickItem]]]:
        """The lessons and their puzzles that pass the filters."""
        shown = []
        for lesson in self.lessons:
            if self.lesson and lesson.slug != self.lesson:
                continue
            items = [
                PickItem(puzzle, KIND_LABELS.get(puzzle.kind, puzzle.kind), self.rule_titles.get(puzzle.rule, ""))
                for puzzle in lesson.puzzles
                if not self.rule or puzzle.rule == self.rule
            ]
            if items:
                shown.append((lesson, items))
        return shown

    def chosen(self) -> list[Puzzle]:
        return [self._by_slug[slug] for slug in self.form.cleaned_data["puzzles"]]
