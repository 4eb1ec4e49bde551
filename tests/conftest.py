"""Shared pytest fixtures for the whole suite.

pytest-django reads DJANGO_SETTINGS_MODULE (tutor.settings.test) from
pyproject.toml. Add fixtures shared by several test modules here.
"""
