"""The SQL of the location context: it reads the catalogue's ``countries`` table."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from services.catalog.models import Country
from services.location.domain import CountryFacts


def get_country(session: Session, code: str) -> CountryFacts | None:
    """Name, currency and EU flag of the country ``code`` (upper case) in our table, or None."""
    row = session.execute(
        select(Country.name, Country.currency, Country.is_eu).where(Country.code == code)
    ).one_or_none()
    if row is None:
        return None
    return CountryFacts(name=row.name, currency=row.currency, is_eu=bool(row.is_eu))
