"""The cart read model: ``cart_current`` (one row per cart) and ``projection_tracking``.

Both tables belong to the relational database (``DATABASE_URL``, Alembic revision 0003), not
to the event store. ``services/cart/projection.py`` keeps them up to date from the cart
application's notification log: every batch of events upserts the affected ``cart_current``
rows AND moves the projection's ``projection_tracking`` row in one transaction, so each event
is applied exactly once and a crashed projector resumes where its last commit left off.

Money columns are integer minor units (cents). Analysts query these tables (docs/analytics.md);
cart events themselves are opaque JSON bytes.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from services.shared.db import Base


class CartCurrent(Base):
    """The current state of one cart, as of the projection's tracked position.

    Columns:
        cart_id: the aggregate id (UUID string, 36 chars); the holder's token is never stored.
        version: the cart's version (number of events) the row reflects.
        country, currency: shipping country code and its currency ("EUR"/"USD").
        line_count: number of lines (a line with count 0 still counts: it is shown).
        item_count: sum of the lines' counts.
        subtotal_eur, subtotal_usd: what the lines cost in each currency (``rules.totals``),
            minor units, whatever the cart's own currency is (so carts compare across currencies).
        total: the total in the cart's ``currency``, minor units, tax included, after coupons.
        tax_included: the tax contained in ``total`` at the country's rate, minor units.
        discount: what the applied coupons take off, minor units of ``currency`` (0: none).
        last_order_id: the order the cart last became (``OrderPlaced``), or null.
        preorder: some line is a pre-order (docs/spec.md section 4).
        checkout_started: the shopper reached checkout with these lines (reset by a later change).
        lines: ``[{"line_id", "product_id", "variation_id", "sku", "count"}]`` in cart order.
        started_at: timestamp of the ``Started`` event (UTC).
        last_activity: timestamp of the cart's latest event (UTC).
        refused_count: how many commands a rule refused on this cart (``CommandRefused`` events).
    """

    __tablename__ = "cart_current"

    cart_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    country: Mapped[str] = mapped_column(String(8), nullable=False)
    currency: Mapped[str] = mapped_column(String(3), nullable=False)
    line_count: Mapped[int] = mapped_column(Integer, nullable=False)
    item_count: Mapped[int] = mapped_column(Integer, nullable=False)
    subtotal_eur: Mapped[int] = mapped_column(BigInteger, nullable=False)
    subtotal_usd: Mapped[int] = mapped_column(BigInteger, nullable=False)
    total: Mapped[int] = mapped_column(BigInteger, nullable=False)
    tax_included: Mapped[int] = mapped_column(BigInteger, nullable=False)
    discount: Mapped[int] = mapped_column(BigInteger, nullable=False, server_default="0")
    last_order_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    preorder: Mapped[bool] = mapped_column(Boolean, nullable=False)
    checkout_started: Mapped[bool] = mapped_column(Boolean, nullable=False)
    lines: Mapped[list[dict[str, Any]]] = mapped_column(JSON, nullable=False)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    last_activity: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    refused_count: Mapped[int] = mapped_column(Integer, nullable=False, default=0)

    __table_args__ = (Index("ix_cart_current_last_activity", "last_activity"),)


class ProjectionTracking(Base):
    """How far a projection has read an application's notification log.

    ``notification_id`` is the id of the last notification whose effects are committed in the
    projection's tables (0: nothing yet). It only moves forward, inside the same transaction as
    the projection's rows; a writer moves it with compare-and-set (``WHERE notification_id =
    <what I read>``), so two projectors never apply the same events twice.
    """

    __tablename__ = "projection_tracking"

    projection_name: Mapped[str] = mapped_column(String(100), primary_key=True)
    application_name: Mapped[str] = mapped_column(String(100), primary_key=True)
    notification_id: Mapped[int] = mapped_column(BigInteger, nullable=False)


__all__ = ["CartCurrent", "ProjectionTracking"]
