"""The analytics dashboard API (docs/spec.md section 2.15): who may read it, the date range, the
figures of the dashboard against read-model rows inserted here, the CSV downloads and the
projections' lag (JSON and Prometheus text).

One migrated database per module (SQLite, or PostgreSQL with ``TEST_DATABASE_URL``); each test
writes rows on days of its own, so tests never see each other's rows.
"""

from __future__ import annotations

import csv
import io
import secrets
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.analytics import service
from services.analytics.projection import build_analytics_projector
from services.analytics.read_models import (
    AnalyticsAbandonedCart,
    AnalyticsCartEvent,
    AnalyticsConfiguratorChoice,
    AnalyticsCouponLedger,
    AnalyticsFunnelDaily,
    AnalyticsProductDaily,
    AnalyticsRevenueDaily,
)
from services.analytics.schemas import ProjectionStatusOut
from services.api.app import create_app
from services.shared.ratelimit import reset_limits
from tests.conftest import seeded_database
from tests.factories import create_product
from tests.support.conftest import ROLES
from tests.support.conftest import _seed as seed_support

READERS = ("admin", "analyst")
TABLES = (
    "analytics_cart_events",
    "analytics_funnel_daily",
    "analytics_product_daily",
    "analytics_abandoned_carts",
    "analytics_coupon_ledger",
    "analytics_revenue_daily",
    "analytics_configurator_choices",
)


def _seed(session: Session) -> None:
    """The support tests' seed (the checkout catalogue, one staff user per role,
    ``<role>@staff.halvard.gg``) and twelve catalogue products (ids 9001..9012, "Product 9001"...)."""
    seed_support(session)
    for pid in range(9001, 9013):
        create_product(session, id=pid, name=f"Product {pid}", slug=f"product-{pid}", sku=f"SKU-{pid}")
    session.commit()


@pytest.fixture(scope="module")
def http(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[TestClient]:
    """An anonymous client of the app (projections not running: the tests write the read models)."""
    reset_limits()
    try:
        with seeded_database(
            tmp_path_factory, pg_schema_url, "dashboard", _seed, {"RUN_PROJECTIONS": "false"}
        ):
            reset_limits()
            with TestClient(create_app()) as client:
                yield client
    finally:
        reset_limits()


def _status(name: str, position: int, head: int, lag_seconds: float = 0.0) -> ProjectionStatusOut:
    return ProjectionStatusOut(
        name=name, position=position, head=head, lag_events=head - position, lag_seconds=lag_seconds
    )


CAUGHT_UP = [_status(name, 40, 40) for name in ("cart_current", "support_index", *TABLES)]


@pytest.fixture
def statuses(monkeypatch: pytest.MonkeyPatch) -> list[ProjectionStatusOut]:
    """The projections' status the app reads (every projection caught up at 40 unless a test
    edits the list it gets)."""
    found = list(CAUGHT_UP)
    monkeypatch.setattr(service, "projection_statuses", lambda engine, app: found)
    return found


def _days(first: date, count: int) -> list[date]:
    return [first + timedelta(days=n) for n in range(count)]


def _dashboard(client: TestClient, start: date, end: date) -> dict[str, Any]:
    answer = client.get("/api/analytics/dashboard", params={"from": start.isoformat(), "to": end.isoformat()})
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    body: dict[str, Any] = answer.json()
    return body


# --- Who may read what ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/api/analytics/dashboard", "/api/analytics/tables/analytics_funnel_daily.csv"]
)
def test_dashboard_and_downloads_are_for_analysts_and_admins_only(
    http: TestClient, staff: dict[str, TestClient], statuses: list[ProjectionStatusOut], path: str
) -> None:
    anonymous = http.get(path)
    assert anonymous.status_code == 401
    assert anonymous.json()["code"] == "staff_login_required"
    assert anonymous.headers["cache-control"] == "no-store"
    for role in ("reviewer", "support"):
        refused = staff[role].get(path)
        assert refused.status_code == 403, role
        assert refused.json()["code"] == "staff_role_forbidden"
        assert refused.headers["cache-control"] == "no-store"
    for role in READERS:
        answer = staff[role].get(path)
        assert answer.status_code == 200, (role, answer.text)
        assert answer.headers["cache-control"] == "no-store"


@pytest.mark.parametrize("path", ["/api/analytics/projections", "/api/analytics/metrics"])
def test_projection_status_is_for_any_staff_role(
    http: TestClient, staff: dict[str, TestClient], statuses: list[ProjectionStatusOut], path: str
) -> None:
    anonymous = http.get(path)
    assert anonymous.status_code == 401
    assert anonymous.json()["code"] == "staff_login_required"
    assert anonymous.headers["cache-control"] == "no-store"
    for role in ROLES:
        answer = staff[role].get(path)
        assert answer.status_code == 200, (role, answer.text)
        assert answer.headers["cache-control"] == "no-store"


# --- The date range ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "params",
    [
        {"from": "2026-1-01"},
        {"to": "yesterday"},
        {"from": "2026-02-30", "to": "2026-03-01"},
        {"from": "2026-01-01\x00"},
        {"to": "２０２６-01-01"},
        {"from": "2026-03-02", "to": "2026-03-01"},
        {"from": "2025-01-01", "to": "2026-01-02"},  # 367 days
        {"from": ""},
    ],
)
@pytest.mark.parametrize(
    "path", ["/api/analytics/dashboard", "/api/analytics/tables/analytics_revenue_daily.csv"]
)
def test_a_bad_range_is_422_invalid_date_range(
    staff: dict[str, TestClient], statuses: list[ProjectionStatusOut], params: dict[str, str], path: str
) -> None:
    answer = staff["analyst"].get(path, params=params)
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "invalid_date_range"
    assert answer.json()["message"]
    assert answer.headers["cache-control"] == "no-store"


def test_the_range_defaults_to_the_30_days_ending_today_and_may_hold_366_days(
    staff: dict[str, TestClient], statuses: list[ProjectionStatusOut]
) -> None:
    today = datetime.now(UTC).date()
    body = staff["analyst"].get("/api/analytics/dashboard").json()
    assert (body["start"], body["end"], body["days"]) == (str(today - timedelta(days=29)), str(today), 30)
    assert [d["day"] for d in body["funnel"]["by_day"]] == [
        str(d) for d in _days(today - timedelta(days=29), 30)
    ]
    only_from = staff["analyst"].get("/api/analytics/dashboard", params={"from": "2024-02-01"}).json()
    assert (only_from["start"], only_from["end"]) == ("2024-02-01", "2024-03-01")
    only_to = staff["analyst"].get("/api/analytics/dashboard", params={"to": "2024-03-01"}).json()
    assert (only_to["start"], only_to["end"]) == ("2024-02-01", "2024-03-01")
    leap_year = _dashboard(staff["analyst"], date(2024, 1, 1), date(2024, 12, 31))
    assert leap_year["days"] == 366
    one_day = _dashboard(staff["analyst"], date(2024, 5, 5), date(2024, 5, 5))
    assert one_day["days"] == 1


def test_unknown_table_is_404(staff: dict[str, TestClient]) -> None:
    for name in ("analytics_funnel_carts", "orders", "staff_users", "analytics_events", "x" * 300):
        answer = staff["admin"].get(f"/api/analytics/tables/{name}.csv")
        assert answer.status_code == 404, name
        assert answer.json()["code"] == "unknown_table"
        assert answer.headers["cache-control"] == "no-store"


# --- The figures ------------------------------------------------------------------------------


def test_funnel_counts_carts_per_day_and_in_total_within_the_range(
    db: Session, staff: dict[str, TestClient], statuses: list[ProjectionStatusOut]
) -> None:
    d1, d2, d3, d4 = _days(date(2025, 1, 10), 4)
    db.add_all(
        [
            AnalyticsFunnelDaily(day=d1, country="DE", currency="EUR", carts_started=10, carts_with_add=6, checkouts_started=3, orders_placed=2),
            AnalyticsFunnelDaily(day=d1, country="US", currency="USD", carts_started=5, carts_with_add=2, checkouts_started=1, orders_placed=1),
            AnalyticsFunnelDaily(day=d3, country="FR", currency="EUR", carts_started=4, carts_with_add=4, checkouts_started=2, orders_placed=0),
            # Outside the range asked for: not counted.
            AnalyticsFunnelDaily(day=d4, country="DE", currency="EUR", carts_started=99, carts_with_add=99, checkouts_started=99, orders_placed=99),
            AnalyticsFunnelDaily(day=d1 - timedelta(days=1), country="DE", currency="EUR", carts_started=77, carts_with_add=0, checkouts_started=0, orders_placed=0),
        ]
    )  # fmt: skip
    db.commit()
    body = _dashboard(staff["analyst"], d1, d3)
    assert body["funnel"]["totals"] == {
        "carts_started": 19,
        "carts_with_add": 12,
        "checkouts_started": 6,
        "orders_placed": 3,
    }
    assert body["funnel"]["by_day"] == [
        {
            "day": str(d1),
            "carts_started": 15,
            "carts_with_add": 8,
            "checkouts_started": 4,
            "orders_placed": 3,
        },
        {"day": str(d2), "carts_started": 0, "carts_with_add": 0, "checkouts_started": 0, "orders_placed": 0},
        {"day": str(d3), "carts_started": 4, "carts_with_add": 4, "checkouts_started": 2, "orders_placed": 0},
    ]


def _revenue(day: date, country: str, currency: str, orders: int, total: int) -> AnalyticsRevenueDaily:
    return AnalyticsRevenueDaily(
        day=day,
        country=country,
        currency=currency,
        orders=orders,
        items=orders * 2,
        subtotal=total - 490,
        discount=100,
        shipping=590,
        tax=total // 10,
        total=total,
    )


def test_revenue_is_summed_per_currency_never_across(
    db: Session, staff: dict[str, TestClient], statuses: list[ProjectionStatusOut]
) -> None:
    d1, d2, d3 = _days(date(2025, 2, 1), 3)
    db.add_all(
        [
            _revenue(d1, "DE", "EUR", 2, 25_998),
            _revenue(d1, "FR", "EUR", 1, 10_000),
            _revenue(d1, "US", "USD", 1, 13_999),
            _revenue(d2, "DE", "EUR", 3, 40_000),
            _revenue(d3, "DE", "EUR", 50, 9_999_999),  # the day after the range
        ]
    )
    db.commit()
    revenue = _dashboard(staff["analyst"], d1, d2)["revenue"]
    assert revenue["totals"] == [
        {"currency": "EUR", "orders": 6, "items": 12, "subtotal": 75_998 - 3 * 490, "discount": 300, "shipping": 1770, "tax": 2599 + 1000 + 4000, "total": 75_998},
        {"currency": "USD", "orders": 1, "items": 2, "subtotal": 13_509, "discount": 100, "shipping": 590, "tax": 1399, "total": 13_999},
    ]  # fmt: skip
    assert [(r["day"], r["currency"], r["orders"], r["total"]) for r in revenue["by_day"]] == [
        (str(d1), "EUR", 3, 35_998),
        (str(d1), "USD", 1, 13_999),
        (str(d2), "EUR", 3, 40_000),
    ]
    assert [(r["country"], r["currency"], r["orders"], r["total"]) for r in revenue["by_country"]] == [
        ("DE", "EUR", 5, 65_998),
        ("FR", "EUR", 1, 10_000),
        ("US", "USD", 1, 13_999),
    ]
    assert all(isinstance(r["total"], int) for r in revenue["by_country"])


def test_top_products_are_the_ten_with_most_units_added_with_their_catalogue_names(
    db: Session, staff: dict[str, TestClient], statuses: list[ProjectionStatusOut]
) -> None:
    d1, d2, d3 = _days(date(2025, 3, 1), 3)
    rows = []
    for n, pid in enumerate(range(9001, 9013)):  # adds 1..12 on d1
        rows.append(AnalyticsProductDaily(day=d1, product_id=pid, variation_id=0, sku=f"SKU-{pid}", adds=n + 1, removes=0, net_quantity=n + 1, orders=0, units_sold=0, removals_after_price_change=0))  # fmt: skip
    rows += [
        # Two variations of 9001 on d2: summed with its d1 row (1 + 20 + 5 = 26 units added).
        AnalyticsProductDaily(day=d2, product_id=9001, variation_id=7, sku="SKU-9001-RED", adds=20, removes=4, net_quantity=16, orders=3, units_sold=5, removals_after_price_change=2),
        AnalyticsProductDaily(day=d2, product_id=9001, variation_id=8, sku="SKU-9001-BLUE", adds=5, removes=1, net_quantity=4, orders=1, units_sold=1, removals_after_price_change=0),
        # A product the catalogue no longer has.
        AnalyticsProductDaily(day=d2, product_id=424242, variation_id=0, sku="GONE", adds=11, removes=11, net_quantity=0, orders=0, units_sold=0, removals_after_price_change=11),
        # After the range: would top the list.
        AnalyticsProductDaily(day=d3, product_id=9002, variation_id=0, sku="SKU-9002", adds=1000, removes=0, net_quantity=1000, orders=0, units_sold=0, removals_after_price_change=0),
    ]  # fmt: skip
    db.add_all(rows)
    db.commit()
    top = _dashboard(staff["analyst"], d1, d2)["top_products"]
    assert len(top) == 10
    assert top[0] == {
        "product_id": 9001,
        "name": "Product 9001",
        "sku": "SKU-9001",
        "adds": 26,
        "removes": 5,
        "net_quantity": 21,
        "orders": 4,
        "units_sold": 6,
        "removals_after_price_change": 2,
    }
    assert [p["product_id"] for p in top[1:]] == [9012, 9011, 424242, 9010, 9009, 9008, 9007, 9006, 9005]
    gone = top[3]
    assert (gone["name"], gone["sku"], gone["adds"], gone["removals_after_price_change"]) == (
        None,
        None,
        11,
        11,
    )


def _abandoned(
    cart: str,
    day: date,
    step: str,
    currency: str,
    value: int,
    *,
    returned: bool = False,
    ordered: bool = False,
) -> AnalyticsAbandonedCart:
    at = datetime(day.year, day.month, day.day, 12, tzinfo=UTC)
    return AnalyticsAbandonedCart(
        cart_id=cart,
        country="US" if currency == "USD" else "DE",
        currency=currency,
        first_add_at=at - timedelta(hours=2),
        last_activity_at=at - timedelta(hours=1),
        abandoned_at=at,
        day=day,
        item_count=2,
        value=value,
        last_step=step,
        returned_at=at + timedelta(hours=3) if returned else None,
        ordered_after=ordered,
    )


def test_abandonment_counts_carts_and_value_per_last_step_and_currency(
    db: Session, staff: dict[str, TestClient], statuses: list[ProjectionStatusOut]
) -> None:
    d1, d2, d3 = _days(date(2025, 4, 1), 3)
    db.add_all(
        [
            _abandoned("ab-1", d1, "cart", "EUR", 12_999),
            _abandoned("ab-2", d2, "cart", "EUR", 1_000, returned=True),
            _abandoned("ab-3", d2, "cart", "USD", 13_999, returned=True, ordered=True),
            _abandoned("ab-4", d1, "checkout", "EUR", 25_998, returned=True, ordered=True),
            _abandoned("ab-5", d3, "checkout", "EUR", 99_999),  # after the range
        ]
    )
    db.commit()
    assert _dashboard(staff["analyst"], d1, d2)["abandonment"] == [
        {"last_step": "cart", "currency": "EUR", "carts": 2, "items": 4, "value": 13_999, "returned": 1, "ordered_after": 0},
        {"last_step": "cart", "currency": "USD", "carts": 1, "items": 2, "value": 13_999, "returned": 1, "ordered_after": 1},
        {"last_step": "checkout", "currency": "EUR", "carts": 1, "items": 2, "value": 25_998, "returned": 1, "ordered_after": 1},
    ]  # fmt: skip


def _ledger(
    cart: str, version: int, day: date, code: str, action: str, refusal: str | None = None
) -> AnalyticsCouponLedger:
    return AnalyticsCouponLedger(
        cart_id=cart,
        version=version,
        seq=0,
        occurred_at=datetime(day.year, day.month, day.day, 9, version, tzinfo=UTC),
        day=day,
        coupon_code=code,
        action=action,
        refusal_code=refusal,
        country="DE",
        currency="EUR",
        order_id="1001" if action == "redeemed" else None,
        discount=500 if action == "redeemed" else None,
    )


def _event(
    cart: str, version: int, day: date, event_type: str, notification_id: int, seq: int = 0
) -> AnalyticsCartEvent:
    return AnalyticsCartEvent(
        cart_id=cart,
        version=version,
        seq=seq,
        notification_id=notification_id,
        occurred_at=datetime(day.year, day.month, day.day, 9, version, tzinfo=UTC),
        day=day,
        event_type=event_type,
        country="DE",
        currency="EUR",
        configured=False,
        quantity_delta=0,
    )


def test_coupon_refusals_count_the_carts_that_ordered_after_the_refusal(
    db: Session, staff: dict[str, TestClient], statuses: list[ProjectionStatusOut]
) -> None:
    d1, d2, d3 = _days(date(2025, 5, 1), 3)
    db.add_all(
        [
            # cp-a: refused for the minimum spend, then redeemed the same code (ordered after).
            _ledger("cp-a", 3, d1, "save10", "refused", "coupon_min_spend"),
            _ledger("cp-a", 9, d3, "save10", "redeemed"),
            # cp-b: refused twice, never ordered.
            _ledger("cp-b", 2, d1, "save10", "refused", "coupon_min_spend"),
            _ledger("cp-b", 4, d2, "save10", "refused", "coupon_min_spend"),
            # cp-c: refused, then ordered without the coupon (OrderPlaced, two lines).
            _ledger("cp-c", 5, d2, "save10", "refused", "coupon_min_spend"),
            _event("cp-c", 8, d2, "OrderPlaced", 501, seq=0),
            _event("cp-c", 8, d2, "OrderPlaced", 501, seq=1),
            # cp-d: had ordered BEFORE the refusal: not "ordered after".
            _event("cp-d", 2, d1, "OrderPlaced", 400),
            _ledger("cp-d", 6, d2, "", "refused", "coupon_not_found"),  # the code typed is never kept
            # Applied and removed rows are not refusals; a refusal after the range is not counted.
            _ledger("cp-e", 2, d1, "save10", "applied"),
            _ledger("cp-e", 3, d3, "save10", "refused", "coupon_min_spend"),
        ]
    )
    db.commit()
    assert _dashboard(staff["analyst"], d1, d2)["coupon_refusals"] == [
        {"coupon_code": "save10", "refusal_code": "coupon_min_spend", "refusals": 4, "carts": 3, "carts_ordered_after": 2},
        {"coupon_code": "", "refusal_code": "coupon_not_found", "refusals": 1, "carts": 1, "carts_ordered_after": 0},
    ]  # fmt: skip


def test_configurator_choices_are_summed_over_the_range(
    db: Session, staff: dict[str, TestClient], statuses: list[ProjectionStatusOut]
) -> None:
    d1, d2, d3 = _days(date(2025, 6, 1), 3)

    def choice(
        day: date, layer: str, choice: str, selected: int, ordered: int
    ) -> AnalyticsConfiguratorChoice:
        return AnalyticsConfiguratorChoice(
            day=day,
            product_id=9003,
            layer_id=layer,
            choice_id=choice,
            layer_name=layer.title(),
            choice_name=choice.title(),
            selected=selected,
            added=selected * 2,
            removed=1,
            ordered=ordered,
        )

    db.add_all(
        [
            choice(d1, "case", "alu", 3, 1),
            choice(d2, "case", "alu", 2, 2),
            choice(d2, "case", "plastic", 7, 0),
            choice(d1, "switches", "red", 1, 1),
            choice(d3, "case", "alu", 100, 100),  # after the range
        ]
    )
    db.commit()
    assert _dashboard(staff["analyst"], d1, d2)["configurator_choices"] == [
        {"product_id": 9003, "product_name": "Product 9003", "layer_id": "case", "layer_name": "Case", "choice_id": "plastic", "choice_name": "Plastic", "selected": 7, "added": 14, "removed": 1, "ordered": 0},
        {"product_id": 9003, "product_name": "Product 9003", "layer_id": "case", "layer_name": "Case", "choice_id": "alu", "choice_name": "Alu", "selected": 5, "added": 10, "removed": 2, "ordered": 3},
        {"product_id": 9003, "product_name": "Product 9003", "layer_id": "switches", "layer_name": "Switches", "choice_id": "red", "choice_name": "Red", "selected": 1, "added": 2, "removed": 1, "ordered": 1},
    ]  # fmt: skip


def test_an_empty_range_answers_zeros_and_empty_lists(
    staff: dict[str, TestClient], statuses: list[ProjectionStatusOut]
) -> None:
    body = _dashboard(staff["admin"], date(2020, 1, 1), date(2020, 1, 2))
    assert body["funnel"]["totals"] == {
        "carts_started": 0,
        "carts_with_add": 0,
        "checkouts_started": 0,
        "orders_placed": 0,
    }
    assert len(body["funnel"]["by_day"]) == 2
    assert body["revenue"] == {"totals": [], "by_day": [], "by_country": []}
    for key in ("top_products", "abandonment", "coupon_refusals", "configurator_choices"):
        assert body[key] == []


# --- Lag --------------------------------------------------------------------------------------


def test_lag_says_caught_up_or_when_the_last_event_every_analytics_projection_read_occurred(
    db: Session, staff: dict[str, TestClient], statuses: list[ProjectionStatusOut]
) -> None:
    caught_up = _dashboard(staff["analyst"], date(2020, 1, 1), date(2020, 1, 1))["lag"]
    assert caught_up["caught_up"] is True
    assert caught_up["data_up_to"] == caught_up["as_of"]
    assert [p["name"] for p in caught_up["projections"]] == list(TABLES)

    day = date(2025, 7, 1)
    db.add_all(
        [_event("lag-1", 1, day, "Started", 9_000_017), _event("lag-1", 2, day, "ItemAdded", 9_000_020)]
    )
    db.commit()
    statuses[:] = [
        _status("cart_current", 9_000_030, 9_000_030),
        *(_status(name, 9_000_030, 9_000_030) for name in TABLES if name != "analytics_funnel_daily"),
        _status("analytics_funnel_daily", 9_000_018, 9_000_030, 61.5),  # the slowest
    ]
    behind = _dashboard(staff["analyst"], date(2020, 1, 1), date(2020, 1, 1))["lag"]
    assert behind["caught_up"] is False
    assert datetime.fromisoformat(behind["data_up_to"]) == datetime(2025, 7, 1, 9, 1, tzinfo=UTC)
    assert "cart_current" not in [p["name"] for p in behind["projections"]]
    assert behind["projections"][-1] == {
        "name": "analytics_funnel_daily",
        "position": 9_000_018,
        "head": 9_000_030,
        "lag_events": 12,
        "lag_seconds": 61.5,
    }


def test_projections_and_metrics_report_every_projection(
    staff: dict[str, TestClient], statuses: list[ProjectionStatusOut]
) -> None:
    statuses[:] = [_status("cart_current", 40, 40), _status("analytics_revenue_daily", 37, 40, 2.5)]
    assert staff["support"].get("/api/analytics/projections").json() == {
        "projections": [
            {"name": "cart_current", "position": 40, "head": 40, "lag_events": 0, "lag_seconds": 0.0},
            {
                "name": "analytics_revenue_daily",
                "position": 37,
                "head": 40,
                "lag_events": 3,
                "lag_seconds": 2.5,
            },
        ]
    }
    metrics = staff["reviewer"].get("/api/analytics/metrics")
    assert metrics.headers["content-type"].startswith("text/plain")
    lines = metrics.text.splitlines()
    for line in (
        "# TYPE halvard_projection_lag_events gauge",
        'halvard_projection_lag_events{projection="cart_current"} 0.0',
        'halvard_projection_lag_events{projection="analytics_revenue_daily"} 3.0',
        'halvard_projection_lag_seconds{projection="analytics_revenue_daily"} 2.5',
        'halvard_projection_position{projection="analytics_revenue_daily"} 37.0',
        'halvard_projection_position{projection="cart_current"} 40.0',
    ):
        assert line in lines


# --- CSV downloads ----------------------------------------------------------------------------


def _csv(client: TestClient, name: str, start: date, end: date) -> tuple[Any, list[list[str]]]:
    answer = client.get(f"/api/analytics/tables/{name}.csv", params={"from": str(start), "to": str(end)})
    assert answer.status_code == 200, answer.text
    return answer, list(csv.reader(io.StringIO(answer.text)))


@pytest.mark.parametrize("name", TABLES)
def test_every_table_downloads_with_its_column_names_as_header(
    staff: dict[str, TestClient], name: str
) -> None:
    answer, rows = _csv(staff["analyst"], name, date(2019, 1, 1), date(2019, 1, 31))
    assert answer.headers["content-type"] == "text/csv; charset=utf-8"
    assert answer.headers["content-disposition"] == f'attachment; filename="{name}-2019-01-01-2019-01-31.csv"'
    assert answer.headers["cache-control"] == "no-store"
    assert rows == [service.csv_header(name)]
    assert "day" in rows[0]


def test_a_download_holds_the_rows_of_the_range_cell_by_cell(
    db: Session, staff: dict[str, TestClient]
) -> None:
    d1, d2, d3 = _days(date(2025, 8, 1), 3)
    db.add_all(
        [
            _ledger("csv-a", 3, d1, "save10", "refused", "coupon_min_spend"),
            _ledger("csv-a", 9, d2, "save10", "redeemed"),
            _ledger("csv-b", 2, d2, "+cmd|' /C calc'!A0", "refused", "coupon_not_found"),
            _ledger("csv-c", 2, d3, "save10", "applied"),  # after the range
        ]
    )
    db.commit()
    _, rows = _csv(staff["admin"], "analytics_coupon_ledger", d1, d2)
    header, *body = rows
    assert header == [
        "cart_id", "version", "seq", "occurred_at", "day", "coupon_code", "action", "refusal_code",
        "reason", "country", "currency", "order_id", "discount",
    ]  # fmt: skip
    assert body == [
        ["csv-a", "3", "0", "2025-08-01T09:03:00+00:00", "2025-08-01", "save10", "refused", "coupon_min_spend", "", "DE", "EUR", "", ""],
        ["csv-a", "9", "0", "2025-08-02T09:09:00+00:00", "2025-08-02", "save10", "redeemed", "", "", "DE", "EUR", "1001", "500"],
        ["csv-b", "2", "0", "2025-08-02T09:02:00+00:00", "2025-08-02", "'+cmd|' /C calc'!A0", "refused", "coupon_not_found", "", "DE", "EUR", "", ""],
    ]  # fmt: skip


def test_a_long_download_is_streamed_whole(db: Session, staff: dict[str, TestClient]) -> None:
    day = date(2025, 9, 1)
    db.add_all(_event(f"long-{n:04d}", 1, day, "Started", 8_000_000 + n) for n in range(1234))
    db.commit()
    _, rows = _csv(staff["analyst"], "analytics_cart_events", day, day)
    assert len(rows) == 1 + 1234
    assert [r[0] for r in rows[1:]] == [f"long-{n:04d}" for n in range(1234)]
    configured = rows[0].index("configured")
    assert {r[configured] for r in rows[1:]} == {"false"}


# --- Against the real projections -------------------------------------------------------------


def _add(http: TestClient, token: str, product_id: int) -> None:
    headers = {"X-Cart-Token": token, "Idempotency-Key": secrets.token_hex(8)}
    answer = http.post("/api/cart/commands", headers=headers, json={"type": "add", "product_id": product_id})
    assert answer.status_code == 200, answer.text


def test_the_figures_and_the_lag_follow_the_real_projections(
    http: TestClient, staff: dict[str, TestClient]
) -> None:
    """A cart's add, projected by the analytics projector, shows on today's dashboard; a later
    add not yet projected shows as lag, in the JSON, the dashboard and the Prometheus text."""
    token = secrets.token_urlsafe(32)
    _add(http, token, 9012)
    build_analytics_projector().catch_up()
    today = datetime.now(UTC).date()

    projections = {
        p["name"]: p for p in staff["support"].get("/api/analytics/projections").json()["projections"]
    }
    head = projections["analytics_funnel_daily"]["head"]
    assert head >= 2  # Started, ItemAdded
    for name in TABLES:
        assert projections[name] == {
            "name": name,
            "position": head,
            "head": head,
            "lag_events": 0,
            "lag_seconds": 0.0,
        }
    body = _dashboard(staff["analyst"], today, today)
    assert body["funnel"]["totals"]["carts_with_add"] >= 1
    assert any(
        p["product_id"] == 9012 and p["adds"] >= 1 and p["name"] == "Product 9012"
        for p in body["top_products"]
    )
    assert body["lag"]["caught_up"] is True

    _add(http, token, 9011)  # recorded, not projected yet
    behind = _dashboard(staff["analyst"], today, today)["lag"]
    assert behind["caught_up"] is False
    assert {p["name"] for p in behind["projections"]} == set(TABLES)
    assert all(
        p["lag_events"] == 1 and p["head"] == head + 1 and p["lag_seconds"] >= 0
        for p in behind["projections"]
    )
    assert behind["data_up_to"] is not None
    assert datetime.fromisoformat(behind["data_up_to"]) <= datetime.fromisoformat(behind["as_of"])
    lines = staff["reviewer"].get("/api/analytics/metrics").text.splitlines()
    assert 'halvard_projection_lag_events{projection="analytics_product_daily"} 1.0' in lines
    assert f'halvard_projection_position{{projection="analytics_product_daily"}} {float(head)}' in lines
    build_analytics_projector().catch_up()
    assert _dashboard(staff["analyst"], today, today)["lag"]["caught_up"] is True
