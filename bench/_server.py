"""Shared by the benchmarks: the rate limits a spawned shop server runs with, and waiting for it
to answer its health check."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import MutableMapping
from pathlib import Path

import httpx

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
