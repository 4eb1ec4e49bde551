"""The shapes every server-drawn chart is made of: one decimal at most, escaped words, a title and a description."""

from __future__ import annotations

import doctest

import tutor.charts
from tutor.charts import number, polyline, svg, text


def test_the_examples_in_the_docstring_hold():
    result = doctest.testmod(tutor.charts)
    assert result.attempted > 0 and result.failed == 0


def test_numbers_keep_one_decimal_at_most_and_drop_a_trailing_zero():
    assert [number(value) for value in (32.0, 12.25, 80, 0.04, -3.5)] == ["32", "12.2", "80", "0", "-3.5"]


def test_labels_and_descriptions_are_escaped():
    assert text(1, 2, "<b>Dados</b>", "chart__label") == '<text x="1" y="2" class="chart__label">&lt;b&gt;Dados&lt;/b&gt;</text>'
    drawn = svg("Historial", "Bien & mal", 720, 160, [polyline([(1, 2.5), (3, 4)], "chart__line")])
    assert '<title id="chart-historial-t">Historial</title><desc id="chart-historial-d">Bien &amp; mal</desc>' in drawn
    assert '<polyline points="1,2.5 3,4" class="chart__line"/>' in drawn
    assert 'role="img" aria-labelledby="chart-historial-t chart-historial-d" preserveAspectRatio="xMinYMin meet"' in drawn


def test_a_stretched_chart_fills_the_width_it_is_given_under_the_name_it_is_given():
    drawn = svg("Ventaja", "Arriba, tuya.", 720, 160, [], name="grafico-ventaja", css_class="review-chart", role="group", stretch=True)
    assert drawn.startswith('<svg class="review-chart" viewBox="0 0 720 160" role="group" aria-labelledby="grafico-ventaja-t grafico-ventaja-d" preserveAspectRatio="none">')
