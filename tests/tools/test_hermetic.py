"""The processes the tests start read nothing of the developer's settings."""

from __future__ import annotations

import re

import pytest

from tools import hermetic


def test_no_setting_of_the_developer_reaches_a_test_process(
        monkeypatch: pytest.MonkeyPatch) -> None:
    example = (hermetic.REPO_ROOT / ".env.example").read_text()
    settings = set(re.findall(r"^#? ?([A-Z][A-Z_]+)=", example, re.MULTILINE))
    assert "DISCORD_TOKEN" in settings
    for name in settings:
        monkeypatch.setenv(name, "from-the-developer")
    env = hermetic.environment({"LOG_LEVEL": "DEBUG"})
    assert env["LOG_LEVEL"] == "DEBUG"
    assert not settings - {"LOG_LEVEL"} & set(env)
    assert "from-the-developer" not in env.values()


def test_a_test_process_works_away_from_the_repository() -> None:
    folder = hermetic.workdir()
    assert list(folder.iterdir()) == [] and not (folder / ".env").exists()
    assert folder.resolve() != hermetic.REPO_ROOT
    folder.rmdir()
