"""``country_tax`` (services/catalog/repository.py): the one country-and-tax lookup behind the
cart's country facts and checkout's destination (SQLite, or PostgreSQL with TEST_DATABASE_URL)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from services.cart.catalog_adapter import SqlCatalogFacts
from services.cart.facts import CountryFacts
from services.catalog.models import Country, TaxRate
from services.catalog.repository import CountryTax, country_tax
from services.checkout import repository as checkout_repo
from services.shared.db import get_sessionmaker


def _countries(session: Session) -> None:
    session.add_all(
        [
            Country(code="DE", name="Germany", currency="EUR", is_eu=True),
            Country(code="US", name="United States", currency="USD", is_eu=False),
            TaxRate(id=2, country="DE", name="USt. reduced", rate_bp=700, priority=2),
            TaxRate(id=3, country="DE", name="MwSt.", rate_bp=1900, priority=1),
            TaxRate(id=1, country="DE", name="MwSt. old", rate_bp=1600, priority=1),
        ]
    )
    session.commit()


def test_the_first_rate_by_priority_then_id_is_the_countrys_tax(session: Session) -> None:
    _countries(session)
    assert country_tax(session, "de") == CountryTax("DE", "Germany", "EUR", "MwSt. old", 1600)


def test_a_country_without_a_rate_has_no_tax_and_an_unknown_one_is_none(session: Session) -> None:
    _countries(session)
    assert country_tax(session, "US") == CountryTax("US", "United States", "USD", "", 0)
    assert country_tax(session, "FR") is None


def test_the_cart_and_checkout_see_the_same_country(db_url: str, session: Session) -> None:
    _countries(session)
    cart_facts = SqlCatalogFacts(get_sessionmaker(db_url)).country("de")
    assert cart_facts == CountryFacts("DE", "Germany", "EUR", "MwSt. old", 1600)
    assert checkout_repo.destination(session, "de") == country_tax(session, "DE")
