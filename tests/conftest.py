"""Shared pytest fixtures for the whole suite.

pytest-django reads DJANGO_SETTINGS_MODULE (tutor.settings.test) from
pyproject.toml.  Fixtures shared by several test modules live here, never
in a test module that others import; plain helpers live in helper modules
(``browser.py``, ``practice_flow.py``, ``classroom_factories.py``,
``site_world.py``, ``engine_positions.py``).
"""

import os

import pytest
from django.core.cache import cache
from hypothesis import settings as hypothesis_settings

from tests.browser import DESKTOP, launch_chromium, require_chromium

# No property test has a deadline: on a machine busy with other work one
# example can take seconds without anything being wrong.  The profile keeps
# whatever Hypothesis chose otherwise (its own CI profile under CI=true).
hypothesis_settings.register_profile("busy-machine", hypothesis_settings(hypothesis_settings.default, deadline=None))
hypothesis_settings.load_profile("busy-machine")

DATABASE_FIXTURES = frozenset({"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback", "live_server"})
"""Fixtures through which a test reaches the database (directly or through those it depends on)."""


def uses_the_database(item: pytest.Item) -> bool:
    """Whether a test reaches the database: pytest-django refuses database access to the others."""
    return item.get_closest_marker("django_db") is not None or bool(DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With TEST_DATABASE_ONLY set (``make test-postgres``), keep only the tests that reach the
    database: the others give the same result on any database, and ``make test`` runs them."""
    if not os.environ.get("TEST_DATABASE_ONLY"):
        return
    kept = [item for item in items if uses_the_database(item)]
    config.hook.pytest_deselected(items=[item for item in items if not uses_the_database(item)])
    items[:] = kept


@pytest.fixture
def fresh_rate_limits():
    """Rate limits (and failed logins) are counted in the cache: each test starts from zero."""
    cache.clear()


@pytest.fixture(autouse=True)
def fresh_live_limits(monkeypatch):
    """Each ASGI process counts the live games' sockets, connections and messages in memory
    (``tutor.live.limits``), and shares spectators' panels (``tutor.play.watching``): every
    test starts from zero, as a new process would."""
    from tutor.live import limits
    from tutor.play import watching

    monkeypatch.setattr(limits, "SOCKETS", limits.OpenSockets())
    monkeypatch.setattr(limits, "MESSAGES", limits.Windows("PLAY_RATELIMIT"))
    monkeypatch.setattr(limits, "SESSIONS", limits.Windows("PLAY_CONNECT_RATELIMIT"))
    monkeypatch.setattr(limits, "ADDRESSES", limits.Windows("PLAY_ADDRESS_CONNECT_RATELIMIT"))
    monkeypatch.setattr(watching, "PANELS", watching.SharedPanels())


PRACTICE_SEED = 1
"""With this dice seed the learner's double is taken, the computer redoubles,
the learner passes, and the computer then leads 2-0: a Crawford game."""


@pytest.fixture
def quick_and_reproducible(settings):
    """Practice games graded at 0 plies with seeded dice: fast, and the same on every run.

    Modules that play games use it with ``pytest.mark.usefixtures("quick_and_reproducible")``.
    """
    settings.PRACTICE_GRADING_PLIES = 0
    settings.PRACTICE_DICE_SEED = PRACTICE_SEED
    settings.PRACTICE_LEVELS = {"experto": {"plies": 0, "noise": 0.0}}


@pytest.fixture
def gnubg_gate(monkeypatch):
    """GNU Backgammon answers practice only while the gate is open (open at first); each call notes whether a
    transaction was open on its thread's connection (``calls``).  Used by the tests of what a practice page
    shows before gnubg has answered."""
    import threading
    import time

    from django.db import connection

    from tutor.practice import evaluator, thinking

    opened = threading.Event()
    opened.set()
    calls: list[bool] = []
    real = evaluator._run

    def gated(*args):
        calls.append(connection.in_atomic_block)
        assert opened.wait(30), "the test never opened the gate"
        return real(*args)

    monkeypatch.setattr(evaluator, "_run", gated)
    opened.calls = calls  # type: ignore[attr-defined]
    yield opened
    opened.set()
    deadline = time.monotonic() + 30  # the thread must be done before the test's data goes
    while thinking.runner.mine and time.monotonic() < deadline:
        time.sleep(0.02)


@pytest.fixture
def live_dice(settings):
    """Live games graded at 0 plies with the dice seed their tests were written for."""
    settings.PRACTICE_GRADING_PLIES = 0
    settings.PRACTICE_DICE_SEED = 5


@pytest.fixture
def ana():
    from tests.classroom_factories import make_user

    return make_user("ana")


@pytest.fixture
def bruno():
    from tests.classroom_factories import make_user

    return make_user("bruno")


@pytest.fixture
def people():
    """Three players: Ana, Bruno and Carla."""
    from tests.classroom_factories import make_user

    return make_user("ana"), make_user("bruno"), make_user("carla")


# -- browser tests (see tests/browser.py) -------------------------------------


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, shared by every browser test; skipped when it is missing."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser):
    """Open pages in fresh contexts: ``new_page(viewport=PHONE, java_script_enabled=False)``."""
    contexts = []

    def open_page(viewport=DESKTOP, **options):
        context = browser.new_context(viewport=viewport, locale="es-ES", **options)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page):
    """A desktop-sized page in a fresh browser context."""
    return new_page()


@pytest.fixture(scope="session")
def asgi_server(django_db_setup, django_db_blocker):
    """daphne serving HTTP and WebSockets in this process (``tests/asgi_server.py``), once per run:
    Twisted's reactor starts only once, so every module that needs WebSockets shares it."""
    from tests.asgi_server import asgi_live_server

    with asgi_live_server() as url:
        yield url


@pytest.fixture
def redis():
    """A redis-server of its own on a free loopback port, which the test may stop and start again
    (``tests/redis_server.py``); skipped, or failed in CI, where redis-server is missing."""
    from tests.missing import unavailable
    from tests.redis_server import MISSING, running_redis

    try:
        with running_redis() as server:
            yield server
    except FileNotFoundError:
        unavailable(MISSING)
