"""Bounds and parsing of database ids taken from requests.

Catalogue, content and coupon ids are ``INTEGER`` columns: 32-bit on PostgreSQL, 64-bit on
SQLite. A larger number sent by a client would make the database driver fail (PostgreSQL
"integer out of range", SQLite ``OverflowError``) and the request answer 500; endpoints bound
ids with ``MAX_ID`` first and answer 4xx (style.md "Errors": a 500 is always a bug).
"""

from __future__ import annotations

import re

MAX_ID = 2_147_483_647  # the largest PostgreSQL INTEGER (SQLite's are larger)

_DIGITS = re.compile(r"[0-9]{1,10}")  # ASCII only: str.isdigit() also accepts "²" and "١"


def parse_id(raw: str) -> int | None:
    """``raw`` (surrounding whitespace ignored) as an id from 0 to ``MAX_ID``, or None when it is
    not ASCII digits or is larger (e.g. "12" -> 12; "1e3", "²", "-1", "9999999999" -> None)."""
    text = raw.strip()
    if not _DIGITS.fullmatch(text):
        return None
    value = int(text)
    return value if value <= MAX_ID else None
