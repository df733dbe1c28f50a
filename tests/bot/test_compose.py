"""compose.yaml: PostgreSQL and two bot processes whose settings the bot accepts, sharing the
database, holding every shard exactly once between them."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import yaml

from bot.config import Config

ROOT = Path(__file__).resolve().parents[2]


def test_the_processes_share_postgresql_and_split_the_shards() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    postgres = services["postgres"]["environment"]
    bots = {name: s for name, s in services.items() if "build" in s}
    assert len(bots) == 2
    held: list[int] = []
    for name, service in bots.items():
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy", name
        environment = {k: str(v) for k, v in service["environment"].items()}
        config = Config.from_env({**environment, "DISCORD_TOKEN": "x.y.z"}, env_file=None)
        assert config.shards is not None and config.database_url is not None
        url = urlsplit(config.database_url.replace("${POSTGRES_PASSWORD:-change-me}", "pw"))
        assert (url.hostname, url.username, url.path) == (
            "postgres", postgres["POSTGRES_USER"], f"/{postgres['POSTGRES_DB']}")
        held += config.shards.ids
        count = config.shards.count
    assert sorted(held) == list(range(count))
