"""Tables of the support console (Alembic revision 0013; docs/support.md, docs/spec.md section
2.14): the support index (``support_carts`` and ``support_cart_keys``, a projection of the cart
log kept by ``services/support/projection.py``) and the append-only ``support_audit``.

No personal data in any of them: the index holds cart figures, SKUs, coupon codes and order
numbers; the audit stores ``"[email]"`` in place of a searched address. Shoppers' emails and
names stay in ``order_customers`` (erasable). Times are UTC.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from services.shared.db import Base


class SupportCart(Base):
    """One row per cart: what a search result shows without replaying the cart.

    Columns:
        cart_id: the cart aggregate's id (UUID text).
        reference: its support reference ``"XXX-XXX"`` (``services/support/reference.py``).
        version: the cart version the row was computed at.
        country, currency: the cart's country (ISO 3166-1 alpha-2) and currency (ISO 4217).
        line_count, item_count: lines in the cart, and the sum of their counts.
        total: the cart's total in minor units of ``currency``, after coupons.
        checkout_started: whether the shopper reached checkout.
        order_numbers: the orders placed from the cart (9-digit numbers as text), oldest first.
        first_activity, last_activity: the cart's first and latest event (UTC).
    """

    __tablename__ = "support_carts"

    cart_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    reference: Mapped[str] = mapped_column(String(7), nullable=False, index=True)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    country: Mapped[str] = mapped_column(String(2), nullable=False)
    currency: Mapped[str] = mapped_column(String(3), nullable=False)
    line_count: Mapped[int] = mapped_column(Integer, nullable=False)
    item_count: Mapped[int] = mapped_column(Integer, nullable=False)
    total: Mapped[int] = mapped_column(BigInteger, nullable=False)
    checkout_started: Mapped[bool] = mapped_column(Boolean, nullable=False)
    order_numbers: Mapped[list[str]] = mapped_column(JSON, nullable=False)
    first_activity: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    last_activity: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, index=True)


class SupportCartKey(Base):
    """A search key of a cart: ``kind`` ``"sku"`` (upper case), ``"coupon"`` (lower case,
    applied or refused) or ``"order"`` (the order number); one row per (kind, value, cart)."""

    __tablename__ = "support_cart_keys"

    kind: Mapped[str] = mapped_column(String(10), primary_key=True)
    value: Mapped[str] = mapped_column(String(200), primary_key=True)
    cart_id: Mapped[str] = mapped_column(String(36), primary_key=True)


class SupportAudit(Base):
    """One look at the support console: append-only (database triggers refuse UPDATE and
    DELETE on SQLite and PostgreSQL, revision 0013).

    Columns:
        id: increasing entry number.
        at: when (UTC).
        staff_id: the staff user who looked (no foreign key: the entry outlives the account);
            None from the command line.
        channel: ``"api"`` or ``"cli"``.
        view: ``"search"``, ``"timeline"``, ``"export_json"`` or ``"export_csv"``.
        cart_id: the cart looked at (None for a search).
        version: the cart version shown (None for a search).
        query: the search text (``"[email]"`` when it contained an ``@``), None otherwise.
        result_count: how many carts a search found (None otherwise).
    """

    __tablename__ = "support_audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    staff_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    channel: Mapped[str] = mapped_column(String(10), nullable=False)
    view: Mapped[str] = mapped_column(String(20), nullable=False)
    cart_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    query: Mapped[str | None] = mapped_column(String(200), nullable=True)
    result_count: Mapped[int | None] = mapped_column(Integer, nullable=True)


__all__ = ["SupportAudit", "SupportCart", "SupportCartKey"]
