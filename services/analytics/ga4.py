"""GA4 e-commerce events (``begin_checkout``, ``purchase``) recorded exactly once (docs/analytics.md).

Builders turn plain values into GA4's parameter names (``currency``, ``value``,
``transaction_id``, ``tax``, ``shipping``, ``coupon``, ``items`` with ``item_id``,
``item_name``, ``price``, ``quantity``, ``item_variant``, ``discount``); ``record`` stores one
row in ``ga4_events`` unless its ``event_id`` exists (``INSERT ... ON CONFLICT DO NOTHING``),
in the caller's transaction. Money arrives as integer minor units and is stored as decimal
strings with two places ("129.99"): GA4's unit, never a float (forwarding to GA4's
Measurement Protocol turns them into numbers there). See docs/analytics.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from services.analytics.ga4_models import BEGIN_CHECKOUT, PAGE_VIEW, PURCHASE, Ga4Event
from services.shared import clock
from services.shared.money import format_amount


@dataclass(frozen=True)
class Ga4Item:
    """One GA4 item: ``price`` (unit price, extras included) and ``discount`` (per unit) in
    minor units; ``item_id`` the SKU; ``item_variant`` the variation or configuration."""

    item_id: str
    item_name: str
    price: int
    quantity: int
    item_variant: str = ""
    discount: int = 0


def item_params(item: Ga4Item) -> dict[str, Any]:
    """The item in GA4's names (money as decimal strings)."""
    params: dict[str, Any] = {
        "item_id": item.item_id,
        "item_name": item.item_name,
        "price": format_amount(item.price),
        "quantity": item.quantity,
    }
    if item.item_variant:
        params["item_variant"] = item.item_variant
    if item.discount:
        params["discount"] = format_amount(item.discount)
    return params


def begin_checkout_params(
    currency: str, value: int, items: Sequence[Ga4Item], coupons: Sequence[str] = ()
) -> dict[str, Any]:
    """``begin_checkout``: ``currency``, ``value`` (what the cart costs, minor units in),
    ``coupon`` (comma-separated codes, when any) and ``items``."""
    return _cart_params(currency, value, items, coupons)


def purchase_params(
    *,
    transaction_id: str,
    currency: str,
    value: int,
    tax: int,
    shipping: int,
    items: Sequence[Ga4Item],
    coupons: Sequence[str] = (),
) -> dict[str, Any]:
    """``purchase``: ``transaction_id`` (the order number), ``currency``, ``value`` (the order
    total), ``tax`` (included in it), ``shipping``, ``coupon`` and ``items``."""
    return {
        "transaction_id": transaction_id,
        **_cart_params(currency, value, items, coupons),
        "tax": format_amount(tax),
        "shipping": format_amount(shipping),
    }


def _cart_params(
    currency: str, value: int, items: Sequence[Ga4Item], coupons: Sequence[str]
) -> dict[str, Any]:
    """The parameters every cart event has: ``currency``, ``value`` (minor units in, a decimal
    string out), ``items`` and ``coupon`` (comma-separated codes, only when any)."""
    params: dict[str, Any] = {
        "currency": currency,
        "value": format_amount(value),
        "items": [item_params(i) for i in items],
    }
    if coupons:
        params["coupon"] = ",".join(coupons)
    return params


def record(
    session: Session, event_id: str, name: str, params: dict[str, Any], now: datetime | None = None
) -> bool:
    """Insert the event unless ``event_id`` exists; True when inserted. Flushes nothing else and
    does not commit. ``name`` is ``begin_checkout``, ``purchase`` or ``page_view``. ``created_at``
    is ``now``, or the shop's now (``services/shared/clock.py``)."""
    if name not in (BEGIN_CHECKOUT, PURCHASE, PAGE_VIEW):
        raise ValueError(f"unknown GA4 event {name!r}")
    dialect = session.get_bind().dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    table = Ga4Event.__table__
    stmt = (
        insert(table)
        .values(event_id=event_id, name=name, params=params, created_at=now or clock.now())
        .on_conflict_do_nothing(index_elements=["event_id"])
        .returning(table.c.event_id)
    )
    return session.execute(stmt).first() is not None


__all__ = ["BEGIN_CHECKOUT", "PURCHASE", "Ga4Item", "begin_checkout_params", "purchase_params", "record"]
