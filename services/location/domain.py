"""The Location a visitor's IP suggests (docs/spec.md section 3 "Location"; section 9 currency rule).

Pure rules, no HTTP, no SQL, no lookups: the service layer (``service.py``) gathers the facts
(country code from the offline IP database, the ``countries`` row, reference data) and
:func:`build_location` shapes them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

DEFAULT_CURRENCY = "EUR"
_REGIONAL_INDICATOR_A = 0x1F1E6


@dataclass(frozen=True, slots=True)
class CountryFacts:
    """What our ``countries`` table says about a code (docs/spec.md section 9 table): full name,
    currency (``EUR``/``USD``) and EU membership."""

    name: str
    currency: str
    is_eu: bool


@dataclass(frozen=True, slots=True)
class Location:
    """The answer of ``GET /api/location`` (docs/spec.md section 3 field names).

    Fields:
        country_code: ISO 3166-1 alpha-2 (upper case), or None when the IP tells nothing.
        country_name: our country table's name (else the ISO name; None without a country).
        currency: ``EUR`` or ``USD``; ``EUR`` when unknown or not in our table (docs/spec.md section 9).
        city: always None (the offline database has countries only).
        calling_code: international dialling code as digits (``"49"``), or None.
        is_eu: EU member according to our country table.
        emoji_flag: the flag emoji (two regional-indicator symbols), or None.
        flag: the same flag emoji (no flag images are served), or None.
        timezone: the IANA zone when the whole country keeps one clock (``Europe/Berlin``), else None.
    """

    country_code: str | None
    country_name: str | None
    currency: str
    city: str | None
    calling_code: str | None
    is_eu: bool
    emoji_flag: str | None
    flag: str | None
    timezone: str | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict with exactly the fields above."""
        return asdict(self)


UNKNOWN = Location(
    country_code=None,
    country_name=None,
    currency=DEFAULT_CURRENCY,
    city=None,
    calling_code=None,
    is_eu=False,
    emoji_flag=None,
    flag=None,
    timezone=None,
)


def is_country_code(code: str | None) -> bool:
    """Two ASCII letters (what an ISO 3166-1 alpha-2 code looks like)."""
    return code is not None and len(code) == 2 and code.isascii() and code.isalpha()


def emoji_flag(code: str) -> str:
    """The flag emoji of an alpha-2 code: each letter as its Unicode regional-indicator symbol
    (``"DE"`` -> U+1F1E9 U+1F1EA). Raises ``ValueError`` for anything but two letters."""
    if not is_country_code(code):
        raise ValueError(f"not a country code: {code!r}")
    return "".join(chr(_REGIONAL_INDICATOR_A + ord(c) - ord("A")) for c in code.upper())


def build_location(
    code: str | None,
    country: CountryFacts | None,
    *,
    iso_name: str | None = None,
    calling_code: int | None = None,
    timezone: str | None = None,
) -> Location:
    """Shape a :class:`Location` from the facts found for ``code``.

    No code (private, reserved or unlisted IP) -> :data:`UNKNOWN`. A code our table lacks keeps
    the code, the ISO name and currency ``EUR`` (docs/spec.md section 9: unmapped default EUR).
    ``calling_code`` 0 or None means unknown.
    """
    if not is_country_code(code):
        return UNKNOWN
    assert code is not None
    code = code.upper()
    flag = emoji_flag(code)
    return Location(
        country_code=code,
        country_name=country.name if country else iso_name,
        currency=country.currency if country else DEFAULT_CURRENCY,
        city=None,
        calling_code=str(calling_code) if calling_code else None,
        is_eu=bool(country and country.is_eu),
        emoji_flag=flag,
        flag=flag,
        timezone=timezone,
    )
