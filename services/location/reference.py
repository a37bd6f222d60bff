"""Reference data about countries from well-kept packages, loaded once per process.

- Calling codes: ``phonenumberslite`` (Google's libphonenumber metadata).
- Time zones and ISO country names: the IANA tz database tables (``zone.tab``,
  ``iso3166.tab``) shipped in the ``tzdata`` package.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import lru_cache
from importlib import resources
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import phonenumbers

# Two instants half a year apart: zones that agree on both agree on daylight saving too.
_PROBES = (datetime(2025, 1, 15, 12, tzinfo=UTC), datetime(2025, 7, 15, 12, tzinfo=UTC))


def _tz_table(name: str) -> list[list[str]]:
    text = resources.files("tzdata").joinpath("zoneinfo", name).read_text(encoding="utf-8")
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


def calling_code(code: str) -> int | None:
    """The international calling code of an alpha-2 country (``"DE"`` -> 49), or None."""
    return phonenumbers.country_code_for_region(code.upper()) or None


@lru_cache(maxsize=1)
def _zones_by_country() -> dict[str, list[str]]:
    zones: dict[str, list[str]] = {}
    for row in _tz_table("zone.tab"):
        zones.setdefault(row[0], []).append(row[2])
    return zones


def _offsets(zone: str) -> tuple[object, ...] | None:
    try:
        info = ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return None
    return tuple(probe.astimezone(info).utcoffset() for probe in _PROBES)


@lru_cache(maxsize=512)
def country_timezone(code: str) -> str | None:
    """The IANA zone for a country whose zones all keep the same clock (``"DE"`` ->
    ``"Europe/Berlin"``, the first listed zone); None for a country with several clocks
    (``"US"``) or none listed."""
    zones = _zones_by_country().get(code.upper(), [])
    if not zones:
        return None
    offsets = {_offsets(z) for z in zones}
    if len(offsets) != 1 or None in offsets:
        return None
    return zones[0]


@lru_cache(maxsize=1)
def _iso_names() -> dict[str, str]:
    return {row[0]: row[1] for row in _tz_table("iso3166.tab") if len(row) >= 2}


def iso_country_name(code: str) -> str | None:
    """The ISO 3166 short name of a country (``"NP"`` -> ``"Nepal"``), or None."""
    return _iso_names().get(code.upper())
