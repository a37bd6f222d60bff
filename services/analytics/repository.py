"""Persistence for analytics: insert-if-absent of storefront events by ``event_id``, simple
counts, and the analytics dashboard's reads of the ``analytics_*`` read models (queries named
by intent, each over a closed range of UTC days; docs/spec.md section 2.15)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import Select, Table, and_, case, exists, func, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from services.analytics.models import ADDED_TO_CART, REMOVED_FROM_CART, AnalyticsEvent
from services.analytics.read_models import (
    AnalyticsAbandonedCart,
    AnalyticsCartEvent,
    AnalyticsConfiguratorChoice,
    AnalyticsCouponLedger,
    AnalyticsFunnelDaily,
    AnalyticsProductDaily,
    AnalyticsRevenueDaily,
)
from services.catalog.models import Product


@dataclass(frozen=True)
class CartEvent:
    """A validated analytics event. ``quantity`` > 0 (units); ``variation_id`` None when absent."""

    event_id: str
    name: str
    cid: str
    product_id: int
    variation_id: int | None
    quantity: int


def record(session: Session, event: CartEvent, now: datetime | None = None) -> bool:
    """Insert ``event`` unless a row with its ``event_id`` exists; True when inserted.

    Atomic on both databases (``INSERT ... ON CONFLICT (event_id) DO NOTHING``), so concurrent
    retries of one event record it once. Flushes, does not commit (the caller owns the
    transaction). A retry with the same ``event_id`` but other values is ignored too: the
    first recording wins.
    """
    values = {
        "event_id": event.event_id,
        "name": event.name,
        "cid": event.cid,
        "product_id": event.product_id,
        "variation_id": event.variation_id,
        "quantity": event.quantity,
        "received_at": now or datetime.now(UTC),
    }
    dialect = session.get_bind().dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    stmt = (
        insert(AnalyticsEvent.__table__)
        .values(**values)
        .on_conflict_do_nothing(index_elements=["event_id"])
        .returning(AnalyticsEvent.__table__.c.event_id)
    )
    return session.execute(stmt).first() is not None


def net_quantities(session: Session) -> dict[tuple[int, int | None], dict[str, int]]:
    """Per ``(product_id, variation_id)``: ``{"added", "removed"}`` units recorded so far."""
    rows = session.execute(
        select(
            AnalyticsEvent.product_id,
            AnalyticsEvent.variation_id,
            AnalyticsEvent.name,
            func.sum(AnalyticsEvent.quantity),
        ).group_by(AnalyticsEvent.product_id, AnalyticsEvent.variation_id, AnalyticsEvent.name)
    ).all()
    out: dict[tuple[int, int | None], dict[str, int]] = {}
    for product_id, variation_id, name, quantity in rows:
        entry = out.setdefault((product_id, variation_id), {"added": 0, "removed": 0})
        if name in (ADDED_TO_CART, REMOVED_FROM_CART):
            entry["added" if name == ADDED_TO_CART else "removed"] += int(quantity or 0)
    return out


# --- The analytics dashboard's reads (docs/spec.md section 2.15) --------------------------------
# Every function reads the rows whose ``day`` lies in ``start``..``end`` (both inclusive, UTC
# calendar days). Money is summed per currency only (never EUR with USD).

DASHBOARD_TABLES: dict[str, Table] = {
    model.__tablename__: model.__table__
    for model in (
        AnalyticsCartEvent,
        AnalyticsFunnelDaily,
        AnalyticsProductDaily,
        AnalyticsAbandonedCart,
        AnalyticsCouponLedger,
        AnalyticsRevenueDaily,
        AnalyticsConfiguratorChoice,
    )
}
"""The seven public read-model tables of the analytics projections, by table name (the CSV
downloads); their private state tables are not here."""


def funnel_by_day(session: Session, start: date, end: date) -> Sequence[Sequence[Any]]:
    """Per day that has carts: ``(day, carts_started, carts_with_add, checkouts_started,
    orders_placed)``, summed over countries and currencies (counts of carts), oldest first."""
    f = AnalyticsFunnelDaily
    return session.execute(
        select(
            f.day,
            func.sum(f.carts_started),
            func.sum(f.carts_with_add),
            func.sum(f.checkouts_started),
            func.sum(f.orders_placed),
        )
        .where(f.day.between(start, end))
        .group_by(f.day)
        .order_by(f.day)
    ).all()


_REVENUE_SUMS = (
    func.sum(AnalyticsRevenueDaily.orders),
    func.sum(AnalyticsRevenueDaily.items),
    func.sum(AnalyticsRevenueDaily.subtotal),
    func.sum(AnalyticsRevenueDaily.discount),
    func.sum(AnalyticsRevenueDaily.shipping),
    func.sum(AnalyticsRevenueDaily.tax),
    func.sum(AnalyticsRevenueDaily.total),
)


def revenue_by_day(session: Session, start: date, end: date) -> Sequence[Sequence[Any]]:
    """Per day and currency: ``(day, currency, orders, items, subtotal, discount, shipping,
    tax, total)`` (money: minor units of ``currency``), by day then currency."""
    r = AnalyticsRevenueDaily
    return session.execute(
        select(r.day, r.currency, *_REVENUE_SUMS)
        .where(r.day.between(start, end))
        .group_by(r.day, r.currency)
        .order_by(r.day, r.currency)
    ).all()


def revenue_by_country(session: Session, start: date, end: date) -> Sequence[Sequence[Any]]:
    """Per country and currency: ``(country, currency, orders, items, subtotal, discount,
    shipping, tax, total)`` over the range, by currency, then highest total first."""
    r = AnalyticsRevenueDaily
    total = func.sum(r.total)
    return session.execute(
        select(r.country, r.currency, *_REVENUE_SUMS)
        .where(r.day.between(start, end))
        .group_by(r.country, r.currency)
        .order_by(r.currency, total.desc(), r.country)
    ).all()


def top_products(session: Session, start: date, end: date, limit: int) -> Sequence[Sequence[Any]]:
    """The ``limit`` products with the most units added, variations summed: ``(product_id,
    name, sku, adds, removes, net_quantity, orders, units_sold, removals_after_price_change)``
    (``name``/``sku`` from the catalogue's ``products`` row, None when it is gone), most units
    added first (then product id)."""
    p = AnalyticsProductDaily
    adds = func.sum(p.adds)
    return session.execute(
        select(
            p.product_id,
            Product.name,
            Product.sku,
            adds,
            func.sum(p.removes),
            func.sum(p.net_quantity),
            func.sum(p.orders),
            func.sum(p.units_sold),
            func.sum(p.removals_after_price_change),
        )
        .outerjoin(Product, Product.id == p.product_id)
        .where(p.day.between(start, end))
        .group_by(p.product_id, Product.name, Product.sku)
        .order_by(adds.desc(), p.product_id)
        .limit(limit)
    ).all()


def abandonment_by_step(session: Session, start: date, end: date) -> Sequence[Sequence[Any]]:
    """Carts abandoned on a day of the range, per ``last_step`` (``cart``/``checkout``) and
    currency: ``(last_step, currency, carts, items, value, returned, ordered_after)`` (``value``
    the carts' totals in minor units of ``currency``; ``returned`` carts with activity after
    they were abandoned; ``ordered_after`` those that then ordered)."""
    a = AnalyticsAbandonedCart
    return session.execute(
        select(
            a.last_step,
            a.currency,
            func.count(),
            func.sum(a.item_count),
            func.sum(a.value),
            func.count(a.returned_at),
            func.sum(case((a.ordered_after, 1), else_=0)),
        )
        .where(a.day.between(start, end))
        .group_by(a.last_step, a.currency)
        .order_by(a.last_step, a.currency)
    ).all()


def coupon_refusals(session: Session, start: date, end: date) -> Sequence[Sequence[Any]]:
    """Coupon refusals on days of the range, per code (lower case) and refusal code:
    ``(coupon_code, refusal_code, refusals, carts, carts_ordered_after)``; a cart ordered after
    a refusal when the same cart has a later (higher version) ``redeemed`` ledger row or
    ``OrderPlaced`` event, whenever it came. Most refusals first."""
    ledger = AnalyticsCouponLedger
    later = AnalyticsCouponLedger.__table__.alias("later")
    order = AnalyticsCartEvent
    ordered_after = exists().where(
        and_(
            later.c.cart_id == ledger.cart_id, later.c.version > ledger.version, later.c.action == "redeemed"
        )
    ) | exists().where(
        and_(
            order.cart_id == ledger.cart_id, order.version > ledger.version, order.event_type == "OrderPlaced"
        )
    )
    refusals = func.count()
    refusal_code = func.coalesce(ledger.refusal_code, "")
    return session.execute(
        select(
            ledger.coupon_code,
            refusal_code,
            refusals,
            func.count(ledger.cart_id.distinct()),
            func.count(case((ordered_after, ledger.cart_id)).distinct()),
        )
        .where(ledger.action == "refused", ledger.day.between(start, end))
        .group_by(ledger.coupon_code, refusal_code)
        .order_by(refusals.desc(), ledger.coupon_code, refusal_code)
    ).all()


def configurator_choices(session: Session, start: date, end: date) -> Sequence[Sequence[Any]]:
    """Configurator choices summed over the range, per product, layer and choice: ``(product_id,
    product name or None, layer_id, layer_name, choice_id, choice_name, selected, added,
    removed, ordered)`` (units; names as last recorded), by product, layer, then most selected."""
    c = AnalyticsConfiguratorChoice
    selected = func.sum(c.selected)
    return session.execute(
        select(
            c.product_id,
            Product.name,
            c.layer_id,
            func.max(c.layer_name),
            c.choice_id,
            func.max(c.choice_name),
            selected,
            func.sum(c.added),
            func.sum(c.removed),
            func.sum(c.ordered),
        )
        .outerjoin(Product, Product.id == c.product_id)
        .where(c.day.between(start, end))
        .group_by(c.product_id, Product.name, c.layer_id, c.choice_id)
        .order_by(c.product_id, c.layer_id, selected.desc(), c.choice_id)
    ).all()


def event_time_at(session: Session, position: int) -> datetime | None:
    """When the cart event at notification ``position`` (or the last one recorded before it)
    occurred, from ``analytics_cart_events``; None when no event up to it is recorded there."""
    e = AnalyticsCartEvent
    return session.execute(
        select(e.occurred_at).where(e.notification_id <= position).order_by(e.notification_id.desc()).limit(1)
    ).scalar()


def table_rows(name: str, start: date, end: date) -> Select[tuple[object, ...]]:
    """The rows of read-model table ``name`` (a key of :data:`DASHBOARD_TABLES`) whose ``day``
    is in the range, every column in table order, by day then primary key. KeyError for
    another name."""
    table = DASHBOARD_TABLES[name]
    keys = [c for c in table.primary_key.columns if c.name != "day"]
    return select(*table.columns).where(table.c.day.between(start, end)).order_by(table.c.day, *keys)


__all__ = [
    "DASHBOARD_TABLES",
    "CartEvent",
    "abandonment_by_step",
    "configurator_choices",
    "coupon_refusals",
    "event_time_at",
    "funnel_by_day",
    "net_quantities",
    "record",
    "revenue_by_country",
    "revenue_by_day",
    "table_rows",
    "top_products",
]
