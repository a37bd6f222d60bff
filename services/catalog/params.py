"""Parsing of WooCommerce-style query parameters into typed values, with clear 400 errors.

Numbers are ASCII digits only (``str.isdigit`` also accepts "²", which ``int`` refuses) and ids
at most ``services.shared.ids.MAX_ID`` (the database's INTEGER): anything else is a 400, never
a 500 from ``int`` or the database driver.
"""

from __future__ import annotations

from services.shared.errors import BadRequest
from services.shared.ids import MAX_ID, parse_id

MAX_PER_PAGE = 100  # WooCommerce REST's limit; the spec's list pages ask for 100 (section 9)


def id_list(raw: str | None, name: str) -> list[int] | None:
    """``"1,2, 3"`` -> ``[1, 2, 3]`` (duplicates dropped, order kept); None stays None.

    Raises BadRequest (400, ``rest_invalid_param``) for anything but ids from 0 to ``MAX_ID``.
    """
    if raw is None:
        return None
    out: list[int] = []
    for part in raw.split(","):
        if not part.strip():
            continue
        value = parse_id(part)
        if value is None:
            raise BadRequest(
                "rest_invalid_param", f"Invalid parameter: {name} must be a comma-separated list of ids."
            )
        if value not in out:
            out.append(value)
    return out


def text_list(raw: str | None) -> list[str]:
    """``"a, b"`` -> ``["a", "b"]``; empty entries dropped."""
    return [p.strip() for p in (raw or "").split(",") if p.strip()]


def positive_int(raw: str | None, name: str, default: int, maximum: int = MAX_ID) -> int:
    """Parse a positive integer parameter; BadRequest when not a number, < 1 or > ``maximum``
    (default ``MAX_ID``: a page number that large would overflow the query's OFFSET)."""
    if raw is None or raw == "":
        return default
    text = raw.strip()
    if not (text.isascii() and text.isdigit()) or not text.strip("0"):
        raise BadRequest("rest_invalid_param", f"Invalid parameter: {name} must be a positive whole number.")
    digits = text.lstrip("0")
    if len(digits) > len(str(maximum)) or int(digits) > maximum:  # never int() of 5000 digits
        raise BadRequest("rest_invalid_param", f"Invalid parameter: {name} must be between 1 and {maximum}.")
    return int(digits)


def single_id(raw: str | None, name: str) -> int:
    """A required numeric id parameter (0 to ``MAX_ID``); BadRequest when missing, not a number
    or out of range."""
    value = parse_id(raw) if raw is not None else None
    if value is None:
        raise BadRequest("rest_invalid_param", f"Invalid parameter: {name} must be a numeric id.")
    return value
