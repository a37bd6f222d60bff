"""The support console API (docs/spec.md section 2.14; docs/support.md) on SQLite and
PostgreSQL: search by every key, the timeline equal to what the cart API answered at each
version, exports, roles, the audit log, and erasure."""

from __future__ import annotations

import csv
import io
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, text
from sqlalchemy.exc import DatabaseError
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from services.api.cli import app as cli
from services.cart.domain import cart_id_for
from services.support.domain import CSV_HEADER
from services.support.models import SupportAudit, SupportCart
from services.support.reference import support_reference
from tests.checkout.conftest import cart, command, coupon, place, product
from tests.support.conftest import add_twin, index_now

NO_SUCH_CART = str(uuid4())


def _order(http: TestClient, db: Session, email: str | None = None) -> tuple[str, str, int]:
    """A cart with one product, an order placed from it; ``(token, cart_id, order number)``."""
    token = cart(http, (product(db), 2))
    placed = place(http, token, **({"email": email} if email else {}))
    assert placed.status_code in (200, 201), placed.text
    return token, str(cart_id_for(token)), placed.json()["order"]["id"]


def _audit(db: Session) -> list[SupportAudit]:
    db.commit()  # a new transaction: see what the app committed since
    return list(db.scalars(select(SupportAudit).order_by(SupportAudit.id)))


def _search(client: TestClient, q: str) -> dict[str, Any]:
    answer = client.get("/api/support/carts", params={"q": q})
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    return answer.json()


def _found(body: dict[str, Any], cart_id: str) -> dict[str, Any]:
    matches = [r for r in body["results"] if r["cart_id"] == cart_id]
    assert len(matches) == 1, body
    return matches[0]


# ---- roles --------------------------------------------------------------------------------------


def _paths(cart_id: str) -> list[str]:
    return [
        "/api/support/carts?q=HV-BUILDER",
        f"/api/support/carts/{cart_id}/timeline",
        f"/api/support/carts/{cart_id}/export?format=json",
        f"/api/support/carts/{cart_id}/export?format=csv",
    ]


def test_every_support_endpoint_needs_admin_or_support(
    http: TestClient, staff: dict[str, TestClient], db: Session
) -> None:
    _, cart_id, _ = _order(http, db)
    for path in _paths(cart_id):
        anonymous = http.get(path)
        assert (anonymous.status_code, anonymous.json()["code"]) == (401, "staff_login_required"), path
        assert anonymous.headers["cache-control"] == "no-store"
        for role in ("reviewer", "analyst"):
            denied = staff[role].get(path)
            assert (denied.status_code, denied.json()["code"]) == (403, "staff_role_forbidden"), (path, role)
            assert denied.headers["cache-control"] == "no-store"
        for role in ("support", "admin"):
            allowed = staff[role].get(path)
            assert allowed.status_code == 200, (path, role, allowed.text)
            assert allowed.headers["cache-control"] == "no-store"


def test_the_audit_log_is_for_admins_only(http: TestClient, staff: dict[str, TestClient]) -> None:
    assert http.get("/api/support/audit").status_code == 401
    for role in ("reviewer", "analyst", "support"):
        denied = staff[role].get("/api/support/audit")
        assert (denied.status_code, denied.json()["code"]) == (403, "staff_role_forbidden"), role
    answer = staff["admin"].get("/api/support/audit")
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-store"
    assert set(answer.json()) == {"entries", "next_before_id"}


def test_no_endpoint_edits_or_deletes_the_audit_log(staff: dict[str, TestClient], db: Session) -> None:
    _search(staff["support"], "anything at all")
    before = [(e.id, e.query) for e in _audit(db)]
    admin = staff["admin"]
    for method in ("PUT", "PATCH", "DELETE", "POST"):
        for path in ("/api/support/audit", f"/api/support/audit/{before[-1][0]}"):
            answer = admin.request(method, path, json={"query": "changed"})
            assert answer.status_code in (404, 405), (method, path)
    assert [(e.id, e.query) for e in _audit(db)] == before


# ---- search -------------------------------------------------------------------------------------


def test_search_finds_a_cart_by_each_key_and_says_how(
    http: TestClient, staff: dict[str, TestClient], db: Session
) -> None:
    pid = product(db, sku=f"SK-{secrets.token_hex(3)}")
    code = f"spring{secrets.token_hex(2)}"
    coupon(db, code)
    email = f"ada.{secrets.token_hex(3)}@example.com"
    token = cart(http, (pid, 1), checkout=False)
    assert command(http, token, {"type": "apply_coupon", "code": code.upper()}).status_code == 200
    assert command(http, token, {"type": "start_checkout"}).status_code == 200
    placed = place(http, token, email=email)
    assert placed.status_code in (200, 201), placed.text
    number = str(placed.json()["order"]["id"])
    cart_id = str(cart_id_for(token))
    index_now()
    reference = support_reference(cart_id)
    support = staff["support"]

    by_reference = _found(_search(support, reference.lower().replace("-", "")), cart_id)
    assert "reference" in by_reference["matched_by"]
    assert _found(_search(support, number), cart_id)["matched_by"] == ["order"]
    assert _found(_search(support, email.upper()), cart_id)["matched_by"] == ["email"]
    assert _found(_search(support, f"  {code.upper()} "), cart_id)["matched_by"] == ["coupon"]
    sku = db.scalar(text("SELECT sku FROM products WHERE id = :id"), {"id": pid})
    found = _found(_search(support, sku.lower()), cart_id)
    assert found["matched_by"] == ["sku"]
    assert found["reference"] == reference and found["order_numbers"] == [number]
    assert found["currency"] == "EUR" and found["country"] == "DE"
    assert found["line_count"] == 0 and found["item_count"] == 0  # placing the order emptied the cart
    assert set(found) == {
        "cart_id",
        "reference",
        "matched_by",
        "first_activity",
        "last_activity",
        "version",
        "line_count",
        "item_count",
        "total",
        "currency",
        "country",
        "checkout_started",
        "order_numbers",
    }


def test_a_cart_found_through_its_order_before_the_index_caught_up_is_computed_live(
    http: TestClient, staff: dict[str, TestClient], db: Session
) -> None:
    index_now()
    _, cart_id, number = _order(http, db)  # not indexed yet
    assert db.get(SupportCart, cart_id) is None
    found = _found(_search(staff["admin"], str(number)), cart_id)
    assert found["matched_by"] == ["order"] and found["order_numbers"] == [str(number)]
    assert found["reference"] == support_reference(cart_id) and found["version"] >= 4


def test_results_are_newest_first(http: TestClient, staff: dict[str, TestClient], db: Session) -> None:
    pid = product(db)
    tokens = [cart(http, (pid, 1), checkout=False) for _ in range(3)]
    command(http, tokens[0], {"type": "set_count", "line_id": "L1", "count": 2})  # the newest now
    index_now()
    sku = db.scalar(text("SELECT sku FROM products WHERE id = :id"), {"id": pid})
    body = _search(staff["support"], sku)
    ids = [r["cart_id"] for r in body["results"]]
    assert ids[0] == str(cart_id_for(tokens[0]))
    assert set(ids) == {str(cart_id_for(t)) for t in tokens}
    assert [r["last_activity"] for r in body["results"]] == sorted(
        (r["last_activity"] for r in body["results"]), reverse=True
    )


@pytest.mark.parametrize("q", ["", "   ", "x" * 201, "y" * 5000, "K7F\x003QX", "\x00"])
def test_an_empty_over_long_or_nul_query_is_invalid(staff: dict[str, TestClient], q: str) -> None:
    answer = staff["support"].get("/api/support/carts", params={"q": q})
    assert (answer.status_code, answer.json()["code"]) == (422, "invalid_query")
    assert answer.headers["cache-control"] == "no-store"
    assert staff["support"].get("/api/support/carts").json()["code"] == "invalid_query"


def test_a_search_is_audited_and_an_email_is_masked(
    http: TestClient, staff: dict[str, TestClient], db: Session
) -> None:
    email = f"grace.{secrets.token_hex(3)}@example.com"
    _order(http, db, email=email)
    before = len(_audit(db))
    body = _search(staff["support"], email)
    assert len(body["results"]) == 1
    _search(staff["admin"], "nothing-matches-this")
    _search(staff["support"], "Grace Hopper")  # free text (a name) is not kept either
    entries = _audit(db)[before:]
    assert [(e.view, e.channel, e.query, e.result_count, e.cart_id, e.version) for e in entries] == [
        ("search", "api", "[email]", 1, None, None),
        ("search", "api", "nothing-matches-this", 0, None, None),
        ("search", "api", "[text]", 0, None, None),
    ]
    ids = {row["email"]: row["id"] for row in _staff_ids(db)}
    assert [e.staff_id for e in entries] == [
        ids["support@staff.halvard.gg"],
        ids["admin@staff.halvard.gg"],
        ids["support@staff.halvard.gg"],
    ]
    assert all(email not in (e.query or "") for e in _audit(db))


def _staff_ids(db: Session) -> list[dict[str, Any]]:
    return [dict(r) for r in db.execute(text("SELECT id, email FROM staff_users")).mappings()]


# ---- timeline -----------------------------------------------------------------------------------


def test_each_state_of_the_timeline_is_what_the_cart_api_answered(
    http: TestClient, staff: dict[str, TestClient], db: Session
) -> None:
    pid = product(db)
    code = f"tl{secrets.token_hex(3)}"
    coupon(db, code)
    token = secrets.token_urlsafe(32)
    headers = {"X-Cart-Token": token}
    answered: dict[int, dict[str, Any]] = {}

    def record(answer: Any) -> None:
        assert answer.status_code in (200, 201), answer.text
        state = answer.json()["cart"]
        answered[state["version"]] = state

    def current() -> None:
        record(http.get("/api/cart", headers=headers))

    record(http.post("/api/cart", headers=headers, json={"country": "DE"}))
    record(command(http, token, {"type": "add", "product_id": pid}))
    record(command(http, token, {"type": "set_count", "line_id": "L1", "count": 3}))
    record(command(http, token, {"type": "add", "product_id": 26907, "configuration": ["case:alu"]}))
    refused = command(http, token, {"type": "set_count", "line_id": "L99", "count": 1})
    assert refused.status_code in (404, 409, 422), refused.text
    current()
    record(command(http, token, {"type": "apply_coupon", "code": code}))
    record(command(http, token, {"type": "set_country", "country": "US"}))
    record(command(http, token, {"type": "set_country", "country": "DE"}))
    record(command(http, token, {"type": "start_checkout"}))
    placed = place(http, token)
    assert placed.status_code in (200, 201), placed.text
    current()
    cart_id = str(cart_id_for(token))

    answer = staff["support"].get(f"/api/support/carts/{cart_id}/timeline")
    assert answer.status_code == 200, answer.text
    doc = answer.json()
    entries = doc["entries"]
    assert [e["version"] for e in entries] == list(range(1, len(entries) + 1))
    assert doc["version"] == doc["selected_version"] == len(entries)
    assert doc["cart_id"] == cart_id and doc["reference"] == support_reference(cart_id)
    assert sorted(answered) == [e["version"] for e in entries]  # every version, the order's too
    assert entries[-1]["event_type"] == "OrderPlaced" and entries[-1]["actor"] == "system"
    assert {e["event_type"] for e in entries} >= {"Started", "ItemAdded", "CouponApplied", "CountrySet"}
    assert any(line["configuration"] for e in entries for line in e["state"]["lines"])  # a configured line
    for version, state in answered.items():
        assert entries[version - 1]["state"] == state, version
    refusal = [e for e in entries if e["event_type"] == "CommandRefused"]
    assert len(refusal) == 1
    assert refusal[0]["refusal"] == {
        "code": refused.json()["code"],
        "message": refused.json()["message"],
        "status": refused.status_code,
    }
    assert entries[0]["at"] == doc["first_activity"] and entries[-1]["at"] == doc["last_activity"]
    assert doc["today"] and doc["today"][0]["product_id"] == pid and doc["today"][0]["available"] is True


def test_version_and_at_select_a_version(http: TestClient, staff: dict[str, TestClient], db: Session) -> None:
    _, cart_id, _ = _order(http, db)
    support = staff["support"]
    full = support.get(f"/api/support/carts/{cart_id}/timeline").json()
    last = full["version"]
    assert support.get(f"/api/support/carts/{cart_id}/timeline?version=2").json()["selected_version"] == 2
    at = full["entries"][1]["at"]
    assert (
        support.get(f"/api/support/carts/{cart_id}/timeline", params={"at": at}).json()["selected_version"]
        == 2
    )
    naive = at.replace("+00:00", "")
    in_berlin = (datetime.fromisoformat(at) + timedelta(hours=1)).replace(tzinfo=None).isoformat() + "+01:00"
    assert (
        support.get(f"/api/support/carts/{cart_id}/timeline?at={in_berlin}").json()["selected_version"] == 2
    )
    assert (
        support.get(f"/api/support/carts/{cart_id}/timeline", params={"at": naive}).json()["selected_version"]
        == 2
    )
    for bad in (0, last + 1, -3):
        answer = support.get(f"/api/support/carts/{cart_id}/timeline?version={bad}")
        assert (answer.status_code, answer.json()["code"]) == (422, "version_not_found"), bad
    early = support.get(f"/api/support/carts/{cart_id}/timeline", params={"at": "2000-01-01T00:00:00"})
    assert (early.status_code, early.json()["code"]) == (422, "before_first_event")
    junk = support.get(f"/api/support/carts/{cart_id}/timeline", params={"at": "yesterday"})
    assert (junk.status_code, junk.json()["code"]) == (422, "invalid_at")
    assert junk.headers["cache-control"] == "no-store"


def test_a_reference_in_any_form_opens_the_cart(
    http: TestClient, staff: dict[str, TestClient], db: Session
) -> None:
    _, cart_id, _ = _order(http, db)
    index_now()
    reference = support_reference(cart_id)
    for form in (reference, reference.lower(), reference.replace("-", ""), reference.replace("-", " ")):
        answer = staff["support"].get(f"/api/support/carts/{form}/timeline")
        assert answer.status_code == 200, form
        assert answer.json()["cart_id"] == cart_id


def test_unknown_and_ambiguous_references(
    http: TestClient, staff: dict[str, TestClient], db: Session
) -> None:
    support = staff["support"]
    for ref in (NO_SUCH_CART, "ZZZ-ZZZ", "not a reference"):
        answer = support.get(f"/api/support/carts/{ref}/timeline")
        assert (answer.status_code, answer.json()["code"]) == (404, "cart_not_found"), ref
        assert answer.headers["cache-control"] == "no-store"
    _, cart_id, _ = _order(http, db)
    index_now()
    twin = str(uuid4())
    row = db.get(SupportCart, cart_id)
    add_twin(db, row, twin)
    answer = support.get(f"/api/support/carts/{row.reference}/timeline")
    assert (answer.status_code, answer.json()["code"]) == (409, "ambiguous_reference")
    assert sorted(answer.json()["candidates"]) == sorted([cart_id, twin])
    assert support.get(f"/api/support/carts/{cart_id}/timeline").status_code == 200  # the id still works
    found = _search(support, row.reference)
    assert {r["cart_id"] for r in found["results"]} >= {cart_id, twin}


def test_the_timeline_shows_orders_with_their_customer(
    http: TestClient, staff: dict[str, TestClient], db: Session
) -> None:
    email = f"lin.{secrets.token_hex(3)}@example.com"
    _, cart_id, number = _order(http, db, email=email)
    doc = staff["support"].get(f"/api/support/carts/{cart_id}/timeline").json()
    assert len(doc["orders"]) == 1
    order = doc["orders"][0]
    assert order["number"] == str(number) and order["erased"] is False
    assert order["customer"] == {"email": email, "first_name": "Ada", "last_name": "Lovelace"}
    assert order["cart_version"] in {e["version"] for e in doc["entries"]}
    assert any(e["order_id"] == str(number) for e in doc["entries"])


def test_a_timeline_read_is_audited_with_the_selected_version(
    http: TestClient, staff: dict[str, TestClient], db: Session
) -> None:
    _, cart_id, _ = _order(http, db)
    before = len(_audit(db))
    staff["admin"].get(f"/api/support/carts/{cart_id}/timeline?version=2")
    staff["support"].get(f"/api/support/carts/{cart_id}/export?format=csv&version=1")
    staff["support"].get(f"/api/support/carts/{cart_id}/export")
    staff["reviewer"].get(f"/api/support/carts/{cart_id}/timeline")  # refused: no audit entry
    entries = _audit(db)[before:]
    assert [(e.view, e.cart_id, e.version, e.query, e.result_count) for e in entries] == [
        ("timeline", cart_id, 2, None, None),
        ("export_csv", cart_id, 1, None, None),
        ("export_json", cart_id, entries[2].version, None, None),
    ]
    assert entries[2].version and entries[2].version > 2


# ---- export -------------------------------------------------------------------------------------


def test_exports_are_downloads_named_after_the_reference_and_version(
    http: TestClient, staff: dict[str, TestClient], db: Session
) -> None:
    _, cart_id, _ = _order(http, db)
    reference = support_reference(cart_id)
    support = staff["support"]
    doc = support.get(f"/api/support/carts/{cart_id}/timeline").json()
    as_json = support.get(f"/api/support/carts/{cart_id}/export?format=json")
    assert as_json.status_code == 200 and as_json.json() == doc
    assert (
        as_json.headers["content-disposition"]
        == f'attachment; filename="cart-{reference}-v{doc["version"]}.json"'
    )
    assert as_json.headers["cache-control"] == "no-store"
    as_csv = support.get(f"/api/support/carts/{cart_id}/export?format=csv&version=2")
    assert as_csv.status_code == 200
    assert as_csv.headers["content-type"] == "text/csv; charset=utf-8"
    assert as_csv.headers["content-disposition"] == f'attachment; filename="cart-{reference}-v2.csv"'
    assert as_csv.headers["cache-control"] == "no-store"
    rows = list(csv.reader(io.StringIO(as_csv.text)))
    assert rows[0] == CSV_HEADER
    assert [row[0] for row in rows[1:]] == [str(e["version"]) for e in doc["entries"]]
    bad = support.get(f"/api/support/carts/{cart_id}/export?format=xml")
    assert (bad.status_code, bad.json()["code"]) == (422, "invalid_format")


# ---- audit log ----------------------------------------------------------------------------------


def test_the_audit_log_pages_newest_first_with_the_staff_account(
    http: TestClient, staff: dict[str, TestClient], db: Session
) -> None:
    _, cart_id, _ = _order(http, db)
    staff["support"].get(f"/api/support/carts/{cart_id}/timeline")
    _search(staff["support"], "someone@example.com")
    admin = staff["admin"]
    first = admin.get("/api/support/audit?limit=1").json()
    assert len(first["entries"]) == 1
    newest = first["entries"][0]
    assert newest["view"] == "search" and newest["query"] == "[email]" and newest["channel"] == "api"
    assert newest["staff_email"] == "support@staff.halvard.gg" and newest["staff_role"] == "support"
    second = admin.get(f"/api/support/audit?limit=1&before_id={first['next_before_id']}").json()
    entry = second["entries"][0]
    assert entry["id"] < newest["id"]
    assert (entry["view"], entry["cart_id"], entry["reference"]) == (
        "timeline",
        cart_id,
        support_reference(cart_id),
    )
    assert admin.get("/api/support/audit?limit=0").status_code == 422
    everything = admin.get("/api/support/audit?limit=500").json()
    assert [e["id"] for e in everything["entries"]] == sorted(
        (e["id"] for e in everything["entries"]), reverse=True
    )


def test_the_audit_table_refuses_update_and_delete(
    http: TestClient, staff: dict[str, TestClient], db: Session
) -> None:
    _search(staff["support"], "anything")
    count = db.scalar(select(func.count()).select_from(SupportAudit))
    for statement in ("UPDATE support_audit SET query = 'changed'", "DELETE FROM support_audit"):
        with pytest.raises(DatabaseError, match="append-only"):
            db.execute(text(statement))
        db.rollback()
    assert db.scalar(select(func.count()).select_from(SupportAudit)) == count
    assert (
        db.scalar(select(func.count()).select_from(SupportAudit).where(SupportAudit.query == "changed")) == 0
    )


# ---- erasure ------------------------------------------------------------------------------------


def test_after_erasure_the_console_shows_no_customer_and_the_email_finds_nothing(
    http: TestClient, staff: dict[str, TestClient], db: Session
) -> None:
    email = f"erase.{secrets.token_hex(3)}@example.com"
    _, cart_id, number = _order(http, db, email=email)
    index_now()
    support = staff["support"]
    assert [r["cart_id"] for r in _search(support, email)["results"]] == [cart_id]
    erased = CliRunner().invoke(cli, ["erase-personal-data", str(number)])
    assert erased.exit_code == 0, erased.output
    assert _search(support, email)["results"] == []
    doc = support.get(f"/api/support/carts/{cart_id}/timeline").json()
    assert doc["orders"][0]["customer"] is None and doc["orders"][0]["erased"] is True
    assert email not in support.get(f"/api/support/carts/{cart_id}/export?format=json").text
    assert email not in support.get(f"/api/support/carts/{cart_id}/export?format=csv").text
    assert _found(_search(support, str(number)), cart_id)  # the order number still finds the cart


def test_the_audit_write_survives_another_writer_committing_after_the_reads(
    http: TestClient, staff: dict[str, TestClient], db: Session
) -> None:
    """SQLite: a read transaction that becomes a writer after another writer committed fails at
    once ("database is locked"); the audit write starts a fresh transaction instead."""
    from services.cart.deps import get_cart_app
    from services.shared.db import get_engine, get_sessionmaker
    from services.support import service

    _, cart_id, _ = _order(http, db)
    with get_sessionmaker()() as look:
        replay = service.timeline(look, get_cart_app(), cart_id)  # the look's reads
        with get_engine().begin() as other:  # a projector commits meanwhile
            other.execute(text("UPDATE projection_tracking SET notification_id = notification_id"))
            other.execute(
                text(
                    "INSERT INTO projection_tracking (projection_name, application_name, notification_id) "
                    "VALUES (:name, 'test', 0)"
                ),
                {"name": f"probe-{secrets.token_hex(4)}"},
            )
        service.audit(
            look,
            staff_id=None,
            channel="api",
            view="timeline",
            cart_id=cart_id,
            version=replay.selected_version,
        )
        look.commit()
    assert _audit(db)[-1].cart_id == cart_id


def test_a_search_answers_the_newest_fifty_carts(staff: dict[str, TestClient], db: Session) -> None:
    from services.support.models import SupportCartKey

    sku = f"CAP-{secrets.token_hex(3)}".upper()
    start = datetime(2026, 1, 1, tzinfo=UTC)
    ids = [str(uuid4()) for _ in range(60)]
    for n, cart_id in enumerate(ids):  # ids[59] is the newest
        db.add(
            SupportCart(
                cart_id=cart_id,
                reference=support_reference(cart_id),
                version=2,
                country="DE",
                currency="EUR",
                line_count=1,
                item_count=1,
                total=5000,
                checkout_started=False,
                order_numbers=[],
                first_activity=start,
                last_activity=start + timedelta(minutes=n),
            )
        )
        db.add(SupportCartKey(kind="sku", value=sku, cart_id=cart_id))
    db.commit()
    results = _search(staff["support"], sku.lower())["results"]
    assert [r["cart_id"] for r in results] == ids[::-1][:50]
    assert all(r["matched_by"] == ["sku"] for r in results)
