"""Demo history: simulated shoppers run the real cart and checkout code in the simulated past.

``generate_history(visits=2000)`` gives the demo shop (``shop seed-history``) weeks of carts and
orders for the analytics read models and the dashboard (docs/analytics.md) to show. Nothing is
written behind the application's back: every visit is a cart started with
``CartApplication.start`` and driven with the same commands the storefront sends
(``CartApplication.execute``: add, set_count, remove, set_country, apply_coupon / remove_coupon,
start_checkout with the shopper's lines), and every order is placed by checkout's
``place_order`` (the service behind ``POST /api/checkout/orders``), so refusals, prices, coupon
rules, stock and the events recorded are exactly what real shoppers would have caused.

Time: a scheduler runs the visits interleaved in time order under
``services.shared.clock.simulated_clock``, so cart events are stamped (``Cart.Event``'s
``create_timestamp``), coupons checked and orders dated (``date_created``) at the simulated
moment. Visits follow a weekly and daily shape (more at weekends and in the evening, UTC), with
a few campaign days; some shoppers come back days later. ``days`` before ``now``, at 06:00 UTC
on day -45 (when ``days`` > 45), the regular price of three products changes as staff would
change it (an ORM edit of the product row, which bumps the catalogue revision), so carts made
before see the new price when they come back (the hand-off re-adds the lines,
``Cart.replace_lines``), and some shoppers then remove the product.

Shopper data: checkout gets obviously fake customers (``shopper0042@example.com``, "Demo
Shopper 0042", "42 Example Street"): they land only in the order tables, which hold personal data
and can be erased (docs/checkout.md); cart events never hold any (docs/events.md). Their
confirmation mails stay in the outbox, marked delivered there (never sent by SMTP).

Deterministic for a seed and ``now`` (``random.Random(seed)``): the same commands in the same
order on the same catalogue (order numbers are random, as always). Single-threaded.
"""

from __future__ import annotations

import heapq
import itertools
import random
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from services.cart.application import CartApplication, CartRefused
from services.cart.deps import get_cart_app
from services.cart.types import CartState
from services.catalog.models import Country, Product, Variation
from services.checkout.place_order import place_order
from services.configurator import domain as configurator
from services.configurator.domain import Configurator
from services.mail.models import OutboxMail
from services.shared.clock import simulated_clock
from services.shared.db import get_sessionmaker
from services.shared.errors import DomainError

PRICE_CHANGE_DAY = 45  # days before ``now``
# Shipping countries with their share of visitors (those the catalogue ships to are used).
COUNTRY_SHARE = {"DE": 30, "FR": 10, "NL": 7, "AT": 6, "GB": 5, "SE": 4, "IT": 4, "ES": 4, "PL": 3,
                 "BE": 3, "US": 16, "CA": 4, "AU": 2, "JP": 2}  # fmt: skip
# The shopper's hour of day (UTC): quiet nights, an evening peak.
HOUR_SHARE = [2, 1, 1, 1, 1, 1, 2, 3, 4, 5, 5, 6, 7, 6, 6, 6, 7, 8, 10, 12, 12, 10, 7, 4]
GOOD_CODES = ["welcome10", "welcome10", "save20", "keyboard15", "freeship", "fullprice10", "creator30"]
# Typos, expired (blackfriday25), used up (mice5), email-restricted at checkout (staff40).
BAD_CODES = ["welcome1o", "SAVE-20", "blackfriday25", "mice5", "freeshiping", "staff40"]
PostCode = tuple[str, str]
POSTCODES: dict[str, PostCode] = {"DE": ("10115", ""), "AT": ("1010", ""), "NL": ("1011 AB", ""),
                                  "GB": ("SW1A 1AA", ""), "US": ("10001", "NY")}  # fmt: skip


@dataclass
class _Catalogue:
    """What the simulated shoppers can choose from, read once from the catalogue."""

    items: list[tuple[int, int | None]]  # buyable (product, variation), most popular first
    weights: list[float]
    unavailable: list[tuple[int, int | None]]  # coming soon or out of stock: refused adds
    configurators: dict[int, Configurator]
    countries: list[str]
    country_weights: list[int]
    full_price: set[int] = field(default_factory=set)  # simple products not on sale
    repriced: list[int] = field(default_factory=list)


def _read_catalogue(session: Session, app: CartApplication, rng: random.Random) -> _Catalogue:
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
    return _Catalogue(
        items=items,
        weights=[1.0 / (rank + 2) for rank in range(len(items))],  # Zipf-like popularity
        unavailable=unavailable,
        configurators=configurators,
        countries=chosen,
        country_weights=[COUNTRY_SHARE[c] for c in chosen],
        full_price=full_price,
    )


class _Clock:
    """The simulated time (timezone-aware UTC); the scheduler moves it forward."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


Visit = Iterator[float]  # a shopper's visit: yields how many seconds pass before its next step


class _Simulation:
    """The shoppers' visits, run interleaved in time order (a heap of visit generators)."""

    def __init__(self, app: CartApplication, cat: _Catalogue, rng: random.Random, now: datetime) -> None:
        self.app, self.cat, self.rng, self.end = app, cat, rng, now
        self.clock = _Clock(now)
        self.queue: list[tuple[datetime, int, Visit]] = []
        self.order = itertools.count()
        self.stats: Counter[str] = Counter()
        self.tokens = itertools.count(1)
        self.order_ids: list[int] = []
        self.added: set[str] = set()  # carts with an add that was not refused

    # ---- scheduling -------------------------------------------------------------------------

    def schedule(self, at: datetime, visit: Visit) -> None:
        """Run ``visit`` from ``at`` (simulated)."""
        heapq.heappush(self.queue, (at, next(self.order), visit))

    def run(self, tick: Any = None) -> None:
        """Run every scheduled step in time order under the simulated clock; ``tick()`` after
        each visit ends (progress)."""
        with simulated_clock(self.clock):
            while self.queue:
                at, _, visit = heapq.heappop(self.queue)
                self.clock.now = at
                try:
                    wait = next(visit)
                except StopIteration:
                    if tick is not None:
                        tick()
                    continue
                self.schedule(at + timedelta(seconds=wait), visit)

    # ---- what a shopper does ----------------------------------------------------------------

    def command(self, token: str, command: dict[str, Any]) -> CartState:
        """One cart command as the storefront sends it (own Idempotency-Key); the cart after it,
        refused or not."""
        self.stats["commands"] += 1
        key = f"h{self.stats['commands']}"
        try:
            return self.app.execute(token, command, key).state  # type: ignore[arg-type]
        except CartRefused as refused:
            self.stats["refusals"] += 1
            return cast(CartState, refused.extra["cart"])

    def start(self, country: str) -> tuple[str, int]:
        """A new visitor's cart: its token and the shopper's number."""
        number = next(self.tokens)
        token = f"demo-history-{self.rng.getrandbits(128):032x}"
        self.app.start(token, country)
        self.stats["carts"] += 1
        return token, number

    def refresh_catalogue(self) -> None:
        """Read the catalogue revision now (``SqlCatalogFacts.refresh``), so the cart's next
        decision sees a change at once, whatever its cache's time to live."""
        refresh = getattr(self.app.catalog, "refresh", None)
        if refresh is not None:
            refresh()

    def country(self) -> str:
        return self.rng.choices(self.cat.countries, self.cat.country_weights)[0]

    def pick(self) -> tuple[int, int | None]:
        return self.rng.choices(self.cat.items, self.cat.weights)[0]

    def add(
        self, token: str, item: tuple[int, int | None], configuration: list[str] | None = None
    ) -> CartState:
        command: dict[str, Any] = {"type": "add", "product_id": item[0], "variation_id": item[1]}
        if configuration:
            command["configuration"] = configuration
            self.stats["configured_adds"] += 1
        state = self.command(token, command)
        if state["lines"]:
            self.added.add(token)
        return state

    def build(self, cfg: Configurator, base: list[str] | None = None, changes: int = 2) -> list[str]:
        """A valid build of ``cfg``: ``base`` (default: the defaults) with ``changes`` single-choice
        layers set to another available choice (tries until the configurator accepts it)."""
        start = base or configurator.default_selection(cfg)
        singles = [layer for layer in cfg.layers if not layer.multiple]
        for _ in range(20):
            keys = list(start)
            for layer in self.rng.sample(singles, min(changes, len(singles))):
                options = [c for c in cfg.choices if c.layer_id == layer.id and c.available]
                if options:
                    keys = [k for k in keys if not k.startswith(f"{layer.id}:")]
                    keys.append(self.rng.choice(options).key)
            if base is None and self.rng.random() < 0.3:
                extras = [c.key for c in cfg.choices if c.available and cfg.layer(c.layer_id).multiple]  # type: ignore[union-attr]
                keys += self.rng.sample(extras, min(len(extras), self.rng.randint(1, 2)))
            keys = configurator.apply_select_rules(cfg, keys)
            if configurator.validate(cfg, keys).ok and sorted(keys) != sorted(start):
                return keys
        return list(start)

    def handoff(self, token: str, state: CartState) -> CartState:
        """The checkout hand-off: ``start_checkout`` with the shopper's lines."""
        lines = [
            {
                "product_id": line["product_id"],
                "variation_id": line.get("variation_id"),
                "count": line["count"],
                "configuration": [
                    f"{c['layer_id']}:{c['choice_id']}" for c in line.get("configuration") or []
                ]
                or None,
            }
            for line in state["lines"]
            if line["count"] > 0
        ]
        if not lines:
            return state
        self.stats["checkouts_started"] += 1
        return self.command(token, {"type": "start_checkout", "lines": lines})

    def place(self, token: str, number: int, state: CartState) -> bool:
        """Place the order with a fake customer in the cart's country; False when refused or
        when nothing is left in the cart to order."""
        if not any(line["count"] > 0 for line in state["lines"]):
            return False
        country = state["country"]["code"]
        postcode, region = POSTCODES.get(country, ("12345", ""))
        zone = "de" if country == "DE" else "eu" if state["currency"] == "EUR" else "world"
        body = {
            "email": f"shopper{number:04d}@example.com",
            "first_name": "Demo",
            "last_name": f"Shopper {number:04d}",
            "address_1": f"{number} Example Street",
            "city": "Sampleton",
            "country": country,
            "postcode": postcode,
            "state": region,
            "shipping_method": f"{zone}_{'express' if self.rng.random() < 0.12 else 'standard'}",
            "payment_method": "bacs",
            "terms_accepted": True,
        }
        try:
            placed = place_order(token, f"order-{number}", body, cart_app=self.app)
        except DomainError:
            self.stats["orders_refused"] += 1  # e.g. a staff-only coupon and a shopper's email
            return False
        finally:
            self.refresh_catalogue()  # the order took stock: the next decision sees it
        self.stats["orders"] += 1
        self.order_ids.append(int(placed.order["id"]))
        return True

    # ---- visits ---------------------------------------------------------------------------------

    def visit(self, campaign: bool) -> Visit:
        """One visitor: most leave without adding; the rest fill a cart and may check out."""
        rng = self.rng
        token, number = self.start(self.country())
        roll = rng.random()
        if roll < 0.895:  # browses and leaves; some touch the cart on the way
            yield rng.uniform(20, 600)
            if roll < 0.05:
                self.add(token, rng.choice(self.cat.unavailable))
            elif roll < 0.10:
                self.command(token, {"type": "set_country", "country": self.country()})
            elif roll < 0.12:
                self.command(token, {"type": "apply_coupon", "code": rng.choice(BAD_CODES + GOOD_CODES)})
            return
        yield rng.uniform(30, 900)
        state = self.add(token, self.pick())
        for _ in range(min(5, int(rng.expovariate(1.2)))):  # more products, some twice
            yield rng.uniform(20, 400)
            again = state["lines"] and rng.random() < 0.2  # the same product once more
            item = (
                (state["lines"][0]["product_id"], state["lines"][0]["variation_id"]) if again else self.pick()
            )
            state = self.add(token, item)
        built = rng.random() < 0.3
        if built:
            pid = rng.choice(sorted(self.cat.configurators))
            cfg = self.cat.configurators[pid]
            yield rng.uniform(120, 1200)  # configuring takes a while
            keys = self.build(cfg)
            state = self.add(token, (pid, None), keys)
            if rng.random() < 0.5:  # changes their mind about one layer: remove the build, add another
                yield rng.uniform(60, 600)
                line = next(line for line in reversed(state["lines"]) if line.get("configuration"))
                self.command(token, {"type": "remove", "line_id": line["line_id"]})
                state = self.add(token, (pid, None), self.build(cfg, keys, changes=1))
                self.stats["builds_swapped"] += 1
        yield from self.tweak(token, campaign)
        yield from self.finish(token, number, engaged=built, returns=rng.random() < 0.15)

    def tweak(self, token: str, campaign: bool) -> Iterator[float]:
        """Count changes, removals, country switches and coupons in some carts."""
        rng = self.rng
        state = self.app.state(token)
        if rng.random() < 0.25 and state["lines"]:
            yield rng.uniform(10, 200)
            line = rng.choice(state["lines"])
            self.command(token, {"type": "set_count", "line_id": line["line_id"], "count": rng.randint(1, 3)})
        if rng.random() < 0.2 and len(state["lines"]) > 1:
            yield rng.uniform(10, 200)
            self.command(token, {"type": "remove", "line_id": rng.choice(state["lines"])["line_id"]})
        if rng.random() < 0.08:
            yield rng.uniform(10, 200)
            self.command(token, {"type": "set_country", "country": self.country()})
        if rng.random() < (0.6 if campaign else 0.25):
            yield rng.uniform(10, 300)
            if rng.random() < 0.35:
                self.command(token, {"type": "apply_coupon", "code": rng.choice(BAD_CODES)})
                yield rng.uniform(5, 60)
            code = rng.choice(GOOD_CODES)
            self.command(token, {"type": "apply_coupon", "code": code})
            if rng.random() < 0.15:
                yield rng.uniform(10, 120)
                self.command(token, {"type": "remove_coupon", "code": code})

    def finish(self, token: str, number: int, *, engaged: bool, returns: bool) -> Iterator[float]:
        """Checkout or not: about half start it, about half of those order; some come back."""
        rng = self.rng
        if rng.random() < (0.55 if engaged else 0.42):
            yield rng.uniform(20, 300)
            state = self.handoff(token, self.app.state(token))
            yield rng.uniform(60, 600)  # filling in the form
            if rng.random() < (0.6 if engaged else 0.5) and self.place(token, number, state):
                return
        if returns:
            yield from self.come_back(token, number, rng.uniform(86_400, 5 * 86_400))

    def come_back(self, token: str, number: int, after: float) -> Iterator[float]:
        """A shopper back at their cart ``after`` seconds: the hand-off shows today's prices;
        some remove a product whose price changed, then most order."""
        if self.clock.now + timedelta(seconds=after + 3600) > self.end:
            return
        before = {
            (line["product_id"], line["variation_id"]): line["unit_price"]
            for line in self.app.state(token)["lines"]
        }
        yield after
        self.stats["returning_visits"] += 1
        state = self.handoff(token, self.app.state(token))
        changed = [
            line
            for line in state["lines"]
            if line["count"] > 0
            and line["product_id"] in self.cat.repriced
            and before.get((line["product_id"], line["variation_id"]), line["unit_price"])
            != line["unit_price"]
        ]
        if changed and self.rng.random() < 0.6:
            yield self.rng.uniform(20, 200)
            self.command(token, {"type": "remove", "line_id": changed[0]["line_id"]})
            self.stats["removed_after_price_change"] += 1
            state = self.app.state(token)
            if not any(line["count"] > 0 for line in state["lines"]):
                return
            state = self.handoff(token, state)
        yield self.rng.uniform(60, 600)
        if self.rng.random() < 0.6:
            self.place(token, number, state)

    def price_watcher(self) -> Visit:
        """A cart with a product that is repriced before the shopper comes back (day -45)."""
        token, number = self.start(self.country())
        yield self.rng.uniform(30, 300)
        self.add(token, (self.rng.choice(self.cat.repriced), None))
        if self.rng.random() < 0.5:
            yield self.rng.uniform(30, 300)
            self.add(token, self.pick())
        change = self.end - timedelta(days=PRICE_CHANGE_DAY, hours=-6)
        yield from self.come_back(
            token, number, (change - self.clock.now).total_seconds() + self.rng.uniform(3600, 3 * 86_400)
        )

    def reprice(self) -> Visit:
        """Staff change the regular price of the repriced products (an ORM edit of the product
        row, as the admin does; it bumps the catalogue revision)."""
        with get_sessionmaker()() as session, session.begin():
            for index, pid in enumerate(self.cat.repriced):
                product = session.get_one(Product, pid)
                factor = 0.85 if index == 2 else 1.15  # two dearer, one cheaper
                for name in ("regular_price_eur", "regular_price_usd"):
                    old = getattr(product, name)
                    if old:
                        setattr(product, name, max(99, round(old * factor / 100) * 100 - 1))
        self.refresh_catalogue()  # decisions from now on see the new prices
        self.stats["price_changes"] = len(self.cat.repriced)
        return
        yield  # a generator that finishes at once


def _visit_times(
    rng: random.Random, visits: int, days: int, now: datetime
) -> Iterator[tuple[datetime, bool]]:
    """``visits`` start times over the ``days`` full days before ``now`` (UTC), more at weekends
    and in the evening, with campaign days (3 or so); whether each falls on a campaign."""
    first = (now - timedelta(days=days)).replace(hour=0, minute=0, second=0, microsecond=0)
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
        if start < now - timedelta(hours=3):
            yield start, d in campaigns


def generate_history(
    *, visits: int, days: int = 90, seed: int = 1, now: datetime | None = None, progress: bool = False
) -> dict[str, int]:
    """Simulate ``visits`` shopper visits over the ``days`` days before ``now`` (default: now)
    through the real cart application and checkout (see the module docstring); deterministic
    for ``seed`` and ``now``. ``progress``: show a rich progress bar.

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
    sim = _Simulation(app, cat, rng, end)
    if days > PRICE_CHANGE_DAY:
        cat.repriced = [pid for pid, _ in cat.items[:12] if pid in cat.full_price][:3]
        sim.schedule(end - timedelta(days=PRICE_CHANGE_DAY, hours=-6), sim.reprice())
        watchers = max(3, visits // 100) if len(cat.repriced) == 3 else 0
        for _ in range(min(watchers, visits // 2)):
            at = end - timedelta(days=PRICE_CHANGE_DAY + rng.uniform(0.3, 3))
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
