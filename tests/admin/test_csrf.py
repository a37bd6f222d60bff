"""CSRF protection of the staff's state-changing requests (docs/operations.md, Security;
``services/staff/csrf.py``): an Origin check plus a double-submit token, on the admin UI, the
coupon API and logout; the shopper APIs are not affected."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import select

from services.discounts.models import Coupon
from services.shared.db import get_sessionmaker
from tests.admin.conftest import ADMIN_EMAIL, PASSWORD, csrf, post_form, read_form, with_values
from tests.factories import create_product

FOREIGN = "https://evil.example"
NEW_COUPON = {"code": "api10", "discount_type": "percent", "amount": "10"}


def _coupon_codes() -> set[str]:
    with get_sessionmaker()() as session:
        return set(session.scalars(select(Coupon.code)))


def _coupon_form(admin: TestClient, code: str) -> list[tuple[str, str]]:
    page = admin.get("/admin/coupon/create")
    assert page.status_code == 200, page.text
    return with_values(read_form(page.text), code=code, discount_type="percent", amount="10000")


def test_the_admin_form_carries_the_token_as_its_first_field(admin: TestClient) -> None:
    page = admin.get("/admin/coupon/create").text
    fields = read_form(page)
    assert fields[0] == ("csrftoken", admin.cookies["csrftoken"])
    assert f'<meta name="csrf-token" content="{admin.cookies["csrftoken"]}">' in page
    assert 'src="http://testserver/admin/csrf.js"' in page
    script = admin.get("/admin/csrf.js")
    assert script.status_code == 200 and "X-CSRFToken" in script.text


def test_the_real_admin_form_still_creates_a_coupon(admin: TestClient) -> None:
    answer = post_form(admin, "/admin/coupon/create", _coupon_form(admin, "free100"))
    assert answer.status_code == 302, answer.text
    assert "free100" in _coupon_codes()


def test_a_multipart_admin_form_as_browsers_post_it_works(admin: TestClient) -> None:
    fields = [*_coupon_form(admin, "multi100"), ("save", "Save")]
    answer = admin.post("/admin/coupon/create", files=[(name, (None, value)) for name, value in fields])
    assert answer.status_code == 302, answer.text
    assert "multi100" in _coupon_codes()


def test_a_form_from_a_foreign_origin_with_the_admin_cookie_creates_nothing(admin: TestClient) -> None:
    fields = _coupon_form(admin, "evil100")  # even with a valid token
    for headers in ({"Origin": FOREIGN}, {"Origin": "null"}, {"Origin": "http://testserver.evil.example"}):
        admin.headers.update(headers)
        answer = post_form(admin, "/admin/coupon/create", fields)
        assert answer.status_code == 403 and answer.json()["code"] == "csrf_failed", headers
    del admin.headers["Origin"]
    answer = post_form(admin, "/admin/coupon/create", fields)  # neither Origin nor Referer
    assert answer.status_code == 403
    admin.headers["Referer"] = f"{FOREIGN}/attack.html"
    assert post_form(admin, "/admin/coupon/create", fields).status_code == 403
    assert "evil100" not in _coupon_codes()
    admin.headers["Referer"] = "http://testserver/admin/coupon/create"  # Referer alone, our own
    assert post_form(admin, "/admin/coupon/create", fields).status_code == 302
    assert "evil100" in _coupon_codes()


def test_a_missing_or_wrong_token_is_refused(admin: TestClient) -> None:
    fields = [(k, v) for k, v in _coupon_form(admin, "notoken") if k != "csrftoken"]
    missing = post_form(admin, "/admin/coupon/create", fields)
    assert missing.status_code == 403 and missing.json()["code"] == "csrf_failed"
    wrong = post_form(admin, "/admin/coupon/create", [("csrftoken", "forged"), *fields])
    assert wrong.status_code == 403
    assert "notoken" not in _coupon_codes()


def test_admin_deletes_need_the_token_header(admin: TestClient, session) -> None:  # noqa: ANN001
    product = create_product(session, id=880, name="Loki", slug="loki").id
    session.commit()
    assert admin.delete(f"/admin/product/delete?pks={product}").status_code == 403
    assert (
        admin.delete(f"/admin/product/delete?pks={product}", headers={"X-CSRFToken": "x"}).status_code == 403
    )
    assert admin.delete(f"/admin/product/delete?pks={product}", headers=csrf(admin)).status_code == 200


def test_the_coupon_api_needs_origin_and_token(admin: TestClient) -> None:
    assert admin.post("/api/wc/coupons", json=NEW_COUPON).status_code == 403  # no token
    foreign = admin.post("/api/wc/coupons", json=NEW_COUPON, headers={**csrf(admin), "Origin": FOREIGN})
    assert foreign.status_code == 403
    assert "api10" not in _coupon_codes()
    created = admin.post("/api/wc/coupons", json=NEW_COUPON, headers=csrf(admin))
    assert created.status_code == 201, created.text
    coupon_id = created.json()["id"]
    assert admin.put(f"/api/wc/coupons/{coupon_id}", json={"amount": "5"}).status_code == 403
    assert admin.delete(f"/api/wc/coupons/{coupon_id}").status_code == 403
    changed = admin.put(f"/api/wc/coupons/{coupon_id}", json={"amount": "5"}, headers=csrf(admin))
    assert changed.status_code == 200, changed.text
    assert admin.delete(f"/api/wc/coupons/{coupon_id}", headers=csrf(admin)).status_code == 200


def test_me_and_role_checks_hand_out_the_token(admin: TestClient) -> None:
    admin.cookies.delete("csrftoken")
    answer = admin.get("/is-admin")
    assert answer.status_code == 200 and answer.cookies.get("csrftoken")


def test_a_cross_site_logout_link_does_not_end_the_session(admin: TestClient) -> None:
    for headers in ({"Sec-Fetch-Site": "cross-site"}, {"Referer": f"{FOREIGN}/x", "Origin": FOREIGN}):
        answer = admin.get("/logout", headers=headers)
        assert answer.status_code == 403, headers
        assert admin.get("/api/staff/me").status_code == 200  # still signed in
    own = admin.get("/logout", headers={"Sec-Fetch-Site": "same-origin"})
    assert own.status_code == 302 and admin.get("/api/staff/me").status_code == 401


def test_shopper_apis_are_not_affected(admin: TestClient, client: TestClient) -> None:
    """A staff member's browser, and anyone else, use the shop's own APIs with any Origin and
    no token: CSRF checks only guard staff requests."""
    for who in (admin, client):
        who.headers["Origin"] = FOREIGN
        mail = who.post("/api/mail", json={})
        assert mail.status_code == 422 and mail.json()["code"] != "csrf_failed"
        cart = who.post("/api/cart", headers={"X-Cart-Token": "t" * 32}, json={"country": "XX"})
        assert cart.status_code != 403 and cart.json()["code"] != "csrf_failed"
        quote = who.post("/api/checkout/quote", headers={"X-Cart-Token": "t" * 32}, json={})
        assert quote.status_code != 403


def test_a_login_posted_from_another_site_is_refused_even_without_a_session(
    client: TestClient, staff_accounts: None
) -> None:
    """Login CSRF: a foreign page must not sign a visitor's browser into a staff account. The
    first login has no token yet, so its Origin (or Referer) is the check; a login without
    either header (no browser to forge it) and one from the shop's own page still work."""
    credentials = {"email": ADMIN_EMAIL, "password": PASSWORD}
    client.cookies.clear()
    for headers in ({"Origin": FOREIGN}, {"Origin": "null"}, {"Referer": FOREIGN + "/login"}):
        answer = client.post("/api/staff/login", json=credentials, headers=headers)
        assert (answer.status_code, answer.json()["code"]) == (403, "csrf_failed"), headers
        assert "staff_session" not in answer.cookies
    own = client.post("/api/staff/login", json=credentials, headers={"Origin": "http://testserver"})
    assert own.status_code == 200, own.text
