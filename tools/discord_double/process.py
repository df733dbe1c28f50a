"""A bot in its own process, started through the launcher and killed like a crash would."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tools import hermetic

if TYPE_CHECKING:
    from .gateway import Session
    from .server import DiscordDouble

REPO_ROOT = hermetic.REPO_ROOT


class BotProcess:
    """``python -m tools.discord_double.launcher --api URL -- module`` with output captured.

    Its environment is built from nothing (:mod:`tools.hermetic`): ``DISCORD_TOKEN`` (the
    double's token) and ``DISCORD_DOUBLE_API``, then the test's own ``env``; it runs in a fresh
    working directory unless ``cwd`` says otherwise, so no developer's ``.env`` is read."""

    def __init__(
        self,
        double: DiscordDouble,
        module: str,
        *,
        args: Sequence[str] = (),
        env: Mapping[str, str] | None = None,
        cwd: Path | str | None = None,
    ) -> None:
        self.double = double
        self.module = module
        self.args = list(args)
        self.env = dict(env or {})
        self._own_cwd = cwd is None
        self.cwd = Path(cwd) if cwd is not None else hermetic.workdir(f"bot-{module}-")
        self.process: asyncio.subprocess.Process | None = None
        self.sessions: list[Session] = []
        """Its gateway sessions, one per shard it holds."""
        fd, name = tempfile.mkstemp(prefix=f"bot-{module}-", suffix=".log")
        os.close(fd)
        self.log_path = Path(name)

    @property
    def output(self) -> str:
        """Everything the process printed so far (stdout and stderr)."""
        return self.log_path.read_text(errors="replace")

    @property
    def returncode(self) -> int | None:
        return None if self.process is None else self.process.returncode

    async def start(
        self,
        *,
        timeout: float = 20.0,
        wait_for_sync: bool = False,
        ready_line: str | None = None,
        shards: int = 1,
    ) -> BotProcess:
        """Start the process and wait until it is connected: ``shards`` new gateway sessions
        (one per shard it holds) got READY and their GUILD_CREATEs, plus (if asked) a command
        sync and a line in its output."""
        double = self.double
        before, syncs = set(double.gateway.sessions), len(double.command_syncs)
        env = hermetic.environment(
            {"DISCORD_TOKEN": double.token, "DISCORD_DOUBLE_API": double.url, **self.env}
        )
        command = ["-m", "tools.discord_double.launcher", "--api", double.url, "--", self.module]
        with self.log_path.open("ab") as log:  # the child keeps its own copy of the descriptor
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                *command,
                *self.args,
                cwd=self.cwd,
                env=env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=asyncio.subprocess.STDOUT,
            )

        def new_sessions() -> list[Session]:
            return [s for key, s in double.gateway.sessions.items() if key not in before]

        def ready() -> bool:
            if self.process is not None and self.process.returncode is not None:
                raise AssertionError(
                    f"{self.module} exited with {self.process.returncode}:\n{self.output}"
                )
            started = new_sessions()
            return bool(
                len(started) >= shards
                and all(s.ready for s in started)
                and (not wait_for_sync or len(double.command_syncs) > syncs)
                and (ready_line is None or ready_line in self.output)
            )

        try:
            await double.wait_for(ready, timeout, f"{self.module} to connect")
        except AssertionError as error:
            raise AssertionError(f"{error}\n--- {self.module} output ---\n{self.output}") from None
        self.sessions = new_sessions()
        return self

    @property
    def session(self) -> Session | None:
        """Its newest gateway session."""
        return self.sessions[-1] if self.sessions else None

    async def kill(self) -> int:
        """``kill -9``: no shutdown code runs, the websocket just goes away."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGKILL)
        code = await self.process.wait()
        sessions = self.sessions
        await self.double.wait_for(
            lambda: all(s.ws is None for s in sessions), 5.0, "the killed bot's sockets to close"
        )
        return code

    async def stop(self, timeout: float = 5.0) -> int:
        """SIGTERM, then SIGKILL if it does not exit in time."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.terminate()
            try:
                await asyncio.wait_for(self.process.wait(), timeout)
            except TimeoutError:
                return await self.kill()
        return await self.process.wait()

    async def end(self) -> None:
        """Stopped if it runs (whatever state it is in), then closed: for a ``finally``."""
        if self.process is not None:
            with contextlib.suppress(AssertionError, ProcessLookupError):
                await self.stop()
        self.close()

    def close(self) -> None:
        self.log_path.unlink(missing_ok=True)
        if self._own_cwd:
            shutil.rmtree(self.cwd, ignore_errors=True)
