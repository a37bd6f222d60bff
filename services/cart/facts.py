"""Catalogue facts the cart's rules decide with (docs/spec.md section 4), as plain frozen values.

The cart context never reads catalogue tables itself: ``CatalogFacts`` (a port) answers
these (products, countries, coupons), and ``services/cart/catalog_adapter.py`` implements it
over the catalogue database.
Money is integer minor units (cents) per currency.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from services.configurator.domain import Configurator
from services.discounts.domain import CouponFacts


@dataclass(frozen=True)
class Price:
    """Regular and sale price in one currency, minor units; ``sale`` None when not on sale."""

    regular: int
    sale: int | None = None


@dataclass(frozen=True)
class ChoiceFacts:
    """A configurator choice: ``extra_eur``/``extra_usd`` already parsed (non-numeric -> 0, docs/spec.md section 5)."""

    layer_id: str
    choice_id: str
    name: str
    layer_name: str
    extra_eur: int
    extra_usd: int
    stock_status: str
    has_backorder: bool


@dataclass(frozen=True)
class ProductFacts:
    """What the rules need to know about a product (or one of its variations) right now.

    ``stock_*`` and prices are the variation's when ``variation_id`` is set. ``recommended_*``
    describe recommendations this product makes (docs/spec.md section 3 ACF fields).
    """

    product_id: int
    variation_id: int | None
    sku: str | None
    name: str
    image: str | None
    published: bool
    product_type: str
    availability: str | None
    eur: Price
    usd: Price
    stock_status: str
    stock_quantity: int | None
    manage_stock: bool
    backorders: str
    variation_ids: tuple[int, ...] = ()
    variation_label: str = ""
    recommended_product_ids: tuple[int, ...] = ()
    recommended_discount: int = 0
    recommended_discount_active: bool = False
    recommended_price_eur: int | None = None
    recommended_price_usd: int | None = None
    choices: dict[str, ChoiceFacts] = field(default_factory=dict)
    # the product's configurator (docs/spec.md section 2.13); when set, every add validates and
    # prices the build with it. ``choices`` alone (no configurator) is all the browser's
    # optimistic cart knows: unknown and out-of-stock choices are refused, nothing more.
    configurator: Configurator | None = None
    # the product's categories (coupon restrictions, docs/spec.md section 5)
    category_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class CountryFacts:
    """A shipping country with its currency and tax (rate in hundredths of a percent)."""

    code: str
    name: str
    currency: str
    tax_name: str
    tax_rate_bp: int


class CatalogFacts(Protocol):
    """Port: catalogue facts for the cart. Implementations read fresh data (no stale cache)."""

    def product(self, product_id: int, variation_id: int | None) -> ProductFacts | None:
        """Facts for a published product (or its variation), or None when it does not exist."""
        ...

    def country(self, code: str) -> CountryFacts | None:
        """Facts for a shipping country, or None when we do not ship there."""
        ...

    def coupon(self, code: str) -> CouponFacts | None:
        """The coupon with ``code`` (compared lower-case), read live (usage counts change), or
        None when there is none. Amounts in minor units (see ``CouponFacts``)."""
        ...
