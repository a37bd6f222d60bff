"""``SqlCatalogFacts``: the cart's cached view of catalogue rows, keyed by the catalogue
revision, and the refresher thread that keeps that revision fresh for the fast path."""

from __future__ import annotations

import time

from sqlalchemy.orm import Session

from services.cart.catalog_adapter import SqlCatalogFacts
from services.shared.db import get_sessionmaker
from tests.factories import create_product


def _product(session: Session, price: int = 1000) -> int:
    product = create_product(session, regular_price_eur=price)
    session.commit()
    return product.id


def _reprice(session: Session, product_id: int, price: int) -> None:
    from services.catalog.models import Product

    session.get(Product, product_id).regular_price_eur = price
    session.commit()  # the before_flush hook bumps the catalogue revision in this transaction


def test_without_ttl_every_call_sees_the_latest_edit(db_url: str, session: Session) -> None:
    facts = SqlCatalogFacts(get_sessionmaker(db_url), ttl=0)
    pid = _product(session)
    assert facts.product(pid, None).eur.regular == 1000
    _reprice(session, pid, 1500)
    assert facts.product(pid, None).eur.regular == 1500
    assert not facts.is_cached("product", pid, None)  # nothing is trusted without a ttl


def test_with_a_ttl_facts_are_trusted_until_it_passes_then_the_edit_shows(db_url: str, session: Session) -> None:
    facts = SqlCatalogFacts(get_sessionmaker(db_url), ttl=0.3)
    pid = _product(session)
    assert facts.product(pid, None).eur.regular == 1000
    assert facts.is_cached("product", pid, None)
    _reprice(session, pid, 1500)
    assert facts.product(pid, None).eur.regular == 1000  # within the ttl: the cached answer
    time.sleep(0.35)
    assert not facts.is_cached("product", pid, None)  # the revision is no longer trusted
    assert facts.product(pid, None).eur.regular == 1500  # re-read: new revision, cache dropped


def test_the_refresher_keeps_the_revision_fresh_and_brings_edits_within_the_ttl(
    db_url: str, session: Session
) -> None:
    facts = SqlCatalogFacts(get_sessionmaker(db_url), ttl=1.0)
    pid = _product(session)
    facts.product(pid, None)
    facts.start_refresher()  # every ttl / 2
    try:
        deadline = time.monotonic() + 2.5  # over two ttls: without the refresher it would expire
        while time.monotonic() < deadline:
            assert facts.is_cached("product", pid, None)
            time.sleep(0.02)
        _reprice(session, pid, 1500)
        edited = time.monotonic()
        while facts.is_cached("product", pid, None) and time.monotonic() - edited < 5:
            time.sleep(0.01)  # one refresh interval (0.5 s) later the new revision drops the cache
        assert not facts.is_cached("product", pid, None)
        assert facts.product(pid, None).eur.regular == 1500
        assert facts.is_cached("product", pid, None)
    finally:
        facts.close()
    assert facts._refresher is None  # stopped and joined


def test_no_refresher_without_a_ttl_and_refresh_reads_the_revision(db_url: str, session: Session) -> None:
    facts = SqlCatalogFacts(get_sessionmaker(db_url), ttl=0)
    facts.start_refresher()
    assert facts._refresher is None
    before = facts.refresh()
    _product(session)
    assert facts.refresh() == before + 1
    facts.close()
