"""The relational model of the discounts context: the ``coupons`` table (docs/spec.md sections 3 and 5).

``DiscountType`` is defined once, in the pure rules (``services/discounts/domain.py``), and
re-exported here for the model's users.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Boolean, DateTime, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from services.discounts.domain import DiscountType
from services.shared.db import Base

__all__ = ["Coupon", "DiscountType"]


class Coupon(Base):
    """A coupon with every field of docs/spec.md section 3. Never readable anonymously.

    ``amount`` is hundredths: of a percent for ``percent`` coupons (1000 = 10 %), else
    minor units of the cart's currency. ``minimum_amount``/``maximum_amount`` are minor
    units (None = no limit; a maximum of 0 means none, docs/spec.md section 5). Those three are EUR;
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
