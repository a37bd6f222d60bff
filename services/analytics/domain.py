"""What analytics reads from one cart event: a ``CartFact`` (pure; no SQL, no HTTP).

The projections of ``services/analytics/projection.py`` never look into the events
themselves: the projector folds each cart's events in log order and, for every event, calls
``fact_of(notification_id, cart_before, event)`` with the ``Cart`` aggregate as it was BEFORE the
event (None for ``Started``). The fact holds plain values only (the aggregate is mutated right
after), so projections can group and count without caring about event shapes:

* ``lines``: the lines the event touched, each with its exact quantity delta (units), its count
  after, and its unit price as the cart showed it (minor units of the cart's currency,
  configuration extras and recommendation discount included: ``rules.unit_price`` +
  ``rules.extras``, docs/spec.md section 9). ``ItemAdded``/``ItemCountSet``/``ItemRemoved``
  touch one line; ``Cleared`` and ``OrderPlaced`` take every line to 0.
* ``coupon_code`` (lower case) of ``CouponApplied``/``CouponRemoved`` and of a coupon refusal
  (``CommandRefused`` whose code starts with ``coupon_``: the quoted code of its message,
  docs/spec.md section 5; "" for ``coupon_not_found``, whose "code" is free text a shopper
  typed and may be personal data); ``refusal_code``; ``reason``; ``order_id``.
* ``command``: the ``(command_id, request_hash)`` of the command that recorded it. One command
  can record several events (the checkout hand-off records ``Cleared`` and re-adds every line,
  docs/spec.md section 4); ``commands(facts)`` groups consecutive facts of one cart by it, and
  ``net_deltas`` nets their quantities, so a hand-off is not counted as removals and adds.

No personal data is read or produced: carts are known by their aggregate id.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from services.cart import rules
from services.cart.domain import Cart

COUPON_REFUSAL_PREFIX = "coupon_"
UNKNOWN_CODE_REFUSAL = "coupon_not_found"
_QUOTED = re.compile(r'"([^"]{1,200})"')

# Steps of the closed funnel (docs/analytics.md, analytics_funnel_daily).
STARTED, ADDED, CHECKOUT, ORDERED = 1, 2, 3, 4


@dataclass(frozen=True, slots=True)
class Choice:
    """One configurator choice of a configured line: layer and choice ids and names."""

    layer_id: str
    choice_id: str
    layer_name: str
    choice_name: str


@dataclass(slots=True)
class LineFact:
    """A line an event touched: ``delta`` units (+ added, - removed) to ``after`` units;
    ``unit_price`` in minor units of the fact's currency; ``variation_id`` 0 for none;
    ``choices`` of a configured line (empty otherwise). Treated as immutable (not frozen:
    a frozen dataclass is several times slower to create, and a rebuild makes one per line
    per event)."""

    line_id: str
    product_id: int
    variation_id: int
    sku: str | None
    configured: bool
    delta: int
    after: int
    unit_price: int
    choices: tuple[Choice, ...] = ()


@dataclass(slots=True)
class CartFact:
    """One cart event as analytics sees it (see the module docstring). ``country`` and
    ``currency`` are the cart's after the event; ``at`` is the event's time (UTC) and ``day``
    its UTC date; ``coupons_before`` the codes applied before it (redemptions of an
    ``OrderPlaced``). At an idle point (the cart's last event of a batch, or one followed by a
    gap of at least the abandonment threshold) the projector also sets the cart as it was
    after the event: ``value_after`` (total after coupons, minor units of ``currency``),
    ``items_after`` (units) and ``checkout_after`` (checkout started with these lines);
    elsewhere they are None. Treated as immutable, like ``LineFact``."""

    notification_id: int
    cart_id: str
    version: int
    at: datetime
    day: date
    event_type: str
    country: str
    currency: str
    command: tuple[str | None, str]
    lines: tuple[LineFact, ...] = ()
    coupon_code: str | None = None
    refusal_code: str | None = None
    reason: str | None = None
    order_id: str | None = None
    coupons_before: tuple[str, ...] = ()
    value_after: int | None = None
    items_after: int | None = None
    checkout_after: bool | None = None

    @property
    def is_add(self) -> bool:
        """The event put units into the cart (``ItemAdded``, or a count raised by an add)."""
        return self.event_type == "ItemAdded" or (
            self.event_type == "ItemCountSet" and any(line.delta > 0 for line in self.lines)
        )


def unit_price(line: Any, currency: str) -> int:
    """One unit of ``line`` as the cart shows it in ``currency`` (minor units): the unit price
    (sale, recommendation discount) plus the configuration extras (docs/spec.md section 9)."""
    return rules.unit_price(line, currency) + rules.extras(line, currency)


def _choices(configuration: Any) -> tuple[Choice, ...]:
    return tuple(
        Choice(
            str(chosen.get("layer_id", "")),
            str(chosen.get("choice_id", "")),
            str(chosen.get("layer_name", "")),
            str(chosen.get("name", "")),
        )
        for chosen in configuration
    )


def _line_fact(line: Any, currency: str, delta: int, after: int) -> LineFact:
    configuration = line.get("configuration")
    return LineFact(
        str(line["line_id"]),
        int(line["product_id"]),
        int(line.get("variation_id") or 0),
        line.get("sku"),
        bool(configuration),
        delta,
        after,
        unit_price(line, currency),
        _choices(configuration) if configuration else (),
    )


def refused_coupon_code(message: str | None) -> str | None:
    """The coupon code a coupon refusal's message quotes, lower case ('Coupon "spring" has
    expired.' gives "spring"; docs/spec.md section 5), or None."""
    match = _QUOTED.search(message or "")
    return match.group(1).strip().lower() if match else None


def fact_of(notification_id: int, cart: Cart | None, event: Any) -> CartFact:
    """The fact of ``event`` given ``cart`` as it was before it (None before ``Started``).
    Raises ``ValueError`` for an event other than ``Started`` with no cart before it.
    (Written for speed: a rebuild calls it once per event of the whole log.)"""
    name = type(event).__name__
    at: datetime = event.timestamp
    if at.tzinfo is not UTC:
        at = at.astimezone(UTC)
    lines: tuple[LineFact, ...] = ()
    coupon_code = refusal_code = reason = order_id = None
    coupons_before: tuple[str, ...] = ()
    if cart is None:
        if name != "Started":
            raise ValueError(f"{name} of cart {event.originator_id} has no cart before it")
        country, currency = str(event.country), str(event.currency)
    else:
        country, currency = cart.country, cart.currency
        if name == "ItemAdded":
            line = event.line
            count = int(line["count"])
            lines = (_line_fact(line, currency, count, count),)
        elif name == "ItemCountSet" or name == "ItemRemoved":
            found = cart.line(event.line_id)
            if name == "ItemCountSet":
                reason = str(event.reason)
            if found is not None:
                after = int(event.count) if name == "ItemCountSet" else 0
                lines = (_line_fact(found, currency, after - int(found["count"]), after),)
        elif name == "Cleared" or name == "OrderPlaced":
            lines = tuple(_line_fact(line, currency, -int(line["count"]), 0) for line in cart.lines)
            if name == "OrderPlaced":
                order_id = str(event.order_id)
                coupons_before = tuple(str(record["code"]).lower() for record in cart.coupons)
        elif name == "CountrySet":
            country, currency = str(event.code), str(event.currency)
        elif name == "CouponApplied" or name == "CouponRemoved":
            coupon_code = str(event.code).strip().lower()
            if name == "CouponRemoved":
                refusal_code, reason = event.refusal_code, str(event.reason)
        elif name == "CommandRefused":
            refusal_code = str(event.code)
            if refusal_code.startswith(COUPON_REFUSAL_PREFIX):
                # A code that does not exist is whatever the shopper typed (a name, a phone
                # number): it is not copied into the read models; counted under "".
                unknown = refusal_code == UNKNOWN_CODE_REFUSAL
                coupon_code = "" if unknown else refused_coupon_code(event.message)
        # else: PaymentIntentSet, CheckoutStarted (and Started again, which never happens)
    return CartFact(
        notification_id,
        str(event.originator_id),
        int(event.originator_version),
        at,
        at.date(),
        name,
        country,
        currency,
        (getattr(event, "command_id", None), str(getattr(event, "request_hash", ""))),
        lines,
        coupon_code,
        refusal_code,
        reason,
        order_id,
        coupons_before,
    )


def commands(facts: Iterable[CartFact]) -> Iterator[list[CartFact]]:
    """Consecutive facts of one cart recorded by one command (same ``command`` and cart), in
    order. ``facts`` are in log order; a cart's command is never interleaved with another
    command of the same cart (one save per command)."""
    group: list[CartFact] = []
    for fact in facts:
        if group and (fact.cart_id != group[0].cart_id or fact.command != group[0].command):
            yield group
            group = []
        group.append(fact)
    if group:
        yield group


def net_deltas(group: Sequence[CartFact]) -> dict[tuple[int, int], int]:
    """Units added (+) or removed (-) per ``(product_id, variation_id)`` by one command's
    facts, netted; an order placed moves units to "sold", not "removed", so ``OrderPlaced``
    lines are left out. Products netting to 0 are left out."""
    net: dict[tuple[int, int], int] = {}
    for fact in group:
        if fact.event_type == "OrderPlaced":
            continue
        for line in fact.lines:
            key = (line.product_id, line.variation_id)
            net[key] = net.get(key, 0) + line.delta
    return {key: value for key, value in net.items() if value}


def net_choice_deltas(group: Sequence[CartFact]) -> dict[tuple[int, Choice], int]:
    """Like ``net_deltas`` per ``(product_id, choice)`` of configured lines."""
    net: dict[tuple[int, Choice], int] = {}
    for fact in group:
        if fact.event_type == "OrderPlaced":
            continue
        for line in fact.lines:
            for choice in line.choices:
                key = (line.product_id, choice)
                net[key] = net.get(key, 0) + line.delta
    return {key: value for key, value in net.items() if value}


def is_hand_off(group: Sequence[CartFact]) -> bool:
    """The command re-recorded the cart (the checkout hand-off starts with ``Cleared``): the
    lines it adds are the shopper's existing lines, not new selections."""
    return any(fact.event_type == "Cleared" for fact in group)


__all__ = [
    "ADDED",
    "CHECKOUT",
    "ORDERED",
    "STARTED",
    "CartFact",
    "Choice",
    "LineFact",
    "commands",
    "fact_of",
    "is_hand_off",
    "net_choice_deltas",
    "net_deltas",
    "refused_coupon_code",
    "unit_price",
]
