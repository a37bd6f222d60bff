"""Staff moving orders on over HTTP, ``/api/staff/orders`` (docs/checkout.md "Order workflow";
docs/spec.md section 4.1), on SQLite or PostgreSQL with TEST_DATABASE_URL: every action and its
refusals, stock and coupon uses given back, the buyer's mails, the role matrix and CSRF (two
admins at once and the append-only history: test_order_workflow_races.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.catalog.models import CatalogRevision, Product, Variation
from services.discounts.models import Coupon
from tests.checkout.conftest import cart, command, coupon, place, product
from tests.factories import create_variation
from tests.mailbox import read_mailbox, signed_in

BUYER = "ada@example.com"


def staff(http: TestClient, role: str = "admin") -> TestClient:
    """A client signed in with ``role`` that sends the shop's Origin and CSRF token, as the
    admin pages do."""
    client = signed_in(http.app, role)  # type: ignore[arg-type]
    client.headers["Origin"] = "http://testserver"
    client.headers["X-CSRFToken"] = client.cookies["csrftoken"]
    return client


def placed(
    http: TestClient, *items: tuple[int, int], email: str = BUYER, coupon_code: str | None = None
) -> dict[str, Any]:
    """A bank-transfer order (on-hold) of ``items``, optionally with a coupon applied."""
    token = cart(http, *items, checkout=coupon_code is None)
    if coupon_code:
        assert command(http, token, {"type": "apply_coupon", "code": coupon_code}).status_code == 200
        assert command(http, token, {"type": "start_checkout"}).status_code == 200
    answer = place(http, token, email=email)
    assert answer.status_code == 201, answer.text
    return answer.json()["order"]


def act(client: TestClient, order_id: int, action: str, **body: Any) -> Any:
    return client.post(f"/api/staff/orders/{order_id}/{action}", json=body)


def fresh(db: Session) -> Session:
    db.rollback()
    db.expire_all()
    return db


@pytest.fixture
def admin(http: TestClient) -> TestClient:
    return staff(http)


def test_an_on_hold_order_is_marked_paid_then_shipped_and_the_buyer_is_told_each_time(
    http: TestClient, admin: TestClient, db: Session
) -> None:
    order = placed(http, (product(db), 1), email="paid.shipped@example.com")
    page = admin.get(f"/api/staff/orders/{order['id']}").json()
    assert (page["status"], page["version"], page["actions"]) == (
        "on-hold",
        0,
        ["mark_paid", "cancel", "resend_mail"],
    )

    paid = act(admin, order["id"], "mark-paid", version=0, note="Seen on the bank statement")
    assert paid.status_code == 200, paid.text
    assert (paid.json()["status"], paid.json()["version"]) == ("processing", 1)
    assert paid.json()["date_paid"] and paid.headers["cache-control"] == "no-store"

    shipped = act(
        admin, order["id"], "mark-shipped", version=1, carrier="DHL", tracking_number="00340434161094042557"
    )
    assert shipped.status_code == 200, shipped.text
    body = shipped.json()
    assert body["status"] == "completed" and body["date_completed"]
    assert body["shipments"][0] | {"shipped_at": None} == {
        "carrier": "DHL",
        "tracking_number": "00340434161094042557",
        "shipped_at": None,
        "staff_id": body["history"][0]["staff_id"],
    }
    assert [(h["action"], h["from_status"], h["to_status"]) for h in body["history"]] == [
        ("mark_paid", "on-hold", "processing"),
        ("mark_shipped", "processing", "completed"),
    ]
    assert body["history"][0]["note"] == "Payment received."
    assert body["history"][0]["staff_note"] == "Seen on the bank statement"
    assert {h["staff"] for h in body["history"]} == {admin.get("/api/staff/me").json()["email"]}
    assert all("@" not in h["note"] for h in body["history"])

    mails = read_mailbox(http.app, "paid.shipped@example.com")  # type: ignore[arg-type]
    subjects = [m["subject"] for m in mails]
    assert any("payment received" in s for s in subjects)
    [ship_mail] = [m for m in mails if "has been shipped" in m["subject"]]
    assert "DHL" in ship_mail["text"] and "00340434161094042557" in ship_mail["text"]
    assert "00340434161094042557" in ship_mail["html"] and f"/order/{order['id']}" in ship_mail["text"]
    assert [m["subject"] for m in body["mails"]][0].endswith("has been received!")
    assert len(body["mails"]) == 3

    # The shipped mail's link opens the order for anyone holding it: status and tracking shown.
    key = re.search(rf"/order/{order['id']}#key=(ol_[\w-]+)", ship_mail["text"])
    assert key is not None and key.group(0) in ship_mail["html"]
    seen = http.get(f"/api/wc/orders/{order['id']}", headers={"X-Order-Key": key.group(1)})
    assert seen.status_code == 200, seen.text
    assert (seen.json()["status"], seen.json()["status_label"]) == ("completed", "Completed")
    assert [(s["carrier"], s["tracking_number"]) for s in seen.json()["shipments"]] == [
        ("DHL", "00340434161094042557")
    ]


def test_marking_paid_twice_is_refused_as_already_paid(
    http: TestClient, admin: TestClient, db: Session
) -> None:
    order = placed(http, (product(db), 1))
    assert act(admin, order["id"], "mark-paid", version=0).status_code == 200
    again = act(admin, order["id"], "mark-paid", version=1)
    assert again.status_code == 409 and again.json()["code"] == "order_already_paid"


def test_cancelling_a_shipped_order_is_refused(http: TestClient, admin: TestClient, db: Session) -> None:
    order = placed(http, (product(db), 1))
    act(admin, order["id"], "mark-paid", version=0)
    act(admin, order["id"], "mark-shipped", version=1, carrier="UPS", tracking_number="1Z999")
    refused = act(admin, order["id"], "cancel", version=2)
    assert refused.status_code == 409 and refused.json()["code"] == "order_not_cancellable"
    assert "shipped" in refused.json()["message"]
    assert admin.get(f"/api/staff/orders/{order['id']}").json()["status"] == "completed"


def test_shipping_an_unpaid_order_or_without_a_tracking_number_is_refused(
    http: TestClient, admin: TestClient, db: Session
) -> None:
    order = placed(http, (product(db), 1))
    unpaid = act(admin, order["id"], "mark-shipped", version=0, carrier="DHL", tracking_number="1")
    assert unpaid.status_code == 409 and unpaid.json()["code"] == "order_not_shippable"
    act(admin, order["id"], "mark-paid", version=0)
    blank = act(admin, order["id"], "mark-shipped", version=1, carrier="DHL", tracking_number="   ")
    assert blank.status_code == 422 and blank.json()["code"] == "invalid_shipment"
    missing = act(admin, order["id"], "mark-shipped", version=1, carrier="DHL")
    assert missing.status_code == 422 and missing.json()["code"] == "invalid_request"


def stock_scope(db: Session) -> set[int] | None:
    """The products whose stock alone the last catalogue revision step moved (migration 0022),
    None when that step was any other change."""
    row = db.get(CatalogRevision, 1)
    assert row is not None
    if row.stock_revision != row.revision or not row.stock_products:
        return None
    return {int(i) for i in row.stock_products.split(",")}


def test_cancelling_restocks_products_and_variations_and_releases_the_coupon_use(
    http: TestClient, admin: TestClient, db: Session
) -> None:
    managed = product(db, manage_stock=True, stock_quantity=5)
    unmanaged = product(db)
    parent = db.get(Product, product(db, type="variable"))
    variation = create_variation(db, parent, manage_stock=True, stock_quantity=1, regular_price_eur=3000).id
    db.commit()
    code = "cancel-me"
    coupon_id = coupon(db, code, usage_limit=5, usage_limit_per_user=1)
    token = cart(http, (managed, 2), (unmanaged, 1), checkout=False)
    assert (
        command(http, token, {"type": "add", "product_id": parent.id, "variation_id": variation}).status_code
        == 200
    )
    assert command(http, token, {"type": "apply_coupon", "code": code}).status_code == 200
    assert command(http, token, {"type": "start_checkout"}).status_code == 200
    order = place(http, token, email="Cancel.Me@Example.com").json()["order"]
    fresh(db)
    assert stock_scope(db) == {managed, parent.id}  # the revision moved for their stock alone
    assert db.get(Product, managed).stock_quantity == 3
    assert (db.get(Variation, variation).stock_quantity, db.get(Variation, variation).stock_status) == (
        0,
        "outofstock",
    )
    assert db.get(Coupon, coupon_id).usage_count == 1

    cancelled = act(admin, order["id"], "cancel", version=0)
    assert cancelled.status_code == 200, cancelled.text
    assert cancelled.json()["status"] == "cancelled"
    assert "3 unit(s) back in stock" in cancelled.json()["history"][-1]["note"]
    fresh(db)
    assert stock_scope(db) == {managed, parent.id}
    assert db.get(Product, managed).stock_quantity == 5
    assert db.get(Product, unmanaged).stock_quantity in (None, 0)  # unmanaged: left alone
    assert (db.get(Variation, variation).stock_quantity, db.get(Variation, variation).stock_status) == (
        1,
        "instock",
    )
    row = db.get(Coupon, coupon_id)
    assert (row.usage_count, row.used_by) == (0, [])
    # the per-user limit no longer counts the cancelled order: the buyer can use the code again
    again = placed(http, (managed, 1), email="cancel.me@example.com", coupon_code=code)
    assert again["coupons"][0]["code"] == code
    assert any("cancelled" in m["subject"] for m in read_mailbox(http.app, "cancel.me@example.com"))  # type: ignore[arg-type]


def test_a_partial_refund_keeps_the_status_restocks_chosen_lines_and_mails_the_amount(
    http: TestClient, admin: TestClient, db: Session
) -> None:
    a = product(db, regular_price_eur=3000, manage_stock=True, stock_quantity=10)
    b = product(db, regular_price_eur=2000, manage_stock=True, stock_quantity=10)
    coupon(db, "tenoff-refund")
    order = placed(http, (a, 3), (b, 1), email="refund.me@example.com", coupon_code="tenoff-refund")
    assert (order["discount"], order["shipping"], order["total"]) == (
        1100,
        490,
        10390,
    )  # 10 % off €110, shipped
    act(admin, order["id"], "mark-paid", version=0)
    line_a, line_b = admin.get(f"/api/staff/orders/{order['id']}").json()["lines"]
    refunded = admin.post(
        f"/api/staff/orders/{order['id']}/refunds",
        json={
            "version": 1,
            "lines": [{"line_id": line_a["id"], "quantity": 1, "restock": True}],
            "reason": "Broken switch",
        },
    )
    assert refunded.status_code == 200, refunded.text
    body = refunded.json()
    assert body["status"] == "processing" and body["refunded"] == 2700  # €30 less 10 %
    assert body["refunds"][0]["lines"] == [
        {"line_id": line_a["id"], "name": line_a["name"], "quantity": 1, "amount": 2700, "restocked": True}
    ]
    assert body["lines"][0]["refunded_quantity"] == 1
    fresh(db)
    assert (db.get(Product, a).stock_quantity, db.get(Product, b).stock_quantity) == (8, 9)
    [mail] = [m for m in read_mailbox(http.app, "refund.me@example.com") if "refunded" in m["subject"]]  # type: ignore[arg-type]
    assert "€27.00" in mail["subject"] and "€27.00" in mail["text"]
    buyer = http.get(f"/api/wc/orders/{order['id']}", headers={"X-Order-Key": order["order_key"]}).json()
    assert [(r["amount"], r["reason"]) for r in buyer["refunds"]] == [(2700, "Broken switch")]
    assert buyer["refunded"] == 2700 and buyer["refunds"][0]["refunded_at"].startswith("20")

    too_much = admin.post(
        f"/api/staff/orders/{order['id']}/refunds",
        json={"version": 2, "lines": [{"line_id": line_a["id"], "quantity": 3}]},
    )
    assert too_much.status_code == 409 and too_much.json()["code"] == "refund_exceeds_paid"
    whole = admin.post(f"/api/staff/orders/{order['id']}/refunds", json={"version": 2, "whole": True})
    assert whole.status_code == 200, whole.text
    assert (whole.json()["status"], whole.json()["refunded"]) == (
        "refunded",
        10390,
    )  # the rest, shipping included
    fresh(db)
    assert db.get(Product, a).stock_quantity == 8  # the whole refund restocked nothing unasked
    nothing_left = admin.post(f"/api/staff/orders/{order['id']}/refunds", json={"version": 3, "whole": True})
    assert nothing_left.status_code == 409 and nothing_left.json()["code"] == "order_not_refundable"


def test_an_unpaid_order_cannot_be_refunded(http: TestClient, admin: TestClient, db: Session) -> None:
    order = placed(http, (product(db), 1))
    answer = admin.post(f"/api/staff/orders/{order['id']}/refunds", json={"version": 0, "whole": True})
    assert answer.status_code == 409 and answer.json()["code"] == "order_not_refundable"


def test_a_stale_version_is_refused_and_changes_nothing(
    http: TestClient, admin: TestClient, db: Session
) -> None:
    pid = product(db, manage_stock=True, stock_quantity=4)
    order = placed(http, (pid, 1))
    assert act(admin, order["id"], "mark-paid", version=0).status_code == 200
    stale = act(admin, order["id"], "cancel", version=0)  # decided from the on-hold page
    assert stale.status_code == 409 and stale.json()["code"] == "order_status_changed"
    page = admin.get(f"/api/staff/orders/{order['id']}").json()
    assert (page["status"], page["version"], len(page["history"])) == ("processing", 1, 1)
    assert fresh(db).get(Product, pid).stock_quantity == 3


def test_staff_can_send_any_mail_of_the_order_again(http: TestClient, admin: TestClient, db: Session) -> None:
    order = placed(http, (product(db), 1), email="resend@example.com")
    [confirmation] = admin.get(f"/api/staff/orders/{order['id']}").json()["mails"]
    again = admin.post(f"/api/staff/orders/{order['id']}/mails/{confirmation['id']}/resend")
    assert again.status_code == 200, again.text
    mails = again.json()["mails"]
    assert len(mails) == 2 and mails[1]["subject"] == confirmation["subject"]
    assert again.json()["history"][-1]["action"] == "resend_mail"
    received = read_mailbox(http.app, "resend@example.com")  # type: ignore[arg-type]
    assert [m["subject"] for m in received].count(confirmation["subject"]) == 2
    other = placed(http, (product(db), 1))
    foreign = admin.post(f"/api/staff/orders/{other['id']}/mails/{confirmation['id']}/resend")
    assert foreign.status_code == 404 and foreign.json()["code"] == "mail_not_found"


def test_the_list_filters_by_status_country_method_date_and_searches_number_and_email(
    http: TestClient, admin: TestClient, db: Session
) -> None:
    first = placed(http, (product(db), 1), email="filter.one@example.com")
    second = placed(http, (product(db), 1), email="filter.two@example.com")
    act(admin, second["id"], "mark-paid", version=0)

    def ids(**params: Any) -> list[int]:
        answer = admin.get("/api/staff/orders", params=params)
        assert answer.status_code == 200, answer.text
        return [o["id"] for o in answer.json()["orders"]]

    assert ids(search="filter.two@") == [second["id"]]
    assert ids(search=str(first["id"])) == [first["id"]]
    assert ids(search="#" + str(first["id"])) == [first["id"]]
    assert second["id"] in ids(status="processing", per_page=100) and first["id"] not in ids(
        status="processing", per_page=100
    )
    assert first["id"] in ids(country="DE", payment_method="bacs", per_page=100)
    assert ids(country="US") == [] or first["id"] not in ids(country="US")
    day = first["date_created"][:10]
    assert first["id"] in ids(date_from=day, date_to=day, per_page=100)
    assert ids(date_to="2000-01-01") == []
    page = admin.get("/api/staff/orders", params={"per_page": 1}).json()
    assert len(page["orders"]) == 1 and page["total"] >= 2 and page["pages"] == page["total"]
    assert page["orders"][0]["email"]
    bad = admin.get("/api/staff/orders", params={"status": "shipped"})
    assert bad.status_code == 422 and bad.json()["code"] == "invalid_request"


def test_an_unknown_order_is_404(admin: TestClient) -> None:
    assert admin.get("/api/staff/orders/123456789").json()["code"] == "order_not_found"
    answer = act(admin, 123456789, "mark-paid", version=0)
    assert answer.status_code == 404 and answer.json()["code"] == "order_not_found"


@pytest.mark.parametrize(
    ("role", "status"), [("reviewer", 403), ("support", 403), ("analyst", 403), ("admin", 200)]
)
def test_only_admins_manage_orders(http: TestClient, db: Session, role: str, status: int) -> None:
    order = placed(http, (product(db), 1))
    client = staff(http, role)
    assert client.get("/api/staff/orders").status_code == status
    assert client.get(f"/api/staff/orders/{order['id']}").status_code == status
    answer = act(client, order["id"], "mark-paid", version=0)
    assert answer.status_code == status, answer.text
    if status == 403:
        assert answer.json()["code"] == "staff_role_forbidden"


def test_without_a_session_every_order_route_is_401(http: TestClient, db: Session) -> None:
    order = placed(http, (product(db), 1))
    anonymous = TestClient(http.app)  # type: ignore[arg-type]
    assert anonymous.get("/api/staff/orders").json()["code"] == "staff_login_required"
    answer = anonymous.post(f"/api/staff/orders/{order['id']}/mark-paid", json={"version": 0})
    assert answer.status_code == 401


def test_an_action_without_the_csrf_token_or_from_another_origin_is_refused(
    http: TestClient, db: Session
) -> None:
    order = placed(http, (product(db), 1))
    client = staff(http)
    token = client.headers.pop("X-CSRFToken")
    assert act(client, order["id"], "mark-paid", version=0).json()["code"] == "csrf_failed"
    client.headers["X-CSRFToken"] = token
    client.headers["Origin"] = "https://evil.example"
    assert act(client, order["id"], "mark-paid", version=0).status_code == 403
    client.headers["Origin"] = "http://testserver"
    assert client.get(f"/api/staff/orders/{order['id']}").json()["status"] == "on-hold"


def test_cancelling_after_a_partial_refund_restocks_only_the_units_not_refunded(
    http: TestClient, admin: TestClient, db: Session
) -> None:
    pid = product(db, manage_stock=True, stock_quantity=10)
    order = placed(http, (pid, 3))
    act(admin, order["id"], "mark-paid", version=0)
    line_id = admin.get(f"/api/staff/orders/{order['id']}").json()["lines"][0]["id"]
    kept_out = admin.post(  # one unit refunded and not restocked (say it arrived broken)
        f"/api/staff/orders/{order['id']}/refunds",
        json={"version": 1, "lines": [{"line_id": line_id, "quantity": 1}]},
    )
    assert kept_out.status_code == 200, kept_out.text
    assert fresh(db).get(Product, pid).stock_quantity == 7
    assert act(admin, order["id"], "cancel", version=2).status_code == 200
    assert fresh(db).get(Product, pid).stock_quantity == 9
