"""Shared by the benchmarks: the rate limits a spawned shop server runs with, and waiting for it
to answer its health check."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator, Mapping, MutableMapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # the benchmarks run as scripts from any folder
    sys.path.insert(0, str(ROOT))

from services.shared.settings import Settings  # noqa: E402

# A benchmark's clients all come from one address (127.0.0.1), far faster than any shopper: the
# per-client limits of what it exercises are off ("" in the ``limits`` notation), so it measures
# the shop, not the limiter (docs/operations.md, Security, "Rate limits").
CART_LOAD_LIMITS = {"RATE_LIMIT_CART_COMMANDS": "", "RATE_LIMIT_NEW_CARTS": ""}


def set_rate_limits(env: MutableMapping[str, str], limits: dict[str, str]) -> MutableMapping[str, str]:
    """Put ``limits`` (``RATE_LIMIT_*`` variables) into ``env`` (the environment a spawned server
    gets) and print every rate limit in force for it (``off`` for an empty one). Returns ``env``."""
    env.update(limits)
    fields = Settings.model_fields
    shown = []
    for name in sorted(f for f in fields if f.startswith("rate_limit_")):
        value = env.get(name.upper(), fields[name].default)
        shown.append(f"{name.upper()}={value or 'off'}")
    print("rate limits in force: " + ", ".join(shown), flush=True)
    return env


def start_server(
    cmd: list[str], env: Mapping[str, str], port: int, seconds: float = 60, **popen: Any
) -> subprocess.Popen[bytes]:
    """Start ``cmd`` (a uvicorn command line serving on ``port``) from the repository root in a
    process group of its own, and return it once it answers its health check (see
    ``wait_until_healthy``). ``popen``: more ``subprocess.Popen`` arguments (e.g. ``stdout``)."""
    proc = subprocess.Popen(cmd, cwd=ROOT, env=dict(env), start_new_session=True, **popen)
    return wait_until_healthy(proc, port, seconds)


def wait_until_healthy(
    proc: subprocess.Popen[bytes], port: int, seconds: float = 60
) -> subprocess.Popen[bytes]:
    """Return ``proc`` once ``GET /api/health`` on ``port`` answers 200; stop it (its whole
    process group when it leads one: uvicorn's workers too) and exit when it does not within
    ``seconds`` or exits first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health").status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    stop_server(proc, grace=0)
    raise SystemExit(f"server on port {port} did not answer /api/health (exit status {proc.returncode})")


def stop_server(proc: subprocess.Popen[bytes], grace: float = 20) -> None:
    """SIGTERM to ``proc`` (to its process group when it leads one, so uvicorn's workers are not
    left behind), SIGKILL after ``grace`` seconds; waits for it."""
    try:
        group = os.getpgid(proc.pid) == proc.pid
    except ProcessLookupError:
        group = False

    def send(sig: signal.Signals) -> None:
        try:
            if group:
                os.killpg(proc.pid, sig)
            else:
                proc.send_signal(sig)
        except ProcessLookupError:
            pass

    send(signal.SIGTERM)
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        send(signal.SIGKILL)
        proc.wait()
    if group:
        send(signal.SIGKILL)  # a worker that outlived its master


def schema_url(base: str, schema: str) -> str:
    """``base`` (a PostgreSQL SQLAlchemy URL) with ``search_path`` set to ``schema``: everything
    the shop creates through it (tables, the event store's tables) lands in that schema."""
    sep = "&" if "?" in base else "?"
    return f"{base}{sep}options={quote(f'-csearch_path={schema}')}"


@contextmanager
def private_schema(base: str, prefix: str = "bench") -> Iterator[str]:
    """A fresh schema ``<prefix>_<random>`` of the PostgreSQL database at ``base``, dropped with
    everything in it on exit; yields the URL that works in it (``schema_url``). Lets a benchmark
    run beside the test suite and other benchmarks on one database."""
    schema = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        try:
            yield schema_url(base, schema)
        finally:
            with admin.connect() as conn:
                conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    finally:
        admin.dispose()
