"""Relational model of the catalogue and content context (docs/spec.md section 3).

Money columns are integer minor units (cents) named ``*_eur`` / ``*_usd``; EUR and
USD prices stand side by side as the spec's product has them. Import every model
here so ``Base.metadata`` is complete for Alembic.
"""

from services.catalog.models.commerce import Country, TaxRate
from services.catalog.models.content import ContentBlock, Menu, MenuItem, Page, Post, PostCategory
from services.catalog.models.products import (
    Backorders,
    CatalogVisibility,
    Product,
    ProductAttribute,
    ProductImage,
    ProductStatus,
    ProductType,
    StockStatus,
    TaxStatus,
    Variation,
)
from services.catalog.models.revision import CatalogRevision
from services.catalog.models.taxonomy import Category, CategoryTagGroup, ColourSwatch, Filter, Tag

__all__ = [
    "CatalogRevision",
    "Backorders",
    "CatalogVisibility",
    "Category",
    "CategoryTagGroup",
    "ColourSwatch",
    "ContentBlock",
    "Country",
    "Filter",
    "Menu",
    "MenuItem",
    "Page",
    "Post",
    "PostCategory",
    "Product",
    "ProductAttribute",
    "ProductImage",
    "ProductStatus",
    "ProductType",
    "StockStatus",
    "Tag",
    "TaxRate",
    "TaxStatus",
    "Variation",
]

# Registers the before_flush hook that bumps the catalogue revision on every catalogue write.
from services.catalog import revision as _revision  # noqa: E402, F401
