"""Countries, tax rates and coupons (spec sections 3, 5 and 9)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import JSON, Boolean, DateTime, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from services.shared.db import Base


class Country(Base):
    """A shipping country: ISO code, full name and the currency it sets (spec section 9)."""

    __tablename__ = "countries"

    code: Mapped[str] = mapped_column(String(2), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    currency: Mapped[str] = mapped_column(String(3))
    is_eu: Mapped[bool] = mapped_column(Boolean, default=False)


class TaxRate(Base):
    """A tax rate for a country. ``rate_bp`` is hundredths of a percent (1900 = 19 %)."""

    __tablename__ = "tax_rates"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    country: Mapped[str] = mapped_column(String(2), index=True)
    state: Mapped[str] = mapped_column(String(32), default="")
    name: Mapped[str] = mapped_column(String(100))
    rate_bp: Mapped[int] = mapped_column(Integer)
    priority: Mapped[int] = mapped_column(Integer, default=1)
    shipping: Mapped[bool] = mapped_column(Boolean, default=True)


class DiscountType(StrEnum):
    """WooCommerce coupon discount types (spec section 3)."""

    FIXED_CART = "fixed_cart"
    PERCENT = "percent"
    FIXED_PRODUCT = "fixed_product"


class Coupon(Base):
    """A coupon with every field of spec section 3. Never readable anonymously.

    ``amount`` is hundredths: of a percent for ``percent`` coupons (1000 = 10 %), else
    minor units of the cart's currency. ``minimum_amount``/``maximum_amount`` are minor
    units (None = no limit; a maximum of 0 means none, spec section 5). Those three are EUR;
    ``amount_usd``/``minimum_amount_usd``/``maximum_amount_usd`` are the USD minor units
    (None = the same number as EUR). ``code`` is stored lower-case, as WooCommerce does.
    """

    __tablename__ = "coupons"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(64), unique=True)
    description: Mapped[str] = mapped_column(Text, default="")
    discount_type: Mapped[str] = mapped_column(String(16), default=DiscountType.FIXED_CART)
    amount: Mapped[int] = mapped_column(Integer, default=0)
    date_expires: Mapped[datetime | None] = mapped_column(DateTime)
    minimum_amount: Mapped[int | None] = mapped_column(Integer)
    maximum_amount: Mapped[int | None] = mapped_column(Integer)
    amount_usd: Mapped[int | None] = mapped_column(Integer)
    minimum_amount_usd: Mapped[int | None] = mapped_column(Integer)
    maximum_amount_usd: Mapped[int | None] = mapped_column(Integer)
    product_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    product_categories: Mapped[list[int]] = mapped_column(JSON, default=list)
    excluded_product_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    excluded_product_categories: Mapped[list[int]] = mapped_column(JSON, default=list)
    exclude_sale_items: Mapped[bool] = mapped_column(Boolean, default=False)
    usage_limit: Mapped[int | None] = mapped_column(Integer)
    usage_limit_per_user: Mapped[int | None] = mapped_column(Integer)
    usage_count: Mapped[int] = mapped_column(Integer, default=0)
    used_by: Mapped[list[str]] = mapped_column(JSON, default=list)
    email_restrictions: Mapped[list[str]] = mapped_column(JSON, default=list)
    individual_use: Mapped[bool] = mapped_column(Boolean, default=False)
    free_shipping: Mapped[bool] = mapped_column(Boolean, default=False)
