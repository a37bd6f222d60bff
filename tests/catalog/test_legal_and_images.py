"""The demo's legal pages and images (docs/spec.md section 2.16): complete legal texts naming
one seller, and pictures without text."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from services.api.app import create_app
from services.catalog.demo import seed_demo
from services.catalog.demo.legal import LEGAL_SECTIONS
from services.catalog.demo.loader import all_products
from services.catalog.models import Menu, Page, Variation
from services.shared import db as shared_db
from services.shared.company import COMPANY
from services.shared.settings import get_settings
from tests.conftest import seeded_database

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def _seeded_url(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[str]:
    """One database seeded with the demo once for the module's readers."""

    def seed(session: Session) -> None:
        seed_demo(session)
        session.commit()

    with seeded_database(tmp_path_factory, pg_schema_url, "demo-legal", seed) as (url, _env):
        yield url


@pytest.fixture
def seeded(_seeded_url: str) -> Iterator[Session]:
    """A session on the module's seeded database (closed, so rolled back, after the test)."""
    with shared_db.get_sessionmaker(_seeded_url)() as session:
        yield session


def headings(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<h2>(.*?)</h2>", html, flags=re.S)]


def test_each_legal_page_is_seeded_with_every_section_in_order(seeded: Session) -> None:
    pages = {p.id: p for p in seeded.scalars(select(Page))}
    slugs = {pages[pid].slug for pid in LEGAL_SECTIONS}
    assert slugs == {"imprint", "terms-and-conditions", "privacy-policy", "right-of-withdrawal"}
    for pid, sections in LEGAL_SECTIONS.items():
        html = pages[pid].content
        assert len(sections) >= 5, pages[pid].slug
        assert headings(html) == [s.replace("&", "&amp;") for s in sections], pages[pid].slug
        assert len(re.sub(r"<[^>]+>", "", html)) > 800, f"{pages[pid].slug} is too short to be complete"


def test_legal_pages_name_the_one_seller_at_its_address(seeded: Session) -> None:
    pages = {p.slug: p.content for p in seeded.scalars(select(Page))}
    for slug in ("imprint", "terms-and-conditions", "privacy-policy", "right-of-withdrawal"):
        assert COMPANY.legal_name in pages[slug], slug
        assert COMPANY.street in pages[slug] and COMPANY.postcode in pages[slug], slug
    imprint = pages["imprint"]
    for value in (COMPANY.vat_id, COMPANY.registration, COMPANY.phone, COMPANY.email, COMPANY.representative):
        assert value in imprint
    assert "Model withdrawal form" in pages["right-of-withdrawal"]
    assert "fourteen days" in pages["right-of-withdrawal"]
    assert COMPANY.legal_name in pages["cookies-policy"] and COMPANY.street in pages["cookies-policy"]
    # Every other mention of a company (press posts, bank transfer account) is the same one.
    assert get_settings().bank.account_name == COMPANY.legal_name
    for slug, html in pages.items():
        assert "GmbH" not in html, slug


def test_legal_menu_links_every_legal_page(seeded: Session) -> None:
    legal = seeded.scalar(select(Menu).where(Menu.slug == "legal"))
    assert legal is not None
    urls = {item.url for item in legal.items}
    for slug in (
        "imprint",
        "terms-and-conditions",
        "privacy-policy",
        "right-of-withdrawal",
        "cookies-policy",
    ):
        assert f"https://halvard.gg/wp/{slug}/" in urls


def test_no_seeded_image_contains_text(seeded: Session) -> None:
    files = sorted(get_settings().media_dir.rglob("*.svg"))
    assert len(files) > 100
    for path in files:
        root = ET.parse(path).getroot()
        tags = {el.tag.removeprefix(SVG) for el in root.iter()}
        assert not tags & {"text", "tspan", "textPath", "foreignObject"}, path
        assert "HALVARD" not in path.read_text(encoding="utf-8"), path


def test_each_variation_image_is_drawn_in_its_own_colour(seeded: Session) -> None:
    media = get_settings().media_dir
    checked = 0
    for spec in all_products():
        colours = {v["colour"] for v in spec.get("variations", [])}
        for var in spec.get("variations", []):
            row = seeded.get_one(Variation, var["id"])
            svg = (media / row.image_src.removeprefix("/media/")).read_text(encoding="utf-8")
            assert f'fill="{var["colour"]}"' in svg or f'stroke="{var["colour"]}"' in svg, var["sku"]
            for other in colours - {var["colour"]}:
                assert f'="{other}"' not in svg, (var["sku"], other)
            checked += 1
    assert checked >= 10


def test_company_endpoint_answers_the_seller(_seeded_url: str) -> None:
    # an app on the module's database (a function-scoped database here would empty the
    # PostgreSQL schema the module's seed lives in)
    with TestClient(create_app()) as client:
        response = client.get("/api/company")
    assert response.status_code == 200
    assert response.json() == COMPANY.as_dict()
