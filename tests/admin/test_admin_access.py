"""Who gets into the admin UI at /admin and what each staff role may do there (docs/spec.md
section 6): anonymous visitors go to the staff login, admins do everything but write orders,
reviewers only read the catalogue, content and coupons."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.admin.views import ALL_VIEWS, ORDER_VIEW_IDENTITIES
from services.catalog.models import Product
from services.checkout.models import Order
from services.shared.db import get_sessionmaker
from tests.admin.conftest import (
    ANALYST_EMAIL,
    SPA_HTML,
    SUPPORT_EMAIL,
    csrf,
    post_form,
    read_form,
    with_values,
)
from tests.factories import create_product


@pytest.fixture
def product(session: Session) -> int:
    p = create_product(session, id=700, name="Odin 75", slug="odin-75", sku="HV-ODIN75")
    session.commit()
    return p.id


def _login_target(answer) -> str:  # noqa: ANN001 - httpx.Response
    assert answer.status_code == 302, answer.text
    location = urlsplit(answer.headers["location"])
    assert location.path == "/staff/login"
    return parse_qs(location.query)["next"][0]


def test_anonymous_visitors_are_sent_to_the_staff_login_and_back(client: TestClient) -> None:
    assert _login_target(client.get("/admin/")) == "/admin/"
    assert _login_target(client.get("/admin/product/list?page=2")) == "/admin/product/list?page=2"
    assert _login_target(client.get("/admin/login")) == "/admin/login"
    bare = client.get("/admin")
    assert bare.status_code == 307 and bare.headers["location"] == "/admin/"


def test_a_forged_form_without_a_session_changes_nothing(client: TestClient, product: int) -> None:
    answer = client.post(
        f"/admin/product/edit/{product}", data={"name": "Hacked", "slug": "x", "save": "Save"}
    )
    _login_target(answer)
    assert client.delete(f"/admin/product/delete?pks={product}").status_code == 302
    with get_sessionmaker()() as session:
        assert session.get(Product, product).name == "Odin 75"


def test_a_forged_session_cookie_is_no_session(client: TestClient) -> None:
    client.cookies.set("staff_session", "made-up")
    _login_target(client.get("/admin/product/list"))


@pytest.mark.parametrize("email", [SUPPORT_EMAIL, ANALYST_EMAIL])
def test_support_and_analyst_sessions_get_no_admin_at_all(
    signed_in: Callable[[str], TestClient], product: int, email: str
) -> None:
    client = signed_in(email)
    assert client.get("/api/staff/me").status_code == 200
    for path in ("/admin/", "/admin/product/list", f"/admin/product/details/{product}", "/admin/order/list"):
        answer = client.get(path)
        assert answer.status_code == 403, path
        assert "no access to the admin" in answer.text
    edit = client.post(f"/admin/product/edit/{product}", data={"name": "Hacked", "slug": "x", "save": "Save"})
    assert edit.status_code == 403
    with get_sessionmaker()() as session:
        assert session.get(Product, product).name == "Odin 75"


def test_an_admin_opens_every_view(admin: TestClient, product: int) -> None:
    index = admin.get("/admin/")
    assert index.status_code == 200 and "HALVARD admin" in index.text
    for view in ALL_VIEWS:
        answer = admin.get(f"/admin/{view.identity}/list")
        assert answer.status_code == 200, view.identity
    products = admin.get("/admin/product/list")
    assert "Odin 75" in products.text and "HV-ODIN75" in products.text
    assert admin.get(f"/admin/product/details/{product}").status_code == 200
    assert admin.get(f"/admin/product/edit/{product}").status_code == 200
    assert admin.get("/admin/product/create").status_code == 200


def test_related_rows_are_shown_by_name_not_as_python_objects(admin: TestClient, session: Session) -> None:
    from tests.factories import create_category

    keyboards = create_category(session, 15, "keyboards", "Keyboards")
    create_product(session, id=701, name="Tyr TKL", slug="tyr", categories=[keyboards])
    session.commit()
    form = admin.get("/admin/product/edit/701").text
    assert "Keyboards (#15)" in form and "object at 0x" not in form
    assert "Keyboards (#15)" in admin.get("/admin/product/details/701").text


def test_orders_are_read_only_even_for_admins(admin: TestClient) -> None:
    for identity in ORDER_VIEW_IDENTITIES:
        assert admin.get(f"/admin/{identity}/list").status_code == 200
        assert admin.get(f"/admin/{identity}/create").status_code == 403
        assert admin.post(f"/admin/{identity}/create", data={}, headers=csrf(admin)).status_code == 403
        assert admin.get(f"/admin/{identity}/edit/1").status_code == 403
        assert admin.delete(f"/admin/{identity}/delete?pks=1", headers=csrf(admin)).status_code == 403


def test_an_order_links_to_its_cart_in_the_support_console(admin: TestClient, session: Session) -> None:
    cart_id = "0f8fad5b-d9cb-469f-a165-70867728950e"
    session.add(
        Order(
            id=123456789,
            order_key_hash="0" * 64,
            status="processing",
            currency="EUR",
            country="DE",
            subtotal=5000,
            discount=0,
            shipping=490,
            tax=798,
            total=5490,
            tax_name="MwSt.",
            tax_rate_bp=1900,
            shipping_method="de_standard",
            shipping_method_title="Standard",
            payment_method="bacs",
            payment_method_title="Direct bank transfer",
            coupons=[],
            cart_id=cart_id,
            cart_version=7,
            idempotency_key="k",
            request_hash="0" * 64,
            date_created=datetime(2026, 1, 2, tzinfo=UTC),
        )
    )
    session.commit()
    link = f'<a href="/support/carts/{cart_id}?version=7">Open in support console</a>'
    assert link in admin.get("/admin/order/list").text
    assert link in admin.get("/admin/order/details/123456789").text


def test_a_reviewer_reads_but_never_writes(reviewer: TestClient, admin: TestClient, product: int) -> None:
    assert reviewer.get("/admin/").status_code == 200
    listing = reviewer.get("/admin/product/list")
    assert listing.status_code == 200 and "Odin 75" in listing.text
    assert reviewer.get(f"/admin/product/details/{product}").status_code == 200
    assert reviewer.get(f"/admin/product/edit/{product}").status_code == 403
    assert reviewer.get("/admin/product/create").status_code == 403
    assert reviewer.get("/admin/product/export/csv").status_code == 403
    assert reviewer.get("/admin/coupon/list").status_code == 200
    # The admin's own form, posted with the reviewer's session (and token), is refused and
    # changes nothing.
    fields = read_form(admin.get(f"/admin/product/edit/{product}").text)
    fields = with_values(fields, name="Renamed", csrftoken=reviewer.cookies["csrftoken"])
    answer = post_form(reviewer, f"/admin/product/edit/{product}", fields)
    assert answer.status_code == 403 and "csrf_failed" not in answer.text
    assert reviewer.delete(f"/admin/product/delete?pks={product}", headers=csrf(reviewer)).status_code == 403
    with get_sessionmaker()() as session:
        assert session.get(Product, product).name == "Odin 75"


def test_a_reviewer_never_sees_orders_or_customers(reviewer: TestClient) -> None:
    for identity in ORDER_VIEW_IDENTITIES:
        assert reviewer.get(f"/admin/{identity}/list").status_code == 403
        assert reviewer.get(f"/admin/{identity}/details/1").status_code == 403
    assert "/admin/order/list" not in reviewer.get("/admin/").text  # not in the menu either


def test_admin_login_and_logout_pages_are_the_storefront_ones(admin: TestClient) -> None:
    assert _login_target(admin.post("/admin/login", data={}, headers=csrf(admin))) == "/admin/login"
    out = admin.get("/admin/logout")
    assert out.status_code == 302 and out.headers["location"] == "/logout"
    done = admin.get("/logout")
    assert done.status_code == 302 and done.headers["location"] == "/"
    _login_target(admin.get("/admin/product/list"))


def test_the_storefront_fallback_and_api_404_leave_admin_alone(client: TestClient) -> None:
    assert client.get("/staff/login").text == SPA_HTML  # the storefront's login page
    assert client.get("/administrator").text == SPA_HTML  # only /admin itself is the admin
    unknown_api = client.get("/api/admin")
    assert unknown_api.status_code == 404 and unknown_api.json()["code"] == "not_found"
    static = client.get("/admin/statics/css/main.css")
    assert static.status_code == 200 and "text/css" in static.headers["content-type"]


def test_the_admin_does_not_change_how_the_app_opens_sessions(client: TestClient) -> None:
    assert get_sessionmaker().kw.get("autoflush", True) is True
