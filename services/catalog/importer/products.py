"""Turning one CSV row into the writes it needs (a :class:`Planned`), in memory, without SQL.

Every function raises :class:`RowError` for a row that cannot be imported; a row is fully
validated before anything of it is planned, so a refused row leaves nothing behind (not even a
category). Rules: docs/spec.md section 3.1.

Columns absent from the file leave the stored field alone on update and give the model
default on create (WooCommerce's importer maps only the columns present). A present but empty
cell clears the field, as WooCommerce does, except where the field cannot be empty (Name,
Type, Published, Is featured?, Visibility in catalog, Tax status, In stock?, Backorders
allowed?, Position): there an empty cell keeps the stored value (the default on create).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import UTC, datetime, tzinfo
from typing import Any

from services.catalog.importer.csvfile import Row, explode_values
from services.catalog.importer.fields import (
    RowError,
    check_length,
    derive_stock_status,
    parse_backorders,
    parse_bool,
    parse_choice,
    parse_datetime,
    parse_decimal,
    parse_description,
    parse_int,
    parse_price,
    parse_published,
    parse_stock_status,
)
from services.catalog.importer.state import Item, Shop
from services.catalog.importer.terms import SLUG_LIMIT, Terms, slugify
from services.catalog.models import (
    Backorders,
    CatalogVisibility,
    ProductStatus,
    ProductType,
    StockStatus,
    TaxStatus,
)

PRICES = (
    ("regular_price", "Regular price", "regular_price_eur"),
    ("sale_price", "Sale price", "sale_price_eur"),
)
# Optional USD prices as exporter meta columns ("Meta: _regular_price_usd").
USD_META = (
    ("_regular_price_usd", "Meta: _regular_price_usd", "regular_price_usd"),
    ("_sale_price_usd", "Meta: _sale_price_usd", "sale_price_usd"),
)
DIMENSIONS = (("weight", "Weight"), ("length", "Length"), ("width", "Width"), ("height", "Height"))
VISIBILITIES = {v.value for v in CatalogVisibility}
TAX_STATUSES = {t.value for t in TaxStatus}


@dataclass
class Options:
    """How rows are read: ``update`` allows rows to update stored products (``--update``);
    ``zone`` is the time zone of sale dates without an offset; ``factors`` maps weight and
    dimension columns to their unit factor to kg/cm (from the header)."""

    update: bool = False
    zone: tzinfo = UTC
    factors: dict[str, str] = field(default_factory=dict)


@dataclass
class Planned:
    """The writes of one row. ``values`` are column values: every column on create, only the
    changed ones (plus ``id``) on update. ``categories``/``tags``/``gallery`` are None when the
    row leaves them alone; ``attributes`` names the products whose attribute rows must be
    rewritten from :attr:`Shop.attributes`; ``drop_variations`` is set when a variable
    product's type changes (WooCommerce deletes its variations)."""

    row: Row
    kind: str
    action: str
    id: int
    values: dict[str, Any]
    categories: list[int] | None = None
    tags: list[int] | None = None
    gallery: list[str] | None = None
    attributes: set[int] = field(default_factory=set)
    drop_variations: bool = False

    def describe(self) -> str:
        """ "product #12 'K1 Keyboard' (SKU HK-K1)" for per-line listings."""
        sku = self.values.get("sku") or (self.row.get("sku") or None)
        name = self.values.get("name") or self.row.get("name")
        text = f"{self.kind} #{self.id}"
        if name:
            text += f" {name!r}"
        return f"{text} (SKU {sku})" if sku else text


def parse_ref(text: str) -> tuple[str, int | str]:
    """A product reference as the exporter writes it: "id:123" -> ("id", 123), else ("sku", text)."""
    text = text.strip()
    if text.lower().startswith("id:"):
        number = text[3:].strip()
        if not number.isdigit():
            raise RowError(f"{text!r} is not a product reference (expected id:<number> or a SKU)")
        return "id", int(number)
    return "sku", text


def resolve_ref(shop: Shop, text: str) -> Item | None:
    """The product a reference ("id:123" or a SKU, any case) names, or None when unknown."""
    kind, value = parse_ref(text)
    if kind == "id":
        assert isinstance(value, int)
        return shop.products.get(shop.id_map.get(value, value))
    owner = shop.skus.get(str(value).lower())
    return shop.products[owner[1]] if owner and owner[0] == "product" else None


def not_found(shop: Shop, ref: str) -> str:
    """ " (its row on line 5 was not imported)" when ``ref`` names a refused row, else ""."""
    kind, value = parse_ref(ref)
    failed = shop.failed.get(f"id:{value}" if kind == "id" else str(value).lower())
    return f" (its row on line {failed} was not imported)" if failed else ""


def match_stored(
    shop: Shop, opts: Options, row: Row, kind: str
) -> tuple[Item | None, int | None, str | None]:
    """The stored item the row updates (None: create), its file ID and SKU; refuses clashes."""
    file_id = parse_int(row.get("id"), "ID", minimum=1)
    sku = check_length(row.get("sku") or None, 64, "SKU")
    table = shop.products if kind == "product" else shop.variations
    item = shop.find(kind, file_id, sku)
    if item is not None and not opts.update:
        if file_id is not None and file_id in table:
            raise RowError(
                f"ID {file_id} already exists in the shop; use --update to update existing products"
            )
        raise RowError(f"SKU {sku!r} already exists in the shop; use --update to update existing products")
    if sku:
        owner = shop.skus.get(sku.lower())
        if owner is not None and owner != (kind, item.id if item else None):
            if owner[0] != kind:
                raise RowError(f"SKU {sku!r} already belongs to a {owner[0]}")
            raise RowError(f"SKU {sku!r} already belongs to another {kind} (#{owner[1]})")
    return item, file_id, sku


def apply_common(row: Row, opts: Options, created: bool, values: dict[str, Any]) -> None:
    """Published, Description, Position, tax, sale dates, weight and dimensions, downloads."""
    status = parse_published(row.get("published"))
    if status is not None or created:
        values["status"] = status or ProductStatus.PUBLISH.value
    if row.has("description") or created:
        values["description"] = parse_description(row.values.get("description", ""))
    position = parse_int(row.get("menu_order"), "Position")
    if position is not None or created:
        values["menu_order"] = position or 0
    tax_status = parse_choice(row.get("tax_status"), "Tax status", TAX_STATUSES)
    if tax_status is not None or created:
        values["tax_status"] = tax_status or TaxStatus.TAXABLE.value
    if row.has("tax_class") or created:
        values["tax_class"] = check_length(row.get("tax_class"), 100, "Tax class") or ""
    starts = parse_datetime(row.get("date_on_sale_from"), "Date sale price starts", opts.zone)
    ends = parse_datetime(row.get("date_on_sale_to"), "Date sale price ends", opts.zone, end_of_day=True)
    if starts and ends and starts > ends:
        raise RowError("Date sale price ends is before Date sale price starts")
    for key, moment in (("date_on_sale_from", starts), ("date_on_sale_to", ends)):
        if row.has(key) or created:
            values[key] = moment
    for key, label in DIMENSIONS:
        if row.has(key) or created:
            values[key] = parse_decimal(row.get(key), label, opts.factors.get(key, "1"))
    if row.downloads or created:
        values["downloads"] = _downloads(row)


def _downloads(row: Row) -> list[dict[str, str]]:
    """ "Download N ID/name/URL" -> [{id, name, file}]; an entry without a URL is an error
    unless all its cells are empty. A missing ID is the MD5 of the URL (stable on re-import)."""
    result = []
    for number in sorted(row.downloads):
        parts = {k: v.strip() for k, v in row.downloads[number].items()}
        url = parts.get("url", "")
        if not url:
            if parts.get("name") or parts.get("id"):
                raise RowError(f"Download {number} URL is empty")
            continue
        check_length(url, 500, f"Download {number} URL")
        ident = parts.get("id") or hashlib.md5(url.encode(), usedforsecurity=False).hexdigest()
        result.append({"id": ident, "name": parts.get("name") or url.rsplit("/", 1)[-1], "file": url})
    return result


def apply_prices(row: Row, item: Item | None, values: dict[str, Any]) -> None:
    """Prices (minor units); a sale price above the regular one is refused, as WooCommerce does."""
    for key, column, attr in PRICES:
        if row.has(key):
            values[attr] = parse_price(row.values[key], column)
    for key, column, attr in USD_META:
        if key in row.meta:
            values[attr] = parse_price(row.meta[key], column)
    for currency in ("eur", "usd"):
        regular = values.get(f"regular_price_{currency}", getattr(item, f"regular_price_{currency}", None))
        sale = values.get(f"sale_price_{currency}", getattr(item, f"sale_price_{currency}", None))
        if regular is not None and sale is not None and sale > regular:
            label = "Sale price" if currency == "eur" else "Meta: _sale_price_usd"
            raise RowError(f"{label} {sale / 100:.2f} is above the regular price {regular / 100:.2f}")


def apply_stock(row: Row, item: Item | None, values: dict[str, Any], *, is_variation: bool) -> None:
    """Stock, backorders and stock status; a variation's Stock "parent" means the parent manages it."""
    created = item is None
    manage = item.manage_stock if item else False
    quantity = item.stock_quantity if item else None
    if row.has("stock_quantity"):
        text = row.get("stock_quantity")
        if is_variation and text.lower() == "parent":
            manage, quantity = False, None
        else:
            quantity = parse_int(text, "Stock")
            manage = quantity is not None
        values["manage_stock"], values["stock_quantity"] = manage, quantity
    elif created:
        values["manage_stock"], values["stock_quantity"] = False, None
    backorders = parse_backorders(row.get("backorders"))
    if backorders is None:
        backorders = item.backorders if item else Backorders.NO.value
    if row.has("backorders") or created:
        values["backorders"] = backorders
    given = parse_stock_status(row.get("stock_status"))
    if given is None:
        given = item.stock_status if item else StockStatus.INSTOCK.value
    values["stock_status"] = derive_stock_status(manage, quantity, backorders, given)


def plan_product(
    shop: Shop, terms: Terms, opts: Options, row: Row, kind: str | None, flags: set[str]
) -> Planned:
    """The writes of a product row; ``kind`` is its parsed Type (None: keep, or simple), ``flags``
    its virtual/downloadable words. Links (grouped, upsells, cross-sells) come at the end."""
    item, file_id, sku = match_stored(shop, opts, row, "product")
    created = item is None
    name = check_length(row.get("name"), 200, "Name")
    if (created or row.has("name")) and not name:
        raise RowError("Name is required for a product")
    old_type = item.type if item else None
    new_type = kind or old_type or ProductType.SIMPLE.value
    values: dict[str, Any] = {}
    if row.has("sku") or created:
        values["sku"] = sku
    if name:
        values["name"] = name
    values["type"] = new_type
    if row.has("type") and row.get("type") or created:
        values["virtual"], values["downloadable"] = "virtual" in flags, "downloadable" in flags
    featured = row.get("featured")
    if featured or created:
        values["featured"] = parse_bool(featured, "Is featured?") if featured else False
    if row.has("short_description") or created:
        values["short_description"] = parse_description(row.values.get("short_description", ""))
    visibility = parse_choice(row.get("catalog_visibility"), "Visibility in catalog", VISIBILITIES)
    if visibility is not None or created:
        values["catalog_visibility"] = visibility or CatalogVisibility.VISIBLE.value
    apply_common(row, opts, created, values)
    apply_prices(row, item, values)
    if new_type == ProductType.EXTERNAL:
        # WC_Product_External: never manages stock, always in stock.
        values.update(manage_stock=False, stock_quantity=None, backorders="no", stock_status="instock")
        if row.has("product_url") or created:
            values["external_url"] = check_length(row.get("product_url") or None, 500, "External URL")
        if row.has("button_text") or created:
            values["button_text"] = check_length(row.get("button_text") or None, 100, "Button text")
    else:
        apply_stock(row, item, values, is_variation=False)
        values["external_url"] = values["button_text"] = None
    gallery = explode_values(row.values["images"]) if row.has("images") else None
    for url in gallery or []:
        check_length(url, 500, "Images")
    attributes = _attributes(row, new_type) if row.attributes else None
    # Validated: from here on nothing raises, and the shop's state changes.
    categories = terms.category_ids(row.values["category_ids"]) if row.has("category_ids") else None
    tags = terms.tag_ids(row.values["tag_ids"]) if row.has("tag_ids") else None
    if item is None:
        pid = file_id if file_id is not None else shop.new_product_id()
        assert name
        item = Item(pid, new_type, None, stored=False)
        shop.products[pid] = item
        shop.attributes[pid], shop.gallery[pid] = [], []
        values["slug"] = shop.slugs.take([slugify(name, "product")], cut=SLUG_LIMIT - 8)
    for key, value in values.items():
        if hasattr(item, key) and key != "sku":
            setattr(item, key, value)
    if "sku" in values:
        shop.set_sku(item, "product", sku)
    values["id"] = item.id
    planned = Planned(row, "product", "create" if created else "update", item.id, values, categories, tags)
    if gallery is not None and gallery != shop.gallery.get(item.id):
        planned.gallery = shop.gallery[item.id] = gallery
    if attributes is not None and attributes != shop.attributes.get(item.id):
        shop.attributes[item.id] = attributes
        planned.attributes.add(item.id)
    planned.drop_variations = old_type == ProductType.VARIABLE and new_type != ProductType.VARIABLE
    if file_id is not None:
        shop.id_map[file_id] = item.id
    return planned


def _attributes(row: Row, product_type: str) -> list[dict[str, Any]]:
    """Attribute rows from "Attribute N name/value(s)/visible"; a variable product's attributes
    define its variations (``variation=True``)."""
    result: list[dict[str, Any]] = []
    for number in sorted(row.attributes):
        parts = row.attributes[number]
        name = parts.get("name", "").strip()
        options = explode_values(parts.get("values", ""))
        if not name:
            if options:
                raise RowError(f"Attribute {number} value(s) given without Attribute {number} name")
            continue
        check_length(name, 100, f"Attribute {number} name")
        if any(a["name"].lower() == name.lower() for a in result):
            raise RowError(f"Attribute {number} name: attribute {name!r} appears twice")
        visible_text = parts.get("visible", "").strip()
        visible = parse_bool(visible_text, f"Attribute {number} visible") if visible_text else True
        result.append(
            {
                "name": name,
                "position": len(result),
                "visible": visible,
                "variation": product_type == ProductType.VARIABLE,
                "options": options,
            }
        )
    return result


def now() -> datetime:
    """The current time as the catalogue stores it (naive UTC)."""
    return datetime.now(UTC).replace(tzinfo=None)
