"""processes.conf (``make run``) and workers.conf (``make serve-worker``), read as supervisord reads them.

``tests/test_processes.py`` starts processes.conf and drives it; these
quick checks hold the two files to one design: every program is started
again when it exits and stopped with its children, the workers of
production are those of ``make run``, and ``make run``'s processes share
its Redis.
"""

from __future__ import annotations

import shlex

import pytest
from supervisor.datatypes import RestartUnconditionally
from supervisor.options import ServerOptions

from bench.load import ROOT


@pytest.fixture
def read(tmp_path, monkeypatch):
    """The programs of a supervisord file, by process name, with the variables the Makefile gives it."""
    for name, value in {"RUN_DIR": str(tmp_path), "RUN_PYTHON": "/venv/bin/python", "RUN_HOST": "127.0.0.1",
                        "RUN_PORT": "8000", "WORKERS": "2"}.items():
        monkeypatch.setenv(name, value)

    def programs(filename: str) -> dict:
        options = ServerOptions()
        options.realize(["-c", str(ROOT / filename)])
        return {process.name: process for group in options.process_group_configs for process in group.process_configs}

    return programs


def worker_command(process) -> list[str]:
    """What a worker runs, without how often it polls or how much it says."""
    words = shlex.split(process.command)
    return words[:words.index("--queue-name") + 2]


def test_make_run_starts_redis_the_site_and_one_worker_per_queue_all_started_again_when_they_exit(read):
    programs = read("processes.conf")
    assert set(programs) == {"redis", "web", "reviews", "clocks"}
    assert all(process.autorestart is RestartUnconditionally for process in programs.values())
    assert programs["redis"].priority < programs["web"].priority < programs["clocks"].priority
    for name in ("web", "reviews", "clocks"):  # the reloader's child and gnubg's process stop with them
        assert programs[name].stopasgroup and programs[name].killasgroup
    assert shlex.split(programs["web"].command)[1:] == ["manage.py", "runserver", "127.0.0.1:8000"]


def test_every_process_of_make_run_shares_its_private_redis_as_the_channel_layer(read, tmp_path):
    programs = read("processes.conf")
    socket = tmp_path / "redis.sock"
    redis = shlex.split(programs["redis"].command)
    assert redis[redis.index("--unixsocket") + 1] == str(socket) and redis[redis.index("--port") + 1] == "0"
    assert {process.environment["CHANNEL_LAYER_URL"] for process in programs.values()} == {f"unix://{socket}"}


def test_production_runs_the_workers_of_make_run_under_the_same_supervisor(read):
    local, production = read("processes.conf"), read("workers.conf")
    assert set(production) == {"reviews-0", "reviews-1", "clocks"}
    for name, process in production.items():
        assert worker_command(process) == worker_command(local[name.split("-")[0]])
        assert process.autorestart is RestartUnconditionally and process.stopasgroup and process.killasgroup
    assert worker_command(production["clocks"])[1:] == ["manage.py", "db_worker", "--queue-name", "clocks"]
