"""Writing one CSV row into a :class:`Product` or :class:`Variation` (with its images,
attributes, categories and tags). Every function raises :class:`RowError` for a row
that cannot be imported; the caller wraps each row in a SAVEPOINT.

Columns absent from the file leave the stored field alone on update and give the model
default on create (WooCommerce's importer maps only the columns present).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from services.catalog.importer.csvfile import Row, explode_values
from services.catalog.importer.fields import (
    RowError,
    check_length,
    derive_stock_status,
    parse_backorders,
    parse_bool,
    parse_description,
    parse_int,
    parse_price,
    parse_published,
    parse_stock_status,
)
from services.catalog.importer.terms import SLUG_LIMIT, categories_for, slugify, tags_for
from services.catalog.models import (
    Backorders,
    Product,
    ProductAttribute,
    ProductImage,
    ProductStatus,
    ProductType,
    StockStatus,
    Variation,
)
from services.shared.db import Base

_Stored = TypeVar("_Stored", Product, Variation)

PRICE_COLUMNS = (
    ("regular_price", "Regular price", "regular_price_eur"),
    ("sale_price", "Sale price", "sale_price_eur"),
)
# Optional USD prices as exporter meta columns ("Meta: _regular_price_usd").
USD_META = (
    ("_regular_price_usd", "Meta: _regular_price_usd", "regular_price_usd"),
    ("_sale_price_usd", "Meta: _sale_price_usd", "sale_price_usd"),
)


@dataclass
class Context:
    """State shared by the rows of one import.

    ``id_map`` maps a product ID written in the file to the id it has in the database
    (they differ when a row with an unknown ID matched an existing product by SKU).
    ``failed`` maps references ("id:12", or a SKU) of rows that were not imported to
    their line, for clearer messages. New rows without an ID get ids above every id in
    the database and in the file, so they never collide with a later row's own ID.
    """

    session: Session
    next_product_id: int
    next_variation_id: int
    id_map: dict[int, int] = field(default_factory=dict)
    failed: dict[str, int] = field(default_factory=dict)

    @classmethod
    def start(cls, session: Session, file_ids: list[int]) -> Context:
        """A context whose id counters start above the database's and the file's ids."""
        top = max(file_ids, default=0)
        max_product = session.scalar(select(func.max(Product.id))) or 0
        max_variation = session.scalar(select(func.max(Variation.id))) or 0
        return cls(session, max(top, max_product) + 1, max(top, max_variation) + 1)

    def new_product_id(self) -> int:
        """Reserve the next id for a product created without an ID."""
        self.next_product_id += 1
        return self.next_product_id - 1

    def new_variation_id(self) -> int:
        """Reserve the next id for a variation created without an ID."""
        self.next_variation_id += 1
        return self.next_variation_id - 1


def parse_ref(text: str) -> tuple[str, int | str]:
    """A product reference as the exporter writes it: "id:123" -> ("id", 123), else ("sku", text)."""
    text = text.strip()
    if text.lower().startswith("id:"):
        number = text[3:].strip()
        if not number.isdigit():
            raise RowError(f"{text!r} is not a product reference (expected id:<number> or a SKU)")
        return "id", int(number)
    return "sku", text


def resolve_ref(ctx: Context, text: str) -> Product | None:
    """The :class:`Product` a reference ("id:123" or a SKU) names, or None when unknown."""
    kind, value = parse_ref(text)
    if kind == "id":
        assert isinstance(value, int)
        return ctx.session.get(Product, ctx.id_map.get(value, value))
    return ctx.session.scalar(select(Product).where(Product.sku == value))


def _sku(row: Row) -> str | None:
    return check_length(row.get("sku") or None, 64, "SKU")


def _file_id(row: Row) -> int | None:
    return parse_int(row.get("id"), "ID", minimum=1)


def _check_sku_free(
    session: Session, sku: str | None, model: type[Base], other: type[Base], own_id: int | None
) -> None:
    """A SKU is unique across products and variations (as in WooCommerce)."""
    if not sku:
        return
    own, others = model.__table__.c, other.__table__.c
    same = session.scalar(select(own.id).where(own.sku == sku))
    if same is not None and same != own_id:
        raise RowError(f"SKU {sku!r} already belongs to another {model.__name__.lower()} (#{same})")
    if session.scalar(select(others.id).where(others.sku == sku)) is not None:
        raise RowError(f"SKU {sku!r} already belongs to a {other.__name__.lower()}")


def _apply_prices(obj: Product | Variation, row: Row) -> None:
    for key, column, attr in PRICE_COLUMNS:
        if row.has(key):
            setattr(obj, attr, parse_price(row.values[key], column))
    for key, column, attr in USD_META:
        if key in row.meta:
            setattr(obj, attr, parse_price(row.meta[key], column))


def _apply_stock(obj: Product | Variation, row: Row, created: bool, *, is_variation: bool) -> None:
    """Stock, backorders and stock status; a variation's Stock "parent" means the parent manages it."""
    if row.has("stock_quantity"):
        text = row.get("stock_quantity")
        if is_variation and text.lower() == "parent":
            obj.manage_stock, obj.stock_quantity = False, None
        else:
            quantity = parse_int(text, "Stock")
            obj.manage_stock, obj.stock_quantity = quantity is not None, quantity
    elif created:
        obj.manage_stock, obj.stock_quantity = False, None
    backorders = parse_backorders(row.get("backorders"))
    if backorders is not None or created:
        obj.backorders = backorders or Backorders.NO.value
    given = parse_stock_status(row.get("stock_status"))
    if given is None:
        given = StockStatus.INSTOCK.value if created else obj.stock_status
    obj.stock_status = derive_stock_status(obj.manage_stock, obj.stock_quantity, obj.backorders, given)


def _apply_common(obj: Product | Variation, row: Row, created: bool) -> None:
    status = parse_published(row.get("published"))
    if status is not None or created:
        obj.status = status or ProductStatus.PUBLISH.value
    if row.has("description") or created:
        obj.description = parse_description(row.values.get("description", ""))
    position = parse_int(row.get("menu_order"), "Position")
    if position is not None or created:
        obj.menu_order = position or 0


def _unique_product_slug(session: Session, name: str) -> str:
    base = slugify(name, "product")
    slug, n = base, 2
    while session.scalar(select(Product.id).where(Product.slug == slug)) is not None:
        slug, n = f"{base[: SLUG_LIMIT - 8]}-{n}", n + 1
    return slug


def find_stored(ctx: Context, model: type[_Stored], file_id: int | None, sku: str | None) -> _Stored | None:
    """The stored product or variation (``model``) a row updates: by ID first, else by SKU
    (None: create, as WooCommerce's importer does)."""
    if file_id is not None:
        found = ctx.session.get(model, file_id)
        if found is not None:
            return found
    if sku:
        return ctx.session.scalar(select(model).where(model.sku == sku))
    return None


def import_product(ctx: Context, row: Row, kind: str | None) -> tuple[Product, bool]:
    """Create or update the product of ``row``; ``kind`` is its parsed Type (None: keep/simple).

    Returns ``(product, created)``. Linked products (grouped, upsells, cross-sells) are
    not set here; see :func:`services.catalog.importer.woocommerce.link_products`.
    """
    session = ctx.session
    file_id, sku = _file_id(row), _sku(row)
    product = find_stored(ctx, Product, file_id, sku)
    created = product is None
    name = check_length(row.get("name"), 200, "Name")
    if (created or row.has("name")) and not name:
        raise RowError("Name is required for a product")
    _check_sku_free(session, sku, Product, Variation, product.id if product else None)
    if product is None:
        assert name  # checked above: a new product has a name
        product = Product(
            id=file_id if file_id is not None else ctx.new_product_id(),
            name=name,
            slug=_unique_product_slug(session, name),
            featured=False,
            short_description="",
        )
        session.add(product)
    if row.has("sku"):
        product.sku = sku
    if name:
        product.name = name
    old_type = None if created else product.type
    product.type = kind or old_type or ProductType.SIMPLE.value
    if old_type == ProductType.VARIABLE and product.type != ProductType.VARIABLE:
        product.variations = []  # WooCommerce deletes the variations when the type changes
    if row.has("featured") and row.get("featured"):
        product.featured = parse_bool(row.get("featured"), "Is featured?")
    if row.has("short_description"):
        product.short_description = parse_description(row.values["short_description"])
    _apply_common(product, row, created)
    _apply_prices(product, row)
    if product.type == ProductType.EXTERNAL:
        # WC_Product_External: never manages stock, always in stock.
        product.manage_stock, product.stock_quantity = False, None
        product.backorders, product.stock_status = Backorders.NO.value, StockStatus.INSTOCK.value
        if row.has("product_url"):
            product.external_url = check_length(row.get("product_url") or None, 500, "External URL")
        if row.has("button_text"):
            product.button_text = check_length(row.get("button_text") or None, 100, "Button text")
    else:
        _apply_stock(product, row, created, is_variation=False)
        product.external_url = product.button_text = None
    if row.has("category_ids"):
        product.categories = categories_for(session, row.values["category_ids"])
    if row.has("tag_ids"):
        product.tags = tags_for(session, row.values["tag_ids"])
    if row.has("images"):
        _apply_images(product, explode_values(row.values["images"]))
    if row.attributes:
        _apply_attributes(product, row)
    session.flush()
    if file_id is not None:
        ctx.id_map[file_id] = product.id
    return product, created


def _apply_images(product: Product, urls: list[str]) -> None:
    """Replace the gallery images by ``urls`` (kept as links); ACF-role images stay."""
    for url in urls:
        check_length(url, 500, "Images")
    gallery = [image for image in product.images if image.role == "gallery"]
    if [image.src for image in gallery] == urls:
        return
    others = [image for image in product.images if image.role != "gallery"]
    product.images = others + [
        ProductImage(position=i, role="gallery", src=url, alt="") for i, url in enumerate(urls)
    ]


def _apply_attributes(product: Product, row: Row) -> None:
    """Set the attributes from "Attribute N name/value(s)/visible"; a variable product's
    attributes define its variations (``variation=True``). Existing rows are reused by name.
    """
    existing = {attribute.name.lower(): attribute for attribute in product.attributes}
    result: list[ProductAttribute] = []
    for number in sorted(row.attributes):
        parts = row.attributes[number]
        name = parts.get("name", "").strip()
        options = explode_values(parts.get("values", ""))
        if not name:
            if options:
                raise RowError(f"Attribute {number} value(s) given without Attribute {number} name")
            continue
        check_length(name, 100, f"Attribute {number} name")
        if any(a.name.lower() == name.lower() for a in result):
            raise RowError(f"Attribute {number} name: attribute {name!r} appears twice")
        visible_text = parts.get("visible", "").strip()
        attribute = existing.get(name.lower()) or ProductAttribute(name=name)
        attribute.name = name
        attribute.position = len(result)
        attribute.visible = parse_bool(visible_text, f"Attribute {number} visible") if visible_text else True
        attribute.variation = product.type == ProductType.VARIABLE
        attribute.options = options
        result.append(attribute)
    product.attributes = result


def import_variation(ctx: Context, row: Row) -> tuple[Variation, bool]:
    """Create or update the :class:`Variation` of a "variation" row under its Parent.

    Parent is "id:123" or the parent's SKU and must name a variable product already in
    the database or imported earlier from this file. Attributes become
    ``[{"name", "option"}]`` (an empty value means "any", and is left out); an
    attribute or option the parent lacks is added to the parent, as WooCommerce does.
    """
    session = ctx.session
    parent = _variation_parent(ctx, row)
    attributes = _variation_attributes(row)
    file_id, sku = _file_id(row), _sku(row)
    variation = find_stored(ctx, Variation, file_id, sku)
    created = variation is None
    _check_sku_free(session, sku, Variation, Product, variation.id if variation else None)
    if variation is None:
        variation = Variation(id=file_id if file_id is not None else ctx.new_variation_id())
        session.add(variation)
    variation.product = parent
    if row.has("sku"):
        variation.sku = sku
    _apply_common(variation, row, created)
    _apply_prices(variation, row)
    _apply_stock(variation, row, created, is_variation=True)
    if row.has("images"):
        urls = explode_values(row.values["images"])
        variation.image_src = check_length(urls[0], 500, "Images") if urls else None
    if row.attributes:
        variation.attributes = _merge_into_parent(parent, attributes)
    session.flush()
    return variation, created


def _variation_parent(ctx: Context, row: Row) -> Product:
    ref = row.get("parent_id")
    if not ref:
        raise RowError("Parent is required for a variation")
    parent = resolve_ref(ctx, ref)
    if parent is None:
        kind, value = parse_ref(ref)
        failed = ctx.failed.get(f"id:{value}" if kind == "id" else str(value))
        where = f" (its row on line {failed} was not imported)" if failed else ""
        raise RowError(f"parent product {ref!r} not found{where}")
    if parent.type != ProductType.VARIABLE:
        raise RowError(f"parent product {ref!r} is a {parent.type} product, not a variable one")
    return parent


def _variation_attributes(row: Row) -> list[dict[str, str]]:
    result: list[dict[str, str]] = []
    for number in sorted(row.attributes):
        parts = row.attributes[number]
        name = parts.get("name", "").strip()
        values = explode_values(parts.get("values", ""))
        if len(values) > 1:
            raise RowError(f"Attribute {number} value(s): a variation takes one value, got {len(values)}")
        if name and values:
            check_length(name, 100, f"Attribute {number} name")
            result.append({"name": name, "option": values[0]})
        elif values:
            raise RowError(f"Attribute {number} value(s) given without Attribute {number} name")
    return result


def _merge_into_parent(parent: Product, attributes: list[dict[str, str]]) -> list[dict[str, str]]:
    """Make sure the parent has each attribute and option; return them in the parent's spelling."""
    result = []
    for item in attributes:
        own = next((a for a in parent.attributes if a.name.lower() == item["name"].lower()), None)
        if own is None:
            own = ProductAttribute(
                name=item["name"], position=len(parent.attributes), visible=True, options=[]
            )
            parent.attributes.append(own)
        own.variation = True
        option = next((o for o in own.options or [] if o.lower() == item["option"].lower()), None)
        if option is None:
            option = item["option"]
            own.options = [*(own.options or []), option]
        result.append({"name": own.name, "option": option})
    return result
