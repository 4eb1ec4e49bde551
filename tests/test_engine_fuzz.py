"""Fuzzing the engine's readers with arbitrary text (hypothesis).

Whatever a learner or a lesson author types, the engine either reads it or
raises one of its own errors (``EngineError`` and its family) with a
message; ``check()`` never raises at all.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine_positions import position_strategy
from tutor.engine import CODES, EngineError, NotationError, Position, XgidError, parse_dice, parse_play

fuzz_settings = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

VALID_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:63:0:0:0:0:10"

play_soup = st.text(alphabet="0123456789/*() ,;-–barofuzBARFOU\t\n", max_size=80)
"""Digits, slashes and the words of the notation, in any order."""

xgid_soup = st.text(alphabet="-abcdefghijklmnopABCDEFGHIJKLMNOP0123456789:=XGID ", max_size=90)

huge = st.text(min_size=1, max_size=20).map(lambda text: text * 2000)

anything = st.one_of(st.text(), st.text(alphabet=st.characters(min_codepoint=0x80)), play_soup, xgid_soup, huge)


def _mutations_of(text: str):
    """``text`` with one character replaced, inserted or removed."""
    return st.tuples(st.integers(0, len(text)), st.sampled_from(("replace", "insert", "delete")), st.characters()).map(
        lambda change: _mutate(text, *change)
    )


def _mutate(text: str, index: int, how: str, char: str) -> str:
    if how == "insert":
        return text[:index] + char + text[index:]
    if how == "delete":
        return text[:index] + text[index + 1 :]
    return text[:index] + char + text[index + 1 :]


def _segments_are_steps_towards_home(segments) -> bool:
    return isinstance(segments, list) and all(1 <= s.src <= 25 and 0 <= s.dst <= 24 for s in segments)


def _dice_are_two_numbers(dice) -> bool:
    return len(dice) == 2 and all(1 <= die <= 6 for die in dice)


def _position_writes_back(position) -> bool:
    return Position.from_xgid(position.to_xgid()) == position


READERS = {
    parse_play: _segments_are_steps_towards_home,
    parse_dice: _dice_are_two_numbers,
    Position.from_xgid: _position_writes_back,
}


def _reads_or_raises_its_own_error(reader, text, family):
    """What ``reader`` reads is well formed; what it refuses, it refuses with a message.

    Any exception outside ``family`` escapes and fails the test.
    """
    try:
        result = reader(text)
    except family as error:
        assert str(error).strip(), f"empty message from {reader.__name__}({text[:40]!r})"
    else:
        assert READERS[reader](result), f"{reader.__name__}({text[:40]!r}) gave {result!r}"


@fuzz_settings
@given(st.one_of(anything, _mutations_of("13/7 8/5*"), _mutations_of("bar/22 6/off(2)")))
def test_parse_play_reads_any_text_or_raises_a_notation_error_with_a_message(text):
    _reads_or_raises_its_own_error(parse_play, text, NotationError)


@fuzz_settings
@given(st.one_of(anything, _mutations_of("6-3"), st.text(alphabet="0123456789-–x/ ", max_size=6)))
def test_parse_dice_reads_any_text_or_raises_a_notation_error_with_a_message(text):
    _reads_or_raises_its_own_error(parse_dice, text, NotationError)


@fuzz_settings
@given(st.one_of(anything, _mutations_of(VALID_XGID), _mutations_of(VALID_XGID[5:])))
def test_from_xgid_reads_any_text_or_raises_an_xgid_error_with_a_message(text):
    _reads_or_raises_its_own_error(Position.from_xgid, text, XgidError)


@fuzz_settings
@given(st.one_of(anything, _mutations_of(VALID_XGID)))
def test_every_error_from_the_readers_belongs_to_the_engine_family(text):
    for reader in (parse_play, parse_dice, Position.from_xgid):
        _reads_or_raises_its_own_error(reader, text, EngineError)


@pytest.mark.slow  # three hundred full checks of generated positions
@fuzz_settings
@given(position_strategy(), st.one_of(anything, _mutations_of("24/18 13/11"), _mutations_of("bar/20*/14")))
def test_check_never_raises_and_always_gives_a_verdict(position, text):
    verdict = position.check(text)
    if verdict.legal:
        assert verdict.play is not None and verdict.reasons == ()
    else:
        assert verdict.play is None
        assert verdict.reasons, f"an illegal verdict without reasons for {text[:40]!r}"
        assert all(reason.code in CODES for reason in verdict.reasons)


@pytest.mark.parametrize("text", ["", " ", "\x00", "٣/٢", "１３/７", "13/7" * 60, "/" * 10_000, "9" * 100_000])
def test_odd_texts_are_refused_with_a_syntax_reason_or_read(text):
    verdict = Position.initial().check(text, dice=(6, 1))
    assert verdict.legal or verdict.reasons
    if not verdict.legal and verdict.reasons[0].code == "syntax":
        assert verdict.reasons[0].detail
