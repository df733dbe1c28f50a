"""A throwaway PostgreSQL server for the tests: ``initdb`` into a temporary folder, started on a
free port of 127.0.0.1, stopped and deleted afterwards.

PostgreSQL refuses to run as root, so as root the cluster belongs to ``nobody``. Only the
standard library is used, so CI can start the server before the project is installed:

    python3 -m tests.postgres start FOLDER   # prints the server's URL
    python3 -m tests.postgres stop FOLDER
"""

from __future__ import annotations

import argparse
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

USER = "texas42"
"""The cluster's superuser, whom the tests connect as (no password: the server trusts
connections from this machine, and it lives only as long as the tests)."""
BINARIES = ("initdb", "pg_ctl", "postgres")
SEARCHED = ("/usr/local/bin", "/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin",
            "/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/14/bin")
FAST = ("-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        " -c max_connections=200 -c shared_buffers=32MB")
"""Tests need no durability from the server itself (a kill -9 test kills the bot, not the
database), so it never waits for the disk."""


def binaries() -> Path | None:
    """The folder holding PostgreSQL's server binaries, if they are installed."""
    found = shutil.which("initdb")
    folders = [Path(found).parent] if found else []
    folders += [Path(folder) for folder in SEARCHED]
    for folder in folders:
        if all((folder / name).exists() for name in BINARIES):
            return folder
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class Cluster:
    folder: Path
    port: int
    bin: Path

    @property
    def url(self) -> str:
        """The URL of its ``postgres`` database, from which tests create their own."""
        return f"postgresql://{USER}@127.0.0.1:{self.port}/postgres"

    @property
    def data(self) -> Path:
        return self.folder / "data"

    @classmethod
    def start(cls, folder: Path, *, durable: bool = False) -> Cluster:
        """A new cluster in ``folder`` (created, and handed to ``nobody`` when run as root),
        serving on a free port; ``durable`` keeps PostgreSQL's own fsync settings (for
        benchmarks of commit latency)."""
        bin_dir = binaries()
        if bin_dir is None:
            raise RuntimeError("PostgreSQL's server binaries (initdb, pg_ctl, postgres) are not "
                               "installed: apt-get install postgresql")
        folder.mkdir(parents=True, exist_ok=True)
        owner = _unprivileged()
        if owner is not None:
            os.chown(folder, owner.pw_uid, owner.pw_gid)
        cluster = cls(folder, free_port(), bin_dir)
        _run(owner, [str(bin_dir / "initdb"), "-D", str(cluster.data), "-U", USER,
                     "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"])
        options = (f"-p {cluster.port} -c listen_addresses=127.0.0.1"
                   " -c unix_socket_directories=''")
        if not durable:
            options += " " + FAST
        _run(owner, [str(bin_dir / "pg_ctl"), "-D", str(cluster.data), "-l",
                     str(folder / "server.log"), "-o", options, "-w", "-t", "60", "start"])
        return cluster

    def stop(self) -> None:
        stop(self.folder)

    def log(self) -> str:
        path = self.folder / "server.log"
        return path.read_text(errors="replace") if path.exists() else ""


def stop(folder: Path) -> None:
    """Stop the server started in ``folder``, if it runs, at once, and delete the folder."""
    bin_dir = binaries()
    if bin_dir is not None and (folder / "data" / "postmaster.pid").exists():
        _run(_unprivileged(), [str(bin_dir / "pg_ctl"), "-D", str(folder / "data"), "-m",
                               "immediate", "-w", "stop"], check=False)
    shutil.rmtree(folder, ignore_errors=True)


def _unprivileged() -> pwd.struct_passwd | None:
    """Whom the server runs as when the tests run as root (PostgreSQL won't run as root)."""
    return pwd.getpwnam("nobody") if os.geteuid() == 0 else None


def _run(owner: pwd.struct_passwd | None, command: list[str], *, check: bool = True) -> None:
    extra = {"user": owner.pw_uid, "group": owner.pw_gid, "extra_groups": []} if owner else {}
    done = subprocess.run(command, capture_output=True, text=True, cwd="/",
                          env={"PATH": os.environ.get("PATH", ""), "LC_ALL": "C"}, **extra)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(command[:1])} failed ({done.returncode}): "
                           f"{done.stderr.strip() or done.stdout.strip()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m tests.postgres")
    parser.add_argument("command", choices=("start", "stop"))
    parser.add_argument("folder", type=Path, nargs="?")
    args = parser.parse_args(argv)
    if args.command == "start":
        folder = args.folder or Path(tempfile.mkdtemp(prefix="texas42-pg-"))
        print(Cluster.start(folder).url)
    else:
        if args.folder is None:
            parser.error("stop needs the folder given to start")
        stop(args.folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
