"""Countries and tax rates (docs/spec.md section 9). Coupons are the discounts context's
(``services/discounts/models.py``)."""

from __future__ import annotations

from sqlalchemy import Boolean, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from services.shared.db import Base


class Country(Base):
    """A shipping country: ISO code, full name and the currency it sets (docs/spec.md section 9)."""

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
