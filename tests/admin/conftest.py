"""Fixtures for the admin UI tests: the whole app (storefront build in place), staff accounts,
and a small HTML form reader to post sqladmin's forms back the way a browser would."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from services.api.app import create_app
from services.shared import db as shared_db
from services.shared.ratelimit import reset_limits
from services.shared.settings import get_settings
from services.staff.service import create_staff_user

ADMIN_EMAIL, REVIEWER_EMAIL = "odin@halvard.gg", "freya@halvard.gg"
SUPPORT_EMAIL, ANALYST_EMAIL = "saga@halvard.gg", "mimir@halvard.gg"
PASSWORD = "correct horse battery staple"
SPA_HTML = "<!doctype html><div id=root></div>"


@pytest.fixture
def app_factory(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[[], TestClient]]:
    """Builds clients of one app on the test database, with a built storefront in place (so the
    SPA fallback is live) and fresh login counters. Clients never follow redirects."""
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text(SPA_HTML)
    monkeypatch.setenv("WEBAPP_DIST", str(dist))
    get_settings.cache_clear()
    reset_limits()
    app = create_app()
    yield lambda: TestClient(app, follow_redirects=False)
    reset_limits()


@pytest.fixture
def client(app_factory: Callable[[], TestClient]) -> TestClient:
    """An anonymous client."""
    return app_factory()


@pytest.fixture
def staff_accounts(db_url: str) -> None:
    """An admin, a reviewer, a support agent and an analyst."""
    with shared_db.get_sessionmaker(db_url)() as session:
        create_staff_user(session, ADMIN_EMAIL, PASSWORD, "admin")
        create_staff_user(session, REVIEWER_EMAIL, PASSWORD, "reviewer")
        create_staff_user(session, SUPPORT_EMAIL, PASSWORD, "support")
        create_staff_user(session, ANALYST_EMAIL, PASSWORD, "analyst")
        session.commit()


def _signed_in(factory: Callable[[], TestClient], email: str) -> TestClient:
    """A client signed in as ``email`` that, like a browser on the shop's pages, sends the
    shop's own ``Origin`` with every request (the staff CSRF check, services/staff/csrf.py)."""
    client = factory()
    client.headers["Origin"] = "http://testserver"
    answer = client.post("/api/staff/login", json={"email": email, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    assert client.cookies.get("csrftoken"), "the login answer sets the CSRF cookie"
    return client


def csrf(client: TestClient) -> dict[str, str]:
    """The ``X-CSRFToken`` header the admin's JavaScript sends (its DELETE and import calls)."""
    return {"X-CSRFToken": client.cookies["csrftoken"]}


@pytest.fixture
def admin(app_factory: Callable[[], TestClient], staff_accounts: None) -> TestClient:
    """A client signed in as an admin."""
    return _signed_in(app_factory, ADMIN_EMAIL)


@pytest.fixture
def reviewer(app_factory: Callable[[], TestClient], staff_accounts: None) -> TestClient:
    """A client signed in as a reviewer."""
    return _signed_in(app_factory, REVIEWER_EMAIL)


@pytest.fixture
def signed_in(app_factory: Callable[[], TestClient], staff_accounts: None) -> Callable[[str], TestClient]:
    """``signed_in(email)``: a client signed in as one of the ``staff_accounts``."""
    return lambda email: _signed_in(app_factory, email)


class _FormReader(HTMLParser):
    """Collects what a browser would submit from the page's form: inputs (checked boxes only,
    no submit buttons), selected options and textarea contents."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.fields: list[tuple[str, str]] = []
        self._select: str | None = None
        self._textarea: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "input" and a.get("name") and a.get("type") not in ("submit", "button"):
            if a.get("type") == "checkbox" and "checked" not in a:
                return
            self.fields.append((a["name"], a.get("value", "")))
        elif tag == "select":
            self._select = a.get("name")
        elif tag == "option" and self._select and "selected" in a:
            self.fields.append((self._select, a.get("value", "")))
        elif tag == "textarea":
            self._textarea, self._text = a.get("name"), []

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "textarea" and self._textarea:
            self.fields.append((self._textarea, "".join(self._text).strip("\n")))
            self._textarea = None

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self._text.append(data)


def read_form(html: str) -> list[tuple[str, str]]:
    """The (name, value) pairs the page's form would post, in page order."""
    reader = _FormReader()
    reader.feed(html)
    return reader.fields


def with_values(form: list[tuple[str, str]], /, **changes: str) -> list[tuple[str, str]]:
    """``form`` with the single-valued fields in ``changes`` replaced (or added)."""
    out = [(k, v) for k, v in form if k not in changes]
    return out + list(changes.items())


def post_form(client: TestClient, url: str, fields: list[tuple[str, str]]):  # noqa: ANN201 - httpx.Response
    """POST ``fields`` form-encoded (repeated names for multiple selects), as a browser does."""
    from urllib.parse import urlencode

    return client.post(
        url,
        content=urlencode([*fields, ("save", "Save")]),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
