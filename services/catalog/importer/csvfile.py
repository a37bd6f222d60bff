"""Reading a WooCommerce product CSV: source decoding, header mapping, rows with line numbers.

The column labels are those of WooCommerce's own product exporter
(``WC_Product_CSV_Exporter::get_default_column_names``): "ID", "Type", "SKU", "Name",
"Published", ..., "Attribute 1 name", "Attribute 1 value(s)", ..., "Meta: <key>".
Headers match case-insensitively; WooCommerce's internal field keys ("regular_price",
"parent_id", ...) are accepted too, as WooCommerce's importer does.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

# Exporter label -> internal key (WooCommerce's field keys, used by its importer mapping).
LABELS: dict[str, str] = {
    "ID": "id",
    "Type": "type",
    "SKU": "sku",
    "Name": "name",
    "Published": "published",
    "Is featured?": "featured",
    "Visibility in catalog": "catalog_visibility",
    "Short description": "short_description",
    "Description": "description",
    "Date sale price starts": "date_on_sale_from",
    "Date sale price ends": "date_on_sale_to",
    "Tax status": "tax_status",
    "Tax class": "tax_class",
    "In stock?": "stock_status",
    "Stock": "stock_quantity",
    "Low stock amount": "low_stock_amount",
    "Backorders allowed?": "backorders",
    "Sold individually?": "sold_individually",
    "Allow customer reviews?": "reviews_allowed",
    "Purchase note": "purchase_note",
    "Sale price": "sale_price",
    "Regular price": "regular_price",
    "Categories": "category_ids",
    "Tags": "tag_ids",
    "Shipping class": "shipping_class_id",
    "Images": "images",
    "Download limit": "download_limit",
    "Download expiry days": "download_expiry",
    "Parent": "parent_id",
    "Grouped products": "grouped_products",
    "Upsells": "upsell_ids",
    "Cross-sells": "cross_sell_ids",
    "External URL": "product_url",
    "Button text": "button_text",
    "Position": "menu_order",
}
_BY_LABEL = {label.lower(): key for label, key in LABELS.items()}
_KEYS = set(LABELS.values())

# Columns the exporter writes whose unit is part of the label ("Weight (kg)", "Length (in)").
_DIMENSION = re.compile(r"^(weight|length|width|height)(?: \((.+)\))?$", re.I)
# Units the exporter may name (the store's weight/dimension unit), as factors to kg and cm.
WEIGHT_UNITS = {"kg": "1", "g": "0.001", "lbs": "0.45359237", "lb": "0.45359237", "oz": "0.028349523125"}
LENGTH_UNITS = {"cm": "1", "m": "100", "mm": "0.1", "in": "2.54", "yd": "91.44"}
# Exporter columns whose WooCommerce field the shop does not store: reported as a warning.
UNUSED_KEYS = {
    "low_stock_amount",
    "sold_individually",
    "reviews_allowed",
    "purchase_note",
    "shipping_class_id",
    "download_limit",
    "download_expiry",
}
# Meta columns the shop reads (USD prices); every other "Meta: <key>" column is unused.
USED_META = {"_regular_price_usd", "_sale_price_usd"}
_ATTRIBUTE = re.compile(r"^attribute (\d+) (name|value\(s\)|visible|global|default)$", re.I)
_DOWNLOAD = re.compile(r"^download (\d+) (id|name|url)$", re.I)
_META = re.compile(r"^meta: (.+)$", re.I)
_ATTRIBUTE_PART = {"name": "name", "value(s)": "values", "visible": "visible"}

# WooCommerce's exporter prefixes cells starting with these with "'" (CSV injection guard,
# WC_CSV_Exporter::escape_data); its importer strips the quote again (unescape_data).
_ESCAPED_TRIGGERS = ("'=", "'+", "'-", "'@", "'\t", "'\r")


class SourceError(Exception):
    """The file cannot be read as a CSV at all; ``line`` is where reading failed."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass
class Row:
    """One CSV record: ``line`` is the 1-based physical line where it starts (header = 1).

    ``values`` maps internal keys (see :data:`LABELS`) to the cell text of the columns
    present in the file; a key that is absent means "column not in the file" (on update
    the field is left alone), an empty string means "column present, cell empty".
    ``attributes`` maps the attribute number to its parts (name, values, visible, global,
    default); ``meta`` maps "Meta: <key>" keys to cell text; ``downloads`` maps the download
    number to its parts (id, name, url). ``error`` is set when the record's field count is
    not the header's (the row is then never imported).
    """

    line: int
    values: dict[str, str] = field(default_factory=dict)
    downloads: dict[int, dict[str, str]] = field(default_factory=dict)
    error: str | None = None
    attributes: dict[int, dict[str, str]] = field(default_factory=dict)
    meta: dict[str, str] = field(default_factory=dict)

    def has(self, key: str) -> bool:
        """Whether the column of internal ``key`` is in the file."""
        return key in self.values

    def get(self, key: str) -> str:
        """The stripped cell text of ``key`` ("" when empty or absent)."""
        return self.values.get(key, "").strip()


@dataclass
class Column:
    """Where a header cell goes: ``kind`` is value, attribute, download, meta or unused.

    ``label`` is the header text; ``factor`` the unit factor of a weight/dimension column
    (to kg or cm); ``filled`` counts the rows with a non-empty cell in an unused column.
    """

    kind: str
    key: str = ""
    number: int = 0
    label: str = ""
    factor: str = "1"
    filled: int = 0


def map_header(label: str) -> Column:
    """Map one header cell to a :class:`Column` (columns the shop does not use are ``unused``).

    "Weight (kg)", "Length (in)"...: kept, with the unit's factor to kg/cm; an unknown unit
    makes the column unused. "Attribute N global/default", the :data:`UNUSED_KEYS` columns,
    "Meta:" columns other than :data:`USED_META` and unknown labels are unused.
    """
    text = label.strip()
    low = text.lower()
    if low in _BY_LABEL or low in _KEYS:
        key = _BY_LABEL.get(low, low)
        return Column("unused" if key in UNUSED_KEYS else "value", key, label=text)
    if m := _ATTRIBUTE.match(text):
        part = m.group(2).lower()
        if part not in _ATTRIBUTE_PART:
            return Column("unused", label=text)
        return Column("attribute", _ATTRIBUTE_PART[part], int(m.group(1)), label=text)
    if m := _META.match(text):
        key = m.group(1).strip()
        return Column("meta" if key in USED_META else "unused", key, label=text)
    if m := _DOWNLOAD.match(text):
        return Column("download", m.group(2).lower(), int(m.group(1)), label=text)
    if m := _DIMENSION.match(text):
        dimension, unit = m.group(1).lower(), (m.group(2) or "").strip().lower()
        units = WEIGHT_UNITS if dimension == "weight" else LENGTH_UNITS
        unit = unit or ("kg" if dimension == "weight" else "cm")
        if unit in units:
            return Column("value", dimension, label=text, factor=units[unit])
    return Column("unused", label=text)


def unescape(value: str) -> str:
    """Undo the exporter's CSV-injection guard: "'=SUM(1)" -> "=SUM(1)", "'-3" -> "-3"."""
    if value[:2] in _ESCAPED_TRIGGERS:
        return value[1:]
    return value


def _read_text(source: Path | str | TextIO) -> str:
    if isinstance(source, (str, Path)):
        data = Path(source).read_bytes()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            raise SourceError(line, "the file is not UTF-8 text (WooCommerce exports UTF-8)") from exc
    else:
        text = source.read()
    return text.removeprefix("\ufeff")  # the exporter writes a UTF-8 byte order mark


def read_rows(source: Path | str | TextIO) -> tuple[list[Column], list[Row], SourceError | None]:
    """Parse ``source`` (a path, or an open text stream) into header columns and rows.

    Returns ``(columns, rows, error)``: ``error`` is a :class:`SourceError` when the CSV
    syntax breaks part-way (the rows before it are returned), else None. Blank lines are
    skipped. Raises :class:`SourceError` when there is no header row or the file is not
    UTF-8. Each row's ``line`` is where the record starts, even when a quoted field spans
    several physical lines.
    """
    text = _read_text(source)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = next(reader, None)
    except csv.Error as exc:
        raise SourceError(1, f"CSV syntax error in the header: {exc}") from exc
    if not header or not any(cell.strip() for cell in header):
        raise SourceError(1, "the file has no header row")
    columns = [map_header(cell) for cell in header]
    rows: list[Row] = []
    error: SourceError | None = None
    start = reader.line_num + 1
    try:
        for cells in reader:
            line, start = start, reader.line_num + 1
            if not any(cell.strip() for cell in cells):
                continue
            rows.append(_make_row(line, columns, cells))
    except csv.Error as exc:
        error = SourceError(start, f"CSV syntax error: {exc}; the rest of the file was not read")
    return columns, rows, error


def _make_row(line: int, columns: list[Column], cells: list[str]) -> Row:
    """A :class:`Row` of ``cells``; a record whose field count is not the header's gets only
    ``error`` (a short row or an unquoted "1,5" would shift every later cell)."""
    row = Row(line)
    if len(cells) != len(columns):
        row.error = f"{len(cells)} fields, the header has {len(columns)}"
        return row
    for column, raw in zip(columns, cells, strict=True):
        value = unescape(raw)
        if column.kind == "value":
            row.values[column.key] = value
        elif column.kind == "attribute":
            row.attributes.setdefault(column.number, {})[column.key] = value
        elif column.kind == "download":
            row.downloads.setdefault(column.number, {})[column.key] = value
        elif column.kind == "meta":
            row.meta[column.key] = value
        elif value.strip():
            column.filled += 1
    return row


def explode_values(value: str) -> list[str]:
    """Split a comma list as WooCommerce's importer does (``explode_values``).

    Commas escaped as "\\," stay inside a value; values are stripped; empty ones dropped.
    "Red\\, dark, Blue" -> ["Red, dark", "Blue"].
    """
    placeholder = "\x00"
    parts = value.replace("\\,", placeholder).split(",")
    return [p.replace(placeholder, ",").strip() for p in parts if p.strip()]


def iter_attribute_numbers(row: Row) -> Iterator[int]:
    """Attribute numbers of ``row`` in ascending order."""
    yield from sorted(row.attributes)
