"""Fixtures shared by every test, and how many test processes ``-n auto`` starts."""

from __future__ import annotations

import os

import pytest

pytest_plugins = ["tests.discord_double.fixtures", "tests.databases"]


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """One process more than there are cores: the end-to-end tests spend much of their time
    waiting on the stand-in's rate limits and the bot's pacing, and the extra process keeps
    the cores busy meanwhile."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1
