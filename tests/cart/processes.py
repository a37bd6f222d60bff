"""The shop's processes as subprocesses of a test: API servers (uvicorn) and projection workers
(``python -m services.api.cli project``), each in a process group of its own, with output in a
file; a free port; waiting for a condition with a deadline.

Used by ``test_crash_recovery.py`` (one API process), ``test_processes.py`` (N API processes
and M workers, ``kill -9`` of some) and ``test_pgbouncer.py`` (API processes behind PgBouncer).
Nothing here sleeps and hopes: every wait polls a condition until a deadline and fails with the
process's output when the deadline passes.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A free port below Linux's ephemeral range (32768+): while a server is down, the
    clients' connection attempts take ephemeral local ports, and one of them could take the
    server's port (or connect to itself on it) if the port were in that range."""
    rng = random.Random()
    for _ in range(200):
        port = rng.randint(20_000, 32_000)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port in 20000..32000")


def wait_for(condition: Callable[[], bool], seconds: float, what: Callable[[], str]) -> None:
    """Poll ``condition`` every 0.1 s until it is true; ``AssertionError`` with ``what()`` after
    ``seconds`` (a bound for a stuck system, not a speed assumption)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not true after {seconds} s: {what()}")
        time.sleep(0.1)


# Connection pools of the processes a test starts (each may be overridden through ``env``): the
# test database's server is shared with the rest of the suite (and, on a developer's machine,
# with other work), and PostgreSQL's default of 100 connections is soon used up by several
# processes at the shop's defaults (up to 40 each: DB_POOL_SIZE + DB_MAX_OVERFLOW + 2 x
# CART_POOL_SIZE); these allow at most 18 a process.
SMALL_POOLS = {"DB_POOL_SIZE": "3", "DB_MAX_OVERFLOW": "7", "CART_POOL_SIZE": "4"}


class Process:
    """One of the shop's processes: ``command`` (arguments after ``python``) run from the
    repository with the test's environment, :data:`SMALL_POOLS` and ``env``, in a process group
    of its own (so a stop takes its children, e.g. the analytics process of ``project``); output
    in ``log``."""

    def __init__(self, command: list[str], log: Path, env: Mapping[str, str] | None = None) -> None:
        self.command = command
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None
        self.env = {**os.environ, "PYTHONUNBUFFERED": "1", "GC_FREEZE": "0", **SMALL_POOLS, **(env or {})}

    def launch(self) -> None:
        """Start the process (without waiting for it to be ready)."""
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, *self.command],
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def running(self) -> bool:
        """True while the process has not exited."""
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL to the process itself (not its group: a crash of this one process), then reap it."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        """SIGTERM to its process group if it still runs (SIGKILL after 15 s), and SIGKILL to
        whatever of the group is left (children of a killed process)."""
        if self.proc is None:
            return
        pgid = self.proc.pid
        if self.proc.poll() is None:
            _signal_group(pgid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                _signal_group(pgid, signal.SIGKILL)
                self.proc.wait()
        _signal_group(pgid, signal.SIGKILL)

    def output(self, chars: int = 4000) -> str:
        """The end of the process's output, for failure messages."""
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""


def _signal_group(pgid: int, sig: signal.Signals) -> None:
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        pass


class Server(Process):
    """``python -m uvicorn services.api.main:app`` on ``port`` (one process, so SIGKILL hits the
    process that holds the commits), with the test's environment plus ``env`` (default: the
    production settings of the crash test: catalogue facts trusted 1 s, projections in the
    process)."""

    def __init__(self, port: int, log: Path, env: Mapping[str, str] | None = None) -> None:
        command = ["-m", "uvicorn", "services.api.main:app", "--port", str(port)]
        command += ["--log-level", "warning", "--no-access-log"]
        super().__init__(command, log, {"CATALOG_CACHE_TTL": "1.0", "RUN_PROJECTIONS": "true", **(env or {})})
        self.port = port
        self.base_url = f"http://127.0.0.1:{port}"

    def healthy(self) -> bool:
        """``GET /api/health`` answers 200; ``AssertionError`` with the log when the process exited."""
        if self.proc is not None and self.proc.poll() is not None:
            raise AssertionError(f"server exited with {self.proc.returncode}:\n{self.output()}")
        try:
            return httpx.get(f"{self.base_url}/api/health", timeout=5).status_code == 200
        except httpx.HTTPError:
            return False

    def wait_healthy(self, seconds: float = 300) -> None:
        """Wait until :meth:`healthy` (``AssertionError`` with the log after ``seconds``)."""
        wait_for(self.healthy, seconds, lambda: f"/api/health of {self.base_url}:\n{self.output()}")

    def start(self, seconds: float = 300) -> None:
        """Start the server and wait until ``/api/health`` answers."""
        self.launch()
        self.wait_healthy(seconds)

    def tail(self, chars: int = 4000) -> str:
        """The end of the server's output (:meth:`Process.output`)."""
        return self.output(chars)


class Worker(Process):
    """A projection worker, ``python -m services.api.cli project``, with the test's environment
    plus ``env``. Ready once it printed that it follows the log."""

    READY = "cart_current: following the log"

    def __init__(self, log: Path, env: Mapping[str, str] | None = None) -> None:
        super().__init__(["-m", "services.api.cli", "project"], log, env)
        self._start_offset = 0

    def launch(self) -> None:
        """Start the worker; :meth:`wait_ready` then looks only at what this start printed."""
        self._start_offset = self.log.stat().st_size if self.log.exists() else 0
        super().launch()

    def ready(self) -> bool:
        """This start has printed :attr:`READY`; ``AssertionError`` with the log when it exited."""
        if self.proc is not None and self.proc.poll() is not None:
            raise AssertionError(f"worker exited with {self.proc.returncode}:\n{self.output()}")
        printed = self.log.read_bytes()[self._start_offset :] if self.log.exists() else b""
        return self.READY.encode() in printed

    def start(self, seconds: float = 300) -> None:
        """Start the worker and wait until it follows the log."""
        self.launch()
        wait_for(self.ready, seconds, lambda: f"worker not following the log:\n{self.output()}")
