"""The support console's pure decisions (docs/spec.md section 2.14): a cart's timeline.

No HTTP, no SQL. :func:`fold_timeline` folds a cart's stored events once, from version 1, into
one :class:`TimelineEntry` per event: when it was recorded, who caused it, a plain description,
the refusal the shopper was told (if any), the cart state after it and the diff from the state
before. The state is exactly the ``cart`` the cart API answered at that version
(``services.cart.application.cart_state``): the fold evolves one ``Cart`` aggregate with each
event, as loading the aggregate at that version would, and shows it the same way.

Cost: a 1,000-event cart is one pass (``bench/support_timeline.py``). Showing a line
(``line_view``: prices, extras, pre-order) is the expensive part of a state, so a line's view is
kept from one version to the next and computed again only when an event can have changed it
(:data:`_LINE_EFFECTS`); the cap, which depends on the other lines, and the totals are computed
for every state. The property tests hold the fold to ``cart_state`` of the aggregate loaded at
every version, and to the cart API's answers.

Also here: :func:`version_at` ("as of" a time), :func:`index_keys` (what the support index can
find a cart by), :func:`seen_products` and :func:`price_today` (prices as seen next to today's),
and the CSV export's rows (:data:`CSV_HEADER`, :func:`csv_rows`).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from typing import Any, Literal, TypedDict

from services.cart import rules
from services.cart.application import cart_state, line_prices
from services.cart.domain import Cart
from services.cart.facts import Price, ProductFacts
from services.cart.types import CartLine, CartState, ShownLine
from services.shared.gc_tuning import gc_paused
from services.shared.money import format_amount, format_money

Actor = Literal["shopper", "staff", "system"]

# WooCommerce's default titles of the payment gateways a cart can record (rules.PAYMENT_INTENTS).
PAYMENT_TITLES = {
    "bacs": "Direct bank transfer",
    "cheque": "Check payments",
    "cod": "Cash on delivery",
    "stripe": "Credit card (Stripe)",
    "paypal": "PayPal",
}


class Refusal(TypedDict):
    """What the shopper was told when a command was refused: the error ``code``, the exact
    ``message`` and the HTTP ``status`` (409 or 422)."""

    code: str
    message: str
    status: int


class Change(TypedDict):
    """One difference between two states: ``path`` (``"lines.L1.count"``, ``"totals.total"``,
    ``"coupons.welcome10"``, ``"country"``...), the value ``before`` and ``after`` (None when the
    thing did not exist). Money in minor units of the cart's currency at that version."""

    path: str
    before: Any
    after: Any


class TimelineEntry(TypedDict):
    """One event of a cart and the cart after it.

    ``version`` (1-based), ``at`` (when it was recorded, UTC), ``event_type`` (the event's class
    name, docs/events.md), ``actor`` ("shopper": a command the shopper's browser sent;
    "system": a rule acting on its own (a coupon that stopped applying, a count capped by
    stock or another line) or checkout recording an order; "staff": a command sent by staff,
    which no event records today), ``command_id`` (the command's Idempotency-Key), a plain
    ``description``, the ``refusal`` for a ``CommandRefused`` (else None), ``order_id`` for an
    ``OrderPlaced`` (else None), ``state`` (the cart API's answer at this version) and ``diff``
    (from the state at the version before; the first entry's diff lists what ``Started`` set)."""

    version: int
    at: datetime
    event_type: str
    actor: Actor
    command_id: str | None
    description: str
    refusal: Refusal | None
    order_id: str | None
    state: CartState
    diff: list[Change]


class PriceNow(TypedDict):
    """A price in one currency: ``regular`` and ``sale`` (None when not on sale), minor units."""

    regular: int
    sale: int | None


class TodayPrice(TypedDict):
    """Today's catalogue price of a product (or variation) seen in the cart: ``available``
    False when the catalogue no longer sells it (then ``eur``/``usd`` are None)."""

    product_id: int
    variation_id: int | None
    available: bool
    eur: PriceNow | None
    usd: PriceNow | None


# ---- the fold ---------------------------------------------------------------------------------

# Which lines an event can change the view of (everything else about the line view is fixed at
# ItemAdded): "one" = its line_id, "all" = every line (currency or the lines themselves changed),
# "removed" = the removed line goes and the lines in discount_cleared change, "none".
_LINE_EFFECTS = {
    "Started": "all",
    "ItemAdded": "none",  # a new line: its view is computed because it is not in the cache
    "ItemCountSet": "one",
    "ItemRemoved": "removed",
    "CountrySet": "all",
    "PaymentIntentSet": "none",
    "Cleared": "all",
    "CheckoutStarted": "none",
    "CouponApplied": "none",
    "CouponRemoved": "none",
    "OrderPlaced": "all",
    "CommandRefused": "none",
}


def fold_timeline(events: Iterable[Cart.Event]) -> list[TimelineEntry]:
    """The timeline of one cart from its events (in version order, starting at version 1, as
    the event store returns them). Returns one :class:`TimelineEntry` per event.

    Raises ``ValueError`` when the events do not start at version 1 or skip a version (a
    timeline is only ever folded from the whole stream, never from a snapshot)."""
    with gc_paused():  # tens of thousands of short-lived dicts, no cycles
        return _fold(events)


def _fold(events: Iterable[Cart.Event]) -> list[TimelineEntry]:
    entries: list[TimelineEntry] = []
    cart: Cart | None = None
    views: dict[str, dict[str, Any]] = {}  # line_id -> line view without "cap"
    before: CartState | None = None
    summary_before: dict[str, Any] = {}
    for event in events:
        expected = 1 if cart is None else cart.version + 1
        if event.originator_version != expected:
            raise ValueError(f"expected version {expected}, got {event.originator_version}")
        lines_before = {line["line_id"]: line for line in before["lines"]} if before else {}
        cart = event.mutate(cart)
        assert cart is not None
        event_type = type(event).__name__
        _forget_views(views, event, event_type)
        state = _state(cart, views, before if event_type in _LINES_KEPT else None, event_type in _TOTALS_KEPT)
        summary = _summary(state)
        entries.append(
            {
                "version": cart.version,
                "at": event.timestamp,
                "event_type": event_type,
                "actor": actor(event),
                "command_id": getattr(event, "command_id", None),
                "description": describe(event, state, lines_before),
                "refusal": _refusal(event),
                "order_id": getattr(event, "order_id", None) if event_type == "OrderPlaced" else None,
                "state": state,
                "diff": _changes(summary_before, summary),
            }
        )
        before, summary_before = state, summary
    _name_hand_offs(entries)
    return entries


def _name_hand_offs(entries: list[TimelineEntry]) -> None:
    """A ``Cleared`` recorded by the same command as a later ``CheckoutStarted`` is the
    checkout hand-off replacing the lines with those on the shopper's screen (docs/events.md,
    ``start_checkout`` with ``lines``), not the shopper emptying the cart: say so."""
    hand_offs = {e["command_id"] for e in entries if e["event_type"] == "CheckoutStarted" and e["command_id"]}
    for entry in entries:
        if entry["event_type"] == "Cleared" and entry["command_id"] in hand_offs:
            entry["description"] = (
                "Checkout hand-off: the cart was replaced by the lines on the shopper's screen"
            )


def _forget_views(views: dict[str, dict[str, Any]], event: Cart.Event, event_type: str) -> None:
    effect = _LINE_EFFECTS.get(event_type, "all")
    if effect == "all":
        views.clear()
    elif effect == "one":
        views.pop(event.line_id, None)  # type: ignore[attr-defined]
    elif effect == "removed":
        views.pop(event.line_id, None)  # type: ignore[attr-defined]
        for line_id in getattr(event, "discount_cleared", None) or ():
            views.pop(line_id, None)


# Events after which the shown lines (views and caps) are those of the state before, and those
# after which the coupons and totals are too (they change nothing but flags of the cart).
_LINES_KEPT = frozenset(
    {"PaymentIntentSet", "CheckoutStarted", "CouponApplied", "CouponRemoved", "CommandRefused"}
)
_TOTALS_KEPT = frozenset({"PaymentIntentSet", "CheckoutStarted", "CommandRefused"})


def _state(
    cart: Cart, views: dict[str, dict[str, Any]], before: CartState | None = None, same_totals: bool = False
) -> CartState:
    """``cart_state(cart)`` with each line's view taken from ``views`` when it is there; with
    ``before`` (the state at the previous version, when the event cannot have changed the
    lines), its lines, and with ``same_totals`` also its coupons and totals."""
    lines: list[ShownLine]
    if before is not None:
        lines = before["lines"]
    else:
        lines = []
        for line in cart.lines:
            view = views.get(line["line_id"])
            if view is None:
                view = views[line["line_id"]] = _line_view(line, cart.currency)
            lines.append({**view, "cap": rules.cap(line, cart.lines, raising=True)})  # type: ignore[typeddict-item]
    if before is not None and same_totals:
        return cart_state(cart, lines=lines, coupons=before["coupons"], totals=before["totals"])
    return cart_state(cart, lines=lines)


def _line_view(line: CartLine, currency: str) -> dict[str, Any]:
    """``application.line_view`` without ``cap``, on a copy of the line as it is now (the
    aggregate changes its line dicts in place; the view must not change with them)."""
    stock = line.get("stock")
    return {**line, "stock": dict(stock) if stock is not None else stock, **line_prices(line, currency)}


def _refusal(event: Cart.Event) -> Refusal | None:
    if type(event).__name__ != "CommandRefused":
        return None
    ev: Any = event
    return {"code": ev.code, "message": ev.message, "status": int(ev.status)}


def _is_clamp(event: Cart.Event) -> bool:
    """An ``ItemCountSet`` the cart's rules made after an action (``decider._normalize``: reason
    "capped" with ``requested`` equal to ``count``), not the shopper's own count capped."""
    ev: Any = event
    return type(event).__name__ == "ItemCountSet" and ev.reason == "capped" and ev.requested == ev.count


def actor(event: Cart.Event) -> Actor:
    """Who caused ``event`` (see :class:`TimelineEntry`): "system" for ``OrderPlaced``, a
    ``CouponRemoved`` with reason "no_longer_valid" and a count the rules clamped after an
    action (``_is_clamp``); "shopper" for everything else (a count the shopper asked for that
    was capped is still the shopper's)."""
    name = type(event).__name__
    if name == "OrderPlaced":
        return "system"
    if name == "CouponRemoved" and getattr(event, "reason", None) == "no_longer_valid":
        return "system"
    if _is_clamp(event):
        return "system"
    return "shopper"


# ---- descriptions -----------------------------------------------------------------------------


def _line_name(line: CartLine | ShownLine | None, fallback: str = "an item") -> str:
    if line is None:
        return fallback
    label = line.get("variation_label") or ""
    name = line.get("name") or f"product {line.get('product_id')}"
    return f"{name} ({label})" if label else name


def describe(event: Cart.Event, state: CartState, lines_before: dict[str, ShownLine]) -> str:
    """A plain English sentence for ``event``: ``state`` is the cart after it (money shown in
    its currency, the prices the shopper saw), ``lines_before`` the lines before it by
    line_id (for lines the event removed). E.g. "Added Loki 75 x1 at €129.99",
    'Refused: Coupon "spring" has expired.'."""
    name = type(event).__name__
    currency = state["currency"]
    lines = {line["line_id"]: line for line in state["lines"]}
    ev: Any = event
    if name == "Started":
        return f"Cart started: shipping to {ev.country_name}, prices in {ev.currency}"
    if name == "ItemAdded":
        line = lines.get(ev.line["line_id"])
        price = format_money(line["unit_price"] + line["extras"], currency) if line else "?"
        options = len(ev.line.get("configuration") or ())
        built = f" with {options} option{'s' if options != 1 else ''}" if options else ""
        return f"Added {_line_name(line or ev.line)}{built} x{ev.line['count']} at {price}"
    if name == "ItemCountSet":
        line = lines.get(ev.line_id) or lines_before.get(ev.line_id)
        who = _line_name(line)
        if ev.reason == "added":
            text = f"Added another {who}: now x{ev.count}"
        elif _is_clamp(event):
            return f"Capped {who} at x{ev.count}: the cart's rules allow no more after that change"
        else:
            text = f"Set {who} to x{ev.count}"
        if ev.requested != ev.count:
            text += f" (asked for {ev.requested}; no more allowed)"
        return text
    if name == "ItemRemoved":
        text = f"Removed {_line_name(lines_before.get(ev.line_id))}"
        if ev.discount_cleared:
            n = len(ev.discount_cleared)
            text += f"; its recommendation discount no longer applies to {n} line{'s' if n > 1 else ''}"
        return text
    if name == "CountrySet":
        return f"Changed shipping country to {ev.name} (prices in {ev.currency})"
    if name == "PaymentIntentSet":
        if ev.intent is None:
            return "Payment method cleared"
        return f"Chose payment method: {PAYMENT_TITLES.get(ev.intent, ev.intent)}"
    if name == "Cleared":
        return "Emptied the cart"
    if name == "CheckoutStarted":
        totals = state["totals"]
        count = totals["item_count"]
        return f"Started checkout: {count} item{'s' if count != 1 else ''}, total {format_money(totals['total'], currency)}"
    if name == "CouponApplied":
        coupon = next((c for c in state["coupons"] if c["code"] == ev.code), None)
        off = f" (-{format_money(coupon['discount'], currency)})" if coupon else ""
        return f"Applied coupon {ev.code}{off}"
    if name == "CouponRemoved":
        if ev.reason == "no_longer_valid":
            return f"Coupon {ev.code} no longer applies: {ev.message}"
        return f"Removed coupon {ev.code}"
    if name == "OrderPlaced":
        return f"Order {ev.order_id} placed: {format_money(int(ev.total), ev.currency)}"
    if name == "CommandRefused":
        return f"Refused: {ev.message}"
    return name


# ---- diffs ------------------------------------------------------------------------------------

_LINE_FIELDS = ("count", "unit_price", "extras", "line_total", "on_sale", "preorder", "cap", "use_discount")
_TOTAL_FIELDS = ("item_count", "subtotal", "discount", "tax_included", "total", "preorder")


def _summary(state: CartState | None) -> dict[str, Any]:
    """The facts a diff compares, by path."""
    if state is None:
        return {}
    flat: dict[str, Any] = {
        "country": state["country"]["code"],
        "currency": state["currency"],
        "tax": f"{state['tax']['name']} {state['tax']['rate_bp']}",
        "intent": state["intent"],
        "checkout_started": state["checkout_started"],
        "orders": ",".join(state["orders"]) or None,
    }
    for line in state["lines"]:
        for field in _LINE_FIELDS:
            flat[f"lines.{line['line_id']}.{field}"] = line.get(field)
    for coupon in state["coupons"]:
        flat[f"coupons.{coupon['code']}"] = coupon["discount"]
    totals = state["totals"]
    for field in _TOTAL_FIELDS:
        flat[f"totals.{field}"] = totals.get(field)
    return flat


def diff(before: CartState | None, after: CartState) -> list[Change]:
    """What changed from ``before`` (None: nothing yet) to ``after``: each changed path of the
    summary (country, currency, tax, intent, checkout_started, orders; per line its count,
    prices, cap and discount flag; per coupon its discount; the totals), in the order of
    ``after`` then the paths that went away. A line or coupon that appeared has ``before``
    None; one that went away has ``after`` None."""
    return _changes(_summary(before), _summary(after))


def _changes(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    changes: list[Change] = [
        {"path": path, "before": old.get(path), "after": value}
        for path, value in new.items()
        if path not in old or old[path] != value
    ]
    changes += [
        {"path": path, "before": value, "after": None} for path, value in old.items() if path not in new
    ]
    return changes


# ---- as of, index keys, today's prices ----------------------------------------------------------


def version_at(entries: Sequence[TimelineEntry], at: datetime) -> int | None:
    """The version the cart was at, at time ``at`` (timezone-aware): the last entry recorded at
    or before it; None when ``at`` is before the first event."""
    times = [entry["at"] for entry in entries]
    index = bisect.bisect_right(times, at)
    return entries[index - 1]["version"] if index else None


_QUOTED = re.compile(r'"([^"]{1,200})"')


def index_keys(events: Iterable[Cart.Event]) -> set[tuple[str, str]]:
    """What the support index finds a cart by, from some of its events: ``("sku", SKU)`` of
    every line added (upper case; a configured line also adds its choices' SKU parts),
    ``("coupon", code)`` (lower case) of every coupon applied, removed or refused (a refusal's
    code is the quoted code in its message, 'Coupon "spring" has expired.'), and
    ``("order", number)`` of every order placed."""
    keys: set[tuple[str, str]] = set()
    for event in events:
        name = type(event).__name__
        ev: Any = event
        if name == "ItemAdded":
            if ev.line.get("sku"):
                keys.add(("sku", str(ev.line["sku"]).upper()))
            for sku in (ev.line.get("configuration_meta") or {}).get("skus") or ():
                if sku:
                    keys.add(("sku", str(sku).upper()))
        elif name in ("CouponApplied", "CouponRemoved"):
            keys.add(("coupon", str(ev.code).strip().lower()))
        elif name == "CommandRefused" and str(ev.code).startswith("coupon_"):
            match = _QUOTED.search(ev.message or "")
            if match:
                keys.add(("coupon", match.group(1).strip().lower()))
        elif name == "OrderPlaced":
            keys.add(("order", str(ev.order_id)))
    return keys


def seen_products(entries: Iterable[TimelineEntry]) -> list[tuple[int, int | None]]:
    """Every distinct ``(product_id, variation_id)`` of a line in any state, first seen first."""
    seen: dict[tuple[int, int | None], None] = {}
    for entry in entries:
        for line in entry["state"]["lines"]:
            seen.setdefault((int(line["product_id"]), line.get("variation_id")), None)
    return list(seen)


def _price(price: Price) -> PriceNow:
    return {"regular": price.regular, "sale": price.sale}


def price_today(product_id: int, variation_id: int | None, facts: ProductFacts | None) -> TodayPrice:
    """Today's catalogue price of ``(product_id, variation_id)`` from ``facts`` (the cart's
    catalogue facts, or None when the catalogue no longer has it or no longer sells it);
    minor units, regular and sale per currency (without configuration extras)."""
    if facts is None or not facts.published:
        return {
            "product_id": product_id,
            "variation_id": variation_id,
            "available": False,
            "eur": None,
            "usd": None,
        }
    return {
        "product_id": product_id,
        "variation_id": variation_id,
        "available": True,
        "eur": _price(facts.eur),
        "usd": _price(facts.usd),
    }


# ---- CSV --------------------------------------------------------------------------------------

CSV_HEADER = [
    "version",
    "recorded_at",
    "actor",
    "event_type",
    "description",
    "refusal_code",
    "refusal_message",
    "country",
    "currency",
    "lines",
    "item_count",
    "subtotal",
    "discount",
    "tax_included",
    "total",
    "coupons",
    "preorder",
    "checkout_started",
    "changes",
]

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> str:
    """A CSV cell that spreadsheets show as text: a leading ``=``, ``+``, ``-``, ``@``, tab or
    carriage return gets a ``'`` in front (OWASP's CSV injection advice)."""
    text = "" if value is None else str(value)
    return f"'{text}" if text.startswith(_FORMULA_START) else text


def csv_rows(entries: Iterable[TimelineEntry]) -> Iterator[list[str]]:
    """One row per entry, in :data:`CSV_HEADER` order: money as decimal amounts ("129.99") in
    the row's ``currency``; ``lines`` as "SKU x2 @ 129.99" joined by "; "; ``coupons`` as
    "code -10.00"; ``changes`` as "path: before -> after" joined by "; "; times ISO 8601 UTC."""
    for entry in entries:
        state = entry["state"]
        totals = state["totals"]
        refusal = entry["refusal"]
        lines = "; ".join(
            f"{line.get('sku') or line['product_id']} x{line['count']} @ "
            f"{format_amount(line['unit_price'] + line['extras'])}"
            for line in state["lines"]
        )
        coupons = "; ".join(f"{c['code']} -{format_amount(c['discount'])}" for c in state["coupons"])
        changes = "; ".join(f"{c['path']}: {c['before']} -> {c['after']}" for c in entry["diff"])
        row = [
            entry["version"],
            entry["at"].isoformat(),
            entry["actor"],
            entry["event_type"],
            entry["description"],
            refusal["code"] if refusal else "",
            refusal["message"] if refusal else "",
            state["country"]["code"],
            state["currency"],
            lines,
            totals["item_count"],
            format_amount(totals["subtotal"]),
            format_amount(totals.get("discount", 0)),
            format_amount(totals["tax_included"]),
            format_amount(totals["total"]),
            coupons,
            "yes" if totals["preorder"] else "no",
            "yes" if state["checkout_started"] else "no",
            changes,
        ]
        yield [_cell(value) for value in row]


__all__ = [
    "CSV_HEADER",
    "PAYMENT_TITLES",
    "Actor",
    "Change",
    "PriceNow",
    "Refusal",
    "TimelineEntry",
    "TodayPrice",
    "actor",
    "csv_rows",
    "describe",
    "diff",
    "fold_timeline",
    "index_keys",
    "price_today",
    "seen_products",
    "version_at",
]
