"""Edits through the admin UI reach the storefront: every catalogue or content write bumps the
catalogue revision (``services/catalog/revision.py``), so the cached read API answers anew;
coupons keep the coupon API's rules (docs/spec.md section 6)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from services.catalog import revision
from services.catalog.models import ContentBlock, Page
from services.discounts.models import Coupon
from services.shared.db import get_engine, get_sessionmaker
from tests.admin.conftest import post_form, read_form, with_values
from tests.factories import create_product


def _edit(client: TestClient, identity: str, pk: object, /, **changes: str):  # noqa: ANN202 - httpx.Response
    form = client.get(f"/admin/{identity}/edit/{pk}")
    assert form.status_code == 200, form.text
    return post_form(client, f"/admin/{identity}/edit/{pk}", with_values(read_form(form.text), **changes))


def _create(client: TestClient, identity: str, /, **values: str):  # noqa: ANN202 - httpx.Response
    form = client.get(f"/admin/{identity}/create")
    assert form.status_code == 200, form.text
    return post_form(client, f"/admin/{identity}/create", with_values(read_form(form.text), **values))


def test_a_product_edit_in_the_admin_changes_what_the_api_answers(
    admin: TestClient, client: TestClient, session: Session
) -> None:
    create_product(session, id=700, name="Odin 75", slug="odin-75", regular_price_eur=14999)
    session.commit()
    assert client.get("/api/wc/products/700").headers["x-cache"] == "MISS"
    cached = client.get("/api/wc/products/700")
    assert cached.headers["x-cache"] == "HIT" and cached.json()["name"] == "Odin 75"
    before = revision.read(get_engine())

    saved = _edit(admin, "product", 700, name="Odin 75 (2026)", regular_price_eur="129.99")  # typed as money
    assert saved.status_code == 302, saved.text

    assert revision.read(get_engine()) > before
    fresh = client.get("/api/wc/products/700")
    assert fresh.headers["x-cache"] == "MISS"
    assert fresh.json()["name"] == "Odin 75 (2026)"
    assert fresh.json()["regular_price"] == "129.99"


def test_an_admin_can_take_a_product_back_to_draft(
    admin: TestClient, client: TestClient, session: Session
) -> None:
    create_product(session, id=701, name="Tyr TKL", slug="tyr")
    session.commit()
    assert client.get("/api/wc/products/701").status_code == 200
    assert _edit(admin, "product", 701, status="draft").status_code == 302
    assert client.get("/api/wc/products/701").status_code == 404  # visitors no longer see it
    assert admin.get("/api/wc/products/701").json()["status"] == "draft"  # staff still preview it


def test_an_edit_keeps_the_fields_the_form_did_not_change(admin: TestClient, session: Session) -> None:
    p = create_product(session, id=702, name="Skoll", slug="skoll", sku="HV-SKOLL", cross_sell_ids=[700, 701])
    p.special_notice = {"text": "Back in May", "background_colour": "#000", "text_colour": "#fff"}
    session.commit()
    assert _edit(admin, "product", 702, name="Skoll Ultralight").status_code == 302
    answer = admin.get("/api/wc/products/702").json()
    assert answer["name"] == "Skoll Ultralight" and answer["sku"] == "HV-SKOLL"
    assert answer["cross_sell_ids"] == [700, 701]


def test_a_content_block_edit_shows_on_the_page(
    admin: TestClient, client: TestClient, session: Session
) -> None:
    session.add(Page(id=2, slug="home", title="Home"))
    session.flush()
    block = ContentBlock(owner_type="page", owner_id=2, region="body", position=0, layout="text_row",
                         fields={"text": "Old words"})  # fmt: skip
    session.add(block)
    session.commit()
    before = client.get("/api/wp/pages?slug=home")
    assert "Old words" in before.text
    saved = _edit(admin, "content-block", block.id, fields='{"text": "New words"}')
    assert saved.status_code == 302, saved.text
    after = client.get("/api/wp/pages?slug=home")
    assert "New words" in after.text and "Old words" not in after.text


def _coupon(code: str) -> Coupon | None:
    with get_sessionmaker()() as session:
        return session.scalar(select(Coupon).where(Coupon.code == code))


def test_a_coupon_created_in_the_admin_follows_the_coupon_rules(admin: TestClient) -> None:
    created = _create(admin, "coupon", code="  Summer10 ", discount_type="percent", amount="1000")
    assert created.status_code == 302, created.text
    coupon = _coupon("summer10")
    assert coupon is not None and coupon.amount == 1000 and coupon.usage_count == 0

    again = _create(admin, "coupon", code="SUMMER10", discount_type="fixed_cart", amount="500")
    assert again.status_code == 400
    assert "already exists" in again.text

    too_much = _create(admin, "coupon", code="half", discount_type="percent", amount="20000")
    assert too_much.status_code == 400 and "at most 100 %" in too_much.text
    assert _coupon("half") is None

    spaced = _create(admin, "coupon", code="two words", discount_type="fixed_cart", amount="500")
    assert spaced.status_code == 400 and _coupon("two words") is None


def test_a_coupon_edit_can_keep_its_own_code(admin: TestClient) -> None:
    assert (
        _create(admin, "coupon", code="keepme", discount_type="fixed_cart", amount="500").status_code == 302
    )
    coupon = _coupon("keepme")
    assert coupon is not None
    assert _edit(admin, "coupon", coupon.id, description="Five off").status_code == 302
    assert _coupon("keepme").description == "Five off"
