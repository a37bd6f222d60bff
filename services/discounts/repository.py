"""The coupon SQL, in one place (docs/spec.md sections 3 and 5): every reader and writer of the
``coupons`` table (staff coupon API, admin views, cart, checkout, erasure) goes through here.

Functions take the caller's ``Session`` and never commit. Codes are compared as stored
(lower-case, see :func:`services.discounts.domain.normalize_code`); emails are compared
trimmed and lower-case.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import CursorResult, func, or_, select, update
from sqlalchemy.orm import Session

from services.discounts.domain import CouponFacts, normalize_code
from services.discounts.models import Coupon


def page_of(session: Session, *, search: str | None, page: int, per_page: int) -> tuple[list[Coupon], int]:
    """Coupons by id, page ``page`` (from 1) of ``per_page``, and the total count. ``search``
    matches code or description (case-insensitive substring)."""
    query = select(Coupon)
    if search:
        pattern = f"%{search.strip().lower()}%"
        query = query.where(or_(Coupon.code.like(pattern), func.lower(Coupon.description).like(pattern)))
    total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
    rows = session.scalars(query.order_by(Coupon.id).offset((page - 1) * per_page).limit(per_page)).all()
    return list(rows), int(total)


def get(session: Session, coupon_id: int) -> Coupon | None:
    """The coupon with ``coupon_id``, or None."""
    return session.get(Coupon, coupon_id)


def by_code(session: Session, code: str) -> Coupon | None:
    """The coupon with ``code`` (any letter case, surrounding spaces ignored), or None."""
    return session.scalars(select(Coupon).where(Coupon.code == normalize_code(code))).first()


def id_with_code(session: Session, code: str, other_than: int | None) -> int | None:
    """The id of a coupon other than ``other_than`` whose code is ``code`` (already
    normalised), or None: codes are unique case-insensitively."""
    return session.scalar(select(Coupon.id).where(Coupon.code == code, Coupon.id != other_than))


def add(session: Session, coupon: Coupon) -> None:
    """Insert ``coupon`` (flushes, so a code clash surfaces here)."""
    session.add(coupon)
    session.flush()


def delete(session: Session, coupon: Coupon) -> None:
    """Delete ``coupon`` (flushes)."""
    session.delete(coupon)
    session.flush()


def facts_for_code(session: Session, code: str) -> CouponFacts | None:
    """``CouponFacts`` of the coupon with ``code`` (any letter case), read live, or None.
    Used by the cart (``apply_coupon``) and checkout (re-check when quoting and placing)."""
    coupon = by_code(session, code)
    return None if coupon is None else to_facts(coupon)


def to_facts(c: Coupon) -> CouponFacts:
    """A ``Coupon`` row as ``CouponFacts`` (money minor units; ``date_expires`` naive UTC)."""
    return CouponFacts(
        id=c.id,
        code=c.code,
        discount_type=c.discount_type,
        amount=c.amount,
        amount_usd=c.amount_usd,
        date_expires=c.date_expires,
        minimum_amount=c.minimum_amount,
        minimum_amount_usd=c.minimum_amount_usd,
        maximum_amount=c.maximum_amount,
        maximum_amount_usd=c.maximum_amount_usd,
        product_ids=tuple(c.product_ids or ()),
        product_categories=tuple(c.product_categories or ()),
        excluded_product_ids=tuple(c.excluded_product_ids or ()),
        excluded_product_categories=tuple(c.excluded_product_categories or ()),
        exclude_sale_items=c.exclude_sale_items,
        usage_limit=c.usage_limit,
        usage_limit_per_user=c.usage_limit_per_user,
        usage_count=c.usage_count or 0,
        used_by=tuple(c.used_by or ()),
        email_restrictions=tuple(c.email_restrictions or ()),
        individual_use=c.individual_use,
        free_shipping=c.free_shipping,
    )


def count_use(session: Session, coupon_id: int) -> bool:
    """Increment the coupon's ``usage_count`` in one conditional UPDATE, only while it is under
    ``usage_limit`` (None or 0: unlimited); True when counted. The arbiter of concurrent uses."""
    result = session.execute(
        update(Coupon)
        .where(
            Coupon.id == coupon_id,
            or_(
                Coupon.usage_limit.is_(None),
                Coupon.usage_limit <= 0,
                Coupon.usage_count < Coupon.usage_limit,
            ),
        )
        .values(usage_count=Coupon.usage_count + 1)
        .execution_options(synchronize_session=False)
    )
    return cast("CursorResult[Any]", result).rowcount == 1


def used_by(session: Session, coupon_id: int) -> list[str]:
    """The coupon's ``used_by`` list as stored now (read after :func:`count_use`, which holds
    the row's lock on PostgreSQL, so no concurrent order changes it meanwhile)."""
    return list(session.scalar(select(Coupon.used_by).where(Coupon.id == coupon_id)) or [])


def set_used_by(session: Session, coupon_id: int, emails: list[str]) -> None:
    """Store the coupon's ``used_by`` list."""
    session.execute(
        update(Coupon)
        .where(Coupon.id == coupon_id)
        .values(used_by=emails)
        .execution_options(synchronize_session=False)
    )


def erase_email(session: Session, email: str, replacement: str) -> int:
    """Replace every entry equal to ``email`` (already lower-case; compared case-insensitively)
    in any coupon's ``used_by`` and ``email_restrictions`` by ``replacement`` (an entry without
    ``@`` that matches no address, so a restricted coupon stays restricted and a use still
    counts); the number of coupons changed. Coupons are few: all are read."""
    changed = 0
    for coupon in session.scalars(select(Coupon).order_by(Coupon.id)):
        touched = False
        for column in ("used_by", "email_restrictions"):
            entries = list(getattr(coupon, column) or [])
            kept = [replacement if e.strip().lower() == email else e for e in entries]
            if kept != entries:
                setattr(coupon, column, kept)
                touched = True
        changed += touched
    return changed


def erase_user(session: Session, codes: Sequence[str], email: str, replacement: str) -> None:
    """Replace one ``email`` entry (already lower-case) in ``used_by`` of each coupon in
    ``codes`` by ``replacement``: one order's use, kept as a use but no longer personal."""
    for coupon in session.scalars(select(Coupon).where(Coupon.code.in_(list(codes)))):
        entries = list(coupon.used_by or [])
        for index, entry in enumerate(entries):
            if entry.strip().lower() == email:
                entries[index] = replacement
                coupon.used_by = entries
                break
