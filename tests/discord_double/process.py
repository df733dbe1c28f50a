"""A bot in its own process, started through the launcher and killed like a crash would."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tests import hermetic

if TYPE_CHECKING:
    from .gateway import Session
    from .server import DiscordDouble

REPO_ROOT = hermetic.REPO_ROOT


class BotProcess:
    """``python -m tests.discord_double.launcher --api URL -- module`` with output captured.

    Its environment is built from nothing (:mod:`tests.hermetic`): ``DISCORD_TOKEN`` (the
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
        self.session: Session | None = None
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
    ) -> BotProcess:
        """Start the process and wait until it is connected: a new gateway session got READY
        and GUILD_CREATE, plus (if asked) a command sync and a line in its output."""
        double = self.double
        sessions, syncs = double.gateway.identifies, len(double.command_syncs)
        env = hermetic.environment(
            {"DISCORD_TOKEN": double.token, "DISCORD_DOUBLE_API": double.url, **self.env}
        )
        command = ["-m", "tests.discord_double.launcher", "--api", double.url, "--", self.module]
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

        def ready() -> bool:
            if self.process is not None and self.process.returncode is not None:
                raise AssertionError(
                    f"{self.module} exited with {self.process.returncode}:\n{self.output}"
                )
            current = double.gateway.current
            return bool(
                double.gateway.identifies > sessions
                and current is not None
                and current.ready
                and (not wait_for_sync or len(double.command_syncs) > syncs)
                and (ready_line is None or ready_line in self.output)
            )

        try:
            await double.wait_for(ready, timeout, f"{self.module} to connect")
        except AssertionError as error:
            raise AssertionError(f"{error}\n--- {self.module} output ---\n{self.output}") from None
        self.session = double.gateway.current
        return self

    async def kill(self) -> int:
        """``kill -9``: no shutdown code runs, the websocket just goes away."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGKILL)
        code = await self.process.wait()
        if self.session is not None:
            session = self.session
            await self.double.wait_for(
                lambda: session.ws is None, 5.0, "the killed bot's socket to close"
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

    def close(self) -> None:
        self.log_path.unlink(missing_ok=True)
        if self._own_cwd:
            shutil.rmtree(self.cwd, ignore_errors=True)
