"""Demo history: simulated shoppers run the real cart and checkout code in the simulated past.

``generate_history(visits=2000)`` gives the demo shop (``shop seed-history``) weeks of carts and
orders for the analytics read models and the dashboard (docs/analytics.md) to show. Nothing is
written behind the application's back: every visit is a cart started with
``CartApplication.start`` and driven with the same commands the storefront sends
(``CartApplication.execute``: add, set_count, remove, set_country, apply_coupon / remove_coupon,
start_checkout with the shopper's lines), and every order is placed by checkout's
``place_order`` (the service behind ``POST /api/checkout/orders``), so refusals, prices, coupon
rules, stock and the events recorded are exactly what real shoppers would have caused.

Time: the visits fall on the ``days`` full UTC days before ``now``'s day; a scheduler runs them
interleaved in time order under ``services.shared.clock.simulated_clock``, so cart events are
stamped (``Cart.Event``'s ``create_timestamp``), coupons checked and orders dated
(``date_created``) at the simulated moment, and nothing happens after ``now``. Visits follow a
weekly and daily shape (more at weekends and in the evening, UTC), with a few campaign days;
some shoppers come back days later. At 06:00 UTC on day -45 (when ``days`` > 45) the regular
price of three popular full-price products changes as staff would change it (an ORM edit of the
product row, which bumps the catalogue revision), so carts made before see the new price when
they come back (the hand-off re-adds the lines, ``Cart.replace_lines``), and some shoppers then
remove the product; a few carts (1 % of the visits, at least 3) are filled with one of them in
the days before, so every history shows it.

Shopper data: checkout gets obviously fake customers (``shopper0042@example.com``, "Demo
Shopper 0042", "42 Example Street"): they land only in the order tables, which hold personal data
and can be erased (docs/checkout.md); cart events never hold any (docs/events.md). Their
confirmation mails stay in the outbox, marked delivered there (never sent by SMTP).

What each shopper does is ``demo_shoppers.py``. Deterministic for a seed and ``now``'s UTC day
(``random.Random(seed)``): the same commands at the same times in the same order on the same
catalogue (order numbers are random, as always), unless run in the first hours of a day, when
the last evening's visits are cut short at ``now``. Single-threaded.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from services.analytics.demo_shoppers import PRICE_CHANGE_DAY, Catalogue, Shoppers, midnight, price_change_at
from services.cart.application import CartApplication
from services.cart.deps import get_cart_app
from services.catalog.models import Country, Product, Variation
from services.configurator.domain import Configurator
from services.mail.models import OutboxMail
from services.shared.db import get_sessionmaker

# Shipping countries with their share of visitors (those the catalogue ships to are used).
COUNTRY_SHARE = {"DE": 30, "FR": 10, "NL": 7, "AT": 6, "GB": 5, "SE": 4, "IT": 4, "ES": 4, "PL": 3,
                 "BE": 3, "US": 16, "CA": 4, "AU": 2, "JP": 2}  # fmt: skip
# The shopper's hour of day (UTC): quiet nights, an evening peak.
HOUR_SHARE = [2, 1, 1, 1, 1, 1, 2, 3, 4, 5, 5, 6, 7, 6, 6, 6, 7, 8, 10, 12, 12, 10, 7, 4]


def _read_catalogue(session: Session, app: CartApplication, rng: random.Random) -> Catalogue:
    """The buyable products (published, with a SKU, not hidden, no stock kept or backorders
    allowed, so history never sells the demo stock out) in a random popularity order."""
    rows = session.execute(
        select(Product).where(Product.status == "publish", Product.sku.is_not(None)).order_by(Product.id)
    ).scalars()
    variations: dict[int, list[int]] = {}
    for pid, vid in session.execute(select(Variation.product_id, Variation.id).order_by(Variation.id)):
        variations.setdefault(pid, []).append(vid)
    items: list[tuple[int, int | None]] = []
    full_price: set[int] = set()
    unavailable: list[tuple[int, int | None]] = []
    configurators: dict[int, Configurator] = {}
    for product in rows:
        facts = app.catalog.product(product.id, None) if app.catalog else None
        if facts is not None and facts.configurator is not None:
            configurators[product.id] = facts.configurator
            continue
        if product.type in ("grouped", "external"):  # never cart lines (docs/spec.md section 10.1)
            continue
        if product.availability == "coming_soon" or product.stock_status == "outofstock":
            unavailable.append((product.id, None))
        elif not product.hide_product and (not product.manage_stock or product.backorders != "no"):
            keys: list[tuple[int, int | None]] = [(product.id, v) for v in variations.get(product.id, [])]
            keys = keys or [(product.id, None)]
            if product.type == "simple" and product.sale_price_eur is None and product.sale_price_usd is None:
                full_price.add(product.id)
            items.extend(keys)
    rng.shuffle(items)
    countries = {code: currency for code, currency in session.execute(select(Country.code, Country.currency))}
    chosen = [code for code in COUNTRY_SHARE if code in countries]
    return Catalogue(
        items=items,
        weights=[1.0 / (rank + 2) for rank in range(len(items))],  # Zipf-like popularity
        unavailable=unavailable,
        configurators=configurators,
        countries=chosen,
        country_weights=[COUNTRY_SHARE[c] for c in chosen],
        full_price=full_price,
    )


def _visit_times(
    rng: random.Random, visits: int, days: int, now: datetime
) -> Iterator[tuple[datetime, bool]]:
    """``visits`` start times over the ``days`` full days before ``now`` (UTC), more at weekends
    and in the evening, with campaign days (3 or so); whether each falls on a campaign."""
    first = midnight(now) - timedelta(days=days)
    campaigns = set(rng.sample(range(days), min(days, max(1, days // 30))))
    weights = []
    for d in range(days):
        day = first + timedelta(days=d)
        weight = (1.35 if day.weekday() >= 5 else 1.0) * (0.8 + 0.4 * d / days)
        weights.append(weight * (4.0 if d in campaigns else 2.0 if d - 1 in campaigns else 1.0))
    for d in sorted(rng.choices(range(days), weights, k=visits)):
        start = first + timedelta(
            days=d, hours=rng.choices(range(24), HOUR_SHARE)[0], seconds=rng.uniform(0, 3600)
        )
        yield start, d in campaigns


def generate_history(
    *, visits: int, days: int = 90, seed: int = 1, now: datetime | None = None, progress: bool = False
) -> dict[str, int]:
    """Simulate ``visits`` shopper visits over the ``days`` UTC days before ``now``'s day
    (default: now) through the real cart application and checkout (see the module docstring);
    deterministic for ``seed`` and ``now``'s day. ``progress``: show a rich progress bar.

    Returns counts: ``visits``, ``carts``, ``carts_with_add``, ``commands``, ``refusals``,
    ``configured_adds``, ``builds_swapped``, ``checkouts_started``, ``orders``,
    ``orders_refused``, ``returning_visits``, ``price_changes``,
    ``removed_after_price_change``, ``events`` (added to the cart log), ``seconds``.
    Raises ``ValueError`` for ``visits`` < 1 or ``days`` < 2."""
    if visits < 1 or days < 2:
        raise ValueError("visits must be at least 1 and days at least 2")
    started = time.perf_counter()
    end = (now or datetime.now(UTC)).astimezone(UTC)
    rng = random.Random(seed)
    app = get_cart_app()
    head = app.recorder.max_notification_id() or 0
    with get_sessionmaker()() as session:
        cat = _read_catalogue(session, app, rng)
    if not cat.items or not cat.countries:
        raise ValueError("the catalogue has no products or countries to shop for: run `seed` first")
    sim = Shoppers(app, cat, rng, end)
    if days > PRICE_CHANGE_DAY:
        cat.repriced = [pid for pid, _ in cat.items[:12] if pid in cat.full_price][:3]
        sim.schedule(price_change_at(end), sim.reprice())
        watchers = max(3, visits // 100) if len(cat.repriced) == 3 else 0
        for _ in range(min(watchers, visits // 2)):
            at = price_change_at(end) - timedelta(days=rng.uniform(0.3, 3))
            sim.schedule(at, sim.price_watcher())
            visits -= 1
            sim.stats["visits"] += 1
    for at, campaign in _visit_times(rng, visits, days, end):
        sim.schedule(at, sim.visit(campaign))
        sim.stats["visits"] += 1
    if progress:
        from rich.progress import Progress

        with Progress(transient=False) as bar:
            task = bar.add_task("simulated visits", total=sim.stats["visits"])
            sim.run(lambda: bar.advance(task))
    else:
        sim.run()
    _keep_mails_in_outbox(sim.order_ids)
    sim.stats["carts_with_add"] = len(sim.added)
    report = {
        key: sim.stats[key]
        for key in ("visits", "carts", "carts_with_add", "commands", "refusals", "configured_adds",
                    "builds_swapped", "checkouts_started", "orders", "orders_refused", "returning_visits",
                    "price_changes", "removed_after_price_change")
    }  # fmt: skip
    report["events"] = (app.recorder.max_notification_id() or 0) - head
    report["seconds"] = round(time.perf_counter() - started)
    return report


def _keep_mails_in_outbox(order_ids: list[int]) -> None:
    """The history's confirmation mails are delivered to the outbox only (never by SMTP)."""
    if not order_ids:
        return
    references = [f"order:{order_id}" for order_id in order_ids]
    with get_sessionmaker()() as session, session.begin():
        for chunk in range(0, len(references), 500):
            session.execute(
                update(OutboxMail)
                .where(
                    OutboxMail.reference.in_(references[chunk : chunk + 500]), OutboxMail.sent_at.is_(None)
                )
                .values(backend="outbox", sent_at=datetime.now(UTC))
            )
