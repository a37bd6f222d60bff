"""Cell parsers for WooCommerce exporter values. Each raises :class:`RowError` on bad input.

The value conventions are those of ``WC_Product_CSV_Exporter`` (what it writes) and
``WC_Product_CSV_Importer`` (what it accepts): booleans as 1/0, Published as 1/0/-1,
"In stock?" as 1/0/backorder, "Backorders allowed?" as 1/0/notify, prices as decimal
text with a '.' separator, newlines inside descriptions as the two characters "\\n".
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, tzinfo
from decimal import Decimal

from services.catalog.models import Backorders, ProductStatus, ProductType, StockStatus
from services.shared.money import to_minor


class RowError(Exception):
    """A row cannot be imported; ``message`` says why, for people."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


_TRUE = {"1", "yes", "true", "y"}
_FALSE = {"0", "no", "false", "n"}
_PRICE = re.compile(r"^\d+(\.\d+)?$|^\.\d+$")
_INT = re.compile(r"^[+-]?\d+$")

VARIATION = "variation"
BASE_TYPES = {t.value for t in ProductType} | {VARIATION}
FLAG_TYPES = {"virtual", "downloadable"}


def parse_bool(value: str, column: str) -> bool:
    """ "1"/"0" (also yes/no, true/false) -> bool; anything else is a :class:`RowError`."""
    low = value.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    raise RowError(f"{column}: expected 1 or 0, got {value!r}")


def parse_price(value: str, column: str) -> int | None:
    """Decimal price text ("129.99") -> minor units (12999); "" -> None.

    Rounds half up to the cent (shop precision 2). Negative, comma-decimal or other
    non-numeric text is a :class:`RowError`.
    """
    text = value.strip()
    if not text:
        return None
    if not _PRICE.match(text):
        raise RowError(f"{column}: {value!r} is not a price (expected e.g. 129.99)")
    return to_minor(text)


def parse_int(value: str, column: str, *, minimum: int | None = None) -> int | None:
    """Whole number text -> int; "" -> None; anything else (or below ``minimum``) is a RowError."""
    text = value.strip()
    if not text:
        return None
    if not _INT.match(text):
        raise RowError(f"{column}: {value!r} is not a whole number")
    number = int(text)
    if minimum is not None and number < minimum:
        raise RowError(f"{column}: {number} is below {minimum}")
    return number


def parse_type(value: str) -> tuple[str | None, set[str]]:
    """The Type cell -> ``(base, flags)``: base one of simple/variable/grouped/external/variation
    (None when the cell is empty), flags a subset of {"virtual", "downloadable"}.

    The exporter writes the base type plus flags, comma-separated ("simple, virtual",
    "variation, downloadable"); the flags set the ``virtual``/``downloadable`` columns.
    Unknown words or two base types are a RowError.
    """
    words = [w.strip().lower() for w in value.split(",") if w.strip()]
    if not words:
        return None, set()
    unknown = [w for w in words if w not in BASE_TYPES | FLAG_TYPES]
    if unknown:
        raise RowError(
            f"Type: unknown product type {unknown[0]!r} (expected simple, variable, variation, grouped or external)"
        )
    bases = [w for w in words if w in BASE_TYPES]
    if len(bases) != 1:
        raise RowError(
            f"Type: {value!r} must name exactly one of simple, variable, variation, grouped, external"
        )
    return bases[0], {w for w in words if w in FLAG_TYPES}


def parse_decimal(value: str, column: str, factor: str = "1") -> str | None:
    """A weight or dimension ("0.9", ".5", "12") -> decimal text in kg/cm; "" -> None.

    ``factor`` converts the column's unit ("Weight (lbs)": 0.45359237) to kg or cm. Only a
    '.' separates decimals: a quoted "1,5" is a RowError (an unquoted one has already shifted
    the row into a field-count error), as are negative numbers and other text
    (docs/spec.md section 3.1).
    """
    text = value.strip()
    if not text:
        return None
    if not _PRICE.match(text):
        hint = " (use '.' as the decimal separator)" if "," in text else ""
        raise RowError(f"{column}: {value!r} is not a decimal number{hint}")
    if factor == "1":
        return text
    number = (Decimal(text) * Decimal(factor)).quantize(Decimal("0.0001")).normalize()
    return format(number, "f")


_DATE = re.compile(
    r"^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$", re.I
)


def parse_datetime(value: str, column: str, zone: tzinfo, *, end_of_day: bool = False) -> datetime | None:
    """A sale date as WooCommerce writes or accepts it -> naive UTC datetime; "" -> None.

    Accepted: "2026-03-01", "2026-03-01 10:00", "2026-03-01 10:00:00", "2026-03-01T10:00:00",
    each optionally with "Z" or an offset ("+02:00"), and a Unix timestamp ("1772323200").
    Times without an offset are in ``zone`` (the shop's time zone, ``--timezone``). A date
    without a time starts at 00:00:00, or with ``end_of_day`` (the "ends" column) at 23:59:59,
    as WooCommerce's product editor does. Anything else is a RowError.
    """
    text = value.strip()
    if not text:
        return None
    if text.isdigit():
        return datetime.fromtimestamp(int(text), UTC).replace(tzinfo=None)
    m = _DATE.match(text)
    if m is None:
        raise RowError(f"{column}: {value!r} is not a date (expected YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)")
    day, clock, offset = m.groups()
    if clock is None:
        clock = "23:59:59" if end_of_day else "00:00:00"
    elif len(clock) == 5:
        clock += ":00"
    try:
        moment = datetime.fromisoformat(f"{day}T{clock}")
        if offset is None:
            moment = moment.replace(tzinfo=zone)
        else:
            moment = datetime.fromisoformat(f"{day}T{clock}{'+00:00' if offset.upper() == 'Z' else offset}")
    except ValueError as exc:
        raise RowError(f"{column}: {value!r} is not a valid date") from exc
    return moment.astimezone(UTC).replace(tzinfo=None)


def parse_choice(value: str, column: str, choices: set[str]) -> str | None:
    """A cell that must be one of ``choices`` (case-insensitive); "" -> None."""
    text = value.strip().lower()
    if not text:
        return None
    if text not in choices:
        raise RowError(f"{column}: expected one of {', '.join(sorted(choices))}, got {value!r}")
    return text


def parse_published(value: str) -> str | None:
    """Published: 1 -> publish, 0 -> private, -1 -> draft (exporter's mapping); "" -> None.

    The status words themselves (publish, private, draft, pending) are accepted too.
    """
    text = value.strip().lower()
    if not text:
        return None
    mapping = {"1": ProductStatus.PUBLISH, "0": ProductStatus.PRIVATE, "-1": ProductStatus.DRAFT}
    if text in mapping:
        return mapping[text].value
    if text in {s.value for s in ProductStatus}:
        return text
    raise RowError(f"Published: expected 1, 0 or -1, got {value!r}")


def parse_stock_status(value: str) -> str | None:
    """In stock?: 1 -> instock, 0 -> outofstock, backorder -> onbackorder; "" -> None.

    WooCommerce's status slugs (instock, outofstock, onbackorder) are accepted too.
    """
    text = value.strip().lower()
    if not text:
        return None
    if text in {"backorder", StockStatus.ONBACKORDER}:
        return StockStatus.ONBACKORDER.value
    if text in {s.value for s in StockStatus}:
        return text
    if text in _TRUE | _FALSE:
        return (StockStatus.INSTOCK if text in _TRUE else StockStatus.OUTOFSTOCK).value
    raise RowError(f"In stock?: expected 1, 0 or backorder, got {value!r}")


def parse_backorders(value: str) -> str | None:
    """Backorders allowed?: 1 -> yes, 0 -> no, notify -> notify; "" -> None."""
    text = value.strip().lower()
    if not text:
        return None
    if text in {b.value for b in Backorders}:
        return text
    if text in _TRUE | _FALSE:
        return (Backorders.YES if text in _TRUE else Backorders.NO).value
    raise RowError(f"Backorders allowed?: expected 1, 0 or notify, got {value!r}")


def parse_description(value: str) -> str:
    """Undo the exporter's newline escaping: "\\n" -> newline, "\\\\n" -> a literal "\\n".

    Mirrors ``WC_Product_CSV_Importer::parse_description_field``. Real newlines in a
    quoted cell are kept as they are.
    """
    parts = value.split("\\\\n")
    return "\\n".join(part.replace("\\n", "\n") for part in parts)


def derive_stock_status(manage_stock: bool, quantity: int | None, backorders: str, given: str) -> str:
    """The stock status WooCommerce stores (``WC_Product::validate_props``).

    With managed stock the status follows the quantity: above 0 -> instock, else
    onbackorder when backorders are allowed (yes/notify), else outofstock. Without
    managed stock the given status stands.
    """
    if not manage_stock or quantity is None:
        return given
    if quantity > 0:
        return StockStatus.INSTOCK.value
    if backorders != Backorders.NO:
        return StockStatus.ONBACKORDER.value
    return StockStatus.OUTOFSTOCK.value


def check_length(value: str | None, limit: int, column: str) -> str | None:
    """Return ``value`` or raise a RowError when it exceeds the column's ``limit`` characters.

    The check makes SQLite (which ignores VARCHAR lengths) reject what PostgreSQL rejects.
    """
    if value is not None and len(value) > limit:
        raise RowError(f"{column}: longer than {limit} characters")
    return value
