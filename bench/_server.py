"""Shared by the benchmarks: wait for a spawned shop server to answer its health check."""

from __future__ import annotations

import subprocess
import time

import httpx


def wait_until_healthy(
    proc: subprocess.Popen[bytes], port: int, seconds: float = 30
) -> subprocess.Popen[bytes]:
    """Return ``proc`` once ``GET /api/health`` on ``port`` answers 200; kill it and exit otherwise."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health").status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not start")
