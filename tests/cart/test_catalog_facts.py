"""``SqlCatalogFacts``: the cart's cached view of catalogue rows, keyed by the catalogue
revision, and the refresher thread that keeps that revision fresh for the command path."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
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


class FakeClock:
    """``time.monotonic`` for ``services.cart.catalog_adapter`` alone: it moves only when the test
    says so, so the ttl tests do not depend on how fast the machine runs them."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    from services.cart import catalog_adapter

    fake = FakeClock()
    monkeypatch.setattr(catalog_adapter, "time", fake)
    return fake


def _wait_until(condition: Callable[[], bool], what: str, seconds: float = 60.0) -> None:
    """Poll ``condition`` (a thread's work) until it holds; the bound only stops a hung test."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"still not {what} after {seconds} s"
        time.sleep(0.005)


def test_with_a_ttl_facts_are_trusted_until_it_passes_then_the_edit_shows(
    db_url: str, session: Session, clock: FakeClock
) -> None:
    facts = SqlCatalogFacts(get_sessionmaker(db_url), ttl=0.3)
    pid = _product(session)
    assert facts.product(pid, None).eur.regular == 1000
    assert facts.is_cached("product", pid, None)
    _reprice(session, pid, 1500)
    clock.now += 0.25
    assert facts.product(pid, None).eur.regular == 1000  # within the ttl: the cached answer
    assert facts.is_cached("product", pid, None)
    clock.now += 0.1  # the ttl has passed
    assert not facts.is_cached("product", pid, None)  # the revision is no longer trusted
    assert facts.product(pid, None).eur.regular == 1500  # re-read: new revision, cache dropped


def test_the_refresher_keeps_the_revision_fresh_and_brings_edits_within_the_ttl(
    db_url: str, session: Session, clock: FakeClock
) -> None:
    facts = SqlCatalogFacts(get_sessionmaker(db_url), ttl=1.0)
    pid = _product(session)
    facts.product(pid, None)
    facts.start_refresher(interval=0.01)  # real seconds between re-reads (a server uses ttl / 2)
    try:
        # Three ttls pass: without the refresher the revision would have expired; the refresher
        # re-reads it (unchanged), so the cached facts stay usable.
        for _ in range(3):
            clock.now += 1.0
            _wait_until(lambda: facts.is_cached("product", pid, None), "re-read by the refresher")
        _reprice(session, pid, 1500)
        # The refresher's next read finds the new revision and drops the cache.
        _wait_until(lambda: not facts.is_cached("product", pid, None), "dropped after the edit")
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
