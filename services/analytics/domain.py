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
  docs/spec.md section 5); ``refusal_code``; ``reason``; ``order_id``.
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


@dataclass(frozen=True, slots=True)
class LineFact:
    """A line an event touched: ``delta`` units (+ added, - removed) to ``after`` units;
    ``unit_price`` in minor units of the fact's currency; ``variation_id`` 0 for none;
    ``choices`` of a configured line (empty otherwise)."""

    line_id: str
    product_id: int
    variation_id: int
    sku: str | None
    configured: bool
    delta: int
    after: int
    unit_price: int
    choices: tuple[Choice, ...] = ()


@dataclass(frozen=True, slots=True)
class CartFact:
    """One cart event as analytics sees it (see the module docstring). ``country`` and
    ``currency`` are the cart's after the event; ``at`` is the event's time (UTC) and ``day``
    its UTC date; ``coupons_before`` the codes applied before it (redemptions of an
    ``OrderPlaced``). At an idle point (the cart's last event of a batch, or one followed by a
    gap of at least the abandonment threshold) the projector also sets the cart as it was
    after the event: ``value_after`` (total after coupons, minor units of ``currency``),
    ``items_after`` (units) and ``checkout_after`` (checkout started with these lines);
    elsewhere they are None."""

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


def _choices(line: Any) -> tuple[Choice, ...]:
    return tuple(
        Choice(
            str(chosen.get("layer_id", "")),
            str(chosen.get("choice_id", "")),
            str(chosen.get("layer_name", "")),
            str(chosen.get("name", "")),
        )
        for chosen in line.get("configuration") or ()
    )


def _line_fact(line: Any, currency: str, delta: int, after: int) -> LineFact:
    return LineFact(
        line_id=str(line["line_id"]),
        product_id=int(line["product_id"]),
        variation_id=int(line.get("variation_id") or 0),
        sku=line.get("sku"),
        configured=bool(line.get("configuration")),
        delta=delta,
        after=after,
        unit_price=unit_price(line, currency),
        choices=_choices(line),
    )


def refused_coupon_code(message: str | None) -> str | None:
    """The coupon code a coupon refusal's message quotes, lower case ('Coupon "spring" has
    expired.' gives "spring"; docs/spec.md section 5), or None."""
    match = _QUOTED.search(message or "")
    return match.group(1).strip().lower() if match else None


def fact_of(notification_id: int, cart: Cart | None, event: Any) -> CartFact:
    """The fact of ``event`` given ``cart`` as it was before it (None before ``Started``).
    Raises ``ValueError`` for an event other than ``Started`` with no cart before it."""
    name = type(event).__name__
    at: datetime = event.timestamp.astimezone(UTC)
    base: dict[str, Any] = {
        "notification_id": notification_id,
        "cart_id": str(event.originator_id),
        "version": int(event.originator_version),
        "at": at,
        "day": at.date(),
        "event_type": name,
        "command": (getattr(event, "command_id", None), str(getattr(event, "request_hash", ""))),
    }
    if cart is None:
        if name != "Started":
            raise ValueError(f"{name} of cart {event.originator_id} has no cart before it")
        return CartFact(country=str(event.country), currency=str(event.currency), **base)
    currency = cart.currency
    base["country"], base["currency"] = cart.country, currency
    if name == "ItemAdded":
        line = event.line
        return CartFact(lines=(_line_fact(line, currency, int(line["count"]), int(line["count"])),), **base)
    if name in ("ItemCountSet", "ItemRemoved"):
        line = cart.line(event.line_id)
        if line is None:
            return CartFact(**base)
        before = int(line["count"])
        after = int(event.count) if name == "ItemCountSet" else 0
        reason = str(event.reason) if name == "ItemCountSet" else None
        return CartFact(lines=(_line_fact(line, currency, after - before, after),), reason=reason, **base)
    if name in ("Cleared", "OrderPlaced"):
        lines = tuple(_line_fact(line, currency, -int(line["count"]), 0) for line in cart.lines)
        if name == "Cleared":
            return CartFact(lines=lines, **base)
        return CartFact(
            lines=lines,
            order_id=str(event.order_id),
            coupons_before=tuple(str(record["code"]).lower() for record in cart.coupons),
            **base,
        )
    if name == "CountrySet":
        base["country"], base["currency"] = str(event.code), str(event.currency)
        return CartFact(**base)
    if name == "CouponApplied":
        return CartFact(coupon_code=str(event.code).strip().lower(), **base)
    if name == "CouponRemoved":
        return CartFact(
            coupon_code=str(event.code).strip().lower(),
            refusal_code=event.refusal_code,
            reason=str(event.reason),
            **base,
        )
    if name == "CommandRefused":
        code = str(event.code)
        coupon = refused_coupon_code(event.message) if code.startswith(COUPON_REFUSAL_PREFIX) else None
        return CartFact(refusal_code=code, coupon_code=coupon, **base)
    return CartFact(**base)  # Started again (never), PaymentIntentSet, CheckoutStarted


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
