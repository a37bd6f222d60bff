"""The simulated shoppers of the demo history (``demo_history.py``): what each visitor does,
through the real cart application and checkout, and the scheduler that runs their visits
interleaved in time order under a simulated clock.

A visit is a generator: it runs a step (a cart command, an order), then yields how many
seconds pass before its next one; :class:`Shoppers` keeps a heap of visits by the simulated time
of their next step, sets the clock (``services.shared.clock.simulated_clock``) to it and resumes
the visit. So cart events, coupon checks and order dates fall at the simulated moment and the
cart log is in time order. Shoppers send the storefront's commands (``CartApplication.execute``
with their own Idempotency-Key) and place orders with ``place_order`` (the service behind
``POST /api/checkout/orders``) with fake customers (``shopper0042@example.com``): refusals,
prices, coupon rules and stock are decided by the shop's own code. Single-threaded;
deterministic for the ``random.Random`` it is given.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections import Counter
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from services.cart.application import CartApplication, CartRefused
from services.cart.types import CartState
from services.catalog.models import Product
from services.checkout.endpoints import quote
from services.checkout.place_order import place_order
from services.checkout.schemas import QuoteRequest
from services.configurator import domain as configurator
from services.configurator.domain import Configurator
from services.shared.clock import simulated_clock
from services.shared.db import get_sessionmaker
from services.shared.errors import DomainError

PRICE_CHANGE_DAY = 45  # days before today (UTC) when staff change three prices, at 06:00 UTC
GOOD_CODES = ["welcome10", "welcome10", "save20", "keyboard15", "freeship", "fullprice10", "creator30"]
# Typos, expired (blackfriday25), used up (mice5), email-restricted at checkout (staff40).
BAD_CODES = ["welcome1o", "SAVE-20", "blackfriday25", "mice5", "freeshiping", "staff40"]
PostCode = tuple[str, str]
POSTCODES: dict[str, PostCode] = {"DE": ("10115", ""), "AT": ("1010", ""), "NL": ("1011 AB", ""),
                                  "GB": ("SW1A 1AA", ""), "US": ("10001", "NY")}  # fmt: skip


def midnight(moment: datetime) -> datetime:
    """The start (00:00 UTC) of ``moment``'s UTC day."""
    return moment.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)


def price_change_at(now: datetime) -> datetime:
    """When staff change the prices: 06:00 UTC, ``PRICE_CHANGE_DAY`` days before ``now``'s day."""
    return midnight(now) - timedelta(days=PRICE_CHANGE_DAY) + timedelta(hours=6)


@dataclass
class Catalogue:
    """What the simulated shoppers can choose from, read once from the catalogue."""

    items: list[tuple[int, int | None]]  # buyable (product, variation), most popular first
    weights: list[float]
    unavailable: list[tuple[int, int | None]]  # coming soon or out of stock: refused adds
    configurators: dict[int, Configurator]
    countries: list[str]
    country_weights: list[int]
    full_price: set[int] = field(default_factory=set)  # simple products not on sale
    repriced: list[int] = field(default_factory=list)


class _Clock:
    """The simulated time (timezone-aware UTC); the scheduler moves it forward."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


Visit = Generator[float, None, None]  # a shopper's visit: yields the seconds before its next step


class Shoppers:
    """The shoppers' visits, run interleaved in time order (a heap of visit generators, see the
    module docstring). ``end``: the simulated ``now`` nothing may happen after; ``stats``: the
    counts ``generate_history`` reports."""

    def __init__(self, app: CartApplication, cat: Catalogue, rng: random.Random, now: datetime) -> None:
        self.app, self.cat, self.rng, self.end = app, cat, rng, now
        self.today = midnight(now)  # visits and comebacks are scheduled before it
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

    def run(self, tick: Callable[[], None] | None = None) -> None:
        """Run every scheduled step in time order under the simulated clock; ``tick()`` after
        each visit ends (progress)."""
        with simulated_clock(self.clock):
            while self.queue:
                at, _, visit = heapq.heappop(self.queue)
                if at > self.end:  # never in the future (a late visit when run just after midnight)
                    visit.close()
                    if tick is not None:
                        tick()
                    continue
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
                multiple = {layer.id for layer in cfg.layers if layer.multiple}
                extras = [c.key for c in cfg.choices if c.available and c.layer_id in multiple]
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

    def checkout_page(self, token: str, state: CartState) -> None:
        """The checkout page opens on the handed-off cart: it quotes it (``POST
        /api/checkout/quote``, which records GA4 ``begin_checkout`` once per hand-off)."""
        if not state.get("checkout_started"):
            return
        with get_sessionmaker()() as session:
            try:
                quote(session, QuoteRequest(country=state["country"]["code"]), token)
            except DomainError:
                self.stats["quotes_refused"] += 1

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
                line = next((x for x in reversed(state["lines"]) if x.get("configuration")), None)
                if line is not None:
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
            self.checkout_page(token, state)
            yield rng.uniform(60, 600)  # filling in the form
            if rng.random() < (0.6 if engaged else 0.5) and self.place(token, number, state):
                return
        if returns:
            yield from self.come_back(token, number, rng.uniform(86_400, 5 * 86_400))

    def come_back(self, token: str, number: int, after: float) -> Iterator[float]:
        """A shopper back at their cart ``after`` seconds: the hand-off shows today's prices;
        some remove a product whose price changed, then most order."""
        if self.clock.now + timedelta(seconds=after + 3600) > self.today:
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
        self.checkout_page(token, state)
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
        change = price_change_at(self.end)
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
