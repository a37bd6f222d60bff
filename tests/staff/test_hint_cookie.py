"""The readable ``staff_hint`` cookie (docs/spec.md section 6): set beside the HttpOnly session at
staff login, cleared at logout and when a role check finds no live session; it grants nothing."""

from __future__ import annotations

from fastapi.testclient import TestClient

from services.shared.settings import get_settings
from tests.staff.conftest import ADMIN_EMAIL, PASSWORD, REVIEWER_EMAIL, expire_session, log_in

LOGIN = "/api/staff/login"


def _set_cookies(answer) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Each Set-Cookie header of ``answer`` by cookie name (the whole header line)."""
    return {line.split("=", 1)[0]: line for line in answer.headers.get_list("set-cookie")}


def test_login_sets_a_readable_hint_cookie_living_as_long_as_the_session(client, staff) -> None:
    answer = client.post(LOGIN, json={"email": ADMIN_EMAIL, "password": PASSWORD})
    cookies = _set_cookies(answer)
    hint = cookies["staff_hint"]
    assert hint.startswith("staff_hint=1;")
    assert "HttpOnly" not in hint and "SameSite=lax" in hint and "Path=/" in hint
    assert "Max-Age=43200" in hint and "Secure" not in hint
    assert "HttpOnly" in cookies["staff_session"]  # the credential itself stays unreadable


def test_the_hint_is_secure_and_follows_the_session_lifetime_when_configured(
    client, staff, monkeypatch
) -> None:
    monkeypatch.setenv("COOKIE_SECURE", "1")
    monkeypatch.setenv("STAFF_SESSION_HOURS", "2")
    get_settings.cache_clear()
    hint = _set_cookies(client.post(LOGIN, json={"email": REVIEWER_EMAIL, "password": PASSWORD}))[
        "staff_hint"
    ]
    assert "Secure" in hint and "Max-Age=7200" in hint


def test_a_refused_login_sets_no_hint(client, staff) -> None:
    answer = client.post(LOGIN, json={"email": ADMIN_EMAIL, "password": "wrong password"})
    assert answer.status_code == 401 and "staff_hint" not in _set_cookies(answer)


def test_logout_clears_the_hint_with_the_session(client, staff) -> None:
    log_in(client, ADMIN_EMAIL)
    assert client.cookies.get("staff_hint") == "1"
    answer = client.get("/logout")
    hint = _set_cookies(answer)["staff_hint"]
    assert "Max-Age=0" in hint and "Path=/" in hint
    assert client.cookies.get("staff_hint") is None


def test_the_hint_alone_grants_nothing(client, staff) -> None:
    client.cookies.set("staff_hint", "1")
    for path in ("/is-admin", "/is-reviewer", "/api/staff/me"):
        answer = client.get(path)
        assert (answer.status_code, answer.json()["code"]) == (401, "staff_login_required")
    assert client.get("/api/wc/coupons").status_code == 401


def test_a_role_check_without_a_live_session_clears_a_left_over_hint(client, staff, db_url) -> None:
    token = log_in(client, ADMIN_EMAIL)
    expire_session(db_url, token)
    answer = client.get("/is-admin")
    assert answer.status_code == 401 and answer.headers["cache-control"] == "no-store"
    assert "Max-Age=0" in _set_cookies(answer)["staff_hint"]
    assert client.cookies.get("staff_hint") is None


def test_a_visitor_without_the_hint_gets_no_cookie_from_a_role_check(staff, client) -> None:
    answer = TestClient(client.app).get("/is-reviewer")
    assert answer.status_code == 401 and "set-cookie" not in answer.headers


def test_a_signed_in_staff_user_of_another_role_keeps_the_hint(client, staff) -> None:
    log_in(client, REVIEWER_EMAIL)
    denied = client.get("/is-admin")
    assert (denied.status_code, denied.json()["code"]) == (403, "staff_role_forbidden")
    assert "staff_hint" not in _set_cookies(denied)
    assert client.cookies.get("staff_hint") == "1"
    assert client.get("/is-reviewer").status_code == 200
