"""Request models of the staff coupon API (WooCommerce REST shape, ``/api/wc/coupons``).

Amounts are decimal strings with two places as in the rest of ``/api/wc`` ("10.00"; an
integer is accepted too, a float never): for ``percent`` coupons a percentage (0..100),
else money in the currency of the field (EUR, or USD for ``*_usd``). ``""`` or null means
"not set" for the optional amounts. ``date_expires`` is ISO 8601 (UTC when no offset).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from services.shared.money import to_minor


def _minor(value: object) -> int | None:
    """A WooCommerce amount ("10.00", 10) as hundredths (minor units); None for "" / null."""
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise ValueError('must be a decimal string such as "10.00"')
    minor = to_minor(value)
    if minor < 0:
        raise ValueError("must be 0 or more")
    if minor > 100_000_000_00:
        raise ValueError("is too large")
    return minor


Amount = Annotated[int | None, BeforeValidator(_minor)]
Ids = list[Annotated[int, Field(gt=0)]]


class CouponWrite(BaseModel):
    """Fields a staff admin may set (all optional on PUT: only the fields sent change).
    ``usage_count`` and ``used_by`` are kept by checkout and cannot be written."""

    model_config = ConfigDict(extra="ignore")

    code: str | None = Field(default=None, min_length=1, max_length=64)  # stored stripped, lower-case
    description: str | None = Field(default=None, max_length=2000)
    discount_type: Literal["fixed_cart", "percent", "fixed_product"] | None = None
    amount: Amount = None
    amount_usd: Amount = None
    date_expires: datetime | None = None
    minimum_amount: Amount = None
    minimum_amount_usd: Amount = None
    maximum_amount: Amount = None
    maximum_amount_usd: Amount = None
    product_ids: Ids | None = Field(default=None, max_length=1000)
    product_categories: Ids | None = Field(default=None, max_length=1000)
    excluded_product_ids: Ids | None = Field(default=None, max_length=1000)
    excluded_product_categories: Ids | None = Field(default=None, max_length=1000)
    exclude_sale_items: bool | None = None
    usage_limit: int | None = Field(default=None, ge=0)
    usage_limit_per_user: int | None = Field(default=None, ge=0)
    email_restrictions: list[Annotated[str, Field(min_length=1, max_length=254)]] | None = Field(
        default=None, max_length=1000
    )
    individual_use: bool | None = None
    free_shipping: bool | None = None
