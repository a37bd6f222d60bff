"""Products, their images, attributes and variations (docs/spec.md section 3); a product's
configurator lives in ``services/configurator/models.py``."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, Boolean, Column, DateTime, ForeignKey, Integer, String, Table, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from services.shared.db import Base

if TYPE_CHECKING:  # resolved by name at run time (SQLAlchemy's registry); imported for mypy
    from services.catalog.models.taxonomy import Category, Filter, Tag


class StockStatus(StrEnum):
    """WooCommerce stock_status values (docs/spec.md section 3)."""

    INSTOCK = "instock"
    ONBACKORDER = "onbackorder"
    OUTOFSTOCK = "outofstock"


class ProductStatus(StrEnum):
    """WordPress post status of a product. Only ``publish`` is public."""

    PUBLISH = "publish"
    DRAFT = "draft"
    PENDING = "pending"
    PRIVATE = "private"


class ProductType(StrEnum):
    """WooCommerce product types we store (variations live in :class:`Variation`)."""

    SIMPLE = "simple"
    VARIABLE = "variable"
    GROUPED = "grouped"
    EXTERNAL = "external"


class CatalogVisibility(StrEnum):
    """WooCommerce catalog_visibility: where a published product is listed. ``visible``: shop
    and search; ``catalog``: shop pages only; ``search``: search results only; ``hidden``: only
    by its own link (docs/spec.md section 3)."""

    VISIBLE = "visible"
    CATALOG = "catalog"
    SEARCH = "search"
    HIDDEN = "hidden"


class TaxStatus(StrEnum):
    """WooCommerce tax_status: ``taxable``, ``shipping`` (only its shipping is taxed) or ``none``."""

    TAXABLE = "taxable"
    SHIPPING = "shipping"
    NONE = "none"


class Backorders(StrEnum):
    """WooCommerce backorders setting; only ``yes`` lifts the stock cap (docs/spec.md section 4)."""

    NO = "no"
    NOTIFY = "notify"
    YES = "yes"


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


product_categories = Table(
    "product_categories",
    Base.metadata,
    Column("product_id", ForeignKey("products.id", ondelete="CASCADE"), primary_key=True),
    Column("category_id", ForeignKey("categories.id", ondelete="CASCADE"), primary_key=True, index=True),
)


class PricesAndStock:
    """The price and stock columns a product and a variation both have (docs/spec.md section 3).

    Prices are integer minor units per currency (``*_eur``, ``*_usd``); ``sale_price_*`` is
    None when not on sale. ``stock_quantity`` counts only when ``manage_stock``; ``backorders``
    is ``no``, ``notify`` or ``yes`` (:class:`Backorders`).
    """

    regular_price_eur: Mapped[int | None] = mapped_column(Integer)
    sale_price_eur: Mapped[int | None] = mapped_column(Integer)
    regular_price_usd: Mapped[int | None] = mapped_column(Integer)
    sale_price_usd: Mapped[int | None] = mapped_column(Integer)
    stock_status: Mapped[str] = mapped_column(String(16), default=StockStatus.INSTOCK)
    stock_quantity: Mapped[int | None] = mapped_column(Integer)
    manage_stock: Mapped[bool] = mapped_column(Boolean, default=False)
    backorders: Mapped[str] = mapped_column(String(8), default=Backorders.NO)
    # Scheduled sale (WooCommerce "Date sale price starts/ends"): the sale price applies from
    # ``date_on_sale_from`` up to ``date_on_sale_to`` (UTC, naive; None: open-ended).
    date_on_sale_from: Mapped[datetime | None] = mapped_column(DateTime)
    date_on_sale_to: Mapped[datetime | None] = mapped_column(DateTime)


class ShippingAndTax:
    """Shipping, tax and delivery columns a product and a variation both have (WooCommerce's
    product fields; docs/spec.md section 3).

    ``weight`` (kg) and ``length``/``width``/``height`` (cm) are decimal strings as WooCommerce
    keeps them (``None``: not set). ``tax_status`` is ``taxable``, ``shipping`` or ``none``;
    ``tax_class`` is a tax class slug ("" the standard class). ``virtual`` products need no
    shipping; ``downloadable`` ones carry ``downloads``: ``[{id, name, file}]`` (file: a URL).
    """

    weight: Mapped[str | None] = mapped_column(String(32))
    length: Mapped[str | None] = mapped_column(String(32))
    width: Mapped[str | None] = mapped_column(String(32))
    height: Mapped[str | None] = mapped_column(String(32))
    tax_status: Mapped[str] = mapped_column(String(16), default=TaxStatus.TAXABLE)
    tax_class: Mapped[str] = mapped_column(String(100), default="")
    virtual: Mapped[bool] = mapped_column(Boolean, default=False)
    downloadable: Mapped[bool] = mapped_column(Boolean, default=False)
    downloads: Mapped[list[dict[str, str]]] = mapped_column(JSON, default=list)


product_tags = Table(
    "product_tags",
    Base.metadata,
    Column("product_id", ForeignKey("products.id", ondelete="CASCADE"), primary_key=True),
    Column("tag_id", ForeignKey("tags.id", ondelete="CASCADE"), primary_key=True, index=True),
)

product_filters = Table(
    "product_filters",
    Base.metadata,
    Column("product_id", ForeignKey("products.id", ondelete="CASCADE"), primary_key=True),
    Column("filter_id", ForeignKey("filters.id", ondelete="CASCADE"), primary_key=True, index=True),
)


class Product(PricesAndStock, ShippingAndTax, Base):
    """A product (WooCommerce ``product`` plus its ACF content fields).

    Prices: integer minor units per currency; ``sale_price_*`` is ``None`` when not on
    sale. ``price`` (the WooCommerce field) is derived: sale price if set, else regular.
    Content fields (ACF) that drive rules are columns; presentational ones are JSON.
    """

    __tablename__ = "products"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    type: Mapped[str] = mapped_column(String(16), default=ProductType.SIMPLE)
    name: Mapped[str] = mapped_column(String(200))
    slug: Mapped[str] = mapped_column(String(200), unique=True)
    sku: Mapped[str | None] = mapped_column(String(64), unique=True)
    status: Mapped[str] = mapped_column(String(16), default=ProductStatus.PUBLISH, index=True)
    featured: Mapped[bool] = mapped_column(Boolean, default=False)
    catalog_visibility: Mapped[str] = mapped_column(String(16), default=CatalogVisibility.VISIBLE)
    description: Mapped[str] = mapped_column(Text, default="")
    short_description: Mapped[str] = mapped_column(Text, default="")
    menu_order: Mapped[int] = mapped_column(Integer, default=0)
    date_created: Mapped[datetime] = mapped_column(DateTime, default=_now)
    date_modified: Mapped[datetime] = mapped_column(DateTime, default=_now, onupdate=_now)

    external_url: Mapped[str | None] = mapped_column(String(500))
    button_text: Mapped[str | None] = mapped_column(String(100))
    cross_sell_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    upsell_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    grouped_ids: Mapped[list[int]] = mapped_column(JSON, default=list)

    is_configurable: Mapped[bool] = mapped_column(Boolean, default=False)
    use_recommended_products_price: Mapped[bool] = mapped_column(Boolean, default=False)
    recommended_products_price_eur: Mapped[int | None] = mapped_column(Integer)
    recommended_products_price_usd: Mapped[int | None] = mapped_column(Integer)

    # ACF content fields (docs/spec.md section 3, "Product content fields").
    availability: Mapped[str | None] = mapped_column(String(32))  # "coming_soon" or None
    hide_product: Mapped[bool] = mapped_column(Boolean, default=False)
    info_field: Mapped[str | None] = mapped_column(Text)
    special_notice: Mapped[dict[str, Any] | None] = mapped_column(
        JSON
    )  # text, background_colour, text_colour
    colour_variations: Mapped[list[Any] | None] = mapped_column(JSON)
    show_both_configure_and_buy: Mapped[bool] = mapped_column(Boolean, default=False)
    show_configurator_link: Mapped[bool] = mapped_column(Boolean, default=False)
    configurator_link: Mapped[str | None] = mapped_column(String(500))
    acf_button_text: Mapped[str | None] = mapped_column(String(100))  # ACF buttonText (out-of-stock link)
    btn_fade: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # type, button, first, second
    configurator_modal: Mapped[dict[str, Any] | None] = mapped_column(
        JSON
    )  # active, header, body, product_ids
    recommended_product_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    recommended_products_discount: Mapped[int] = mapped_column(Integer, default=0)  # whole percent
    recommended_products_title: Mapped[str | None] = mapped_column(String(200))
    activate_recommended_products_discount: Mapped[bool] = mapped_column(Boolean, default=False)
    recommended_products_text_area: Mapped[str | None] = mapped_column(Text)
    category_connection: Mapped[int | None] = mapped_column(Integer)  # a category id

    images: Mapped[list[ProductImage]] = relationship(
        back_populates="product", cascade="all, delete-orphan", order_by="ProductImage.position"
    )
    attributes: Mapped[list[ProductAttribute]] = relationship(
        back_populates="product", cascade="all, delete-orphan", order_by="ProductAttribute.position"
    )
    variations: Mapped[list[Variation]] = relationship(
        back_populates="product", cascade="all, delete-orphan", order_by="Variation.menu_order"
    )
    categories: Mapped[list[Category]] = relationship(secondary=product_categories)
    tags: Mapped[list[Tag]] = relationship(secondary=product_tags)
    filters: Mapped[list[Filter]] = relationship(secondary=product_filters)


class ProductImage(Base):
    """An image of a product. ``role`` is gallery, front, back or configuration (ACF image fields)."""

    __tablename__ = "product_images"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer, default=0)
    role: Mapped[str] = mapped_column(String(16), default="gallery")
    src: Mapped[str] = mapped_column(String(500))
    alt: Mapped[str] = mapped_column(String(300), default="")
    width: Mapped[int | None] = mapped_column(Integer)
    height: Mapped[int | None] = mapped_column(Integer)

    product: Mapped[Product] = relationship(back_populates="images")


class ProductAttribute(Base):
    """A product attribute (e.g. Colour with options Black, White); ``variation`` marks it as defining variations."""

    __tablename__ = "product_attributes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    position: Mapped[int] = mapped_column(Integer, default=0)
    visible: Mapped[bool] = mapped_column(Boolean, default=True)
    variation: Mapped[bool] = mapped_column(Boolean, default=False)
    options: Mapped[list[str]] = mapped_column(JSON, default=list)

    product: Mapped[Product] = relationship(back_populates="attributes")


class Variation(PricesAndStock, ShippingAndTax, Base):
    """A variation of a variable product, with its own SKU, prices (minor units) and stock."""

    __tablename__ = "variations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"), index=True)
    sku: Mapped[str | None] = mapped_column(String(64), unique=True)
    status: Mapped[str] = mapped_column(String(16), default=ProductStatus.PUBLISH)
    description: Mapped[str] = mapped_column(Text, default="")
    menu_order: Mapped[int] = mapped_column(Integer, default=0)
    attributes: Mapped[list[dict[str, str]]] = mapped_column(JSON, default=list)  # [{name, option}]
    image_src: Mapped[str | None] = mapped_column(String(500))
    colour_swatch_id: Mapped[int | None] = mapped_column(
        ForeignKey("colour_swatches.id", ondelete="SET NULL")
    )

    product: Mapped[Product] = relationship(back_populates="variations")
