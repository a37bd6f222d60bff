"""Storefront URLs come from the catalogue (docs/spec.md section 2.1): the server answers 200
where the storefront shows a page and 404, with the same storefront, where it shows its
not-found page. Categories created after start-up get their route at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.api.app import create_app
from services.catalog.models import Category
from services.catalog.storefront_routes import path_shows_something
from services.shared.ratelimit import reset_limits
from services.shared.settings import get_settings
from services.staff.service import create_staff_user
from tests.factories import create_category, create_product

pytestmark = pytest.mark.usefixtures("catalogue")

PASSWORD = "correct horse battery staple"


@pytest.fixture
def storefront(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db_url: str) -> TestClient:
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("<!doctype html><div id=root></div>")
    monkeypatch.setenv("WEBAPP_DIST", str(dist))
    get_settings.cache_clear()
    return TestClient(create_app())


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/keyboards",
        "/keyboard-switches",
        "/keyboards/odin-75",
        "/keyboard-switches/keyboards/linear-red",  # a draft-style URL with its parent category
        "/mice/skoll/",
        "/cart",
        "/checkout",
        "/search",
        "/order/123",
        "/support/audit",
        "/analytics",
        "/staff/login",
        "/newsletter/confirm",
        "/home",  # a content page
        "/newer-news",  # a post
        "/odin-75",  # an old bare product link: the storefront redirects it
    ],
)
def test_paths_that_show_a_page_answer_200_with_the_storefront(storefront: TestClient, path: str) -> None:
    answer = storefront.get(path)
    assert answer.status_code == 200, path
    assert "id=root" in answer.text


@pytest.mark.parametrize(
    "path",
    [
        "/hoodies",
        "/keyboards/not-a-product",
        "/keyboards/prototype",  # a draft: visitors never see it
        "/keyboards/keyboard-switches/not-a-product",
        "/keyboards/a/b/odin-75",  # deeper than /{category}/{parent}/{product}
        "/no-such-page",
        "/no/such/page",
        "/%00",
    ],
)
def test_paths_that_show_nothing_answer_404_with_the_storefront(storefront: TestClient, path: str) -> None:
    answer = storefront.get(path)
    assert answer.status_code == 404, path
    assert "id=root" in answer.text  # the storefront renders its not-found page


def test_a_category_created_later_has_its_route_and_its_products_theirs(
    storefront: TestClient, session: Session
) -> None:
    assert storefront.get("/hoodies").status_code == 404
    hoodies = create_category(session, 900, "hoodies", "Hoodies")
    create_product(session, id=901, name="Halvard Hoodie", slug="halvard-hoodie", categories=[hoodies])
    session.commit()
    assert storefront.get("/hoodies").status_code == 200
    assert storefront.get("/hoodies/halvard-hoodie").status_code == 200
    assert storefront.get("/hoodies/other-hoodie").status_code == 404


def test_hidden_products_still_open_by_their_own_link(storefront: TestClient, session: Session) -> None:
    keyboards = session.get(Category, 15)
    create_product(session, slug="by-link-only", catalog_visibility="hidden", categories=[keyboards])
    create_product(session, slug="hidden-flag", hide_product=True, categories=[keyboards])
    session.commit()
    assert storefront.get("/keyboards/by-link-only").status_code == 200
    assert storefront.get("/keyboards/hidden-flag").status_code == 200  # the storefront redirects to '/'


def test_a_reviewer_previewing_drafts_gets_their_pages(storefront: TestClient, session: Session) -> None:
    create_staff_user(session, "freya@halvard.gg", PASSWORD, "reviewer")
    session.commit()
    reset_limits()
    assert storefront.get("/keyboards/prototype").status_code == 404
    login = storefront.post("/api/staff/login", json={"email": "freya@halvard.gg", "password": PASSWORD})
    assert login.status_code == 200, login.text
    assert storefront.get("/keyboards/prototype").status_code == 200


def test_the_resolver_reads_percent_encoded_paths(session: Session) -> None:
    create_category(session, 902, "über-merch", "Über merch")
    session.commit()
    assert path_shows_something(session, "/%C3%BCber-merch")
    assert not path_shows_something(session, "/%C3%BCber-nothing")
