"""Admin views of the catalogue: products and their parts, categories, tags, filters, swatches.

Products: images, attributes and variations have views of their own (each
with a product selector): sqladmin has no simple inline editing of child rows, so the product
form leaves those collections out and the product's details page lists them. Prices are
stored as integer minor units per currency, shown and typed as money ("€129.99", "129.99";
``base.ShopModelView``). A product's
configurator has views of its own (``configurator.py``).
"""

from __future__ import annotations

from typing import Any

from sqladmin.filters import StaticValuesFilter
from sqlalchemy.orm import InstrumentedAttribute
from wtforms import SelectField

from services.admin.views.base import STATUS_CHOICES, STOCK_CHOICES, ShopModelView, money_label
from services.catalog.models import (
    Backorders,
    Category,
    CategoryTagGroup,
    ColourSwatch,
    Filter,
    Product,
    ProductAttribute,
    ProductImage,
    ProductType,
    Tag,
    Variation,
)

CATEGORY = "Catalogue"
BACKORDER_CHOICES = [(b.value, b.value) for b in Backorders]
TYPE_CHOICES = [(t.value, t.value) for t in ProductType]
PRICE_LABELS: dict[str | InstrumentedAttribute[Any], str] = {
    "regular_price_eur": money_label("Regular price EUR"),
    "sale_price_eur": money_label("Sale price EUR"),
    "regular_price_usd": money_label("Regular price USD"),
    "sale_price_usd": money_label("Sale price USD"),
}


# The product form: its own fields first, then its categories, tags and filters. Images,
# attributes and variations are edited in their own views.
_PRODUCT_LEADING = ["name", "slug", "sku", "status", "type", "featured", "menu_order", "short_description",
                    "description", "regular_price_eur", "sale_price_eur", "regular_price_usd",
                    "sale_price_usd", "stock_status", "stock_quantity", "manage_stock", "backorders"]  # fmt: skip
_PRODUCT_NOT_IN_FORM = {"id", "date_created", "date_modified"}
PRODUCT_FORM_COLUMNS = [
    *_PRODUCT_LEADING,
    *(c.key for c in Product.__table__.columns if c.key not in {*_PRODUCT_LEADING, *_PRODUCT_NOT_IN_FORM}),
    "categories",
    "tags",
    "filters",
]


class ProductAdmin(ShopModelView, model=Product):
    """Products (docs/spec.md section 3). Status ``draft``/``pending`` hides a product from visitors;
    staff sessions still see it in the storefront (preview)."""

    name, name_plural, category, icon = "Product", "Products", CATEGORY, "fa-solid fa-keyboard"
    column_list = [
        Product.id,
        Product.name,
        Product.sku,
        Product.status,
        Product.type,
        Product.stock_status,
        Product.regular_price_eur,
        Product.sale_price_eur,
        Product.menu_order,
    ]
    column_searchable_list = [Product.name, Product.sku, Product.slug]
    column_sortable_list = [Product.id, Product.name, Product.sku, Product.status, Product.menu_order]
    column_default_sort = [(Product.menu_order, False), (Product.id, False)]
    column_filters = [StaticValuesFilter(Product.status, STATUS_CHOICES, title="Status")]
    column_labels = {
        **PRICE_LABELS,
        "recommended_products_price_eur": money_label("Recommended price EUR"),
        "recommended_products_price_usd": money_label("Recommended price USD"),
    }
    form_columns = PRODUCT_FORM_COLUMNS
    form_overrides = {
        "status": SelectField,
        "type": SelectField,
        "stock_status": SelectField,
        "backorders": SelectField,
    }
    form_args = {
        "status": {"choices": STATUS_CHOICES},
        "type": {"choices": TYPE_CHOICES},
        "stock_status": {"choices": STOCK_CHOICES},
        "backorders": {"choices": BACKORDER_CHOICES},
    }


class ProductImageAdmin(ShopModelView, model=ProductImage):
    """Product images (``role``: gallery, front, back, configuration)."""

    name, name_plural, category, icon = "Product image", "Product images", CATEGORY, "fa-solid fa-image"
    column_list = [
        ProductImage.id,
        ProductImage.product,
        ProductImage.role,
        ProductImage.position,
        ProductImage.src,
    ]
    column_searchable_list = [ProductImage.src, ProductImage.alt]
    form_overrides = {"role": SelectField}
    form_args = {"role": {"choices": [(r, r) for r in ("gallery", "front", "back", "configuration")]}}


class ProductAttributeAdmin(ShopModelView, model=ProductAttribute):
    """Product attributes (e.g. Colour with options); ``variation`` marks variation attributes."""

    name, name_plural, category, icon = "Attribute", "Attributes", CATEGORY, "fa-solid fa-list"
    column_list = [
        ProductAttribute.id,
        ProductAttribute.product,
        ProductAttribute.name,
        ProductAttribute.options,
        ProductAttribute.variation,
    ]


class VariationAdmin(ShopModelView, model=Variation):
    """Variations of variable products, with their own SKU, prices and stock."""

    name, name_plural, category, icon = "Variation", "Variations", CATEGORY, "fa-solid fa-layer-group"
    column_list = [
        Variation.id,
        Variation.product,
        Variation.sku,
        Variation.status,
        Variation.stock_status,
        Variation.regular_price_eur,
        Variation.sale_price_eur,
    ]
    column_searchable_list = [Variation.sku]
    column_labels = PRICE_LABELS
    form_overrides = {"status": SelectField, "stock_status": SelectField, "backorders": SelectField}
    form_args = {
        "status": {"choices": STATUS_CHOICES},
        "stock_status": {"choices": STOCK_CHOICES},
        "backorders": {"choices": BACKORDER_CHOICES},
    }


class CategoryAdmin(ShopModelView, model=Category):
    """Product categories (spec ids: headsets 25, keyboards 15, mice 16, ...)."""

    name, name_plural, category, icon = "Category", "Categories", CATEGORY, "fa-solid fa-folder"
    column_list = [Category.id, Category.name, Category.slug, Category.parent_id, Category.menu_order]
    column_searchable_list = [Category.name, Category.slug]
    column_sortable_list = [Category.id, Category.name, Category.menu_order]
    form_include_pk = True  # ids are fixed by the spec and the WooCommerce import


class CategoryTagGroupAdmin(ShopModelView, model=CategoryTagGroup):
    """Tag groups on category pages (products with the tag, under ``description``)."""

    name, name_plural, category, icon = "Tag group", "Tag groups", CATEGORY, "fa-solid fa-object-group"
    column_list = [
        CategoryTagGroup.id,
        CategoryTagGroup.category_id,
        CategoryTagGroup.tag,
        CategoryTagGroup.description,
        CategoryTagGroup.position,
    ]


class TagAdmin(ShopModelView, model=Tag):
    """Product tags."""

    name, name_plural, category, icon = "Tag", "Tags", CATEGORY, "fa-solid fa-tag"
    column_list = [Tag.id, Tag.name, Tag.slug]
    column_searchable_list = [Tag.name, Tag.slug]


class FilterAdmin(ShopModelView, model=Filter):
    """Product filter terms (docs/spec.md section 3 "Filter")."""

    name, name_plural, category, icon = "Filter", "Filters", CATEGORY, "fa-solid fa-filter"
    column_list = [Filter.id, Filter.name, Filter.slug, Filter.parent_id, Filter.position, Filter.is_colour]
    column_searchable_list = [Filter.name, Filter.slug]


class ColourSwatchAdmin(ShopModelView, model=ColourSwatch):
    """Colour swatches of variations (CSS hex colours)."""

    name, name_plural, category, icon = "Colour swatch", "Colour swatches", CATEGORY, "fa-solid fa-palette"
    column_list = [ColourSwatch.id, ColourSwatch.name, ColourSwatch.colour]


CATALOG_VIEWS = [
    ProductAdmin,
    VariationAdmin,
    ProductImageAdmin,
    ProductAttributeAdmin,
    CategoryAdmin,
    CategoryTagGroupAdmin,
    TagAdmin,
    FilterAdmin,
    ColourSwatchAdmin,
]
