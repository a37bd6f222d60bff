"""Writing the catalogue as a CSV in the column format of WooCommerce's product exporter.

The counterpart of :mod:`services.catalog.importer.woocommerce`: what it writes, the importer
reads back field for field (tests/catalog/test_import_export.py round-trips it). It makes the
project's own test file ``tests/fixtures/woocommerce/export.csv`` (see ``make_export.py``
there) and lets a shop move its catalogue to another shop. Conventions are the exporter's
(``WC_Product_CSV_Exporter``): a UTF-8 byte order mark, CRLF-free ``\\n`` line ends, 1/0
booleans, prices as decimal text, newlines in descriptions written as the two characters
"\\n", cells starting with = + - @ prefixed with "'", categories as "Parent > Child" paths,
linked products as SKUs (or "id:N" without one). Columns the shop does not store are written
empty. Sale dates are written in UTC ("YYYY-MM-DD HH:MM:SS").
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from datetime import datetime
from typing import Any, TextIO

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from services.catalog.models import Category, Product, Variation

BASE_COLUMNS = [
    "ID", "Type", "SKU", "Name", "Published", "Is featured?", "Visibility in catalog",
    "Short description", "Description", "Date sale price starts", "Date sale price ends",
    "Tax status", "Tax class", "In stock?", "Stock", "Low stock amount", "Backorders allowed?",
    "Sold individually?", "Weight (kg)", "Length (cm)", "Width (cm)", "Height (cm)",
    "Allow customer reviews?", "Purchase note", "Sale price", "Regular price", "Categories",
    "Tags", "Shipping class", "Images", "Download limit", "Download expiry days", "Parent",
    "Grouped products", "Upsells", "Cross-sells", "External URL", "Button text", "Position",
]  # fmt: skip
META_COLUMNS = ["Meta: _regular_price_usd", "Meta: _sale_price_usd"]
_PUBLISHED = {"publish": "1", "private": "0", "draft": "-1", "pending": "-1"}
_IN_STOCK = {"instock": "1", "outofstock": "0", "onbackorder": "backorder"}
_BACKORDERS = {"no": "0", "yes": "1", "notify": "notify"}


def _escape(value: str) -> str:
    """The exporter's CSV-injection guard (``WC_CSV_Exporter::escape_data``)."""
    return "'" + value if value[:1] in ("=", "+", "-", "@") else value


def _price(minor: int | None) -> str:
    return "" if minor is None else f"{minor // 100}.{minor % 100:02d}"


def _date(moment: datetime | None) -> str:
    return "" if moment is None else moment.strftime("%Y-%m-%d %H:%M:%S")


def _text(value: str | None) -> str:
    return (value or "").replace("\\n", "\\\\n").replace("\n", "\\n")


def _list(values: Iterable[str]) -> str:
    return ", ".join(v.replace(",", "\\,") for v in values)


def _type(base: str, item: Product | Variation) -> str:
    return ", ".join([base] + [flag for flag in ("virtual", "downloadable") if getattr(item, flag)])


def _common(item: Product | Variation) -> dict[str, str]:
    return {
        "Published": _PUBLISHED.get(item.status, "-1"),
        "Description": _text(item.description),
        "Date sale price starts": _date(item.date_on_sale_from),
        "Date sale price ends": _date(item.date_on_sale_to),
        "Tax status": item.tax_status,
        "Tax class": item.tax_class,
        "In stock?": _IN_STOCK.get(item.stock_status, "1"),
        "Stock": str(item.stock_quantity) if item.manage_stock and item.stock_quantity is not None else "",
        "Backorders allowed?": _BACKORDERS.get(item.backorders, "0"),
        "Weight (kg)": item.weight or "",
        "Length (cm)": item.length or "",
        "Width (cm)": item.width or "",
        "Height (cm)": item.height or "",
        "Sale price": _price(item.sale_price_eur),
        "Regular price": _price(item.regular_price_eur),
        "Position": str(item.menu_order),
        "Meta: _regular_price_usd": _price(item.regular_price_usd),
        "Meta: _sale_price_usd": _price(item.sale_price_usd),
    }


def export_products_csv(session: Session, out: TextIO) -> int:
    """Write every product and variation of the catalogue to ``out`` (a text stream opened with
    ``newline=""``) in the exporter's format; returns the number of data rows. Products come in
    id order, each variable product followed by its variations."""
    products = list(
        session.scalars(
            select(Product)
            .order_by(Product.id)
            .options(
                selectinload(Product.categories),
                selectinload(Product.tags),
                selectinload(Product.images),
                selectinload(Product.attributes),
                selectinload(Product.variations),
            )
        )
    )
    categories = {c.id: c for c in session.scalars(select(Category))}
    skus = {p.id: p.sku for p in products}
    items: list[Product | Variation] = [*products, *(v for p in products for v in p.variations)]
    downloads = max((len(i.downloads or []) for i in items), default=0)
    attributes = max(
        [len(p.attributes) for p in products]
        + [len(v.attributes or []) for p in products for v in p.variations],
        default=0,
    )
    header = list(BASE_COLUMNS)
    for n in range(1, downloads + 1):
        header += [f"Download {n} ID", f"Download {n} name", f"Download {n} URL"]
    for n in range(1, attributes + 1):
        header += [
            f"Attribute {n} name",
            f"Attribute {n} value(s)",
            f"Attribute {n} visible",
            f"Attribute {n} global",
        ]
    header += META_COLUMNS
    out.write("\ufeff")
    writer = csv.DictWriter(out, header, restval="", lineterminator="\n")
    writer.writeheader()
    rows = 0
    for product in products:
        writer.writerow(_escaped(_product_row(product, categories, skus)))
        rows += 1
        for variation in sorted(product.variations, key=lambda v: v.id):
            writer.writerow(_escaped(_variation_row(product, variation)))
            rows += 1
    return rows


def _escaped(row: dict[str, str]) -> dict[str, str]:
    return {key: _escape(value) for key, value in row.items()}


def _path(category: Category, categories: dict[int, Category]) -> str:
    names = [category.name]
    seen = {category.id}
    while (
        category.parent_id is not None and category.parent_id in categories and category.parent_id not in seen
    ):
        category = categories[category.parent_id]
        seen.add(category.id)
        names.append(category.name)
    return " > ".join(name.replace(",", "\\,") for name in reversed(names))


def _refs(ids: list[int] | None, skus: dict[int, str | None]) -> str:
    return ", ".join(skus.get(i) or f"id:{i}" for i in ids or [])


def _downloads(row: dict[str, Any], item: Product | Variation) -> None:
    for n, download in enumerate(item.downloads or [], start=1):
        row[f"Download {n} ID"] = download.get("id", "")
        row[f"Download {n} name"] = download.get("name", "")
        row[f"Download {n} URL"] = download.get("file", "")


def _product_row(
    product: Product, categories: dict[int, Category], skus: dict[int, str | None]
) -> dict[str, str]:
    row = _common(product)
    row.update(
        {
            "ID": str(product.id),
            "Type": _type(product.type, product),
            "SKU": product.sku or "",
            "Name": product.name,
            "Is featured?": "1" if product.featured else "0",
            "Visibility in catalog": product.catalog_visibility,
            "Short description": _text(product.short_description),
            "Categories": ", ".join(sorted(_path(c, categories) for c in product.categories)),
            "Tags": _list(sorted(t.name for t in product.tags)),
            "Images": ", ".join(i.src for i in product.images if i.role == "gallery"),
            "Grouped products": _refs(product.grouped_ids, skus) if product.type == "grouped" else "",
            "Upsells": _refs(product.upsell_ids, skus),
            "Cross-sells": _refs(product.cross_sell_ids, skus),
            "External URL": product.external_url or "",
            "Button text": product.button_text or "",
        }
    )
    if product.type == "external":
        row["Stock"], row["In stock?"], row["Backorders allowed?"] = "", "1", "0"
    _downloads(row, product)
    for n, attribute in enumerate(product.attributes, start=1):
        row[f"Attribute {n} name"] = attribute.name
        row[f"Attribute {n} value(s)"] = _list(attribute.options or [])
        row[f"Attribute {n} visible"] = "1" if attribute.visible else "0"
        row[f"Attribute {n} global"] = "0"
    return row


def _variation_row(product: Product, variation: Variation) -> dict[str, str]:
    row = _common(variation)
    options = [a.get("option", "") for a in variation.attributes or []]
    row.update(
        {
            "ID": str(variation.id),
            "Type": _type("variation", variation),
            "SKU": variation.sku or "",
            "Name": " - ".join([product.name, *options]) if options else product.name,
            "Is featured?": "0",
            "Visibility in catalog": "visible",
            "Images": variation.image_src or "",
            "Parent": f"id:{product.id}",
        }
    )
    _downloads(row, variation)
    for n, attribute in enumerate(variation.attributes or [], start=1):
        row[f"Attribute {n} name"] = attribute.get("name", "")
        row[f"Attribute {n} value(s)"] = attribute.get("option", "").replace(",", "\\,")
        row[f"Attribute {n} global"] = "0"
    return row
