"""The Docker image's start-up contract, checked without a Docker daemon.

The bot is started as the image starts it: with the image's own environment (its ``ENV``
lines), an ``.env`` made from ``.env.example`` the way ``docker run --env-file`` reads it, the
image's working directory, and a folder standing for its volume. The database must land on the
volume whatever ``.env`` says, or the bot must refuse to start in one line that names the cause.
"""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

import pytest

from tests.discord_double.fixtures import StartBot
from tools import hermetic
from tools.discord_double import DiscordDouble

ROOT = hermetic.REPO_ROOT


def dockerfile() -> tuple[dict[str, str], str, str]:
    """The image's ``ENV`` settings, its ``VOLUME`` and its ``WORKDIR``."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    env: dict[str, str] = {}
    volume = workdir = ""
    for line in text.splitlines():
        word, _, rest = line.strip().partition(" ")
        if word == "ENV":
            env |= dict(pair.split("=", 1) for pair in rest.split())
        elif word == "VOLUME":
            volume = re.findall(r'"([^"]+)"', rest)[0]
        elif word == "WORKDIR":
            workdir = rest.strip()
    return env, volume, workdir


def env_file(text: str) -> dict[str, str]:
    """What ``docker run --env-file`` passes: ``KEY=value`` lines taken literally, comments and
    blank lines skipped; an empty value is passed as empty."""
    pairs = (line.split("=", 1) for line in text.splitlines()
             if line.strip() and not line.lstrip().startswith("#") and "=" in line)
    return {key.strip(): value for key, value in pairs}


def image_environment(volume: Path, dot_env: str) -> dict[str, str]:
    """The container's environment: the image's ``ENV`` (its volume path standing for
    ``volume``), overridden by the admin's ``.env`` as ``--env-file`` does."""
    env, image_volume, _ = dockerfile()
    env = {key: value.replace(image_volume, str(volume)) for key, value in env.items()}
    passed = env_file(dot_env)
    passed.pop("DISCORD_TOKEN", None)  # the admin's token: the test gives the double's
    return env | passed


def app_folder(tmp_path: Path) -> Path:
    """The image's working directory: not writable by the bot's user (honoured when the
    tests do not run as root)."""
    app = tmp_path / "app"
    app.mkdir()
    app.chmod(0o555)
    return app


def test_the_dockerfile_says_what_this_test_assumes() -> None:
    env, volume, workdir = dockerfile()
    assert volume == "/data" and workdir == "/app"
    assert env.get("DATA_DIR") == volume
    assert "DATABASE_PATH" not in env_file((ROOT / ".env.example").read_text())


@pytest.mark.parametrize("database_path", [None, "data/texas42.sqlite3"])
async def test_the_database_lands_on_the_volume(discord_double: DiscordDouble,
                                                start_bot_process: StartBot, tmp_path: Path,
                                                database_path: str | None) -> None:
    volume = tmp_path / "volume"
    volume.mkdir()
    dot_env = (ROOT / ".env.example").read_text()
    if database_path is not None:  # an admin who set it anyway
        dot_env += f"\nDATABASE_PATH={database_path}\n"
    app = app_folder(tmp_path)
    process = await start_bot_process("bot", env=image_environment(volume, dot_env), cwd=app)
    await process.stop()
    databases = list(volume.rglob("*.sqlite3"))
    assert databases == [volume / (database_path or "texas42.sqlite3")], databases
    assert list(app.iterdir()) == []
    assert "\x1b[" not in process.output, "docker logs must read plainly"


async def start_failing(env: dict[str, str], cwd: Path) -> str:
    """``python -m bot`` that must stop at once: its one line on stderr."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=cwd, env=hermetic.environment(env),
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 2, (out, err)
    lines = err.decode().strip().splitlines()
    assert len(lines) == 1 and b"Traceback" not in out + err, err
    return lines[0]


async def test_a_database_outside_the_volume_is_refused(tmp_path: Path) -> None:
    volume = tmp_path / "volume"
    volume.mkdir()
    env = image_environment(volume, "DATABASE_PATH=/app/data/texas42.sqlite3\n")
    line = await start_failing({**env, "DISCORD_TOKEN": "MTA4.Gx7abc.0123"}, app_folder(tmp_path))
    assert "DATABASE_PATH=/app/data/texas42.sqlite3 is outside DATA_DIR" in line
    assert list(volume.iterdir()) == []


async def test_a_database_folder_that_cannot_be_made_is_named(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    database = blocker / "data" / "texas42.sqlite3"
    line = await start_failing({"DISCORD_TOKEN": "MTA4.Gx7abc.0123",
                                "DATABASE_PATH": str(database)}, tmp_path)
    assert line.startswith(f"texas42: cannot create the database folder {database.parent}")
    assert "network" not in line
