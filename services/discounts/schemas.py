"""Request models of the staff coupon API (WooCommerce REST shape, ``/api/wc/coupons``).

Amounts are decimal strings with two places as in the rest of ``/api/wc`` ("10.00"; an
integer is accepted too, a float never): for ``percent`` coupons a percentage (0..100),
else money in the currency of the field (EUR, or USD for ``*_usd``). ``""`` or null means
"not set" for the optional amounts, at most 10,000,000.00 (the columns are INTEGER minor units).
``date_expires`` is ISO 8601 (UTC when no offset), stored as naive UTC. Ids and limits are at
most ``MAX_ID`` (INTEGER too): anything larger is a 422, never a database error; so is a NUL
character in ``code`` or ``description`` (``services.shared.text``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from services.shared.ids import MAX_ID
from services.shared.money import to_minor
from services.shared.text import NO_NUL

MAX_AMOUNT = 1_000_000_000  # 10,000,000.00 in minor units: fits the INTEGER columns


def _minor(value: object) -> int | None:
    """A WooCommerce amount ("10.00", 10) as hundredths (minor units); None for "" / null."""
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise ValueError('must be a decimal string such as "10.00"')
    minor = to_minor(value)
    if minor < 0:
        raise ValueError("must be 0 or more")
    if minor > MAX_AMOUNT:
        raise ValueError("is too large (at most 10000000.00)")
    return minor


def _naive_utc(moment: datetime | None) -> datetime | None:
    """An aware moment as naive UTC (how it is stored); ValueError when UTC has no such date
    (9999-12-31T23:59-01:00 is in the year 10000)."""
    if moment is None or moment.tzinfo is None:
        return moment
    try:
        return moment.astimezone(UTC).replace(tzinfo=None)
    except OverflowError:
        raise ValueError("is out of range in UTC") from None


Amount = Annotated[int | None, BeforeValidator(_minor)]
Ids = list[Annotated[int, Field(gt=0, le=MAX_ID)]]
Limit = Annotated[int, Field(ge=0, le=MAX_ID)]


class CouponWrite(BaseModel):
    """Fields a staff admin may set (all optional on PUT: only the fields sent change).
    ``usage_count`` and ``used_by`` are kept by checkout and cannot be written."""

    model_config = ConfigDict(extra="ignore")

    code: str | None = Field(
        default=None, min_length=1, max_length=64, pattern=NO_NUL
    )  # stripped, lower-case
    description: str | None = Field(default=None, max_length=2000, pattern=NO_NUL)
    discount_type: Literal["fixed_cart", "percent", "fixed_product"] | None = None
    amount: Amount = None
    amount_usd: Amount = None
    date_expires: Annotated[datetime | None, AfterValidator(_naive_utc)] = None
    minimum_amount: Amount = None
    minimum_amount_usd: Amount = None
    maximum_amount: Amount = None
    maximum_amount_usd: Amount = None
    product_ids: Ids | None = Field(default=None, max_length=1000)
    product_categories: Ids | None = Field(default=None, max_length=1000)
    excluded_product_ids: Ids | None = Field(default=None, max_length=1000)
    excluded_product_categories: Ids | None = Field(default=None, max_length=1000)
    exclude_sale_items: bool | None = None
    usage_limit: Limit | None = None
    usage_limit_per_user: Limit | None = None
    email_restrictions: list[Annotated[str, Field(min_length=1, max_length=254)]] | None = Field(
        default=None, max_length=1000
    )
    individual_use: bool | None = None
    free_shipping: bool | None = None
