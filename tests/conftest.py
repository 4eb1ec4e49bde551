"""Shared pytest fixtures for the whole suite.

pytest-django reads DJANGO_SETTINGS_MODULE (tutor.settings.test) from
pyproject.toml. Add fixtures shared by several test modules here.
"""

import pytest

from tests.browser import DESKTOP, launch_chromium, require_chromium

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
