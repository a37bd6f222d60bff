"""Storefront URLs come from the catalogue (docs/spec.md section 2.1): the server answers 200
where the storefront shows a page and 404, with the same storefront, where it shows its
not-found page. Categories created after start-up get their route at once."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.api.app import create_app
from services.api.page_shell import LAYOUT_READS, PageShell
from services.catalog.models import Category, ContentBlock, Product, ProductImage
from services.catalog.storefront_routes import Preload, StorefrontPage, path_shows_something, resolve_page
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


def _keyboards(session: Session) -> Category:
    return session.query(Category).filter_by(slug="keyboards").one()


def test_a_category_page_names_its_first_reads_and_hero_image(session: Session) -> None:
    category_id = _keyboards(session).id
    hero = {"image": {"src": "/media/content/hero-keyboards.svg", "alt": "Keyboards"}, "title": "Keyboards"}
    first = (
        session.query(ContentBlock)
        .filter_by(owner_type="category", owner_id=category_id, region="hero")
        .first()
    )
    first.fields = hero  # the fixture's hero has a title only
    session.commit()
    page = resolve_page(session, "/keyboards")
    assert page.found and page.route == "category"
    assert page.preloads == (
        Preload("/api/wc/products/categories?slug=keyboards", "fetch"),
        Preload(f"/api/wc/products?category={category_id}&per_page=100", "fetch"),
        Preload("/api/wc/filters", "fetch"),
        Preload("/media/content/hero-keyboards.svg", "image"),
    )
    # another sort reads another listing (its prices in the visitor's currency): not guessed
    sorted_page = resolve_page(session, "/keyboards", "orderby=price-desc")
    assert not any(p.href.startswith("/api/wc/products?category") for p in sorted_page.preloads)
    unknown_sort = resolve_page(session, "/keyboards", "orderby=cheapest")  # the page falls back to featured
    assert Preload(f"/api/wc/products?category={category_id}&per_page=100", "fetch") in unknown_sort.preloads


def test_a_product_page_names_its_category_product_and_variations(session: Session) -> None:
    category = create_category(session, 995001, "preload-cat")
    simple = create_product(session, id=995002, slug="preload-simple", categories=[category])
    session.commit()
    page = resolve_page(session, "/preload-cat/preload-simple")
    assert page.found and page.route == "product"
    assert page.preloads == (
        Preload("/api/wc/products/categories?slug=preload-cat", "fetch"),
        Preload("/api/wc/products?slug=preload-simple", "fetch"),
        Preload("/media/products/preload-simple-1.svg", "image"),  # the factory's gallery image
    )
    assert simple.variations == []
    variable = session.query(Product).filter(Product.status == "publish", Product.variations.any()).first()
    assert variable is not None
    page = resolve_page(session, f"/keyboards/{variable.slug}")
    assert Preload(f"/api/wc/products/{variable.id}/variations", "fetch") in page.preloads


def test_a_product_page_names_its_gallerys_first_image(session: Session) -> None:
    """The main image is the page's largest paint: fetched beside the scripts."""
    category = create_category(session, 995011, "preload-img")
    product = create_product(session, id=995012, slug="preload-pictured", categories=[category])
    product.images = [
        ProductImage(src="/media/p/config.svg", role="configuration", position=0),
        ProductImage(src="/media/p/front.svg", role="front", position=1),
        ProductImage(src="/media/p/gallery.svg", role="gallery", position=2),
    ]
    session.commit()
    page = resolve_page(session, "/preload-img/preload-pictured")
    assert [p for p in page.preloads if p.kind == "image"] == [Preload("/media/p/front.svg", "image")]
    assert page.preloads[-1] == Preload("/media/p/front.svg", "image")
    tracked = resolve_page(session, "/preload-img/preload-pictured", "utm_source=news")
    assert tracked.preloads == page.preloads
    product.images = [ProductImage(src="https://cdn.example/x.svg", role="gallery", position=0)]
    session.commit()
    elsewhere = resolve_page(session, "/preload-img/preload-pictured")
    assert not any(p.kind == "image" for p in elsewhere.preloads)  # another host: not ours to name


def test_pages_outside_the_catalogue_and_unknown_paths_preload_nothing(session: Session) -> None:
    assert resolve_page(session, "/contact") == StorefrontPage(True)
    assert resolve_page(session, "/keyboards/not-a-product") == StorefrontPage(False)
    assert resolve_page(session, "/no-such-page") == StorefrontPage(False)


def test_the_shell_carries_the_preload_links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text(
        '<!doctype html>\n<html>\n  <head>\n    <title>t</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n'
    )
    monkeypatch.setenv("WEBAPP_DIST", str(dist))
    get_settings.cache_clear()
    client = TestClient(create_app())
    html = client.get("/keyboards").text
    assert '    <link rel="preload" as="fetch" crossorigin href="/api/wc/filters">\n' in html
    assert html.index("/api/wc/filters") < html.index('id="api-inline"') < html.index("</head>")
    assert "&amp;per_page=100" in html  # attribute values are escaped
    with client.stream("GET", "/keyboards", headers={"Accept-Encoding": "gzip"}) as r:
        raw = b"".join(r.iter_raw())
    assert r.headers["content-encoding"] == "gzip" and gzip.decompress(raw).decode() == html
    for path, status in (("/contact", 200), ("/keyboards/not-a-product", 404), ("/keyboards", 200)):
        answer = client.get(path)
        assert answer.status_code == status
        # Every page carries the layout's answers, each exactly what its endpoint answers.
        inline = json.loads(
            re.findall(r'<script type="application/json" id="api-inline">(.*?)</script>', answer.text)[0]
        )
        assert set(inline) == set(LAYOUT_READS)
        for api_path, body in inline.items():
            assert body == client.get(api_path).json(), api_path
    assert "/api/wc/filters" not in client.get("/contact").text


def test_inline_answers_cannot_break_out_of_their_script_element(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<html><head>\n  </head><body></body></html>")
    hostile = {"/api/wp/menus": [{"title": "</script><script>alert(1)</script><!-- & -->"}]}
    html = PageShell(tmp_path).render(StorefrontPage(True), hostile).decode()
    block = html[html.index('id="api-inline">') + len('id="api-inline">') : html.index("</script>")]
    assert "<" not in block and ">" not in block and "&" not in block
    assert json.loads(block) == hostile  # JSON.parse gives the text back as it was
