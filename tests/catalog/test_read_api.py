"""The read API of docs/spec.md section 7, exactly as the storefront calls it: happy path, not found, bad input."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.catalog.conftest import catalogue_client


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[TestClient]:
    """One app on the small catalogue for the whole module: every test here only reads."""
    with catalogue_client(tmp_path_factory, pg_schema_url, "read-api") as c:
        yield c


def test_category_listing_includes_subcategories_and_hides_drafts(client: TestClient) -> None:
    r = client.get("/api/wc/products?category=15&per_page=100")
    assert r.status_code == 200
    ids = [p["id"] for p in r.json()]
    assert set(ids) == {100, 101, 26907}
    assert 102 not in ids  # draft
    assert r.headers["X-WP-Total"] == "3"
    assert r.headers["X-WP-TotalPages"] == "1"


def test_listing_pages_through_results(client: TestClient) -> None:
    first = client.get("/api/wc/products?category=15&per_page=2&page=1").json()
    second = client.get("/api/wc/products?category=15&per_page=2&page=2").json()
    assert len(first) == 2 and len(second) == 1
    assert {p["id"] for p in first}.isdisjoint({p["id"] for p in second})
    assert client.get("/api/wc/products?category=15&per_page=2").headers["X-WP-TotalPages"] == "2"


def test_include_keeps_the_requested_order_with_and_without_trailing_slash(client: TestClient) -> None:
    for path in ("/api/wc/products/?include=200,100", "/api/wc/products?include=200,100"):
        r = client.get(path)
        assert r.status_code == 200
        assert [p["id"] for p in r.json()] == [200, 100]


def test_product_is_woocommerce_shaped_with_eur_and_usd_prices(client: TestClient) -> None:
    p = client.get("/api/wc/products/100").json()
    assert p["name"] == "Odin 75 Wireless"
    assert (p["price"], p["regular_price"], p["sale_price"]) == ("129.99", "149.99", "129.99")
    assert (p["price_usd"], p["regular_price_usd"], p["sale_price_usd"]) == ("159.99", "159.99", "")
    assert p["on_sale"] is True
    assert {"key": "_regular_price_usd", "value": "159.99"} in p["meta_data"]
    assert p["categories"] == [{"id": 15, "name": "Keyboards", "slug": "keyboards"}]
    assert p["tags"][0]["slug"] == "wireless"
    assert p["stock_quantity"] == 3 and p["manage_stock"] is True and p["backorders"] == "no"
    assert [b["acf_fc_layout"] for b in p["acf"]["content"]] == ["tech_specs", "faq"]
    assert p["acf"]["hide_product"] is False
    assert p["images"][0]["src"].startswith("/media/products/")


def test_variable_product_shows_its_lowest_variation_price(client: TestClient) -> None:
    p = client.get("/api/wc/products/200").json()
    assert p["variations"] == [201, 202]
    assert p["price"] == "59.99"  # the white variation's sale price is the lowest EUR price
    assert p["price_usd"] == "74.99"
    assert p["on_sale"] is True


def test_stock_check_returns_only_the_asked_fields_uncached(client: TestClient) -> None:
    r = client.get("/api/wc/products/100?_fields=stock_status,variations&no_cache=true")
    assert r.status_code == 200
    assert r.json() == {"stock_status": "instock", "variations": []}
    assert r.headers["Cache-Control"] == "no-store"
    assert client.get("/api/wc/products/100").headers["Cache-Control"].startswith("public")


def test_stock_check_with_a_non_numeric_id_answers_stock_status_error(client: TestClient) -> None:
    r = client.get("/api/wc/products/abc?_fields=stock_status,variations")
    assert r.status_code == 400
    assert r.json()["stock_status"] == "error"
    assert r.json()["message"]


@pytest.mark.parametrize("product_id", ["999999", "102"])
def test_unknown_or_draft_product_is_not_found(client: TestClient, product_id: str) -> None:
    r = client.get(f"/api/wc/products/{product_id}")
    assert r.status_code == 404
    assert r.json() == {"code": "woocommerce_rest_product_invalid_id", "message": "Invalid ID."}


def test_lookup_by_slug(client: TestClient) -> None:
    assert [p["id"] for p in client.get("/api/wc/products?slug=odin-75").json()] == [100]
    assert client.get("/api/wc/products?slug=prototype").json() == []


@pytest.mark.parametrize(
    "query",
    ["include=1,abc", "category=keyboards", "per_page=0", "per_page=101", "per_page=x", "page=-1"],
)
def test_bad_list_parameters_answer_400_with_a_message(client: TestClient, query: str) -> None:
    r = client.get(f"/api/wc/products?{query}")
    assert r.status_code == 400
    body = r.json()
    assert body["code"] == "rest_invalid_param" and "Invalid parameter" in body["message"]


def test_variations_list_and_single(client: TestClient) -> None:
    rows = client.get("/api/wc/products/200/variations?no_cache=true").json()
    assert [v["id"] for v in rows] == [201, 202]
    assert rows[0]["attributes"] == [{"name": "Colour", "option": "Black"}]
    assert rows[0]["colour_swatch_id"] == 7
    white = client.get("/api/wc/products/200/variations/202?no_cache=true").json()
    assert (white["stock_status"], white["price"], white["regular_price"]) == ("outofstock", "59.99", "74.99")


def test_variation_of_another_product_is_not_found(client: TestClient) -> None:
    assert client.get("/api/wc/products/100/variations/201").status_code == 404
    assert client.get("/api/wc/products/999/variations").status_code == 404
    assert client.get("/api/wc/products/abc/variations").status_code == 400


def test_configurations_tell_whether_a_product_is_configurable(client: TestClient) -> None:
    entries = client.get("/api/wc/configurations?id=26907").json()
    assert [e["name"] for e in entries] == ["Case", "Aluminium", "Polycarbonate"]
    assert entries[0]["is_choice"] is False and entries[0]["angle_id"] == "top"
    # flat entries generated from the configurator: the EUR extra as decimal text
    assert entries[1] == {
        "id": 2,
        "is_choice": True,
        "layer_id": "case",
        "choice_id": "alu",
        "angle_id": "top",
        "image": "/media/configurator/alu.svg",
        "name": "Aluminium",
        "layer_name": "Case",
        "sku": "CFG-ALU",
        "extra_price": "19.90",
        "extra_price_usd": "21.90",
        "stock_status": "instock",
        "has_backorder": False,
        "required": True,
    }
    product = client.get("/api/wc/products/26907").json()
    assert product["configurations"] == entries
    assert client.get("/api/wc/configurations?id=100").json() == []
    assert client.get("/api/wc/configurations?id=abc").status_code == 400
    assert client.get("/api/wc/configurations").status_code == 400
    assert client.get("/api/wc/configurations?id=4242").status_code == 404


def test_configurator_prices_are_product_prices_and_choice_extras_by_sku_part(client: TestClient) -> None:
    prices = client.get("/api/wc/configurator-prices?skus=CFG-ALU,CFG-POLY,HV-ODIN75,NOPE").json()
    assert prices == {
        "_CFG-ALU": {"eur": "19.90", "usd": "21.90"},
        "_CFG-POLY": {"eur": "0.00", "usd": "0.00"},
        "_HV-ODIN75": {"eur": "129.99", "usd": "159.99"},
    }


def test_configurator_product_data_and_messages(client: TestClient) -> None:
    data = client.get("/api/wc/configurator-product-data?ids=100,102").json()
    assert list(data) == ["100"] and "Gasket" in data["100"]["short_description"]
    assert client.get("/api/wc/configurator-welcome-message?id=26907").json() == {
        "text": "Build your board",
        "background_image": "/media/configurator/welcome.svg",
    }
    assert client.get("/api/wc/configurator-welcome-message?id=100").json() == {
        "text": "",
        "background_image": "",
    }
    assert client.get("/api/wc/configurator-warning-message").json() == {"message": ""}
    assert client.get("/api/wc/configurator-warning-message?id=26907").json() == {"message": ""}
    assert client.get("/api/wc/configurator-special-choices?id=26907").json() == {"layer": "case"}
    assert client.get("/api/wc/configurator-special-choices?id=100").json() == {"layer": None}
    assert client.get("/api/wc/configurator-special-choices?id=1").status_code == 404


def test_taxes_countries_and_swatches(client: TestClient) -> None:
    taxes = client.get("/api/wc/taxes").json()
    assert {(t["country"], t["rate"], t["name"]) for t in taxes} == {
        ("DE", "19.0000", "MwSt."),
        ("CH", "8.1000", "MWST"),
    }
    assert client.get("/api/countries").json() == ["DE", "US"]
    table = client.get("/api/wc/data/countries").json()
    assert {"code": "US", "name": "United States", "currency": "USD", "is_eu": False} in table
    assert client.get("/api/wc/colour-swatches?ids=7,8").json() == [
        {"id": 7, "name": "Onyx Black", "colour": "#15161a"}
    ]
    assert client.get("/api/wc/colour-swatches").status_code == 400
    assert client.get("/api/wc/colour-swatches?ids=red").status_code == 400


def test_filters_render_parent_zero_and_order_last(client: TestClient) -> None:
    rows = {f["slug"]: f for f in client.get("/api/wc/filters").json()}
    assert rows["colour"]["parent"] == 0
    assert rows["black"]["order"] == 2 and rows["black"]["isColour"] is True
    assert rows["black"]["colours"] == {"colour_amount": "one", "first_colour": "#000", "second_colour": None}
    assert rows["other"]["order"] == "last"


def test_categories_carry_hero_blocks_and_tag_groups(client: TestClient) -> None:
    [cat] = client.get("/api/wc/products/categories?slug=keyboards").json()
    assert cat["id"] == 15 and cat["parent"] == 0
    assert cat["acf"]["hero"] == [{"acf_fc_layout": "hero_image", "title": "Keyboards"}]
    assert cat["acf"]["groups"] == [
        {"tag": {"id": 1, "name": "Wireless", "slug": "wireless"}, "description": "Cable-free"}
    ]
    children = client.get("/api/wc/products/categories?parent=15").json()
    assert [c["slug"] for c in children] == ["keyboard-switches"]
    assert client.get("/api/wc/products/categories?parent=x").status_code == 400


def test_coupons_and_orders_are_not_readable_anonymously(client: TestClient) -> None:
    assert client.get("/api/wc/coupons?no_cache=true").status_code == 401
    assert client.get("/api/wc/orders/1").status_code == 404  # never reveals whether it exists


def test_menus_are_flat_items_with_parents(client: TestClient) -> None:
    [menu] = client.get("/api/wp/menus").json()
    assert menu["slug"] == "main"
    items = {i["id"]: i for i in menu["items"]}
    assert items[1]["parent"] == 0 and items[3]["parent"] == 2
    assert items[2]["parent_link"] == "first"


def test_posts_by_category_newest_first_and_by_slug(client: TestClient) -> None:
    news = client.get("/api/wp/posts?category=23&per_page=100").json()
    assert [p["slug"] for p in news] == ["newer-news", "older-news"]
    assert news[0]["title"] == {"rendered": "Newer"}
    assert [p["id"] for p in client.get("/api/wp/posts?slug=press-release").json()] == [3]
    assert client.get("/api/wp/posts?category=abc").status_code == 400


def test_latest_news_filters(client: TestClient) -> None:
    news = client.get("/api/wp/latest-news?filter=news").json()
    assert [n["id"] for n in news] == [2, 1]
    assert set(news[0]) >= {"id", "title", "image", "summary", "link"}
    assert news[0]["link"] == "https://halvard.gg/newer-news/"
    assert [n["id"] for n in client.get("/api/wp/latest-news?filter=press").json()] == [3]
    assert len(client.get("/api/wp/latest-news").json()) == 3
    assert client.get("/api/wp/latest-news?filter=gossip").status_code == 400


def test_home_page_blocks_in_order_and_at_most_four_promos(client: TestClient) -> None:
    [home] = client.get("/api/wp/pages?slug=home").json()
    assert [b["acf_fc_layout"] for b in home["acf"]["content"]] == ["hero_image", "text_row", "html"]
    assert [b["caption"] for b in home["acf"]["promos"]] == ["P0", "P1", "P2", "P3"]
    assert client.get("/api/wp/pages?slug=nope").json() == []


def test_search_ranks_name_matches_first_and_skips_drafts(client: TestClient) -> None:
    assert client.get("/api/search/odin").json() == [100]
    assert client.get("/api/search/wireless").json() == [100]  # name and tag
    assert client.get("/api/search/prototype").json() == []
    assert client.get("/api/search/keyboards").json()  # by category name
    assert client.get("/api/search/100%25").json() == []  # LIKE wildcards are escaped


def test_unknown_api_paths_answer_json_404(client: TestClient) -> None:
    for method in ("get", "post"):
        r = getattr(client, method)("/api/does/not/exist")
        assert r.status_code == 404
        assert r.json()["code"] == "not_found"


def test_openapi_page_lists_the_read_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert "/api/wc/products/{product_id}" in paths and "/api/wp/menus" in paths
    assert client.get("/docs").status_code == 200


def test_stock_check_fields_match_the_full_product(client: TestClient) -> None:
    """The lean stock-check path answers exactly what the full product says."""
    fields = "id,stock_status,stock_quantity,manage_stock,backorders,backorders_allowed,variations"
    for product_id in (100, 200):
        lean = client.get(f"/api/wc/products/{product_id}?_fields={fields}&no_cache=true").json()
        full = client.get(f"/api/wc/products/{product_id}?no_cache=true").json()
        assert lean == {k: full[k] for k in fields.split(",")}
    assert client.get("/api/wc/products/102?_fields=stock_status&no_cache=true").status_code == 404  # draft


def test_every_error_answer_is_documented_in_openapi(client: TestClient) -> None:
    """400 rest_invalid_param and 404 *_invalid_id were answered but not in the OpenAPI document
    (found by the OpenAPI fuzz test)."""
    from tests.openapi_docs import assert_documented

    cases = [
        ("/api/wc/products", "/api/wc/products?category=x"),
        ("/api/wc/products/categories", "/api/wc/products/categories?parent=x"),
        ("/api/wc/products/{product_id}", "/api/wc/products/abc"),
        ("/api/wc/products/{product_id}", "/api/wc/products/999"),
        ("/api/wc/products/{product_id}/variations", "/api/wc/products/abc/variations"),
        ("/api/wc/products/{product_id}/variations", "/api/wc/products/999/variations"),
        ("/api/wc/products/{product_id}/variations/{variation_id}", "/api/wc/products/200/variations/x"),
        ("/api/wc/products/{product_id}/variations/{variation_id}", "/api/wc/products/100/variations/201"),
        ("/api/wc/configurations", "/api/wc/configurations"),
        ("/api/wc/configurations", "/api/wc/configurations?id=999"),
        ("/api/wc/colour-swatches", "/api/wc/colour-swatches"),
        ("/api/wc/configurator-product-data", "/api/wc/configurator-product-data?ids=x"),
        ("/api/wc/configurator-welcome-message", "/api/wc/configurator-welcome-message?id=999"),
        ("/api/wc/configurator-welcome-message", "/api/wc/configurator-welcome-message"),
        ("/api/wc/configurator-special-choices", "/api/wc/configurator-special-choices?id=999"),
        ("/api/wc/configurator-special-choices", "/api/wc/configurator-special-choices"),
        ("/api/wp/posts", "/api/wp/posts?page=0"),
        ("/api/wp/latest-news", "/api/wp/latest-news?filter=x"),
    ]
    for path, url in cases:
        answer = client.get(url)
        assert answer.status_code in (400, 404), url
        assert_documented(client.app, "GET", path, answer.status_code, answer.json())


@pytest.mark.parametrize(
    "url",
    [
        "/api/wc/products?slug=odin%00",
        "/api/wc/products/categories?slug=%00",
        "/api/wp/posts?slug=%00",
        "/api/wp/pages?slug=%00",
        "/api/wc/configurator-prices?skus=HV-ODIN75,%00",
        "/api/search/odin%00",
    ],
)
def test_a_nul_character_in_text_parameters_is_422(client: TestClient, url: str) -> None:
    """PostgreSQL cannot compare text holding NUL: these answered 500 there (found probing next to
    the OpenAPI fuzz test); now 422 invalid_request on every database."""
    answer = client.get(url)
    assert (answer.status_code, answer.json()["code"]) == (422, "invalid_request"), answer.text
