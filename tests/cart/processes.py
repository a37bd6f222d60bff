"""The shop's processes as subprocesses of a test: API servers (uvicorn) and projection workers
(``python -m services.api.cli project``), each in a process group of its own, with output in a
file; a free port; waiting for a condition with a deadline.

Used by ``test_crash_recovery.py`` (one API process), ``test_processes.py`` (N API processes
and M workers, ``kill -9`` of some), ``test_partitions.py`` (an API process and a worker per
cart partition) and ``test_pgbouncer.py`` (API processes behind PgBouncer). ``running`` starts
a set of them and stops them all (process groups) after the block; ``wait_for_cart_current``
waits until the workers' ``cart_current`` has caught up with the carts and the logs. Nothing
here sleeps and hopes: every wait polls a condition until a deadline and fails with the
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
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text

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


class Process(ABC):
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

    @abstractmethod
    def wait_ready(self, seconds: float = 300) -> None:
        """Wait until the process is ready for the test (subclasses say what that is);
        ``AssertionError`` with its output after ``seconds``."""


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

    def wait_ready(self, seconds: float = 300) -> None:
        """A server is ready when it is healthy (:meth:`wait_healthy`)."""
        self.wait_healthy(seconds)

    def start(self, seconds: float = 300) -> None:
        """Start the server and wait until ``/api/health`` answers."""
        self.launch()
        self.wait_healthy(seconds)

    def tail(self, chars: int = 4000) -> str:
        """The end of the server's output (:meth:`Process.output`)."""
        return self.output(chars)


class Worker(Process):
    """A projection worker, ``python -m services.api.cli project``, with the test's environment
    plus ``env``; with ``partition``, ``project --partition I`` (``CART_PARTITION_URLS``). Ready
    once it printed that it follows the log."""

    READY = "cart_current: following the log"

    def __init__(self, log: Path, env: Mapping[str, str] | None = None, partition: int | None = None) -> None:
        command = ["-m", "services.api.cli", "project"]
        if partition is not None:
            command += ["--partition", str(partition)]
        super().__init__(command, log, env)
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

    def wait_ready(self, seconds: float = 300) -> None:
        """Wait until :meth:`ready` (``AssertionError`` with the log after ``seconds``)."""
        wait_for(self.ready, seconds, lambda: f"worker not following the log:\n{self.output()}")

    def start(self, seconds: float = 300) -> None:
        """Start the worker and wait until it follows the log."""
        self.launch()
        self.wait_ready(seconds)


@contextmanager
def running(*processes: Process, seconds: float = 300) -> Iterator[None]:
    """Run ``processes`` for the ``with`` block: every one launched before any is waited for
    (they start at once, as a deployment's do), then each waited for until ready
    (:meth:`Process.wait_ready`: a server healthy, a worker following the log; ``seconds``
    each). When the block or a start fails, each process's command and output are printed
    (pytest shows them with the failure); at the end every one is stopped, its process group
    too (:meth:`Process.stop`)."""
    try:
        for process in processes:
            process.launch()
        for process in processes:
            process.wait_ready(seconds)
        yield
    except BaseException:
        for process in processes:
            print(f"==== {' '.join(process.command)}\n{process.output()}")
        raise
    finally:
        for process in processes:
            process.stop()


# ---- cart_current caught up ----------------------------------------------------------------------


def sqlalchemy_url(url: str) -> str:
    """``url`` for SQLAlchemy: a ``postgresql://`` URL (as ``CART_PARTITION_URLS`` lists them)
    with psycopg 3, the shop's driver; any other URL as it is."""
    return (
        url.replace("postgresql://", "postgresql+psycopg://", 1) if url.startswith("postgresql://") else url
    )


def cart_states(base_url: str, tokens: list[str]) -> dict[str, dict[str, Any]]:
    """Every cart of ``tokens`` as ``GET /api/cart`` of the API at ``base_url`` answers it, by
    cart id."""
    with httpx.Client(base_url=base_url, timeout=30) as http:
        carts = [http.get("/api/cart", headers={"X-Cart-Token": t}).json()["cart"] for t in tokens]
    return {cart["cart_id"]: cart for cart in carts}


def cart_current_tracking(conn: Any) -> dict[str, int]:
    """Tracking (application) name -> the notification id ``cart_current`` has reached in that
    log, on ``conn`` (a connection to the main database)."""
    rows = conn.execute(
        text(
            "SELECT application_name, notification_id FROM projection_tracking "
            "WHERE projection_name = 'cart_current'"
        )
    )
    return {name: int(position) for name, position in rows}


def cart_current_lags(
    url: str, states: dict[str, dict[str, Any]], logs: Mapping[str, str] | None = None
) -> str:
    """What ``cart_current`` in the database at ``url`` still lacks: carts whose row is missing
    or not at the version and item count of ``states`` (cart id -> ``GET /api/cart`` state),
    and logs whose ``cart_current`` tracking row is behind the log's last notification id.
    ``logs``: tracking (application) name -> URL of the PostgreSQL database holding that log's
    ``carts_events`` (with ``CART_PARTITION_URLS`` one per partition: ``carts``, ``carts_p1``...);
    default the single store beside the main database. Empty when everything has caught up."""
    logs = logs or {"carts": url}
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            rows = {
                cart_id: (version, items)
                for cart_id, version, items in conn.execute(
                    text("SELECT cart_id, version, item_count FROM cart_current")
                )
            }
            tracked = cart_current_tracking(conn)
    finally:
        engine.dispose()
    want = {cid: (s["version"], sum(line["count"] for line in s["lines"])) for cid, s in states.items()}
    lags = [f"{cid[:8]}: {rows.get(cid)} != {w}" for cid, w in want.items() if rows.get(cid) != w]
    for name, log_url in logs.items():
        head_engine = create_engine(sqlalchemy_url(log_url))
        try:
            with head_engine.connect() as conn:
                head = conn.execute(
                    text("SELECT COALESCE(MAX(notification_id), 0) FROM carts_events")
                ).scalar_one()
        finally:
            head_engine.dispose()
        if tracked.get(name) != head:
            lags.append(f"{name}: tracking at {tracked.get(name)}, log head {head}")
    return ", ".join(lags)


def wait_for_cart_current(
    url: str,
    base_url: str,
    tokens: list[str],
    context: Callable[[], str] = str,
    seconds: float = 120,
    logs: Mapping[str, str] | None = None,
) -> None:
    """Read every cart of ``tokens`` from the API at ``base_url`` (:func:`cart_states`), then
    wait until ``cart_current`` in the database at ``url`` has caught up with them and with the
    heads of ``logs`` (:func:`cart_current_lags`); ``AssertionError`` with what lags and
    ``context()`` after ``seconds``."""
    states = cart_states(base_url, tokens)
    wait_for(
        lambda: not cart_current_lags(url, states, logs),
        seconds,
        lambda: f"{cart_current_lags(url, states, logs)}\n{context()}",
    )
