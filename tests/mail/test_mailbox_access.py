"""The embedded mail sink ``GET /api/dev/mailbox`` (docs/operations.md, "Security"): with the
outbox backend it answers only a signed-in admin (401 anonymous, 403 reviewer), and with the
SMTP backend the route is not mounted at all (404 for everybody, admins included)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from services.api.app import create_app
from services.mail.outbox import Mail, enqueue
from services.shared import db as shared_db
from services.shared.ratelimit import reset_limits
from services.shared.settings import get_settings
from tests.mailbox import signed_in

SECRET = "Ada Lovelace, Unter den Linden 1, +49 30 1234567"


def _app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, backend: str) -> Iterator[FastAPI]:
    monkeypatch.setenv("MAIL_BACKEND", backend)
    monkeypatch.setenv("RUN_PROJECTIONS", "false")
    monkeypatch.setenv("WEBAPP_DIST", str(tmp_path / "no-dist"))
    get_settings.cache_clear()
    reset_limits()
    with shared_db.get_sessionmaker()() as session:
        enqueue(session, Mail(to="ada@example.com", subject="Your order", text=SECRET, html=SECRET))
        session.commit()
    yield create_app()
    reset_limits()


@pytest.fixture
def outbox_app(db_url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[FastAPI]:
    """The app with ``MAIL_BACKEND=outbox`` and one mail to ada@example.com in the outbox."""
    yield from _app(monkeypatch, tmp_path, "outbox")


@pytest.fixture
def smtp_app(db_url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[FastAPI]:
    """The app with ``MAIL_BACKEND=smtp`` and one mail to ada@example.com in the table."""
    yield from _app(monkeypatch, tmp_path, "smtp")


def test_only_a_signed_in_admin_reads_the_mails(outbox_app: FastAPI) -> None:
    anonymous = TestClient(outbox_app).get("/api/dev/mailbox", params={"to": "ada@example.com"})
    assert anonymous.status_code == 401
    assert anonymous.json()["code"] == "staff_login_required" and SECRET not in anonymous.text

    reviewer = signed_in(outbox_app, "reviewer").get("/api/dev/mailbox", params={"to": "ada@example.com"})
    assert reviewer.status_code == 403
    assert reviewer.json()["code"] == "staff_role_forbidden" and SECRET not in reviewer.text

    admin = signed_in(outbox_app, "admin")
    answer = admin.get("/api/dev/mailbox", params={"to": "ADA@example.com"})
    assert answer.status_code == 200
    assert answer.headers["cache-control"] == "no-store"
    [mail] = answer.json()
    assert mail["to"] == "ada@example.com" and mail["text"] == SECRET
    # bad input is still a clear 422 for an admin
    for params in ({}, {"to": "a\x00b@example.com"}, {"to": "x"}):
        bad = admin.get("/api/dev/mailbox", params=params)
        assert bad.status_code == 422 and bad.json()["code"] == "invalid_request", params


def test_a_bad_recipient_from_an_anonymous_caller_is_still_401(outbox_app: FastAPI) -> None:
    answer = TestClient(outbox_app).get("/api/dev/mailbox", params={"to": "a\x00b"})
    assert answer.status_code == 401


@pytest.mark.parametrize("role", [None, "reviewer", "admin"])
def test_with_smtp_the_route_does_not_exist(smtp_app: FastAPI, role: str | None) -> None:
    client = TestClient(smtp_app) if role is None else signed_in(smtp_app, role)
    answer = client.get("/api/dev/mailbox", params={"to": "ada@example.com"})
    assert answer.status_code == 404 and answer.json()["code"] == "not_found"
    assert SECRET not in answer.text
    assert "/api/dev/mailbox" not in smtp_app.openapi()["paths"]


def test_the_outbox_route_is_documented_with_its_refusals(outbox_app: FastAPI) -> None:
    responses = outbox_app.openapi()["paths"]["/api/dev/mailbox"]["get"]["responses"]
    assert {"200", "401", "403", "422"} <= set(responses)
