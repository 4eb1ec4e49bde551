"""Whole numbers from forms, query strings and JSON bodies are read in one place: ``tutor.numbers``."""

from __future__ import annotations

import doctest

import pytest

from tutor import numbers
from tutor.numbers import parse_int, to_int


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("12", 12), (" 7 ", 7), ("-3", -3), ("+2", 2), (5, 5), ("9" * 19, int("9" * 19)),
        ("²", None), ("①", None), ("-①", None), ("١٢", None), ("１２", None), ("1_000", None), ("9" * 20, None),
        ("9" * 5000, None), ("3.0", None), ("1e3", None), ("", None), (None, None), (True, None), (3.0, None),
        ([1], None), ("--1", None),
    ],
)  # fmt: skip
def test_only_ascii_digits_with_an_optional_sign_are_a_whole_number(value, expected):
    assert parse_int(value) == expected


def test_bounds_refuse_what_lies_outside_them():
    assert parse_int("0", low=1) is None
    assert parse_int("7", low=1, high=6) is None
    assert parse_int("6", low=1, high=6) == 6


def test_a_choice_field_coerces_with_a_value_error_for_anything_else():
    assert to_int("3") == 3
    with pytest.raises(ValueError):
        to_int("³")


def test_the_examples_in_the_docstrings_hold():
    assert doctest.testmod(numbers).failed == 0
