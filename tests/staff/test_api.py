"""Staff sessions over HTTP on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
login, the session cookie, /is-admin, /is-reviewer, /logout, expiry, rate limit, storage."""

from __future__ import annotations

from typing import Annotated

import pytest
from fastapi import Depends, FastAPI
from fastapi.responses import JSONResponse
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from services.shared import db as shared_db
from services.shared.errors import DomainError
from services.shared.ratelimit import reset_limits
from services.shared.settings import get_settings
from services.staff.deps import OptionalStaffDep, StaffDep, require_role
from services.staff.domain import StaffUser, token_digest
from services.staff.models import StaffSessionRecord, StaffUserRecord
from tests.staff.conftest import ADMIN_EMAIL, PASSWORD, REVIEWER_EMAIL, expire_session, log_in

LOGIN = "/api/staff/login"


def _cookie_header(answer) -> str:  # type: ignore[no-untyped-def]
    return answer.headers["set-cookie"]


# ---- logging in -------------------------------------------------------------------------------


def test_logging_in_answers_the_user_and_sets_an_httponly_lax_session_cookie(client, staff) -> None:
    answer = client.post(LOGIN, json={"email": " Odin@Halvard.gg ", "password": PASSWORD})
    assert answer.status_code == 200
    assert answer.json() == {"email": ADMIN_EMAIL, "role": "admin"}
    cookie = _cookie_header(answer)
    assert cookie.startswith("staff_session=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert "Max-Age=43200" in cookie and "Secure" not in cookie
    assert answer.headers["cache-control"] == "no-store"
    assert client.get("/api/staff/me").json() == {"email": ADMIN_EMAIL, "role": "admin"}


def test_the_cookie_is_secure_when_cookie_secure_is_set(client, staff, monkeypatch) -> None:
    monkeypatch.setenv("COOKIE_SECURE", "1")
    monkeypatch.setenv("STAFF_SESSION_HOURS", "2")
    get_settings.cache_clear()
    cookie = _cookie_header(client.post(LOGIN, json={"email": ADMIN_EMAIL, "password": PASSWORD}))
    assert "Secure" in cookie and "Max-Age=7200" in cookie


def test_a_wrong_password_and_an_unknown_email_get_the_same_401(client, staff) -> None:
    wrong = client.post(LOGIN, json={"email": ADMIN_EMAIL, "password": "not the password"})
    unknown = client.post(LOGIN, json={"email": "loki@halvard.gg", "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert wrong.json()["code"] == "invalid_credentials"
    assert "set-cookie" not in wrong.headers and "set-cookie" not in unknown.headers
    assert client.get("/api/staff/me").status_code == 401


def test_a_disabled_account_cannot_log_in_nor_use_its_session(client, staff, db_url) -> None:
    log_in(client, ADMIN_EMAIL)
    with shared_db.get_sessionmaker(db_url)() as session:
        session.execute(update(StaffUserRecord).values(active=False))
        session.commit()
    assert client.get("/is-admin").status_code == 401
    answer = client.post(LOGIN, json={"email": ADMIN_EMAIL, "password": PASSWORD})
    assert (answer.status_code, answer.json()["code"]) == (401, "invalid_credentials")


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"email": ADMIN_EMAIL},
        {"email": "", "password": "x"},
        [1, 2],
        {"email": "\u0000", "password": "x"},  # a NUL was a 500 on PostgreSQL (found by the fuzz test)
        {"email": ADMIN_EMAIL + "\u0000", "password": PASSWORD},
    ],
)
def test_a_malformed_login_body_is_a_422(client, body) -> None:
    answer = client.post(LOGIN, json=body)
    assert (answer.status_code, answer.json()["code"]) == (422, "invalid_request")


def test_the_eleventh_attempt_in_a_minute_is_refused_with_429(client, staff) -> None:
    for _ in range(10):
        assert client.post(LOGIN, json={"email": ADMIN_EMAIL, "password": "guess guess"}).status_code == 401
    refused = client.post(LOGIN, json={"email": ADMIN_EMAIL, "password": PASSWORD})
    assert refused.status_code == 429
    body = refused.json()
    assert body["code"] == "rate_limited" and "Too many sign-in attempts" in body["message"]
    assert 1 <= body["retry_after"] <= 60 and refused.headers["retry-after"] == str(body["retry_after"])
    assert "set-cookie" not in refused.headers
    # another email from the same address still has its own allowance
    assert client.post(LOGIN, json={"email": REVIEWER_EMAIL, "password": PASSWORD}).status_code == 200
    # and the counters live in the limiter: once reset, the admin may try again
    reset_limits()
    assert client.post(LOGIN, json={"email": ADMIN_EMAIL, "password": PASSWORD}).status_code == 200


def test_the_per_address_limit_covers_every_email(client, staff, monkeypatch) -> None:
    monkeypatch.setenv("RATE_LIMIT_STAFF_LOGIN_PER_CLIENT", "3/minute")
    get_settings.cache_clear()
    reset_limits()
    for n in range(3):
        client.post(LOGIN, json={"email": f"user{n}@halvard.gg", "password": "guess guess"})
    assert client.post(LOGIN, json={"email": ADMIN_EMAIL, "password": PASSWORD}).status_code == 429


# ---- what is stored ---------------------------------------------------------------------------


def test_neither_the_password_nor_the_token_is_stored(client, staff, db_url) -> None:
    token = log_in(client, ADMIN_EMAIL)
    with shared_db.get_sessionmaker(db_url)() as session:
        user = session.scalars(select(StaffUserRecord).where(StaffUserRecord.email == ADMIN_EMAIL)).one()
        sessions = session.scalars(select(StaffSessionRecord)).all()
    assert user.password_hash.startswith("$argon2id$") and PASSWORD not in user.password_hash
    assert [s.token_hash for s in sessions] == [token_digest(token)]
    assert token not in sessions[0].token_hash


def test_staff_emails_are_unique_whatever_their_case(make_staff) -> None:
    make_staff("Odin@halvard.gg", "admin")
    with pytest.raises(DomainError) as err:
        make_staff("ODIN@HALVARD.GG", "reviewer")
    assert (err.value.code, err.value.status_code) == ("staff_user_exists", 409)


# ---- roles ------------------------------------------------------------------------------------


def test_is_admin_says_yes_to_an_admin_only(client, staff) -> None:
    anonymous = client.get("/is-admin")
    assert (anonymous.status_code, anonymous.json()["code"]) == (401, "staff_login_required")
    log_in(client, ADMIN_EMAIL)
    assert client.get("/is-admin").status_code == 200
    denied = client.get("/is-reviewer")
    assert (denied.status_code, denied.json()["code"]) == (403, "staff_role_forbidden")


def test_is_reviewer_says_yes_to_a_reviewer_only(client, staff) -> None:
    assert client.get("/is-reviewer").status_code == 401
    log_in(client, REVIEWER_EMAIL)
    yes = client.get("/is-reviewer")
    assert (yes.status_code, yes.json()) == (200, {"email": REVIEWER_EMAIL, "role": "reviewer"})
    assert client.get("/is-admin").status_code == 403


def test_the_storefront_fallback_does_not_swallow_the_staff_paths(client) -> None:
    assert client.get("/cart").status_code == 200  # the SPA answers its own paths
    unknown = client.get("/some-page")  # and paths that lead nowhere with its not-found page
    assert unknown.status_code == 404 and unknown.headers["content-type"].startswith("text/html")
    for path in ("/is-admin", "/is-reviewer"):
        answer = client.get(path)
        assert answer.status_code == 401 and answer.headers["content-type"] == "application/json"
    assert client.get("/logout").status_code == 302


def test_a_forged_or_oversized_cookie_is_no_session(client, staff) -> None:
    client.cookies.set("staff_session", "forged-token")
    assert client.get("/is-admin").status_code == 401
    client.cookies.set("staff_session", "x" * 5000)
    assert client.get("/api/staff/me").status_code == 401


# ---- logging out and expiry -------------------------------------------------------------------


def test_logout_ends_the_session_clears_the_cookie_and_redirects_home(client, staff, db_url) -> None:
    token = log_in(client, ADMIN_EMAIL)
    answer = client.get("/logout")
    assert answer.status_code == 302 and answer.headers["location"] == "/"
    assert 'staff_session=""' in answer.headers["set-cookie"] and "Max-Age=0" in answer.headers["set-cookie"]
    assert client.get("/is-admin").status_code == 401
    # the old token is dead on the server too, not just forgotten by this browser
    replay = TestClient(client.app, cookies={"staff_session": token})
    assert replay.get("/is-admin").status_code == 401
    with shared_db.get_sessionmaker(db_url)() as session:
        assert session.scalars(select(StaffSessionRecord)).all() == []


def test_an_expired_session_is_rejected(client, staff, db_url) -> None:
    token = log_in(client, ADMIN_EMAIL)
    assert client.get("/is-admin").status_code == 200
    expire_session(db_url, token)
    answer = client.get("/is-admin")
    assert (answer.status_code, answer.json()["code"]) == (401, "staff_login_required")


def test_logging_in_again_replaces_the_previous_session(client, staff, db_url) -> None:
    first = log_in(client, ADMIN_EMAIL)
    second = log_in(client, ADMIN_EMAIL)
    assert first != second
    with shared_db.get_sessionmaker(db_url)() as session:
        hashes = session.scalars(select(StaffSessionRecord.token_hash)).all()
    assert hashes == [token_digest(second)]


def test_a_session_token_is_not_shared_between_clients(client, staff) -> None:
    log_in(client, ADMIN_EMAIL)
    other = TestClient(client.app)
    assert other.get("/api/staff/me").status_code == 401


# ---- the dependencies other contexts use ------------------------------------------------------


@pytest.fixture
def dummy(db_url: str) -> TestClient:
    """A small app guarding routes with the staff dependencies, plus the real login route."""
    from services.staff.endpoints import router

    app = FastAPI()

    @app.exception_handler(DomainError)
    async def _domain_error(_, exc: DomainError) -> JSONResponse:  # type: ignore[no-untyped-def]
        return JSONResponse(status_code=exc.status_code, content=exc.to_dict())

    @app.get("/admin-only")
    def admin_only(user: Annotated[StaffUser, Depends(require_role("admin"))]) -> dict[str, str]:
        return {"who": user.email}

    @app.get("/staff-read", dependencies=[Depends(require_role("admin", "reviewer"))])
    def staff_read() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/any-staff")
    def any_staff(user: StaffDep) -> dict[str, object]:
        return {"id": user.id, "role": user.role.value}

    @app.get("/maybe")
    def maybe(user: OptionalStaffDep) -> dict[str, object]:
        return {"staff": user.email if user else None}

    app.include_router(router)
    reset_limits()
    return TestClient(app)


def test_require_role_guards_a_route(dummy, staff) -> None:
    assert dummy.get("/admin-only").json()["code"] == "staff_login_required"
    assert dummy.get("/staff-read").status_code == 401
    assert dummy.get("/maybe").json() == {"staff": None}
    log_in(dummy, REVIEWER_EMAIL)
    assert dummy.get("/admin-only").status_code == 403
    assert dummy.get("/staff-read").json() == {"ok": True}
    assert dummy.get("/any-staff").json() == {"id": staff["reviewer"].id, "role": "reviewer"}
    assert dummy.get("/maybe").json() == {"staff": REVIEWER_EMAIL}
    log_in(dummy, ADMIN_EMAIL)
    assert dummy.get("/admin-only").json() == {"who": ADMIN_EMAIL}


def test_require_role_refuses_unknown_roles_up_front() -> None:
    with pytest.raises(DomainError):
        require_role("superuser")
    with pytest.raises(ValueError):
        require_role()


# ---- the catalogue cache ----------------------------------------------------------------------


def test_staff_requests_bypass_the_catalogue_response_cache(client, staff) -> None:
    assert client.get("/api/countries").headers.get("x-cache") in ("MISS", "HIT")
    log_in(client, ADMIN_EMAIL)
    assert "x-cache" not in client.get("/api/countries").headers
