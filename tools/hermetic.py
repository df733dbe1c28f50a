"""Environments for the processes the tests start: built from nothing, never inherited.

A developer's shell or ``.env`` may hold a real bot token and real settings; a test process that
read them could log a real bot in to Discord or write to a real database. Every process the
tests start therefore gets only what :func:`environment` builds, and runs in a working
directory of its own (:func:`workdir`), where no ``.env`` is found.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]

_PASSED_THROUGH = ("PATH", "SYSTEMROOT", "TMPDIR")
"""What a Python process needs from the machine itself (not settings of the bot)."""


def environment(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """A minimal environment: the machine's ``PATH``, UTF-8, unbuffered output, the repository
    importable from any working directory, plus ``extra``. No setting of the bot unless
    ``extra`` names it."""
    env = {name: os.environ[name] for name in _PASSED_THROUGH if name in os.environ}
    env |= {
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONUNBUFFERED": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONPATH": str(REPO_ROOT),
        "HOME": tempfile.gettempdir(),
    }
    env |= dict(extra or {})
    return env


def workdir(prefix: str = "texas42-") -> Path:
    """A fresh, empty working directory for one process."""
    return Path(tempfile.mkdtemp(prefix=prefix))
