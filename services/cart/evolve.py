"""The cart's state as an immutable value, its events as values, and ``evolve``: the fold.

``evolve(state, event) -> state`` is pure (no I/O, no clock, never changes its arguments): it
is the whole of what an event does to a cart, run by the ``Cart`` aggregate's event classes
(``services/cart/domain.py``) when an event is recorded or loaded, and by ``decide``
(``services/cart/decider.py``) while it works out a command's events. The browser has the same
function (``webapp/src/features/cart/store/evolve.ts``).

Events (docs/events.md, every type and field) are :class:`Event` values: the type name and
the payload exactly as stored (money in integer minor units of the named currency, rates in
hundredths of a percent). Every event after ``Started`` carries ``command_id`` and
``request_hash``; ``evolve`` remembers the answer of each keyed command in
``CartModel.processed`` (docs/events.md, "Idempotency").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, cast

from services.cart.types import Answered, CartLine, CouponRecord, LineStock, Refused

PROCESSED_KEPT = 500  # idempotency keys remembered per cart (oldest forgotten first)

# The events after which the cart is no longer "at checkout" (docs/spec.md section 4: a changed
# cart must be handed off again).
_LEAVES_CHECKOUT = frozenset(
    {"ItemAdded", "ItemCountSet", "ItemRemoved", "Cleared", "OrderPlaced", "CouponApplied", "CouponRemoved"}
)


@dataclass(frozen=True)
class Event:
    """A cart domain event as ``decide`` returns it and ``evolve`` folds it: ``type`` is the
    event's name in docs/events.md (``"ItemAdded"``, ...), ``data`` its stored payload (for every
    event after ``Started`` including ``command_id`` and ``request_hash``)."""

    type: str
    data: Mapping[str, Any]


@dataclass(frozen=True)
class CartModel:
    """What a cart is after its events: the state ``decide`` decides on.

    ``version`` counts the events (1 after ``Started``); ``country``/``country_name``, the
    ``currency`` ("EUR"/"USD") and tax (``tax_name``, ``tax_rate_bp``: 1900 = 19 %) come from
    the shipping country (docs/spec.md section 4); ``lines`` are ``CartLine`` dicts in cart
    order (prices in integer minor units, docs/events.md); ``next_line`` numbers the next line
    (``"L{next_line}"``); ``intent`` is a payment intent or None; ``coupons`` the applied
    coupons' recorded facts (``CouponFacts.to_record()``) in the order applied; ``orders`` the
    ids of orders placed from the cart; ``processed`` maps the last ``PROCESSED_KEPT`` command
    ids to ``{hash, version, refused}``, oldest first (``kept`` of them). Never changed in place: the dicts and
    tuples it holds are read-only by convention, ``evolve`` makes new ones."""

    version: int = 0
    country: str = "DE"
    country_name: str = "Germany"
    currency: str = "EUR"
    tax_name: str = "VAT"
    tax_rate_bp: int = 1900
    lines: tuple[CartLine, ...] = ()
    next_line: int = 1
    intent: str | None = None
    checkout_started: bool = False
    coupons: tuple[CouponRecord, ...] = ()
    orders: tuple[str, ...] = ()
    processed: Mapping[str, Answered] = field(default_factory=dict)
    kept: int = PROCESSED_KEPT

    def line(self, line_id: str) -> CartLine | None:
        """The line with ``line_id``, or None."""
        return next((line for line in self.lines if line["line_id"] == line_id), None)


EMPTY = CartModel()


def _remember(state: CartModel, event: Event, version: int) -> Mapping[str, Answered]:
    data = event.data
    command_id = data.get("command_id")
    if command_id is None:
        return state.processed
    refused: Refused | None = None
    if event.type == "CommandRefused":
        refused = {"code": data["code"], "message": data["message"], "status": data["status"]}
    # A copy (the state is a value: earlier states keep their map), made by dict() in C and
    # then edited: a Python-level filter of the 500 entries cost more than deciding the command.
    processed = dict(state.processed)
    processed.pop(command_id, None)  # a re-answered key moves to the newest end
    processed[command_id] = {"hash": data["request_hash"], "version": version, "refused": refused}
    while len(processed) > state.kept:
        processed.pop(next(iter(processed)))
    return processed


def _count_set(lines: tuple[CartLine, ...], data: Mapping[str, Any]) -> tuple[CartLine, ...]:
    stock: LineStock | None = data.get("stock")
    changed: list[CartLine] = []
    for line in lines:
        if line["line_id"] == data["line_id"]:
            line = cast(CartLine, {**line, "count": data["count"]})
            if stock is not None:
                line["stock"] = cast(LineStock, dict(stock))
        changed.append(line)
    return tuple(changed)


def _removed(lines: tuple[CartLine, ...], data: Mapping[str, Any]) -> tuple[CartLine, ...]:
    cleared = set(data["discount_cleared"])
    return tuple(
        cast(CartLine, {**line, "use_discount": False}) if line["line_id"] in cleared else line
        for line in lines
        if line["line_id"] != data["line_id"]
    )


def evolve(state: CartModel, event: Event) -> CartModel:
    """The cart after ``event`` (docs/events.md): a new :class:`CartModel` one version on.

    ``Started`` begins a cart from nothing (whatever ``state`` was); the others change what
    their table row says: lines added, counted, removed or cleared, the country (currency and
    tax) set, coupons applied or removed, an order placed (the cart is emptied), a refusal
    (only remembered). Every event remembers its ``command_id``'s answer (version, refusal).
    Raises ``KeyError`` for an event without the fields docs/events.md gives it; an unknown
    event type only moves the version on."""
    data = event.data
    version = state.version + 1
    kind = event.type
    if kind == "Started":
        return CartModel(
            version=version,
            country=data["country"],
            country_name=data["country_name"],
            currency=data["currency"],
            tax_name=data["tax_name"],
            tax_rate_bp=data["tax_rate_bp"],
            kept=state.kept,
        )
    changes: dict[str, Any] = {"version": version, "processed": _remember(state, event, version)}
    if kind in _LEAVES_CHECKOUT:
        changes["checkout_started"] = False
    if kind == "ItemAdded":
        changes["lines"] = (*state.lines, cast(CartLine, dict(data["line"])))
        changes["next_line"] = state.next_line + 1
    elif kind == "ItemCountSet":
        changes["lines"] = _count_set(state.lines, data)
    elif kind == "ItemRemoved":
        changes["lines"] = _removed(state.lines, data)
    elif kind == "CountrySet":
        changes.update(
            country=data["code"],
            country_name=data["name"],
            currency=data["currency"],
            tax_name=data["tax_name"],
            tax_rate_bp=data["tax_rate_bp"],
        )
    elif kind == "PaymentIntentSet":
        changes["intent"] = data["intent"]
    elif kind == "Cleared":
        changes["lines"] = ()
    elif kind == "OrderPlaced":
        changes.update(lines=(), coupons=(), orders=(*state.orders, data["order_id"]))
    elif kind == "CheckoutStarted":
        changes["checkout_started"] = True
    elif kind == "CouponApplied":
        changes["coupons"] = (*state.coupons, cast(CouponRecord, dict(data["coupon"])))
    elif kind == "CouponRemoved":
        changes["coupons"] = tuple(record for record in state.coupons if record["code"] != data["code"])
    return replace(state, **changes)


def fold(state: CartModel, events: Iterable[Event]) -> CartModel:
    """``evolve`` over ``events`` in order, from ``state``."""
    for event in events:
        state = evolve(state, event)
    return state
