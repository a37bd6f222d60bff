"""Reading the embedded mail sink in tests: ``GET /api/dev/mailbox`` is for signed-in admins
only (docs/operations.md, "Security"), so tests read it through a client of their own that is
signed in as a fresh admin account."""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from services.shared import db as shared_db
from services.staff.service import create_staff_user

PASSWORD = "mailbox reader " + secrets.token_hex(8)


def signed_in(app: FastAPI, role: str = "admin") -> TestClient:
    """A new client of ``app`` signed in as a new staff account with ``role`` (``admin`` or
    ``reviewer``) made in the app's configured database."""
    email = f"{role}-{secrets.token_hex(6)}@halvard.gg"
    with shared_db.get_sessionmaker()() as session:
        create_staff_user(session, email, PASSWORD, role)
        session.commit()
    client = TestClient(app)
    answer = client.post("/api/staff/login", json={"email": email, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return client


def read_mailbox(app: FastAPI, to: str) -> list[dict[str, Any]]:
    """The mails to ``to`` as ``GET /api/dev/mailbox`` lists them to an admin."""
    answer = signed_in(app).get("/api/dev/mailbox", params={"to": to})
    assert answer.status_code == 200, answer.text
    return answer.json()
