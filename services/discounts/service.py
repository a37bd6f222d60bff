"""Staff coupon management: list, read, create, update, delete coupons (docs/spec.md sections 3, 5, 6).

The session is the request's; this module flushes and the endpoint commits. Money stored as
integer minor units (EUR, and USD in the ``*_usd`` columns); percent amounts as hundredths of
a percent. Codes are stored lower-case and are unique case-insensitively.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session

from services.discounts import repository
from services.discounts.domain import PERCENT_SCALE, DiscountType, normalize_code
from services.discounts.models import Coupon
from services.discounts.schemas import CouponWrite
from services.shared.errors import Conflict, Invalid, NotFound
from services.shared.money import format_amount

# Fields with defaults when a coupon is created without them.
_DEFAULTS: dict[str, Any] = {
    "description": "",
    "discount_type": DiscountType.FIXED_CART.value,
    "amount": 0,
    "product_ids": [],
    "product_categories": [],
    "excluded_product_ids": [],
    "excluded_product_categories": [],
    "exclude_sale_items": False,
    "email_restrictions": [],
    "individual_use": False,
    "free_shipping": False,
}


def list_coupons(
    session: Session, *, search: str | None, page: int, per_page: int
) -> tuple[list[Coupon], int]:
    """Coupons by id, one page, and the total count. ``search`` matches code or description."""
    return repository.page_of(session, search=search, page=page, per_page=per_page)


def get_coupon(session: Session, coupon_id: int) -> Coupon:
    """The coupon with ``coupon_id``; NotFound 404 ``coupon_not_found``."""
    coupon = repository.get(session, coupon_id)
    if coupon is None:
        raise NotFound("coupon_not_found", f"No coupon with id {coupon_id}.")
    return coupon


def create_coupon(session: Session, data: CouponWrite) -> Coupon:
    """A new coupon from ``data`` (``code`` required). Invalid 422 ``invalid_coupon``,
    Conflict 409 ``coupon_code_exists``."""
    if not data.code:
        raise Invalid("invalid_coupon", "A coupon needs a code.")
    coupon = Coupon(**_DEFAULTS, usage_count=0, used_by=[])
    _apply(session, coupon, data, data.model_fields_set | {"code"})
    repository.add(session, coupon)
    return coupon


def update_coupon(session: Session, coupon_id: int, data: CouponWrite) -> Coupon:
    """Change the fields sent in ``data``; same errors as :func:`create_coupon`, plus 404."""
    coupon = get_coupon(session, coupon_id)
    _apply(session, coupon, data, data.model_fields_set)
    session.flush()
    return coupon


def delete_coupon(session: Session, coupon_id: int) -> dict[str, Any]:
    """Delete the coupon; returns it as it was (WooCommerce answers the deleted object)."""
    coupon = get_coupon(session, coupon_id)
    shown = to_json(coupon)
    repository.delete(session, coupon)
    return shown


def _apply(session: Session, coupon: Coupon, data: CouponWrite, fields: set[str]) -> None:
    values = data.model_dump(include=fields)
    if "code" in values:
        if values["code"] is None:
            raise Invalid("invalid_coupon", "code: a coupon needs a code.")
        code = normalize_code(values["code"])
        if not code or any(ch.isspace() for ch in code):
            raise Invalid("invalid_coupon", "code: a coupon code is one word without spaces.")
        if repository.id_with_code(session, code, coupon.id) is not None:
            raise Conflict("coupon_code_exists", f'A coupon with the code "{code}" already exists.')
        values["code"] = code
    for name in ("discount_type", "amount", "exclude_sale_items", "individual_use", "free_shipping"):
        if name in values and values[name] is None:
            values[name] = _DEFAULTS[name]
    for name in ("product_ids", "product_categories", "excluded_product_ids", "excluded_product_categories"):
        if name in values:
            values[name] = list(dict.fromkeys(values[name] or []))
    if "email_restrictions" in values:
        values["email_restrictions"] = [e.strip().lower() for e in values["email_restrictions"] or []]
    if values.get("date_expires") is not None:
        moment: datetime = values["date_expires"]
        values["date_expires"] = moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo else moment
    for name, value in values.items():
        setattr(coupon, name, value)
    if coupon.discount_type == DiscountType.PERCENT:
        if coupon.amount > PERCENT_SCALE:
            raise Invalid("invalid_coupon", "amount: a percent coupon takes at most 100 %.")
        coupon.amount_usd = None  # a percentage is the same in every currency


def to_json(coupon: Coupon) -> dict[str, Any]:
    """A coupon in WooCommerce's REST shape: amounts as decimal strings ("10.00"; a percent
    coupon's amount is the percentage), ``date_expires``/``date_expires_gmt`` ISO 8601 UTC or
    null, plus our ``*_usd`` amounts (null: same number as EUR)."""
    expires = coupon.date_expires.replace(microsecond=0).isoformat() if coupon.date_expires else None
    return {
        "id": coupon.id,
        "code": coupon.code,
        "description": coupon.description,
        "discount_type": coupon.discount_type,
        "amount": format_amount(coupon.amount or 0),
        "amount_usd": _optional(coupon.amount_usd),
        "date_expires": expires,
        "date_expires_gmt": expires,
        "minimum_amount": format_amount(coupon.minimum_amount or 0),
        "minimum_amount_usd": _optional(coupon.minimum_amount_usd),
        "maximum_amount": format_amount(coupon.maximum_amount or 0),
        "maximum_amount_usd": _optional(coupon.maximum_amount_usd),
        "product_ids": list(coupon.product_ids or []),
        "product_categories": list(coupon.product_categories or []),
        "excluded_product_ids": list(coupon.excluded_product_ids or []),
        "excluded_product_categories": list(coupon.excluded_product_categories or []),
        "exclude_sale_items": coupon.exclude_sale_items,
        "usage_limit": coupon.usage_limit,
        "usage_limit_per_user": coupon.usage_limit_per_user,
        "usage_count": coupon.usage_count or 0,
        "used_by": list(coupon.used_by or []),
        "email_restrictions": list(coupon.email_restrictions or []),
        "individual_use": coupon.individual_use,
        "free_shipping": coupon.free_shipping,
    }


def _optional(minor: int | None) -> str | None:
    return None if minor is None else format_amount(minor)
