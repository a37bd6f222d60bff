"""The catalogue response cache: repeated reads are served from memory, edits invalidate them,
stock checks are kept only under the live revision (``RevisionWatch``), staff requests are never kept."""

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
    """Without a revision watch (an app whose lifespan has not run), cached reads re-read the
    revision every TTL seconds."""
    monkeypatch.setenv("CATALOG_CACHE_TTL", "3600")
    get_settings.cache_clear()
    client = TestClient(create_app())
    client.get("/api/wc/products/100")
    _rename(session, 100, "Renamed")
    assert client.get("/api/wc/products/100").json()["name"] == "Odin 75 Wireless"  # bounded staleness
    assert client.get("/api/wc/products/100?no_cache=true").json()["name"] == "Renamed"  # live read


STOCK_CHECK = "/api/wc/products/100?_fields=stock_status,variations&no_cache=true"


def _set_stock_status(session: Session, product_id: int, status: str) -> None:
    session.get(Product, product_id).stock_status = status
    session.commit()


def test_stock_checks_are_kept_only_under_the_live_revision(client: TestClient, session: Session) -> None:
    """The client's app ran its lifespan, so it has a revision watch: a stock check (no_cache)
    is answered from memory while the revision it was read under is still the current one."""
    first, second = client.get(STOCK_CHECK), client.get(STOCK_CHECK)
    assert (first.headers["x-cache"], second.headers["x-cache"]) == ("MISS", "HIT")
    assert first.json() == second.json() == {"stock_status": "instock", "variations": []}
    assert first.headers["cache-control"] == second.headers["cache-control"] == "no-store"  # browsers

    _set_stock_status(session, 100, "outofstock")  # an edit moves the revision
    fresh = client.get(STOCK_CHECK)
    assert fresh.headers["x-cache"] == "MISS" and fresh.json()["stock_status"] == "outofstock"


def test_stock_taken_by_an_order_shows_in_the_next_stock_check(client: TestClient, session: Session) -> None:
    """Checkout takes stock with bulk SQL and bumps the revision in the same transaction
    (``place_order``): the live answer follows."""
    from services.checkout.repository import take_stock

    product = session.get(Product, 100)
    product.manage_stock, product.stock_quantity = True, 1
    session.commit()
    path = "/api/wc/products/100?_fields=stock_status,stock_quantity&no_cache=true"
    assert client.get(path).json() == {"stock_status": "instock", "stock_quantity": 1}
    assert client.get(path).headers["x-cache"] == "HIT"
    assert take_stock(session, 100, None, 1)
    revision.bump(session)
    session.commit()
    assert client.get(path).json() == {"stock_status": "outofstock", "stock_quantity": 0}


def test_an_order_drops_only_what_its_stock_change_may_touch(client: TestClient, session: Session) -> None:
    """A stock-only move of the revision (``bump(session, stock_of=...)``: orders, cancels,
    refunds) drops the stock checks of its products and every answer that may show their stock
    (listings, full product answers), and keeps other products' stock checks and variations; a
    catalogue edit drops everything."""
    from services.checkout.repository import take_stock

    product = session.get(Product, 100)
    product.manage_stock, product.stock_quantity = True, 2
    session.commit()
    checks = {
        "100": "/api/wc/products/100?_fields=stock_status,stock_quantity&no_cache=true",
        "101": "/api/wc/products/101?_fields=stock_status,variations&no_cache=true",
        "200 variations": "/api/wc/products/200/variations?no_cache=true",
        "one variation": "/api/wc/products/200/variations/202?no_cache=true",
        "101 cached": "/api/wc/products/101?_fields=stock_status",
    }
    others = {"listing": "/api/wc/products?category=15&per_page=100", "full 101": "/api/wc/products/101"}
    for path in (*checks.values(), *others.values()):
        client.get(path)
        assert client.get(path).headers["x-cache"] == "HIT"

    assert take_stock(session, 100, None, 1)  # as place_order does, in one transaction
    revision.bump(session, stock_of=[100])
    session.commit()
    after = {name: client.get(path) for name, path in {**checks, **others}.items()}
    assert after["100"].headers["x-cache"] == "MISS" and after["100"].json()["stock_quantity"] == 1
    assert {name: r.headers["x-cache"] for name, r in after.items() if name != "100"} == {
        "101": "HIT",
        "200 variations": "HIT",
        "one variation": "HIT",
        "101 cached": "HIT",
        "listing": "MISS",
        "full 101": "MISS",
    }

    _rename(session, 101, "Renamed")  # an edit: anything may have changed
    assert all(client.get(path).headers["x-cache"] == "MISS" for path in checks.values())


def test_variation_stock_checks_are_live_reads_too(client: TestClient, session: Session) -> None:
    for path in (
        "/api/wc/products/200/variations?no_cache=true",
        "/api/wc/products/200/variations/202?no_cache=true",
    ):
        assert client.get(path).headers["x-cache"] == "MISS"
        assert client.get(path).headers["x-cache"] == "HIT"


def test_other_no_cache_reads_always_go_to_the_app(client: TestClient) -> None:
    """Only a product and its variations are live reads; a listing with no_cache is not kept."""
    for _ in range(2):
        assert "x-cache" not in client.get("/api/wc/products?include=100&no_cache=true").headers


def test_without_a_watch_stock_checks_always_go_to_the_database(db_url: str, session: Session) -> None:
    """An app whose lifespan has not run has no watch: nothing vouches for a kept answer."""
    client = TestClient(create_app())
    assert "x-cache" not in client.get(STOCK_CHECK).headers
    _set_stock_status(session, 100, "outofstock")
    assert client.get(STOCK_CHECK).json()["stock_status"] == "outofstock"


def test_with_a_watch_an_edit_shows_at_once_whatever_the_ttl(
    session: Session, monkeypatch: pytest.MonkeyPatch, db_url: str
) -> None:
    monkeypatch.setenv("CATALOG_CACHE_TTL", "3600")
    get_settings.cache_clear()
    with TestClient(create_app()) as client:
        client.get("/api/wc/products/100")
        assert client.get("/api/wc/products/100").headers["x-cache"] == "HIT"
        _rename(session, 100, "Renamed")
        assert client.get("/api/wc/products/100").json()["name"] == "Renamed"


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


def test_identical_misses_wait_for_one_answer_and_share_it() -> None:
    """Coalescing: after an edit or an order drops every entry, the requests for one key that
    arrive while its answer is being made wait for it instead of each reading the database."""
    import anyio

    from services.catalog.response_cache import CatalogResponseCache

    made, arrived, gate = [], [], anyio.Event()

    async def app(scope: dict, receive: object, send: object) -> None:
        made.append(scope["path"])
        await gate.wait()
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "http.response.body", "body": b'{"stock_status":"instock"}'})

    cache = CatalogResponseCache(app, revision=lambda: 7, live=lambda scope: 7)

    async def get(answers: list[tuple[bytes, bytes]]) -> None:
        sent: list[dict] = []

        async def send(message: dict) -> None:
            sent.append(message)

        arrived.append(1)
        scope = {
            "type": "http",
            "method": "GET",
            "path": "/api/wc/products/1",
            "query_string": b"no_cache=1",
            "headers": [],
        }
        await cache(scope, None, send)
        headers = dict(sent[0]["headers"])
        answers.append((headers[b"x-cache"], sent[1]["body"]))

    async def main() -> list[tuple[bytes, bytes]]:
        answers: list[tuple[bytes, bytes]] = []
        async with anyio.create_task_group() as tasks:
            for _ in range(5):
                tasks.start_soon(get, answers)
            while len(arrived) < 5 or len(made) < 1:  # all five are in (a condition, not a time)
                await anyio.sleep(0)
            for _ in range(20):  # let the four latecomers reach their wait
                await anyio.sleep(0)
            gate.set()
        return answers

    answers = anyio.run(main)
    assert made == ["/api/wc/products/1"]  # one answer made for five requests
    assert sorted(answers) == [(b"HIT", b'{"stock_status":"instock"}')] * 4 + [
        (b"MISS", b'{"stock_status":"instock"}')
    ]


def test_concurrent_cache_misses_never_block_the_event_loop(db_url: str, monkeypatch) -> None:  # noqa: ANN001
    """Regression: the cache read the catalogue revision on the event loop; with every pooled
    connection taken, that blocked the loop, so no request could finish and free one."""
    import anyio
    import httpx

    from services.api.app import create_app
    from services.shared import db as shared_db
    from services.shared.settings import get_settings

    monkeypatch.setenv("DB_POOL_SIZE", "2")
    monkeypatch.setenv("DB_MAX_OVERFLOW", "0")
    get_settings.cache_clear()
    shared_db.get_engine.cache_clear()
    shared_db.get_sessionmaker.cache_clear()

    async def main() -> list[int]:
        transport = httpx.ASGITransport(app=create_app())
        codes: list[int] = []
        async with httpx.AsyncClient(transport=transport, base_url="http://shop") as client:

            async def one(i: int) -> None:
                codes.append(
                    (await client.get(f"/api/wc/products?category=15&per_page=100&page=1&n={i}")).status_code
                )

            with anyio.fail_after(25):
                async with anyio.create_task_group() as tg:
                    for i in range(60):
                        tg.start_soon(one, i)
        return codes

    assert anyio.run(main) == [200] * 60
