"""The explorer's tempting-play search: bounded by a CPU budget, cached per position.

The CPU time itself is measured by ``bench/explorer.py``, not by a timed
test; these tests check the mechanisms that bound it.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tutor.engine import Position
from tutor.engine.explain import tempting_plays
from tutor.lessons import tempting

REPORTED = "XGID=-gAAAAAAAaAaAaAaAaAaAaAaA-:0:0:1:11:0:0:0:0:10"


@pytest.fixture(autouse=True)
def empty_cache(settings):
    settings.RATELIMIT_ENABLED = False
    cache.clear()


def test_an_exhausted_budget_stops_the_search_with_what_it_found():
    position = Position.from_layout({6: 1, 3: 1}, {}, dice=(4, 2))
    assert len(tempting_plays(position)) == 2
    assert len(tempting_plays(position, budget=-1)) == 0


def test_the_explorer_searches_each_position_once_and_then_reads_the_cache(client, monkeypatch):
    searched = []

    def counting(position, budget=None):
        searched.append((position.to_xgid(), budget))
        return tempting_plays(position, budget=budget)

    monkeypatch.setattr(tempting, "tempting_plays", counting)
    for _ in range(3):
        assert client.get("/explorar/", {"xgid": REPORTED}).status_code == 200
    assert searched == [(REPORTED, tempting.BUDGET_SECONDS)]
    client.get("/explorar/", {"xgid": REPORTED, "dados": "2-2"})
    assert len(searched) == 2, "other dice are another search"


def test_cached_tempting_plays_are_the_ones_the_page_shows(client):
    position = Position.initial().replace(dice=(6, 5))
    html = client.get("/explorar/", {"xgid": position.to_xgid()}).content.decode()
    explained = cache.get(tempting.cache_key(position))
    assert explained, "the initial position with 6-5 has tempting plays"
    assert all(item["play"] in html for item in explained)
