"""Request body limits and security headers, in process (docs/operations.md, Security).

The body-limit tests drive the whole app over raw ASGI with a body that would be 100 MiB and
count how much of it the app asked for: a ``Content-Length`` over the route's limit is
refused before a byte is read; a chunked body is refused as soon as the count passes the
limit. ``tests/api/test_http_server.py`` does the same over a real socket.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from services.api.app import create_app
from services.shared.security_headers import ADMIN_CSP, DOCS_CSP, STOREFRONT_CSP
from services.shared.settings import get_settings

MIB = 1024 * 1024
OFFERED = 100 * MIB  # the body each request would send in full


@pytest.fixture
def app(db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><div id=root></div>")
    (dist / "assets" / "app-abc123.js").write_text("console.log(1)")
    monkeypatch.setenv("WEBAPP_DIST", str(dist))
    monkeypatch.setenv("RUN_PROJECTIONS", "false")
    get_settings.cache_clear()
    return create_app()


def _post(app: Any, path: str, headers: list[tuple[bytes, bytes]], chunk: int = MIB) -> tuple[int, Any, int]:
    """POST a 100 MiB body (``OFFERED``) in chunks of ``chunk`` bytes to ``app`` over ASGI.
    Returns (status, decoded JSON body, bytes the app received)."""
    sent: list[dict[str, Any]] = []
    given = 0

    async def receive() -> dict[str, Any]:
        nonlocal given
        if given >= OFFERED:
            return {"type": "http.disconnect"}
        given += chunk
        more = given < OFFERED
        return {"type": "http.request", "body": b"{" + b" " * (chunk - 1), "more_body": more}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"), *headers],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
    }
    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    answer_headers = {name.decode().lower() for name, _ in start.get("headers", [])}
    # The refusal is an answer like any other: it carries the security headers too.
    assert {"x-content-type-options", "content-security-policy", "referrer-policy"} <= answer_headers
    return start["status"], json.loads(body), given


@pytest.mark.parametrize(
    ("path", "limit"),
    [
        ("/api/cart/commands", MIB),  # default 1 MiB
        ("/api/wc/coupons", MIB),
        ("/api/mail", 64 * 1024),  # contact form
        ("/api/newsletter", 64 * 1024),
        ("/api/staff/login", 64 * 1024),
        ("/api/checkout/orders", 64 * 1024),
        ("/api/ga/page-view", 8 * 1024),  # analytics hit
    ],
)
def test_a_streamed_body_is_refused_as_soon_as_it_passes_the_limit(app: Any, path: str, limit: int) -> None:
    chunk = 4096
    status, body, received = _post(app, path, [], chunk=chunk)
    assert status == 413
    assert body["code"] == "payload_too_large" and str(limit) in body["message"]
    # The app read one chunk past the limit and no further (100 MiB were on offer).
    assert limit < received <= limit + chunk


def test_a_declared_length_over_the_limit_is_refused_before_reading(app: Any) -> None:
    declared = [(b"content-length", str(OFFERED).encode())]
    status, body, received = _post(app, "/api/cart/commands", declared)
    assert (status, body["code"], received) == (413, "payload_too_large", 0)
    status, body, received = _post(app, "/api/ga/page-view", [(b"content-length", b"8193")])
    assert (status, body["code"], received) == (413, "payload_too_large", 0)


def test_bodies_within_the_limit_still_work(app: Any) -> None:
    client = TestClient(app)
    # 1,000,000 bytes (under 1 MiB) reach the coupon API, which answers them its way (no session)
    big = client.post("/api/wc/coupons", json={"code": "x", "description": "d" * 999_950})
    assert big.status_code == 401, big.text
    view = {"event_id": "e" * 32, "page_location": "https://halvard.gg/" + "a" * 2000}
    answer = client.post("/api/ga/page-view", content=json.dumps(view))
    assert answer.status_code == 200, answer.text


def _security_headers_of(answer: Any, csp: str) -> None:
    assert answer.headers["content-security-policy"] == csp, answer.url
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "strict-origin-when-cross-origin"
    assert "strict-transport-security" not in answer.headers  # plain HTTP


def test_every_kind_of_answer_has_the_security_headers(app: Any) -> None:
    client = TestClient(app, follow_redirects=False)
    media = get_settings().media_dir / "x.txt"
    media.write_text("media")
    for path in ("/", "/keyboards/odin-75", "/assets/app-abc123.js", "/api/wc/products", "/api/nothing"):
        _security_headers_of(client.get(path), STOREFRONT_CSP)
    # media files keep their own stricter policy (services/api/media.py), framed by no one
    media_csp = (
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; frame-ancestors 'none'"
    )
    _security_headers_of(client.get("/media/x.txt"), media_csp)
    _security_headers_of(client.get("/admin/"), ADMIN_CSP)  # the login redirect
    _security_headers_of(client.get("/docs"), DOCS_CSP)
    _security_headers_of(client.post("/api/mail", content=b"{"), STOREFRONT_CSP)  # an error


def test_the_storefront_policy_is_strict() -> None:
    directives = dict(d.strip().split(" ", 1) for d in STOREFRONT_CSP.split(";"))
    assert directives["script-src"] == "'self'"
    assert "unsafe" not in STOREFRONT_CSP
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"
    assert directives["base-uri"] == "'self'"
    assert directives["frame-src"] == "https://www.youtube-nocookie.com"
    for policy in (ADMIN_CSP, DOCS_CSP):
        assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy


def test_hsts_only_over_https(app: Any) -> None:
    secure = TestClient(app, base_url="https://testserver").get("/api/wc/products")
    assert secure.headers["strict-transport-security"] == "max-age=31536000; includeSubDomains"
    assert "strict-transport-security" not in TestClient(app).get("/api/wc/products").headers
