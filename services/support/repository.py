"""All SQL of the support console (docs/spec.md section 2.14): the support index, the orders and
customers it reads, and the append-only audit log. Queries named by intent; nothing here
commits (the request or command boundary does)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from services.checkout.models import Order, OrderCustomer
from services.staff.models import StaffUserRecord
from services.support.models import SupportAudit, SupportCart, SupportCartKey


def carts_by_reference(session: Session, reference: str, limit: int | None = None) -> list[SupportCart]:
    """Index rows whose support reference is ``reference`` (``"XXX-XXX"``), newest activity
    first, at most ``limit`` (all when None)."""
    query = (
        select(SupportCart)
        .where(SupportCart.reference == reference)
        .order_by(SupportCart.last_activity.desc())
    )
    if limit is not None:
        query = query.limit(limit)
    return list(session.scalars(query))


def cart_ids_by_key(session: Session, kind: str, value: str, limit: int) -> list[str]:
    """Cart ids the index finds by the key ``(kind, value)`` (exact match), newest activity
    first, at most ``limit`` (a popular SKU may be in many thousands of carts)."""
    return list(
        session.scalars(
            select(SupportCartKey.cart_id)
            .join(SupportCart, SupportCart.cart_id == SupportCartKey.cart_id)
            .where(SupportCartKey.kind == kind, SupportCartKey.value == value)
            .order_by(SupportCart.last_activity.desc())
            .limit(limit)
        )
    )


def cart_id_of_order(session: Session, order_id: int) -> str | None:
    """The cart an order was placed from, or None for no such order."""
    return session.scalar(select(Order.cart_id).where(Order.id == order_id))


def cart_ids_of_email(session: Session, email: str, limit: int) -> list[str]:
    """Carts of the orders whose (not erased) customer email is ``email``, case-insensitively,
    newest order first, at most ``limit`` carts."""
    rows = session.execute(
        select(Order.cart_id, func.max(Order.date_created).label("last_order"))
        .join(OrderCustomer, OrderCustomer.order_id == Order.id)
        .where(
            func.lower(OrderCustomer.email) == email.strip().lower(),
            OrderCustomer.erased_at.is_(None),
            OrderCustomer.email != "",
        )
        .group_by(Order.cart_id)
        .order_by(func.max(Order.date_created).desc())
        .limit(limit)
    )
    return [cart_id for cart_id, _ in rows]


def index_rows(session: Session, cart_ids: Iterable[str]) -> dict[str, SupportCart]:
    """The index rows of ``cart_ids`` that exist, by cart id."""
    ids = sorted(set(cart_ids))
    if not ids:
        return {}
    return {
        row.cart_id: row for row in session.scalars(select(SupportCart).where(SupportCart.cart_id.in_(ids)))
    }


def orders_of_cart(session: Session, cart_id: str) -> list[tuple[Order, OrderCustomer | None]]:
    """The orders placed from ``cart_id`` with their customer rows, oldest first."""
    rows = session.execute(
        select(Order, OrderCustomer)
        .outerjoin(OrderCustomer, OrderCustomer.order_id == Order.id)
        .where(Order.cart_id == cart_id)
        .order_by(Order.date_created, Order.id)
    )
    return [(order, customer) for order, customer in rows]


def add_audit(
    session: Session,
    *,
    at: datetime,
    staff_id: int | None,
    channel: str,
    view: str,
    cart_id: str | None = None,
    version: int | None = None,
    query: str | None = None,
    result_count: int | None = None,
) -> SupportAudit:
    """Append one audit entry (flushed, so it has its id). Never updated or deleted."""
    entry = SupportAudit(
        at=at,
        staff_id=staff_id,
        channel=channel,
        view=view,
        cart_id=cart_id,
        version=version,
        query=query,
        result_count=result_count,
    )
    session.add(entry)
    session.flush()
    return entry


def audit_page(
    session: Session, *, limit: int, before_id: int | None
) -> Sequence[tuple[SupportAudit, StaffUserRecord | None]]:
    """Up to ``limit`` audit entries with ids below ``before_id`` (all when None), newest first,
    each with its staff user (None when there is none or it was deleted)."""
    query = (
        select(SupportAudit, StaffUserRecord)
        .outerjoin(StaffUserRecord, StaffUserRecord.id == SupportAudit.staff_id)
        .order_by(SupportAudit.id.desc())
        .limit(limit)
    )
    if before_id is not None:
        query = query.where(SupportAudit.id < before_id)
    return [(entry, staff) for entry, staff in session.execute(query)]


def references_of(session: Session, cart_ids: Iterable[str]) -> dict[str, str]:
    """The support references of the indexed carts among ``cart_ids``."""
    return {row.cart_id: row.reference for row in index_rows(session, cart_ids).values()}
