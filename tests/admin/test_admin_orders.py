"""The admin's order pages (services/admin/views/orders.py; docs/checkout.md "Order workflow"):
money shown as money with its currency, coupons readable, the list's filters and search, and
each workflow action posted from the order page with the CSRF token, its refusal shown on the
page; admins only. Also: money columns elsewhere in the admin show money."""

from __future__ import annotations

from collections.abc import Callable
from html import unescape

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from services.catalog.models import Product
from services.checkout.models import Order, OrderStatusChange
from services.mail.models import OutboxMail
from services.shared.db import get_sessionmaker
from tests.admin.conftest import ANALYST_EMAIL, REVIEWER_EMAIL, SUPPORT_EMAIL
from tests.factories import create_order, create_product


@pytest.fixture
def order(session: Session) -> int:
    create_product(session, id=1, name="Odin 75", manage_stock=True, stock_quantity=2)
    row = create_order(
        session,
        email="buyer@example.com",
        lines=[{"product_id": 1, "count": 2, "unit_price": 64225, "discount": 1000, "name": "Odin 75"}],
        coupons=[{"code": "welcome10", "discount": 1000}],
        shipping=0,
    )
    session.commit()
    return row.id  # total 2 x €642.25 - €10.00 = €1,274.50


def _post(client: TestClient, order_id: int, action: str, **fields: str) -> object:
    data = {"csrftoken": client.cookies["csrftoken"], **fields}
    return client.post(f"/admin/order/manage/{order_id}/{action}", data=data)


def _status(order_id: int) -> str:
    with get_sessionmaker()() as session:
        return session.get(Order, order_id).status


def test_the_order_page_shows_money_with_its_currency_and_coupons_readably(
    admin: TestClient, order: int
) -> None:
    page = unescape(admin.get(f"/admin/order/details/{order}").text)
    assert "€1,274.50" in page and "€642.25" in page and "€1,284.50" in page  # total, unit, lines
    assert "welcome10 (−€10.00)" in page
    assert "{'code'" not in page and "127450" not in page
    assert "buyer@example.com" in page and "Mark paid" in page and "Cancel order" in page
    assert "Mark shipped" not in page  # not paid yet
    assert "order-no-actions" not in page


def test_the_order_list_shows_money_filters_and_searches(
    admin: TestClient, order: int, session: Session
) -> None:
    other = create_order(session, email="someone@example.com", status="processing").id
    session.commit()
    listing = unescape(admin.get("/admin/order/list").text)
    assert "€1,274.50" in listing and "€1,239.40" in listing  # the other: €1,234.50 + €4.90 shipping
    on_hold = admin.get("/admin/order/list", params={"status": "on-hold"}).text
    assert f"/admin/order/details/{order}" in on_hold and f"/admin/order/details/{other}" not in on_hold
    by_email = admin.get("/admin/order/list", params={"search": "someone@"}).text
    assert f"/admin/order/details/{other}" in by_email and f"/admin/order/details/{order}" not in by_email
    by_number = admin.get("/admin/order/list", params={"search": f"#{order}"}).text
    assert f"/admin/order/details/{order}" in by_number and f"/admin/order/details/{other}" not in by_number
    by_country = admin.get("/admin/order/list", params={"country": "US"}).text
    assert f"/admin/order/details/{order}" not in by_country
    today = admin.get("/admin/order/list", params={"placed": "1", "payment_method": "bacs"}).text
    assert f"/admin/order/details/{order}" in today


def test_an_admin_marks_an_order_paid_then_shipped_from_the_order_page(admin: TestClient, order: int) -> None:
    paid = _post(admin, order, "mark-paid", version="0")
    assert paid.status_code == 303 and paid.headers["location"].endswith(f"/admin/order/details/{order}")
    assert _status(order) == "processing"
    shipped = _post(admin, order, "mark-shipped", version="1", carrier="DHL", tracking_number="JJD0099")
    assert shipped.status_code == 303
    page = admin.get(f"/admin/order/details/{order}").text
    assert _status(order) == "completed" and "JJD0099" in page
    assert "Shipped with DHL, tracking number JJD0099." in page
    with get_sessionmaker()() as session:
        subjects = session.scalars(
            select(OutboxMail.subject).where(OutboxMail.reference == f"order:{order}")
        ).all()
    assert any("shipped" in s for s in subjects) and any("payment received" in s for s in subjects)


def test_a_refused_action_shows_its_message_on_the_page(admin: TestClient, order: int) -> None:
    _post(admin, order, "mark-paid", version="0")
    twice = _post(admin, order, "mark-paid", version="1")
    assert twice.status_code == 409 and "This order is already paid" in twice.text
    stale = _post(admin, order, "cancel", version="0")
    assert stale.status_code == 409 and "changed by someone else" in unescape(stale.text)
    _post(admin, order, "mark-shipped", version="1", carrier="UPS", tracking_number="1Z")
    cancel = _post(admin, order, "cancel", version="2")
    assert cancel.status_code == 409 and "cannot be cancelled: it has been shipped" in cancel.text
    assert _status(order) == "completed"


def test_a_line_refund_from_the_page_restocks_the_chosen_line(
    admin: TestClient, order: int, session: Session
) -> None:
    _post(admin, order, "mark-paid", version="0")
    line_id = admin.get(f"/api/staff/orders/{order}").json()["lines"][0]["id"]
    refunded = _post(
        admin, order, "refund", version="1", **{f"qty_{line_id}": "1", f"restock_{line_id}": "1"}
    )
    assert refunded.status_code == 303
    page = unescape(admin.get(f"/admin/order/details/{order}").text)
    assert "€637.25" in page  # half of the line's €1,274.50
    assert _status(order) == "processing"
    session.expire_all()
    assert session.get(Product, 1).stock_quantity == 3
    too_much = _post(admin, order, "refund", version="2", **{f"qty_{line_id}": "5"})
    assert too_much.status_code == 409 and "left to refund" in too_much.text
    whole = _post(admin, order, "refund", version="2", whole="1")
    assert whole.status_code == 303 and _status(order) == "refunded"
    page = unescape(admin.get(f"/admin/order/details/{order}").text)
    assert "1 x Odin 75 (restocked)" in page and " x line " not in page  # refunds name their lines
    assert "None: a refunded order is final" in page and "Refund chosen units" not in page


def test_a_mail_of_the_order_is_sent_again_from_the_page(admin: TestClient, order: int) -> None:
    _post(admin, order, "cancel", version="0")
    mail_id = admin.get(f"/api/staff/orders/{order}").json()["mails"][0]["id"]
    assert _post(admin, order, "resend", mail_id=str(mail_id)).status_code == 303
    assert len(admin.get(f"/api/staff/orders/{order}").json()["mails"]) == 2


def test_an_action_without_the_csrf_token_changes_nothing(admin: TestClient, order: int) -> None:
    answer = admin.post(f"/admin/order/manage/{order}/mark-paid", data={"version": "0"})
    assert answer.status_code == 403 and answer.json()["code"] == "csrf_failed"
    assert _status(order) == "on-hold"


@pytest.mark.parametrize("email", [REVIEWER_EMAIL, SUPPORT_EMAIL, ANALYST_EMAIL])
def test_other_roles_can_neither_see_nor_change_orders(
    signed_in: Callable[[str], TestClient], order: int, email: str
) -> None:
    client = signed_in(email)
    assert client.get(f"/admin/order/details/{order}").status_code == 403
    assert _post(client, order, "mark-paid", version="0").status_code == 403
    assert _status(order) == "on-hold"


def test_without_a_session_the_order_page_and_its_actions_go_to_the_login(
    client: TestClient, order: int
) -> None:
    assert client.get(f"/admin/order/details/{order}").status_code == 302
    assert client.post(f"/admin/order/manage/{order}/mark-paid", data={"version": "0"}).status_code == 302
    with get_sessionmaker()() as session:
        assert session.scalars(select(OrderStatusChange)).all() == []
    assert _status(order) == "on-hold"


def test_money_columns_elsewhere_show_money_with_their_currency(admin: TestClient, session: Session) -> None:
    create_product(session, id=700, name="Odin 75", regular_price_eur=14999, regular_price_usd=15999)
    session.commit()
    listing = admin.get("/admin/product/list").text
    assert "€149.99" in listing
    details = admin.get("/admin/product/details/700").text
    assert "€149.99" in details and "$159.99" in details
    form = admin.get("/admin/product/edit/700").text
    assert 'value="149.99"' in form
