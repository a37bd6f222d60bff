"""The demo history (``services/analytics/demo_history.py``): simulated shoppers drive the real
cart application and checkout in the simulated past. The module generates the same history
twice, in two fresh demo shops, and checks it is the same, spread over the days before ``now``,
made of what real shoppers do (refusals, coupons, keyboard builds, price changes, orders), and
free of personal data in the cart log."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from services.analytics.demo_shoppers import price_change_at
from services.analytics.ga4_models import Ga4Event
from services.api.cli import app as cli
from services.cart.deps import get_cart_app
from services.catalog.models import Country, Product
from services.checkout.models import Order, OrderCustomer
from services.mail.models import OutboxMail
from services.shared.db import get_sessionmaker
from tests.analytics.history_fixture import NOW, demo_history
from tests.privacy_scan import assert_no_email_in_store

VISITS, DAYS, SEED = 150, 60, 3


def cart_log() -> list[dict[str, Any]]:
    """Every cart event of the process's cart application: type, cart, version, time, data."""
    app = get_cart_app()
    events = []
    for notification in app.recorder.select_notifications(start=1, limit=1_000_000):
        event = app.mapper.to_domain_event(notification)
        events.append(
            {
                "type": type(event).__qualname__.split(".")[-1],
                "cart_id": str(event.originator_id),
                "version": event.originator_version,
                "at": event.timestamp,
                "data": event.__dict__,
            }
        )
    return events


def signature(events: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """What must repeat for a seed (order numbers are random, as in the shop)."""
    return [(e["type"], e["cart_id"], e["version"], e["at"]) for e in events]


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[dict[str, Any]]:
    """The history made twice (two fresh shops, one after the other); the second stays open."""
    with demo_history(tmp_path_factory, pg_schema_url, "history-a", visits=VISITS, days=DAYS, seed=SEED) as (
        _,
        first_report,
    ):
        first = signature(cart_log())
    with demo_history(tmp_path_factory, pg_schema_url, "history-b", visits=VISITS, days=DAYS, seed=SEED) as (
        url,
        report,
    ):
        events = cart_log()
        yield {"url": url, "report": report, "first_report": first_report, "first": first, "events": events}


@pytest.fixture
def db(history: dict[str, Any]) -> Iterator[Session]:
    with get_sessionmaker(history["url"])() as session:
        yield session


def test_the_same_seed_gives_the_same_history(history: dict[str, Any]) -> None:
    without_time = {k: v for k, v in history["report"].items() if k != "seconds"}
    assert without_time == {k: v for k, v in history["first_report"].items() if k != "seconds"}
    assert signature(history["events"]) == history["first"]
    assert without_time["visits"] == without_time["carts"] == VISITS
    assert without_time["events"] == len(history["events"])


def test_visits_are_spread_over_the_days_before_now_with_an_evening_peak(history: dict[str, Any]) -> None:
    times = [e["at"] for e in history["events"]]
    # the DAYS calendar days (UTC) before NOW's day
    assert (NOW - timedelta(days=DAYS)).date() <= min(times).date() <= (NOW - timedelta(days=DAYS - 3)).date()
    assert max(times) < NOW
    starts = [e["at"] for e in history["events"] if e["type"] == "Started"]
    assert len({t.date() for t in starts}) >= DAYS // 2
    evening = sum(1 for t in starts if 17 <= t.hour <= 22)
    night = sum(1 for t in starts if 0 <= t.hour <= 5)
    assert evening > 2 * night
    # the log is in time order: the visits ran interleaved under one simulated clock
    assert times == sorted(times)


def test_orders_go_through_checkout_dated_when_their_cart_was_ordered(
    history: dict[str, Any], db: Session
) -> None:
    report = history["report"]
    orders = db.scalars(select(Order)).all()
    assert len(orders) == report["orders"]
    # roughly 2-6 % of visits, a quarter to a half of the carts with an add
    assert 0.02 * VISITS <= len(orders) <= 0.06 * VISITS
    assert 0.2 <= len(orders) / report["carts_with_add"] <= 0.5
    placed = {e["data"]["order_id"]: e["at"] for e in history["events"] if e["type"] == "OrderPlaced"}
    assert set(placed) == {str(order.id) for order in orders}
    for order in orders:
        created = order.date_created.replace(tzinfo=order.date_created.tzinfo or UTC)
        assert created == placed[str(order.id)] < NOW
    assert {order.currency for order in orders} == {"EUR", "USD"}
    # the checkout page quoted every hand-off (GA4 begin_checkout), at the simulated time
    rows = db.execute(select(Ga4Event.name, Ga4Event.created_at)).all()
    assert all(at.replace(tzinfo=at.tzinfo or UTC) < NOW for _, at in rows)
    ga4 = Counter(name for name, _ in rows)
    assert ga4["purchase"] == len(orders) < ga4["begin_checkout"]


def test_the_cart_log_holds_no_personal_data_and_the_fake_customers_stay_in_the_orders(
    history: dict[str, Any], db: Session
) -> None:
    assert assert_no_email_in_store(get_cart_app()) >= len(history["events"])
    emails = db.scalars(select(OrderCustomer.email)).all()
    assert emails and all(e.startswith("shopper") and e.endswith("@example.com") for e in emails)
    mails = db.scalars(select(OutboxMail)).all()  # confirmations: kept in the outbox, never sent
    assert len(mails) == len(emails) and all(m.backend == "outbox" and m.sent_at for m in mails)


def test_history_is_made_of_what_shoppers_do(history: dict[str, Any], db: Session) -> None:
    events, report = history["events"], history["report"]
    kinds = Counter(e["type"] for e in events)
    assert {
        "ItemAdded",
        "ItemCountSet",
        "ItemRemoved",
        "CountrySet",
        "CouponApplied",
        "CheckoutStarted",
    } <= set(kinds)
    refusals = Counter(e["data"]["code"] for e in events if e["type"] == "CommandRefused")
    assert any(code.startswith("coupon_") for code in refusals), refusals
    assert {"out_of_stock", "coming_soon"} & set(refusals), refusals
    configured = [e for e in events if e["type"] == "ItemAdded" and e["data"]["line"].get("configuration")]
    assert configured and report["builds_swapped"] >= 1
    checkouts = {e["cart_id"] for e in events if e["type"] == "CheckoutStarted"}
    ordered = {e["cart_id"] for e in events if e["type"] == "OrderPlaced"}
    assert checkouts - ordered, "some checkouts are abandoned"
    usd = {code for code, currency in db.execute(select(Country.code, Country.currency)) if currency == "USD"}
    assert any(e["type"] == "CountrySet" and e["data"]["code"] in usd for e in events)


def test_prices_change_on_day_minus_45_as_staff_would_change_them(
    history: dict[str, Any], db: Session
) -> None:
    report = history["report"]
    assert report["price_changes"] == 3 and report["removed_after_price_change"] >= 1
    change = price_change_at(NOW)
    assert change == datetime(2026, 10, 6, 6, 0, tzinfo=UTC)
    added = [e for e in history["events"] if e["type"] == "ItemAdded"]
    prices: dict[int, set[int]] = {}
    for e in added:
        line = e["data"]["line"]
        if not line.get("configuration") and e["at"] > change:
            prices.setdefault(line["product_id"], set()).add(line["eur"]["regular"])
    before = {
        e["data"]["line"]["product_id"]: e["data"]["line"]["eur"]["regular"]
        for e in added
        if e["at"] < change and not e["data"]["line"].get("configuration")
    }
    repriced = [pid for pid, seen in prices.items() if pid in before and before[pid] not in seen]
    assert len(repriced) >= 1  # carts saw them at one price before the change, another after
    for pid in repriced:  # the product row holds the new price
        assert db.get_one(Product, pid).regular_price_eur in prices[pid]


def test_seed_history_refuses_a_cart_log_with_events(history: dict[str, Any]) -> None:
    runner = CliRunner()
    refused = runner.invoke(cli, ["seed-history", "--visits", "3"])
    assert refused.exit_code == 2
    assert "already holds" in refused.output and "--force" in refused.output
    skipped = runner.invoke(cli, ["seed-history", "--visits", "3", "--if-empty"])
    assert skipped.exit_code == 0 and "no history added" in skipped.output
    assert len(cart_log()) == len(history["events"])


def test_generate_history_refuses_nonsense_sizes() -> None:
    from services.analytics.demo_history import generate_history

    with pytest.raises(ValueError):
        generate_history(visits=0)
    with pytest.raises(ValueError):
        generate_history(visits=10, days=1)
