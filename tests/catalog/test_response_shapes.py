"""The catalogue's answers have exactly the shapes the OpenAPI document states for them
(``services/catalog/schemas.py``; the storefront's types are generated from that document:
docs/api.md, "OpenAPI"). Strict JSON types, and no field the document does not name."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from pydantic import TypeAdapter
from sqlalchemy.orm import Session

from services.catalog import schemas as out
from services.catalog.demo import seed_demo


def _shaped(client: TestClient, path: str, shape: Any) -> Any:
    response = client.get(path)
    assert response.status_code == 200, (path, response.text)
    TypeAdapter(shape).validate_json(response.content, strict=True)
    return response.json()


def _walk_catalogue(client: TestClient) -> int:
    """Every read endpoint of the catalogue, on every product; the number of products seen."""
    products = _shaped(client, "/api/wc/products?per_page=100", list[out.ProductOut])
    for p in products:
        _shaped(client, f"/api/wc/products/{p['id']}", out.ProductOut)
        fields = _shaped(
            client, f"/api/wc/products/{p['id']}?_fields=stock_status,variations", dict[str, Any]
        )
        assert set(fields) == {"stock_status", "variations"}
        _shaped(client, f"/api/wc/products/{p['id']}?_fields=name,sku", dict[str, str])
        variations = _shaped(client, f"/api/wc/products/{p['id']}/variations", list[out.VariationOut])
        for v in variations:
            _shaped(client, f"/api/wc/products/{p['id']}/variations/{v['id']}", out.VariationOut)
        _shaped(client, f"/api/wc/configurations?id={p['id']}", list[out.ConfigurationEntryOut])
        _shaped(client, f"/api/wc/configurator-welcome-message?id={p['id']}", out.WelcomeMessage)
        _shaped(client, f"/api/wc/configurator-special-choices?id={p['id']}", out.SpecialChoices)
    ids = ",".join(str(p["id"]) for p in products)
    skus = ",".join(p["sku"] for p in products if p["sku"])
    _shaped(client, f"/api/wc/configurator-product-data?ids={ids}", dict[str, out.ShortDescription])
    _shaped(client, f"/api/wc/configurator-prices?skus={skus}", dict[str, out.SkuPrice])
    _shaped(client, "/api/wc/configurator-warning-message", out.WarningMessage)
    _shaped(client, "/api/wc/products/categories", list[out.CategoryOut])
    _shaped(client, "/api/wc/taxes", list[out.TaxRateOut])
    _shaped(client, "/api/wc/data/countries", list[out.CountryOut])
    _shaped(client, "/api/wc/filters", list[out.FilterOut])
    _shaped(client, "/api/wc/colour-swatches?ids=1,2,3,4,5,6,7,8,9,10", list[out.SwatchOut])
    _shaped(client, "/api/wp/menus", list[out.MenuOut])
    _shaped(client, "/api/wp/posts?per_page=100", list[out.PostOut])
    _shaped(client, "/api/wp/latest-news?per_page=100", list[out.NewsItemOut])
    _shaped(client, "/api/wp/pages", list[out.PageOut])
    _shaped(client, "/api/countries", list[str])
    _shaped(client, "/api/search/a", list[int])
    _shaped(client, "/api/health", out.Health)
    return len(products)


def test_the_demo_catalogue_has_the_documented_shapes(session: Session, client: TestClient) -> None:
    seed_demo(session)
    session.commit()
    assert _walk_catalogue(client) > 5


def test_the_test_catalogue_has_the_documented_shapes(catalogue: dict[str, int], client: TestClient) -> None:
    assert _walk_catalogue(client) > 2
