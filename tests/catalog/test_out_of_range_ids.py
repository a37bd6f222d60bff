"""Ids and numbers in catalogue and content requests that no id can be: Unicode digits ("²" passes
``str.isdigit`` but not ``int``), numbers beyond the database's INTEGER, page numbers that would
overflow OFFSET. Each answered 500 before (found probing every id parameter with such values,
next to the OpenAPI fuzz test); now a clear 4xx."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.catalog.conftest import catalogue_client


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[TestClient]:
    """One app on the small catalogue for the whole module: every test here only reads (about a
    hundred requests, one per test)."""
    with catalogue_client(tmp_path_factory, pg_schema_url, "out-of-range") as c:
        yield c


BIG = "9223372036854775808"  # 2**63: over SQLite's INTEGER too
INT_OVER = "2147483648"  # 2**31: over PostgreSQL's INTEGER
HUGE = "9" * 5000  # over Python's int() digit limit


@pytest.mark.parametrize("value", ["²", "١٢", BIG, INT_OVER, HUGE])
@pytest.mark.parametrize(
    "path",
    [
        "/api/wc/products?include={v}",
        "/api/wc/products?include=100,{v}",
        "/api/wc/products?category={v}",
        "/api/wc/products?page={v}",
        "/api/wc/products?per_page={v}",
        "/api/wc/products/categories?parent={v}",
        "/api/wc/products/100/variations/{v}",
        "/api/wc/products/{v}/variations",
        "/api/wc/configurations?id={v}",
        "/api/wc/colour-swatches?ids={v}",
        "/api/wc/configurator-product-data?ids={v}",
        "/api/wc/configurator-welcome-message?id={v}",
        "/api/wc/configurator-special-choices?id={v}",
        "/api/wp/posts?category={v}",
        "/api/wp/posts?page={v}",
        "/api/wp/posts?per_page={v}",
        "/api/wp/latest-news?filter={v}",
        "/api/wp/latest-news?per_page={v}",
    ],
)
def test_a_number_no_id_can_be_answers_400_rest_invalid_param(
    client: TestClient, path: str, value: str
) -> None:
    r = client.get(path.format(v=value))
    assert r.status_code == 400, r.text
    assert r.json()["code"] == "rest_invalid_param" and "Invalid parameter" in r.json()["message"]


def test_a_page_number_at_the_limit_is_an_empty_page_not_an_overflow(client: TestClient) -> None:
    r = client.get("/api/wc/products?category=15&page=2147483647&per_page=100")
    assert r.status_code == 200 and r.json() == []
    assert client.get("/api/wp/posts?page=2147483647").json() == []


@pytest.mark.parametrize("value", [BIG, INT_OVER, HUGE])
def test_a_product_number_beyond_every_id_is_not_found(client: TestClient, value: str) -> None:
    for path in (f"/api/wc/products/{value}", f"/api/wc/products/{value}?_fields=stock_status,variations"):
        r = client.get(path)
        assert r.status_code == 404, r.text
        assert r.json()["code"] == "woocommerce_rest_product_invalid_id"


@pytest.mark.parametrize("value", ["²", "١٢"])
def test_a_product_id_in_other_digits_is_not_a_number(client: TestClient, value: str) -> None:
    r = client.get(f"/api/wc/products/{value}")
    assert r.status_code == 400
    assert r.json()["stock_status"] == "error"


def test_ids_with_spaces_and_the_top_id_still_work(client: TestClient) -> None:
    assert [p["id"] for p in client.get("/api/wc/products?include= 100 , 2147483647").json()] == [100]
    assert client.get("/api/wc/products/categories?parent=0").status_code == 200
    assert client.get("/api/wp/latest-news?filter=23").status_code == 200
