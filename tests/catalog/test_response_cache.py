"""The catalogue response cache: repeated reads are served from memory, edits invalidate them,
stock checks and staff requests are always live."""

from __future__ import annotations

import gzip

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.api.app import create_app
from services.catalog import revision
from services.catalog.models import Product
from services.shared.settings import get_settings

pytestmark = pytest.mark.usefixtures("catalogue")


def _rename(session: Session, product_id: int, name: str) -> None:
    session.get(Product, product_id).name = name
    session.commit()


def test_a_repeated_read_is_a_hit_with_the_same_body(client: TestClient) -> None:
    first = client.get("/api/wc/products?category=15&per_page=100")
    second = client.get("/api/wc/products?category=15&per_page=100")
    assert first.headers["x-cache"] == "MISS" and second.headers["x-cache"] == "HIT"
    assert first.content == second.content
    assert second.headers["x-wp-total"] == first.headers["x-wp-total"]


def test_hits_go_gzip_compressed_to_clients_that_accept_it(client: TestClient) -> None:
    path = "/api/wc/products?category=15&per_page=100"
    plain = client.get(path, headers={"Accept-Encoding": "identity"})  # MISS: as rendered
    assert len(plain.content) >= 1024 and "content-encoding" not in plain.headers

    with client.stream("GET", path, headers={"Accept-Encoding": "gzip, deflate"}) as r:
        raw = b"".join(r.iter_raw())  # the bytes as sent
    assert r.headers["x-cache"] == "HIT" and r.headers["content-encoding"] == "gzip"
    assert r.headers["vary"] == "Accept-Encoding"
    assert int(r.headers["content-length"]) == len(raw) < len(plain.content) / 2
    assert gzip.decompress(raw) == plain.content

    again = client.get(path, headers={"Accept-Encoding": "br, gzip;q=0"})  # gzip refused
    assert again.headers["x-cache"] == "HIT" and "content-encoding" not in again.headers
    assert again.content == plain.content and again.headers["vary"] == "Accept-Encoding"


def test_the_miss_that_fills_the_cache_goes_compressed_too(client: TestClient) -> None:
    """A cold read (the first visitor after an edit or a restart) is as small on the wire as a hit."""
    path = "/api/wc/products?category=15&per_page=100"
    with client.stream("GET", path, headers={"Accept-Encoding": "gzip, deflate, br"}) as r:
        raw = b"".join(r.iter_raw())
    assert r.headers["x-cache"] == "MISS" and r.headers["content-encoding"] == "gzip"
    assert r.headers["vary"] == "Accept-Encoding" and int(r.headers["content-length"]) == len(raw)
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    assert plain.headers["x-cache"] == "HIT" and gzip.decompress(raw) == plain.content


def test_an_answer_that_is_not_kept_goes_out_as_the_app_sent_it(client: TestClient) -> None:
    r = client.get("/api/wc/products/99999", headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 404 and r.headers["x-cache"] == "MISS"
    assert "content-encoding" not in r.headers and r.json()["code"]


def test_small_bodies_are_not_compressed(client: TestClient) -> None:
    client.get("/api/wc/products/categories?slug=keyboards")
    r = client.get("/api/wc/products/categories?slug=keyboards", headers={"Accept-Encoding": "gzip"})
    assert r.headers["x-cache"] == "HIT" and len(r.content) < 1024
    assert "content-encoding" not in r.headers


def test_an_edit_invalidates_cached_reads(client: TestClient, session: Session) -> None:
    client.get("/api/wc/products/100")
    _rename(session, 100, "Odin 75 Wireless (2026)")
    fresh = client.get("/api/wc/products/100")
    assert fresh.headers["x-cache"] == "MISS"
    assert fresh.json()["name"] == "Odin 75 Wireless (2026)"


def test_within_the_ttl_a_process_may_serve_the_previous_revision(
    session: Session, monkeypatch: pytest.MonkeyPatch, db_url: str
) -> None:
    monkeypatch.setenv("CATALOG_CACHE_TTL", "3600")
    get_settings.cache_clear()
    client = TestClient(create_app())
    client.get("/api/wc/products/100")
    _rename(session, 100, "Renamed")
    assert client.get("/api/wc/products/100").json()["name"] == "Odin 75 Wireless"  # bounded staleness
    assert client.get("/api/wc/products/100?no_cache=true").json()["name"] == "Renamed"  # live read


def test_stock_checks_with_no_cache_are_never_cached(client: TestClient, session: Session) -> None:
    path = "/api/wc/products/100?_fields=stock_status,variations&no_cache=true"
    assert "x-cache" not in client.get(path).headers
    product = session.get(Product, 100)
    product.stock_status = "outofstock"
    session.commit()
    assert client.get(path).json()["stock_status"] == "outofstock"


def test_staff_requests_bypass_the_cache(client: TestClient) -> None:
    client.get("/api/wc/products/100")
    r = client.get("/api/wc/products/100", headers={"Cookie": "staff_session=x"})
    assert "x-cache" not in r.headers


def test_errors_are_not_cached(client: TestClient) -> None:
    client.get("/api/wc/products/99999")
    assert client.get("/api/wc/products/99999").headers["x-cache"] == "MISS"


def test_only_real_changes_bump_the_revision(session: Session) -> None:
    before = revision.read(session.connection())
    product = session.get(Product, 100)
    product.name = product.name  # same value: not a change
    session.commit()
    assert revision.read(session.connection()) == before
    product.categories = []  # a relationship change is a change
    session.commit()
    assert revision.read(session.connection()) == before + 1
