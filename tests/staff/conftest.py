"""Fixtures for staff tests: an app on the test database, staff accounts, a signed-in client."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from services.api.app import create_app
from services.shared import db as shared_db
from services.shared.ratelimit import reset_limits
from services.shared.settings import get_settings
from services.staff.domain import StaffUser, token_digest
from services.staff.models import StaffSessionRecord
from services.staff.service import create_staff_user

ADMIN_EMAIL, REVIEWER_EMAIL = "odin@halvard.gg", "freya@halvard.gg"
PASSWORD = "correct horse battery staple"


@pytest.fixture
def make_staff(db_url: str) -> Callable[..., StaffUser]:
    """``make_staff(email, role, password=PASSWORD)``: a committed staff account."""

    def make(email: str, role: str, password: str = PASSWORD) -> StaffUser:
        with shared_db.get_sessionmaker(db_url)() as session:
            user = create_staff_user(session, email, password, role)
            session.commit()
        return user

    return make


@pytest.fixture
def client(db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A client of the whole app (a built storefront in place, so the SPA fallback is live),
    with fresh login counters. Like the storefront's pages it sends the shop's own ``Origin``
    (the staff CSRF check, docs/operations.md, Security)."""
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("<!doctype html><div id=root></div>")
    monkeypatch.setenv("WEBAPP_DIST", str(dist))
    get_settings.cache_clear()
    reset_limits()
    client = TestClient(create_app(), follow_redirects=False)
    client.headers["Origin"] = "http://testserver"
    yield client
    reset_limits()


@pytest.fixture
def staff(make_staff: Callable[..., StaffUser]) -> dict[str, StaffUser]:
    """An admin and a reviewer."""
    return {"admin": make_staff(ADMIN_EMAIL, "admin"), "reviewer": make_staff(REVIEWER_EMAIL, "reviewer")}


def log_in(client: TestClient, email: str, password: str = PASSWORD) -> str:
    """Sign ``client`` in (it keeps the cookie); returns the session token."""
    answer = client.post("/api/staff/login", json={"email": email, "password": password})
    assert answer.status_code == 200, answer.text
    return answer.cookies["staff_session"]


def expire_session(db_url: str, token: str) -> None:
    """Let the session of ``token`` run out on the server (its expiry one second ago)."""
    with shared_db.get_sessionmaker(db_url)() as session:
        session.execute(
            update(StaffSessionRecord)
            .where(StaffSessionRecord.token_hash == token_digest(token))
            .values(expires_at=datetime.now(UTC) - timedelta(seconds=1))
        )
        session.commit()
