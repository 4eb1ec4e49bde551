"""A missing Chromium, axe-core or gnubg skips a test on a developer's machine and fails it in CI."""

from __future__ import annotations

import pytest

from tests.missing import unavailable


@pytest.mark.parametrize("value", ["true", "1", "TRUE"])
def test_in_ci_a_missing_requirement_fails_the_test(monkeypatch, value):
    monkeypatch.setenv("CI", value)
    with pytest.raises(pytest.fail.Exception, match="Chromium is missing"):
        unavailable("Chromium is missing")


def test_outside_ci_a_missing_requirement_skips_with_its_reason_printed(monkeypatch, capsys):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="axe-core is missing"):
        unavailable("axe-core is missing")
    assert "skipped: axe-core is missing" in capsys.readouterr().err
