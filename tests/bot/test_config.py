"""Config.from_env: the environment over .env, and one-line errors for what is wrong."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.config import (
    DEFAULT_BOT_PAUSE,
    DEFAULT_BOT_POLICY,
    DEFAULT_DATABASE,
    Config,
    ConfigError,
    LogColor,
    default_bot_workers,
    read_env_file,
)
from bot.records import StrongPlayer
from bot.shards import Shards

TOKEN = "MTA4.Gx7abc.0123456789abcdefghij"


def test_defaults_need_only_a_token(tmp_path: Path) -> None:
    config = Config.from_env({"DISCORD_TOKEN": TOKEN}, env_file=tmp_path / "missing")
    assert config == Config(token=TOKEN)
    assert config.database == DEFAULT_DATABASE
    assert config.database.parts[0] == "data"
    assert config.log_level == "INFO"
    assert config.dev_guild_id is None


def test_env_file_is_read_and_the_environment_wins(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(
        "# settings\n"
        f"export DISCORD_TOKEN='{TOKEN}'\n"
        "DATABASE_PATH=/srv/42/db.sqlite3   # a comment\n"
        'LOG_LEVEL="debug"\n'
        "\n"
        "DEV_GUILD_ID=1234\n",
        encoding="utf-8",
    )
    config = Config.from_env({"DEV_GUILD_ID": "999"}, env_file=env)
    assert config.token == TOKEN
    assert config.database == Path("/srv/42/db.sqlite3")
    assert config.log_level == "DEBUG"
    assert config.dev_guild_id == 999


@pytest.mark.parametrize(("environ", "words"), [
    ({}, "DISCORD_TOKEN is not set"),
    ({"DISCORD_TOKEN": "   "}, "DISCORD_TOKEN is not set"),
    ({"DISCORD_TOKEN": "paste my token here"}, "does not look like a bot token"),
    ({"DISCORD_TOKEN": TOKEN, "LOG_LEVEL": "loud"}, "LOG_LEVEL must be one of"),
    ({"DISCORD_TOKEN": TOKEN, "DEV_GUILD_ID": "my server"}, "DEV_GUILD_ID must be a server id"),
    ({"DISCORD_TOKEN": TOKEN, "BOT_PAUSE_SECONDS": "soon"}, "BOT_PAUSE_SECONDS must be"),
    ({"DISCORD_TOKEN": TOKEN, "BOT_PAUSE_SECONDS": "-1"}, "BOT_PAUSE_SECONDS must be"),
    ({"DISCORD_TOKEN": TOKEN, "BOT_PAUSE_SECONDS": "nan"}, "BOT_PAUSE_SECONDS must be"),
    ({"DISCORD_TOKEN": TOKEN, "BOT_STRONG_PLAYER": "strongest"},
     "BOT_STRONG_PLAYER must be strong, rules, random or"),
    ({"DISCORD_TOKEN": TOKEN, "BOT_POLICY": "engine.players.nobody:decide"},
     "BOT_POLICY must be strong, rules, random or"),
    ({"DISCORD_TOKEN": TOKEN, "BOT_STRONG_PLAYER": "rules",
      "BOT_POLICY": "engine.players.strong:decide"}, "name different players"),
    ({"DISCORD_TOKEN": TOKEN, "BOT_STRONG_NAME": "x" * 41}, "at most 40 characters"),
    ({"DISCORD_TOKEN": TOKEN, "BOT_WORKERS": "0"}, "BOT_WORKERS must be"),
    ({"DISCORD_TOKEN": TOKEN, "BOT_WORKERS": "two"}, "BOT_WORKERS must be"),
    ({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "mysql://u:pw@h/db"}, "DATABASE_URL must be"),
    ({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "texas42.sqlite3"}, "DATABASE_URL must be"),
    ({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "sqlite:///"}, "names no file"),
    ({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "postgresql://u:pw@h:port/db"}, "no usable port"),
    ({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "sqlite:///a.db", "DATABASE_PATH": "b.db"},
     "keep one of them"),
    ({"DISCORD_TOKEN": TOKEN, "DATABASE_POOL_SIZE": "0"}, "DATABASE_POOL_SIZE must be"),
    ({"DISCORD_TOKEN": TOKEN, "SHARD_IDS": "0-1"}, "needs SHARD_COUNT"),
    ({"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "none"}, "SHARD_COUNT must be"),
    ({"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "4", "SHARD_IDS": "3-5"}, "within shards 0 to 3"),
    ({"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "4", "SHARD_IDS": "first"}, "SHARD_IDS must be"),
    ({"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "4", "SHARD_IDS": "0-1"}, "set DATABASE_URL"),
])
def test_problems_are_one_line(tmp_path: Path, environ: dict[str, str], words: str) -> None:
    with pytest.raises(ConfigError) as caught:
        Config.from_env(environ, env_file=tmp_path / "missing")
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_computer_players_settings(tmp_path: Path) -> None:
    config = Config.from_env({"DISCORD_TOKEN": TOKEN}, env_file=tmp_path / "missing")
    assert config.bot_pause == DEFAULT_BOT_PAUSE == 1.5
    assert config.bot_policy == DEFAULT_BOT_POLICY == "engine.players.strong:decide"
    assert config.bot_workers == default_bot_workers() >= 1
    config = Config.from_env({"DISCORD_TOKEN": TOKEN, "BOT_PAUSE_SECONDS": "0",
                              "BOT_POLICY": "engine.players.rules:decide",
                              "BOT_WORKERS": "3"}, env_file=tmp_path / "missing")
    assert (config.bot_pause, config.bot_policy, config.bot_workers) == (
        0.0, "engine.players.rules:decide", 3)
    assert "bot_policy='engine.players.rules:decide'" in repr(config)


def test_the_strong_player_is_named_when_it_is_not_the_strongest(tmp_path: Path) -> None:
    """BOT_STRONG_PLAYER takes the bot's own players by name, or one of the admin's; BOT_POLICY,
    its old name, is read as before. Any player but the strongest is named on the tables."""
    def strong(**settings: str) -> StrongPlayer:
        return Config.from_env({"DISCORD_TOKEN": TOKEN, **settings},
                               env_file=tmp_path / "missing").strong_player

    assert strong() == StrongPlayer() and not strong().named
    assert strong(BOT_POLICY="engine.players.strong:decide") == StrongPlayer()
    assert strong(BOT_STRONG_PLAYER="strong", BOT_POLICY="engine.players.strong:decide") == (
        StrongPlayer())
    rules = strong(BOT_STRONG_PLAYER="rules")
    assert rules == strong(BOT_POLICY="engine.players.rules:decide") == StrongPlayer(
        "engine.players.rules:decide") and rules.named
    assert strong(BOT_STRONG_PLAYER="random").policy == "engine.players.random_legal:decide"
    own = strong(BOT_STRONG_PLAYER="engine.players.strong_classic:decide",
                 BOT_STRONG_NAME="Classic")
    assert own == StrongPlayer("engine.players.strong_classic:decide", "Classic")
    assert strong(BOT_STRONG_NAME="Deep Blue").named


def test_a_bot_prefix_is_dropped() -> None:
    assert Config.from_env({"DISCORD_TOKEN": f"Bot {TOKEN}"}, env_file=None).token == TOKEN


def test_the_token_never_shows_in_repr() -> None:
    assert TOKEN not in repr(Config(token=TOKEN))


def test_a_malformed_env_line_names_its_line(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=x\nthis is not a setting\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"line 2"):
        read_env_file(env)


ROOT = Path(__file__).resolve().parents[2]


def test_env_example_documents_every_setting() -> None:
    """Every name the configuration reads appears in .env.example, set or commented out."""
    read = set(re.findall(r'values\.get\("([A-Z_]+)"', (ROOT / "bot/config.py").read_text()))
    example = (ROOT / ".env.example").read_text()
    documented = set(re.findall(r"^#? ?([A-Z][A-Z_]+)=", example, re.MULTILINE))
    assert {"DISCORD_TOKEN", "DATABASE_PATH", "DATA_DIR", "LOG_LEVEL", "LOG_COLOR"} <= read
    assert read <= documented, read - documented
    names = read_env_file(ROOT / ".env.example")
    example_config = Config.from_env({**names, "DISCORD_TOKEN": TOKEN}, env_file=None)
    assert example_config.bot_pause == DEFAULT_BOT_PAUSE
    assert example_config == Config(token=TOKEN), "the example's active lines are the defaults"


def test_data_dir_keeps_the_database_inside_it() -> None:
    base = {"DISCORD_TOKEN": TOKEN, "DATA_DIR": "/data"}
    assert Config.from_env(base, env_file=None).database == Path("/data/texas42.sqlite3")
    relative = Config.from_env({**base, "DATABASE_PATH": "data/texas42.sqlite3"}, env_file=None)
    assert relative.database == Path("/data/data/texas42.sqlite3")
    inside = Config.from_env({**base, "DATABASE_PATH": "/data/games.db"}, env_file=None)
    assert inside.database == Path("/data/games.db")
    for outside in ("/app/data/texas42.sqlite3", "../app/x.db", "/database.db"):
        with pytest.raises(ConfigError, match="outside DATA_DIR=/data") as raised:
            Config.from_env({**base, "DATABASE_PATH": outside}, env_file=None)
        assert "\n" not in str(raised.value)
    with pytest.raises(ConfigError, match="absolute"):
        Config.from_env({**base, "DATA_DIR": "data"}, env_file=None)


def test_log_colours_only_on_a_terminal_unless_asked() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    auto = Config.from_env({"DISCORD_TOKEN": TOKEN}, env_file=None)
    assert auto.log_color is LogColor.AUTO
    assert auto.log_formatter(io.StringIO()) is not None  # plain: a pipe, a file, docker logs
    assert auto.log_formatter(Terminal()) is None  # discord.py's colours
    never = Config.from_env({"DISCORD_TOKEN": TOKEN, "LOG_COLOR": "never"}, env_file=None)
    assert never.log_formatter(Terminal()) is not None
    always = Config.from_env({"DISCORD_TOKEN": TOKEN, "LOG_COLOR": "Always"}, env_file=None)
    assert always.log_formatter(io.StringIO()) is None
    with pytest.raises(ConfigError, match="LOG_COLOR"):
        Config.from_env({"DISCORD_TOKEN": TOKEN, "LOG_COLOR": "rainbow"}, env_file=None)


def test_database_url_chooses_the_backend() -> None:
    base = {"DISCORD_TOKEN": TOKEN}
    relative = Config.from_env({**base, "DATABASE_URL": "sqlite:///games/42.db"}, env_file=None)
    assert (relative.database, relative.database_url) == (Path("games/42.db"), None)
    assert relative.storage_target == Path("games/42.db")
    absolute = Config.from_env({**base, "DATABASE_URL": "sqlite:////srv/42.db",
                                "DATABASE_PATH": "/srv/42.db"}, env_file=None)
    assert absolute.database == Path("/srv/42.db")
    in_volume = Config.from_env({**base, "DATA_DIR": "/data",
                                 "DATABASE_URL": "sqlite:///42.db"}, env_file=None)
    assert in_volume.database == Path("/data/42.db")
    with pytest.raises(ConfigError, match="outside DATA_DIR"):
        Config.from_env({**base, "DATA_DIR": "/data", "DATABASE_URL": "sqlite:////srv/42.db"},
                        env_file=None)
    url = "postgresql://bot:s3cret@db:5432/texas42"
    server = Config.from_env({**base, "DATABASE_URL": url, "DATABASE_POOL_SIZE": "4"},
                             env_file=None)
    assert (server.storage_target, server.pool_size) == (url, 4)
    assert server.database_name == "bot@db:5432/texas42"
    assert "s3cret" not in repr(server) and "bot@db:5432/texas42" in repr(server)
    assert Config.from_env({**base, "DATABASE_URL": "postgres:///texas42"},
                           env_file=None).database_url == "postgres:///texas42"


def test_shards_this_process_holds() -> None:
    base = {"DISCORD_TOKEN": TOKEN}
    assert Config.from_env(base, env_file=None).shards is None  # no sharding, as before
    alone = Config.from_env({**base, "SHARD_COUNT": "2"}, env_file=None).shards
    assert alone == Shards(2, (0, 1)) and alone.whole
    some = Config.from_env({**base, "SHARD_COUNT": "8", "SHARD_IDS": "2-3,6",
                            "DATABASE_URL": "postgresql://db/texas42"}, env_file=None).shards
    assert some == Shards(8, (2, 3, 6)) and not some.whole
    guild = (6 << 22) | 12345  # Discord's formula: (guild_id >> 22) % shard_count
    assert some.of(guild) == 6 and some.owns(guild) and not some.owns(guild + (1 << 22))
    assert str(some) == "2-3, 6 of 8"
