"""Databases for the tests: a fresh SQLite file, or a fresh database on a real PostgreSQL server.

The server is ``TEST_DATABASE_URL`` when set (CI starts one, see ``.ci/run``); otherwise the
session starts a throwaway cluster of its own (:mod:`tests.postgres`) if PostgreSQL's server
binaries are installed. Without either, PostgreSQL tests are skipped on a developer's machine,
and fail in CI (``CI=true``): there they must never be skipped.

``database`` runs a test once per backend and gives it what ``open_storage`` takes: the path of
an SQLite file, or the URL of an empty PostgreSQL database of its own.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import os
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from tests.postgres import Cluster, binaries

T = TypeVar("T")
BACKENDS = ("sqlite", "postgresql")
_numbers = itertools.count(1)


def run_sync(work: Callable[[], Awaitable[T]]) -> T:
    """``work()`` run to its end in an event loop of its own (from sync code, or from inside
    a running loop, which stays blocked meanwhile: for quick reads only)."""
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, work()).result()  # type: ignore[arg-type]


def with_database(url: str, name: str) -> str:
    """``url`` pointing at database ``name`` of the same server."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def _on_server(server: str, statement: str) -> None:
    async def run() -> None:
        admin = await asyncpg.connect(server)
        try:
            await admin.execute(statement)
        finally:
            await admin.close()

    run_sync(run)


def create_database(server: str) -> str:
    """A new, empty database on ``server``; its URL."""
    name = f"test_{os.getpid()}_{next(_numbers)}"
    _on_server(server, f'CREATE DATABASE "{name}"')
    return with_database(server, name)


def drop_database(server: str, url: str) -> None:
    name = urlsplit(url).path.lstrip("/")
    _on_server(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server's ``postgres`` database, from which tests make their
    own databases."""
    given = os.environ.get("TEST_DATABASE_URL", "").strip()
    if given:
        yield given
        return
    if binaries() is None:
        message = ("no PostgreSQL server: set TEST_DATABASE_URL, or install PostgreSQL's "
                   "server binaries (initdb, pg_ctl, postgres)")
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    cluster = Cluster.start(Path(tempfile.mkdtemp(prefix="texas42-pg-")))
    try:
        yield cluster.url
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """An empty database of the test's own, dropped afterwards."""
    url = create_database(postgres_server)
    try:
        yield url
    finally:
        drop_database(postgres_server, url)


def _target(request: pytest.FixtureRequest, backend: str, tmp_path: Path) -> Path | str:
    if backend == "sqlite":
        return tmp_path / "texas42.sqlite3"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """The test runs once on each backend: an SQLite file's path, or a PostgreSQL URL."""
    return _target(request, request.param, tmp_path)


@pytest.fixture
def live_database(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """The database of a bot under test end to end: an SQLite file, unless the test is marked
    :data:`on_both_backends`, which runs it on PostgreSQL too."""
    return _target(request, getattr(request, "param", "sqlite"), tmp_path)


on_both_backends = pytest.mark.parametrize("live_database", BACKENDS, indirect=True)
"""An end-to-end test that also runs once with the bot on PostgreSQL."""
