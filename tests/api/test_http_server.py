"""Body limits and proxy headers through a real ``shop serve`` (uvicorn) subprocess
(docs/operations.md, Security), on the test database (SQLite or PostgreSQL).

- A streamed (chunked) body that would be 100 MiB is answered 413 while the client is still
  sending, and the client got to send only a small part of it before the server stopped
  reading (what the socket buffers hold plus the 1 MiB limit).
- With the default settings, ``X-Forwarded-For`` from 127.0.0.1 does not change the client
  address: rotating it does not escape the per-IP staff login limit. With
  ``TRUST_PROXY_HEADERS=1`` and ``FORWARDED_ALLOW_IPS=127.0.0.1`` it is honoured.
"""

from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import seeded_database

REPO = Path(__file__).resolve().parents[2]
OFFERED = 100 * 1024 * 1024
START_TIMEOUT = 300.0  # a bound for a hung start; a loaded machine imports the app for tens of seconds
ANSWER_TIMEOUT = 60.0  # a bound for a loaded machine, not a speed requirement


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[dict[str, str]]:
    """A migrated, empty database; yields the environment a server on it needs."""
    with seeded_database(tmp_path_factory, pg_schema_url, "http-server", lambda session: None) as (url, _env):
        yield {
            "DATABASE_URL": url,
            "DATA_DIR": str(tmp_path_factory.mktemp("http-server-data")),
            "RUN_PROJECTIONS": "false",
            "RATE_LIMIT_STAFF_LOGIN_PER_EMAIL": "100/minute",
            "RATE_LIMIT_STAFF_LOGIN_PER_CLIENT": "3/minute",
        }


def _serve(env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``shop serve`` on a free port; returns the process and its base URL once it answers."""
    port = _free_port()
    clean = {k: v for k, v in os.environ.items() if k not in ("TRUST_PROXY_HEADERS", "FORWARDED_ALLOW_IPS")}
    process = subprocess.Popen(
        [sys.executable, "-m", "services.api.cli", "serve", "--port", str(port)],
        cwd=REPO,
        env={**clean, "PYTHONPATH": str(REPO), **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"shop serve exited with {process.returncode}")
        try:
            httpx.get(f"{base}/api/nothing", timeout=1.0)
            return process, base
        except httpx.TransportError:
            time.sleep(0.1)  # polling for the server to listen, not a timing assumption
    process.kill()
    raise RuntimeError("shop serve did not start")


@pytest.fixture(scope="module")
def server(database: dict[str, str]) -> Iterator[str]:
    """A server with the default (no proxy trust) settings, shared by the module's tests (a start
    costs seconds; only one test signs in, so the login limit it counts starts fresh)."""
    process, base = _serve(database)
    try:
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)


def _stream(base: str, path: str) -> tuple[int | None, dict | None, int]:
    """POST a chunked JSON body of up to ``OFFERED`` bytes over a raw socket, sending only while
    the server has not answered. Returns (status, JSON body, bytes of body the client sent)."""
    port = int(base.rsplit(":", 1)[1])
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
        "X-Cart-Token: tttttttttttttttttttttttttttttttt\r\nTransfer-Encoding: chunked\r\n\r\n".encode()
    )
    sock.setblocking(False)
    chunk = b"[" + b" " * 65535
    frame = b"10000\r\n" + chunk + b"\r\n"
    pending = b""
    sent_body = 0
    answer = b""
    deadline = time.monotonic() + 60
    try:
        while sent_body < OFFERED and time.monotonic() < deadline:
            readable, writable, _ = select.select([sock], [sock], [], 5.0)
            if readable:
                break  # the server answered (or closed) while we were still sending
            if writable:
                if not pending:
                    pending = frame
                n = sock.send(pending)
                sent_body += n
                pending = pending[n:]
        sock.setblocking(True)
        sock.settimeout(ANSWER_TIMEOUT)
        while b"\r\n\r\n" not in answer or len(answer.split(b"\r\n\r\n", 1)[1]) < 2:
            data = sock.recv(65536)
            if not data:
                break
            answer += data
            head, _, rest = answer.partition(b"\r\n\r\n")
            if rest.endswith(b"}"):
                break
    except (BrokenPipeError, ConnectionResetError):
        pass
    finally:
        sock.close()
    if not answer:
        return None, None, sent_body
    head, _, rest = answer.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    return status, json.loads(rest), sent_body


@pytest.mark.parametrize("path", ["/api/cart/commands", "/api/mail"])
def test_a_100_mib_streamed_body_is_cut_off_early(server: str, path: str) -> None:
    status, body, sent = _stream(server, path)
    assert status == 413 and body is not None and body["code"] == "payload_too_large"
    # The server stopped reading at the limit: the client got rid of only what the socket
    # buffers hold beyond it, nowhere near the 100 MiB it had to send.
    assert sent < 32 * 1024 * 1024, sent


def test_a_declared_length_over_the_limit_is_refused_at_once(server: str) -> None:
    answer = httpx.post(
        f"{server}/api/ga/page-view",
        content=b"x" * 9000,
        headers={"Content-Type": "application/json"},
        timeout=ANSWER_TIMEOUT,
    )
    assert answer.status_code == 413 and answer.json()["code"] == "payload_too_large"


def _logins(base: str, rotate: bool) -> list[int]:
    statuses = []
    for i in range(5):
        headers = {"X-Forwarded-For": f"203.0.113.{i + 1}"} if rotate else {}
        answer = httpx.post(
            f"{base}/api/staff/login",
            json={"email": f"nobody{i}@halvard.gg", "password": "wrong password"},
            headers=headers,
            timeout=ANSWER_TIMEOUT,  # each refusal verifies an argon2 hash: seconds on a loaded machine
        )
        statuses.append(answer.status_code)
    return statuses


def test_forwarded_for_from_localhost_is_ignored_by_default(server: str) -> None:
    """Rotating X-Forwarded-For does not escape the per-IP login limit (3 a minute here)."""
    assert _logins(server, rotate=True) == [401, 401, 401, 429, 429]


def test_forwarded_for_is_honoured_from_a_configured_proxy(database: dict[str, str]) -> None:
    process, base = _serve({**database, "TRUST_PROXY_HEADERS": "1", "FORWARDED_ALLOW_IPS": "127.0.0.1"})
    try:
        assert _logins(base, rotate=True) == [401] * 5  # each address is counted on its own
        assert _logins(base, rotate=False)[-1] == 429  # the proxy's own address is still limited
    finally:
        process.terminate()
        process.wait(timeout=30)
