"""compose.yaml: PostgreSQL and two bot processes whose settings the bot accepts, sharing the
database, holding every shard exactly once between them; no password it would fall back on, and
PostgreSQL reachable from this machine alone."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import yaml

from bot.config import Config

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = re.compile(r"\$\{POSTGRES_PASSWORD(?P<how>:?[-?])(?P<rest>[^}]*)\}")
"""Compose's interpolation of the password: ``:?message`` refuses to start without one,
``:-default`` (or ``-default``) would fall back on the default."""


def test_the_processes_share_postgresql_and_split_the_shards() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    postgres = services["postgres"]["environment"]
    bots = {name: s for name, s in services.items() if "build" in s}
    assert len(bots) == 2
    held: list[int] = []
    for name, service in bots.items():
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy", name
        # As Compose hands them over, POSTGRES_PASSWORD=pw in .env.
        environment = {k: PASSWORD.sub("pw", str(v)) for k, v in service["environment"].items()}
        config = Config.from_env({**environment, "DISCORD_TOKEN": "x.y.z"}, env_file=None)
        assert config.shards is not None and config.database_url is not None
        url = urlsplit(config.database_url)
        assert (url.hostname, url.username, url.password, url.path) == (
            "postgres", postgres["POSTGRES_USER"], "pw", f"/{postgres['POSTGRES_DB']}")
        held += config.shards.ids
        count = config.shards.count
    assert sorted(held) == list(range(count))


def test_compose_refuses_to_start_without_a_password() -> None:
    text = (ROOT / "compose.yaml").read_text()
    uses = PASSWORD.findall(text)
    assert len(uses) == 2  # PostgreSQL's own, and the DATABASE_URL both bots share
    assert all(how == ":?" and "POSTGRES_PASSWORD" in rest for how, rest in uses), uses
    assert "change-me" not in text


def test_postgresql_is_published_to_this_machine_alone() -> None:
    """The README's migration runs on this machine against 127.0.0.1; nothing else reaches it."""
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    assert services["postgres"]["ports"] == ["127.0.0.1:${POSTGRES_PORT:-5432}:5432"]
    assert all("ports" not in s for name, s in services.items() if name != "postgres")
    readme = (ROOT / "README.md").read_text()
    assert "--to postgresql://texas42:PASSWORD@127.0.0.1:5432/texas42" in readme
