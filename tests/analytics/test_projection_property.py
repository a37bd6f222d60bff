"""Property (docs/analytics.md): for random cart command sequences, ``analytics_funnel_daily``
and ``analytics_product_daily`` hold exactly what a straightforward recomputation from the
stored events gives. The recomputation below shares no code with the projections: it replays
each cart's events into a plain ``{line_id: units}`` model and compares units per product
before and after each command (a command is the run of events with one idempotency key and
request hash), on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from datetime import UTC, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, select

from services.analytics.projection import AnalyticsProjector
from services.analytics.read_models import AnalyticsFunnelDaily, AnalyticsProductDaily
from services.cart import rules
from services.cart.application import CartApplication, CartRefused
from services.cart.facts import Price
from services.discounts.domain import CouponFacts
from services.shared.db import get_engine
from tests.cart.helpers import FakeCatalog, new_token, popo_app

ADD = st.builds(
    lambda product, choice: {
        "type": "add",
        "product_id": product,
        "variation_id": None,
        "configuration": [choice] if product == 26907 else None,
        "recommended_by": None,
    },
    st.sampled_from([1, 2, 2, 4, 26907, 31575]),
    st.sampled_from(["case:alu", "case:wood"]),
)
COMMAND = st.one_of(
    ADD,
    st.builds(
        lambda line, count: {"type": "set_count", "line_id": f"L{line}", "count": count},
        st.integers(1, 4),
        st.integers(0, 5),
    ),
    st.builds(lambda line: {"type": "remove", "line_id": f"L{line}"}, st.integers(1, 4)),
    st.builds(lambda c: {"type": "set_country", "country": c}, st.sampled_from(["DE", "US"])),
    st.builds(lambda code: {"type": "apply_coupon", "code": code}, st.sampled_from(["spring", "nosuch"])),
    st.just({"type": "start_checkout"}),
    st.just({"type": "handoff"}),
    st.just({"type": "order"}),
    st.just({"type": "reprice"}),
    st.just({"type": "reprice_and_handoff"}),
    st.just({"type": "clear"}),
)
STEPS = st.lists(st.tuples(st.integers(0, 1), COMMAND), min_size=1, max_size=40)


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """The test database (the analytics tables; the events live in memory)."""
    yield get_engine(db_url)


def _handoff(app: CartApplication, token: str) -> dict[str, Any]:
    """The browser's lines handed to checkout as they are (the hand-off re-records them)."""
    lines = app.get_cart(token).lines
    return {
        "type": "start_checkout",
        "lines": [
            {
                "product_id": line["product_id"],
                "variation_id": line.get("variation_id"),
                "configuration": [
                    f"{c['layer_id']}:{c['choice_id']}" for c in line.get("configuration") or []
                ]
                or None,
                "recommended_by": None,
                "count": line["count"],
            }
            for line in lines
        ],
    }


def run(app: CartApplication, catalog: FakeCatalog, steps: list[tuple[int, dict[str, Any]]]) -> None:
    """Send ``steps`` (cart index, command); "order" records an order, "reprice" changes the
    switch pack's price, "handoff" is the checkout hand-off with the cart's own lines (so the
    cart shows the new price), "reprice_and_handoff" both; ``line`` picks the cart's n-th
    line (an unknown line when it has fewer)."""
    tokens = [new_token() for _ in range(2)]
    prices = iter([1499, 2499, 1999] * 20)
    for number, (index, command) in enumerate(steps):
        token = tokens[index]
        if command["type"] in ("reprice", "reprice_and_handoff"):
            catalog.change(2, eur=Price(next(prices)))
            if command["type"] == "reprice":
                continue
            command = {"type": "handoff"}
        if "line" in command:
            try:
                lines = app.get_cart(token).lines
            except Exception:
                lines = []
            line_id = lines[command["line"]]["line_id"] if command["line"] < len(lines) else "L99"
            command = {k: v for k, v in command.items() if k != "line"} | {"line_id": line_id}
        if command["type"] in ("order", "handoff"):
            try:
                cart = app.get_cart(token)
            except Exception:
                continue
            if command["type"] == "order":
                if cart.checkout_started and cart.lines:
                    app.record_order(token, str(500_000_000 + number), cart.totals()["total"], cart.currency)
                continue
            if not cart.lines:
                continue
            command = _handoff(app, token)
        try:
            app.execute(token, command, command_id=f"k{number}")
        except CartRefused:
            pass


def recompute(
    app: CartApplication,
) -> tuple[dict[tuple[Any, ...], list[int]], dict[tuple[Any, ...], list[int]]]:
    """The funnel and product rows from the stored events, by the plain model."""
    funnel: dict[tuple[Any, ...], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    products: dict[tuple[Any, ...], list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0])
    by_cart: dict[Any, list[Any]] = defaultdict(list)
    for notification in app.recorder.select_notifications(start=1, limit=100_000):
        event = app.mapper.to_domain_event(notification)
        by_cart[event.originator_id].append(event)
    for events in by_cart.values():
        lines: dict[str, dict[str, Any]] = {}  # line_id -> the recorded line, with its units
        currency = events[0].currency
        group_key = (events[0].timestamp.astimezone(UTC).date(), events[0].country, events[0].currency)
        step = 1
        funnel[group_key][0] += 1
        seen: dict[tuple[int, int], tuple[str, int, Any]] = {}  # product -> (currency, price, changed at)
        commands: list[list[Any]] = []
        for event in events[1:]:
            key = (event.command_id, event.request_hash)
            if commands and (commands[-1][0].command_id, commands[-1][0].request_hash) == key:
                commands[-1].append(event)
            else:
                commands.append([event])

        def units(lines: dict[str, dict[str, Any]]) -> dict[tuple[int, int], int]:
            out: dict[tuple[int, int], int] = defaultdict(int)
            for line in lines.values():
                out[(line["product_id"], line.get("variation_id") or 0)] += line["count"]
            return out

        for command in commands:
            before = units(lines)
            shown_before = dict(seen)  # a removal is judged by what the cart showed before the command
            day = command[-1].timestamp.astimezone(UTC).date()
            for event in command:
                name = type(event).__name__
                grew = False
                if name == "ItemAdded":
                    lines[event.line["line_id"]] = dict(event.line)
                    grew = True
                elif name == "ItemCountSet" and event.line_id in lines:
                    grew = event.count > lines[event.line_id]["count"]
                    lines[event.line_id] = {**lines[event.line_id], "count": event.count}
                elif name == "ItemRemoved":
                    lines.pop(event.line_id, None)
                elif name == "CountrySet":
                    currency = event.currency
                elif name == "OrderPlaced":
                    sold = {p: n for p, n in units(lines).items() if n > 0}
                    for product, n in sold.items():
                        products[(day, *product)][3] += 1
                        products[(day, *product)][4] += n
                    lines = {}
                    if step == 3:
                        step = 4
                        funnel[group_key][3] += 1
                elif name == "Cleared":
                    lines = {}
                elif name == "CheckoutStarted" and step == 2:
                    step = 3
                    funnel[group_key][2] += 1
                if grew and step == 1:
                    step = 2
                    funnel[group_key][1] += 1
                if (
                    name in ("ItemAdded", "ItemCountSet")
                    and (event.line.get("line_id") if name == "ItemAdded" else event.line_id) in lines
                ):
                    line = lines[event.line["line_id"] if name == "ItemAdded" else event.line_id]
                    product = (line["product_id"], line.get("variation_id") or 0)
                    price = rules.unit_price(line, currency) + rules.extras(line, currency)
                    was = seen.get(product)
                    if was is None or was[0] != currency:
                        seen[product] = (currency, price, was[2] if was else None)
                    elif was[1] != price:
                        seen[product] = (currency, price, event.timestamp)
            if type(command[0]).__name__ == "OrderPlaced":
                continue
            after = units(lines)
            for product in set(before) | set(after):
                change = after.get(product, 0) - before.get(product, 0)
                if not change:
                    continue
                row = products[(day, *product)]
                row[2] += change
                if change > 0:
                    row[0] += change
                else:
                    row[1] -= change
                    was = shown_before.get(product)
                    changed_at = was[2] if was else None
                    if changed_at is not None and command[-1].timestamp - changed_at <= timedelta(hours=24):
                        row[5] -= change
    return dict(funnel), {k: v for k, v in products.items() if any(v)}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_funnel_and_products_equal_a_recomputation_from_the_events(
    engine: Engine, catalog: FakeCatalog, steps: list[tuple[int, dict[str, Any]]]
) -> None:
    catalog.put_coupon(CouponFacts(id=1, code="spring", discount_type="percent", amount=1000))
    catalog.change(2, eur=Price(1999))
    app = popo_app(catalog)
    run(app, catalog, steps)
    AnalyticsProjector(app, engine, batch_size=5, abandoned_after=timedelta(hours=1)).rebuild()
    funnel, products = recompute(app)
    with engine.connect() as conn:
        stored_funnel = {
            (r.day, r.country, r.currency): [
                r.carts_started,
                r.carts_with_add,
                r.checkouts_started,
                r.orders_placed,
            ]
            for r in conn.execute(select(AnalyticsFunnelDaily.__table__))
        }
        stored_products = {
            (r.day, r.product_id, r.variation_id): [
                r.adds,
                r.removes,
                r.net_quantity,
                r.orders,
                r.units_sold,
                r.removals_after_price_change,
            ]
            for r in conn.execute(select(AnalyticsProductDaily.__table__))
        }
    assert stored_funnel == funnel
    assert stored_products == products
