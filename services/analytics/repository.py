"""Persistence for analytics events: insert-if-absent by ``event_id``, and simple counts."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from services.analytics.models import ADDED_TO_CART, REMOVED_FROM_CART, AnalyticsEvent


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


__all__ = ["CartEvent", "net_quantities", "record"]
