"""Tables of the checkout context: shipping zones and rates, orders, their lines and customers.

Money columns are BigInteger minor units (cents) of the order's ``currency``. Personal data
(email, names, address, phone, note) lives only in ``order_customers``, one row per order, so
it can be erased (``service.erase_personal_data``) without touching the order's figures;
nothing personal goes into cart events (docs/targets.md section 6.4). Order ids are random 9-digit numbers (not
sequential, cannot be enumerated); the buyer's ``order_key`` is never stored, only its SHA-256.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from services.shared.db import Base


class ShippingZone(Base):
    """A shipping zone: the ``countries`` (ISO codes) it covers, matched in ``position`` order.
    A zone with no countries covers every country no earlier zone names (rest of the world)."""

    __tablename__ = "shipping_zones"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    position: Mapped[int] = mapped_column(Integer, default=0)
    countries: Mapped[list[str]] = mapped_column(JSON, default=list)


class ShippingRate(Base):
    """A flat-rate shipping method of a zone. ``id`` is what the shopper sends as
    ``shipping_method`` (e.g. ``eu_standard``). ``cost`` minor units of ``currency``; free when
    the items total after discounts is at least ``free_over`` (None: never free)."""

    __tablename__ = "shipping_rates"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    zone_id: Mapped[int] = mapped_column(ForeignKey("shipping_zones.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(String(100))
    currency: Mapped[str] = mapped_column(String(3))
    cost: Mapped[int] = mapped_column(BigInteger)
    free_over: Mapped[int | None] = mapped_column(BigInteger)
    position: Mapped[int] = mapped_column(Integer, default=0)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)


class Order(Base):
    """A placed order (docs/spec.md section 3 "Order": id, date_created, total, currency,
    payment_method_title; plus what the order page and staff need).

    ``id``: random 9-digit public number. ``order_key_hash``: SHA-256 hex of the buyer's key.
    ``cart_id``/``cart_version``: the cart (aggregate id, never the token) and the version it was
    ordered at; unique together, so one cart state becomes at most one order. ``idempotency_key``
    is unique per cart; ``request_hash`` fingerprints the request it came with.
    """

    __tablename__ = "orders"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    order_key_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(20))
    currency: Mapped[str] = mapped_column(String(3))
    country: Mapped[str] = mapped_column(String(2))
    subtotal: Mapped[int] = mapped_column(BigInteger)
    discount: Mapped[int] = mapped_column(BigInteger)
    shipping: Mapped[int] = mapped_column(BigInteger)
    tax: Mapped[int] = mapped_column(BigInteger)
    total: Mapped[int] = mapped_column(BigInteger)
    tax_name: Mapped[str] = mapped_column(String(100))
    tax_rate_bp: Mapped[int] = mapped_column(Integer)
    shipping_method: Mapped[str] = mapped_column(String(64))
    shipping_method_title: Mapped[str] = mapped_column(String(100))
    payment_method: Mapped[str] = mapped_column(String(32))
    payment_method_title: Mapped[str] = mapped_column(String(100))
    coupons: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)  # [{code, discount}]
    cart_id: Mapped[str] = mapped_column(String(36))
    cart_version: Mapped[int] = mapped_column(Integer)
    idempotency_key: Mapped[str] = mapped_column(String(200))
    request_hash: Mapped[str] = mapped_column(String(64))
    date_created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # The staff workflow (revision 0016, docs/checkout.md "Order workflow"): ``version`` counts
    # the order's changes (every staff action's conditional UPDATE checks and bumps it);
    # ``date_paid``/``date_completed`` when it was marked paid / shipped (UTC).
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    date_paid: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    date_completed: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    __table_args__ = (
        UniqueConstraint("cart_id", "idempotency_key", name="uq_orders_cart_id_idempotency_key"),
        UniqueConstraint("cart_id", "cart_version", name="uq_orders_cart_id_cart_version"),
        Index("ix_orders_date_created", "date_created"),
    )


class OrderLine(Base):
    """One ordered line: what was sold, at what price (minor units of the order's currency).

    ``unit_price`` includes the configuration's extras; ``subtotal`` = unit_price x count;
    ``discount`` is what coupons took off the line; ``total`` = subtotal - discount.
    ``configuration``: the chosen configurator options as the cart recorded them.
    """

    __tablename__ = "order_lines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    order_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("orders.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    product_id: Mapped[int] = mapped_column(Integer)
    variation_id: Mapped[int | None] = mapped_column(Integer)
    sku: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(200))
    variation_label: Mapped[str] = mapped_column(String(200), default="")
    count: Mapped[int] = mapped_column(Integer)
    unit_price: Mapped[int] = mapped_column(BigInteger)
    subtotal: Mapped[int] = mapped_column(BigInteger)
    discount: Mapped[int] = mapped_column(BigInteger)
    total: Mapped[int] = mapped_column(BigInteger)
    configuration: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON)
    preorder: Mapped[bool] = mapped_column(Boolean, default=False)  # a pre-order when ordered (0017)


class OrderCustomer(Base):
    """The buyer's contact and address for one order: the only personal data of an order.
    ``erased_at`` is set (and every other field blanked) by ``erase_personal_data``."""

    __tablename__ = "order_customers"

    order_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("orders.id", ondelete="CASCADE"), primary_key=True
    )
    email: Mapped[str] = mapped_column(String(320))
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100))
    company: Mapped[str] = mapped_column(String(100), default="")
    address_1: Mapped[str] = mapped_column(String(200))
    address_2: Mapped[str] = mapped_column(String(200), default="")
    city: Mapped[str] = mapped_column(String(100))
    postcode: Mapped[str] = mapped_column(String(20))
    state: Mapped[str] = mapped_column(String(100), default="")
    country: Mapped[str] = mapped_column(String(2))
    phone: Mapped[str] = mapped_column(String(40), default="")
    customer_note: Mapped[str] = mapped_column(Text, default="")
    erased_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class OrderStatusChange(Base):
    """One staff action on an order, APPEND-ONLY (DELETE and every UPDATE but one refused by
    triggers on both dialects, revision 0016): ``at`` (UTC), ``staff_id`` (a staff user id,
    never an email), ``action`` (``order_workflow.OrderAction``), ``from_status``/``to_status``
    (equal when the status stayed, e.g. a partial refund), ``note`` (what was done, in words,
    written by the shop: carrier and tracking number, refunded amount, resent mail; no personal
    data) and ``staff_note`` (what the staff member typed: free text that may hold personal
    data, so erasing the order's personal data blanks it; blanking it is the one UPDATE the
    triggers allow; docs/checkout.md "Personal data")."""

    __tablename__ = "order_status_changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    order_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("orders.id"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    staff_id: Mapped[int | None] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(20))
    from_status: Mapped[str] = mapped_column(String(20))
    to_status: Mapped[str] = mapped_column(String(20))
    note: Mapped[str] = mapped_column(Text, default="")
    staff_note: Mapped[str] = mapped_column(Text, default="")


class OrderShipment(Base):
    """A parcel sent for an order: ``carrier``, ``tracking_number``, ``shipped_at`` (UTC) and
    the ``staff_id`` who marked it shipped."""

    __tablename__ = "order_shipments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    order_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("orders.id"), index=True)
    carrier: Mapped[str] = mapped_column(String(100))
    tracking_number: Mapped[str] = mapped_column(String(100))
    shipped_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    staff_id: Mapped[int | None] = mapped_column(Integer)


class OrderRefund(Base):
    """A refund of an order: ``amount`` minor units of the order's currency (lines plus
    ``shipping``), ``reason``, when and by whom. Its lines are :class:`OrderRefundLine`."""

    __tablename__ = "order_refunds"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    order_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("orders.id"), index=True)
    amount: Mapped[int] = mapped_column(BigInteger)
    shipping: Mapped[int] = mapped_column(BigInteger, default=0)
    reason: Mapped[str] = mapped_column(String(500), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    staff_id: Mapped[int | None] = mapped_column(Integer)


class OrderRefundLine(Base):
    """``quantity`` units of order line ``order_line_id`` given back in a refund for ``amount``
    minor units; ``restocked`` when they went back into stock."""

    __tablename__ = "order_refund_lines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    refund_id: Mapped[int] = mapped_column(ForeignKey("order_refunds.id"), index=True)
    order_line_id: Mapped[int] = mapped_column(ForeignKey("order_lines.id"))
    quantity: Mapped[int] = mapped_column(Integer)
    amount: Mapped[int] = mapped_column(BigInteger)
    restocked: Mapped[bool] = mapped_column(Boolean, default=False)


__all__ = [
    "Order",
    "OrderCustomer",
    "OrderLine",
    "OrderRefund",
    "OrderRefundLine",
    "OrderShipment",
    "OrderStatusChange",
    "ShippingRate",
    "ShippingZone",
]
