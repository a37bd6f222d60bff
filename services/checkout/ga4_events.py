"""GA4 events of the checkout (docs/analytics.md): ``begin_checkout`` once per ``CheckoutStarted`` of a
cart, ``purchase`` once per order, built here and stored by ``services.analytics.ga4``.

``begin_checkout``: the cart's most recent ``CheckoutStarted`` event (read from the cart's
stream, newest first) gives the lines and totals the shopper confirmed; its event id
``begin_checkout:<cart id>:<event version>`` makes it once per hand-off however often the
checkout page quotes. ``purchase``: ``purchase:<order id>``, in the order's transaction.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from sqlalchemy.orm import Session

from services.analytics import ga4
from services.cart import rules as cart_rules
from services.cart.application import CartApplication, event_view

RECENT_EVENTS = 50  # how far back from the newest cart event to look for CheckoutStarted


def _variant(line: dict[str, Any]) -> str:
    options = ", ".join(str(c.get("name") or "") for c in line.get("configuration") or [])
    return " / ".join(x for x in (line.get("variation_label") or "", options) if x)


def begin_checkout_event(app: CartApplication, cart_id: UUID) -> tuple[str, dict[str, Any]] | None:
    """``(event_id, params)`` for the cart's latest ``CheckoutStarted``, or None when there is
    none among its last ``RECENT_EVENTS`` events. Reads the cart's stream (no SQL here)."""
    for event in app.events.get(cart_id, desc=True, limit=RECENT_EVENTS):
        if type(event).__qualname__.split(".")[-1] != "CheckoutStarted":
            continue
        data = event_view(event)["data"]
        totals = data.get("totals") or {}
        currency = str(totals.get("currency") or "EUR")
        items = [
            ga4.Ga4Item(
                item_id=str(line.get("sku") or line["product_id"]),
                item_name=str(line.get("name") or ""),
                price=cart_rules.unit_price(line, currency) + cart_rules.extras(line, currency),
                quantity=int(line["count"]),
                item_variant=_variant(line),
            )
            for line in data.get("lines") or []
        ]
        coupons = [str(c["code"]) for c in data.get("coupons") or [] if c.get("code")]
        params = ga4.begin_checkout_params(currency, int(totals.get("total") or 0), items, coupons)
        return f"begin_checkout:{cart_id}:{event.originator_version}", params
    return None


def record_begin_checkout(session: Session, event: tuple[str, dict[str, Any]] | None) -> bool:
    """Store a ``begin_checkout_event`` result once (True when new); None records nothing."""
    if event is None:
        return False
    event_id, params = event
    return ga4.record(session, event_id, ga4.BEGIN_CHECKOUT, params)


def record_purchase(session: Session, order: dict[str, Any]) -> bool:
    """Store the ``purchase`` event of ``order`` (order JSON) once; True when new."""
    items = [
        ga4.Ga4Item(
            item_id=str(line["sku"]),
            item_name=str(line["name"]),
            price=int(line["unit_price"]),
            quantity=int(line["count"]),
            item_variant=_variant(line),
            discount=int(line["discount"]) // max(1, int(line["count"])),
        )
        for line in order["lines"]
    ]
    params = ga4.purchase_params(
        transaction_id=str(order["number"]),
        currency=order["currency"],
        value=order["total"],
        tax=order["tax"],
        shipping=order["shipping"],
        items=items,
        coupons=[c["code"] for c in order["coupons"]],
    )
    return ga4.record(session, f"purchase:{order['id']}", ga4.PURCHASE, params)
