"""The SQL of the staff order workflow (docs/checkout.md "Order workflow"): the order list with
its filters, the conditional status UPDATE that arbitrates concurrent staff actions, giving
stock back, releasing coupon uses, and the workflow's own rows (status changes, shipments,
refunds). Functions take the caller's ``Session`` and never commit. Money: integer minor units.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import case, func, or_, select, update
from sqlalchemy.orm import Session

from services.catalog.models import Product, Variation
from services.checkout.models import (
    Order,
    OrderCustomer,
    OrderRefund,
    OrderRefundLine,
    OrderShipment,
    OrderStatusChange,
)
from services.discounts.models import Coupon
from services.mail.models import OutboxMail
from services.shared.db import rows_affected
from services.staff.models import StaffUserRecord


@dataclass(frozen=True)
class OrderFilters:
    """The staff list's filters (None: any): ``status`` slug, ``date_from``/``date_to``
    (``date_created`` at or after / before, UTC), ``country`` (ISO code), ``payment_method``
    id, ``search`` (an order number, or part of the buyer's email)."""

    status: str | None = None
    date_from: datetime | None = None
    date_to: datetime | None = None
    country: str | None = None
    payment_method: str | None = None
    search: str | None = None


def page_of_orders(
    session: Session, filters: OrderFilters, *, page: int, per_page: int
) -> tuple[list[tuple[Order, str]], int]:
    """``[(order, buyer email)]`` newest first, page ``page`` (from 1) of ``per_page``, and the
    number of orders matching ``filters``."""
    query = select(Order, func.coalesce(OrderCustomer.email, "")).outerjoin(
        OrderCustomer, OrderCustomer.order_id == Order.id
    )
    if filters.status:
        query = query.where(Order.status == filters.status)
    if filters.date_from:
        query = query.where(Order.date_created >= filters.date_from)
    if filters.date_to:
        query = query.where(Order.date_created < filters.date_to)
    if filters.country:
        query = query.where(Order.country == filters.country.upper())
    if filters.payment_method:
        query = query.where(Order.payment_method == filters.payment_method)
    if filters.search:
        term = filters.search.strip().lstrip("#")
        matches = [func.lower(OrderCustomer.email).contains(term.lower(), autoescape=True)]
        if term.isascii() and term.isdigit() and len(term) <= 12:
            matches.append(Order.id == int(term))
        query = query.where(or_(*matches))
    total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
    rows = session.execute(
        query.order_by(Order.date_created.desc(), Order.id.desc())
        .offset((page - 1) * per_page)
        .limit(per_page)
    ).all()
    return [(order, email) for order, email in rows], int(total)


def claim(session: Session, order_id: int, version: int, values: dict[str, Any]) -> bool:
    """Set ``values`` on the order and bump its ``version`` in ONE conditional UPDATE, only
    while it is still at ``version``; True when it did. The arbiter of concurrent staff
    actions: PostgreSQL's row lock makes a second UPDATE wait and then find the version moved
    on; SQLite's single writer (taken first, ``repository.take_write_lock``) serialises them."""
    result = session.execute(
        update(Order)
        .where(Order.id == order_id, Order.version == version)
        .values(**values, version=Order.version + 1)
        .execution_options(synchronize_session=False)
    )
    return rows_affected(result) == 1


def give_stock(session: Session, product_id: int, variation_id: int | None, units: int) -> bool:
    """Put ``units`` back on a managed stock row (the product, or the variation when
    ``variation_id`` is set), the reverse of ``repository.take_stock``; True when the row
    manages stock (a row that does not is left alone). ``stock_status`` becomes ``instock``
    once the quantity is above 0."""
    table = Variation.__table__ if variation_id is not None else Product.__table__
    row_id = variation_id if variation_id is not None else product_id
    quantity = func.coalesce(table.c.stock_quantity, 0)
    result = session.execute(
        update(table)
        .where(table.c.id == row_id, table.c.manage_stock.is_(True))
        .values(
            stock_quantity=quantity + units,
            stock_status=case((quantity + units > 0, "instock"), else_=table.c.stock_status),
        )
        .execution_options(synchronize_session=False)
    )
    return rows_affected(result) == 1


def release_coupon_use(session: Session, code: str, entry: str) -> bool:
    """Undo one use of coupon ``code`` counted when an order was placed
    (``coupons.count_uses``): ``usage_count`` minus one (never below 0) and one ``entry`` (the
    buyer's lower-case email, or ``erased:order:<id>`` once erased) removed from ``used_by``.
    False when the coupon no longer exists."""
    coupon = session.scalars(select(Coupon).where(Coupon.code == code).with_for_update()).first()
    if coupon is None:
        return False
    session.execute(
        update(Coupon)
        .where(Coupon.id == coupon.id)
        .values(usage_count=case((Coupon.usage_count > 0, Coupon.usage_count - 1), else_=0))
        .execution_options(synchronize_session=False)
    )
    used_by = list(session.scalar(select(Coupon.used_by).where(Coupon.id == coupon.id)) or [])
    for index, value in enumerate(used_by):
        if value.strip().lower() == entry:
            del used_by[index]
            break
    session.execute(
        update(Coupon)
        .where(Coupon.id == coupon.id)
        .values(used_by=used_by)
        .execution_options(synchronize_session=False)
    )
    return True


def add_status_change(session: Session, change: OrderStatusChange) -> None:
    """Append one row to the order's history (flushes)."""
    session.add(change)
    session.flush()


def add_shipment(session: Session, shipment: OrderShipment) -> None:
    """Insert a shipment (flushes)."""
    session.add(shipment)
    session.flush()


def add_refund(session: Session, refund: OrderRefund, lines: Sequence[OrderRefundLine]) -> None:
    """Insert a refund and its lines (flushes; the lines get the refund's id)."""
    session.add(refund)
    session.flush()
    for line in lines:
        line.refund_id = refund.id
    session.add_all(list(lines))
    session.flush()


def status_changes_of(session: Session, order_id: int) -> list[OrderStatusChange]:
    """The order's history, oldest first."""
    return list(
        session.scalars(
            select(OrderStatusChange)
            .where(OrderStatusChange.order_id == order_id)
            .order_by(OrderStatusChange.at, OrderStatusChange.id)
        )
    )


def shipments_of(session: Session, order_id: int) -> list[OrderShipment]:
    """The order's shipments, oldest first."""
    return list(
        session.scalars(
            select(OrderShipment).where(OrderShipment.order_id == order_id).order_by(OrderShipment.id)
        )
    )


def refund_rows(session: Session, order_id: int) -> list[OrderRefund]:
    """The order's refunds, oldest first, without their lines (one query; for the shopper's
    order page, docs/spec.md section 2.12)."""
    return list(
        session.scalars(select(OrderRefund).where(OrderRefund.order_id == order_id).order_by(OrderRefund.id))
    )


def refunds_of(session: Session, order_id: int) -> list[tuple[OrderRefund, list[OrderRefundLine]]]:
    """The order's refunds, oldest first, each with its lines."""
    refunds = refund_rows(session, order_id)
    lines = (
        list(
            session.scalars(
                select(OrderRefundLine)
                .where(OrderRefundLine.refund_id.in_([r.id for r in refunds]))
                .order_by(OrderRefundLine.id)
            )
        )
        if refunds
        else []
    )
    return [(r, [line for line in lines if line.refund_id == r.id]) for r in refunds]


def mails_of(session: Session, order_id: int) -> list[OutboxMail]:
    """The order's mails (``mail_outbox`` rows with reference ``order:<id>``), oldest first."""
    return list(
        session.scalars(
            select(OutboxMail).where(OutboxMail.reference == f"order:{order_id}").order_by(OutboxMail.id)
        )
    )


def staff_emails(session: Session, staff_ids: Sequence[int | None]) -> dict[int, str]:
    """Staff user id -> the account's email, for the ids given that still have an account (a
    deleted account is simply absent: the history keeps its id)."""
    wanted = {i for i in staff_ids if i is not None}
    if not wanted:
        return {}
    rows = session.execute(
        select(StaffUserRecord.id, StaffUserRecord.email).where(StaffUserRecord.id.in_(wanted))
    )
    return {row.id: row.email for row in rows}


def erase_staff_notes(session: Session, order_id: int) -> None:
    """Blank what staff typed about order ``order_id`` (history ``staff_note`` and refund
    ``reason``: free text that may hold the buyer's personal data). Blanking ``staff_note`` is
    the one UPDATE the history's append-only triggers allow. Does not commit."""
    session.execute(
        update(OrderStatusChange)
        .where(OrderStatusChange.order_id == order_id, OrderStatusChange.staff_note != "")
        .values(staff_note="")
        .execution_options(synchronize_session=False)
    )
    session.execute(
        update(OrderRefund)
        .where(OrderRefund.order_id == order_id, OrderRefund.reason != "")
        .values(reason="")
        .execution_options(synchronize_session=False)
    )
