"""The access log never holds an email address or an order key (docs/operations.md,
"Security"): :func:`redact_target` on its own, and the real output of ``cli serve`` (uvicorn,
its own logging configuration) for requests that carry them in the query and in the path."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from services.api.access_log import redact_target

ROOT = Path(__file__).resolve().parents[2]
KEY = "wc_order_Zq8sEcReT"
TOKEN = "NlTokEn_4b1d9f0e2a7c5b3e8d6f"


@pytest.mark.parametrize(
    ("target", "logged"),
    [
        (f"/api/wc/orders/123456789?key={KEY}&x=1", "/api/wc/orders/123456789?key=(redacted)&x=1"),
        ("/api/dev/mailbox?to=ada%40example.com", "/api/dev/mailbox?to=(redacted)"),
        ("/api/dev/mailbox?TO=ada@example.com", "/api/dev/mailbox?TO=(redacted)"),
        (f"/newsletter/confirm?token={TOKEN}", "/newsletter/confirm?token=(redacted)"),
        ("/shop/ada%40example.com/orders", "/shop/(redacted)/orders"),
        ("/search?q=grace%2540example.com&page=2", "/search?q=(redacted)&page=2"),
        ("/search?q=a+b%40c.de", "/search?q=(redacted)"),
        ("/x?ada%40example.com", "/x?(redacted)"),
        ("/x?ada%40example.com=1", "/x?(redacted)=(redacted)"),
        ("/api/wc/products?per_page=20&page=2", "/api/wc/products?per_page=20&page=2"),
        ("/plain/path", "/plain/path"),
    ],
)
def test_secrets_and_addresses_are_redacted(target: str, logged: str) -> None:
    assert redact_target(target) == logged


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for(condition, what: str, timeout: float = 300.0) -> None:  # noqa: ANN001 - a callable
    """Poll ``condition`` until it is true; fail with ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.05)


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``cli serve`` on a free port of this machine on the test database, its stdout and
    stderr in a file; yields ``(base_url, log_file)``."""
    port = _free_port()
    log_file = tmp_path / "server.log"
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "PYTHONUNBUFFERED": "1",
        "RUN_PROJECTIONS": "false",
        "MAIL_BACKEND": "outbox",
        "WEBAPP_DIST": str(tmp_path / "no-dist"),
    }
    with log_file.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "services.api.cli", "serve", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"

    def healthy() -> bool:
        if process.poll() is not None:
            pytest.fail(f"the server exited: {log_file.read_text()}")
        try:
            return httpx.get(f"{base}/api/health", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    try:
        _wait_for(healthy, "the server to answer")
        yield base, log_file
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_the_real_access_log_holds_no_address_or_key(server: tuple[str, Path]) -> None:
    base, log_file = server
    with httpx.Client(base_url=base, timeout=60) as client:  # a bound for a loaded machine
        client.get("/api/wc/orders/123456789", params={"key": KEY})
        client.get("/api/dev/mailbox", params={"to": "Erika.Mustermann@example.com"})
        client.get(f"/newsletter/confirm?token={TOKEN}")
        client.get("/api/wc/orders/ada%40example.com")
        client.get("/checkout", params={"ref": "grace@example.org"})
        client.get("/api/health", params={"done": "1"})
    _wait_for(lambda: "/api/health?done=1" in log_file.read_text(), "the last request in the access log")
    output = log_file.read_text()
    for secret in (KEY, TOKEN, "erika", "ada%40", "ada@", "grace"):
        assert secret.lower() not in output.lower(), (secret, output)
    for logged in (
        '"GET /api/wc/orders/123456789?key=(redacted) HTTP/1.1" 404',
        '"GET /api/dev/mailbox?to=(redacted) HTTP/1.1" 401',
        '"GET /newsletter/confirm?token=(redacted) HTTP/1.1"',
        '"GET /api/wc/orders/(redacted) HTTP/1.1" 404',
        '"GET /checkout?ref=(redacted) HTTP/1.1"',
    ):
        assert logged in output, (logged, output)
