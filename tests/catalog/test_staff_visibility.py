"""Draft and pending products: staff sessions (admin, reviewer) see them in the catalogue read
API, anonymous visitors never do, and the response cache never mixes the two (docs/spec.md section 6;
WooCommerce lets reviewers preview drafts)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.api.app import create_app
from services.catalog.models import Category
from services.shared.ratelimit import reset_limits
from services.staff.service import create_staff_user
from tests.factories import create_product

pytestmark = pytest.mark.usefixtures("catalogue")

PASSWORD = "correct horse battery staple"
DRAFT, PENDING, PUBLISHED = 102, 103, 100


@pytest.fixture(autouse=True)
def _pending_product_and_staff(catalogue: dict[str, int], session: Session) -> None:
    create_product(
        session,
        id=PENDING,
        name="Pending Review Board",
        slug="pending-board",
        sku="HV-PENDING",
        categories=[session.get(Category, 15)],
        status="pending",
    )
    create_product(session, id=104, name="Private Thing", slug="private-thing", status="private")
    create_staff_user(session, "odin@halvard.gg", PASSWORD, "admin")
    create_staff_user(session, "freya@halvard.gg", PASSWORD, "reviewer")
    create_staff_user(session, "saga@halvard.gg", PASSWORD, "support")
    create_staff_user(session, "mimir@halvard.gg", PASSWORD, "analyst")
    session.commit()
    reset_limits()


def _staff_client(email: str) -> TestClient:
    client = TestClient(create_app())
    answer = client.post("/api/staff/login", json={"email": email, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return client


def _listed_ids(client: TestClient, query: str = "category=15&per_page=100") -> list[int]:
    answer = client.get(f"/api/wc/products?{query}")
    assert answer.status_code == 200, answer.text
    return [p["id"] for p in answer.json()]


def test_an_anonymous_visitor_gets_404_for_a_draft_or_pending_product(client: TestClient) -> None:
    for pid in (DRAFT, PENDING, 104):
        answer = client.get(f"/api/wc/products/{pid}")
        assert answer.status_code == 404
        assert answer.json()["code"] == "woocommerce_rest_product_invalid_id"
        assert client.get(f"/api/wc/products/{pid}?_fields=stock_status,variations").status_code == 404


@pytest.mark.parametrize("email", ["freya@halvard.gg", "odin@halvard.gg"])
def test_a_reviewer_or_admin_reads_a_draft_and_a_pending_product(email: str) -> None:
    staff = _staff_client(email)
    draft = staff.get(f"/api/wc/products/{DRAFT}")
    assert draft.status_code == 200
    assert draft.json()["status"] == "draft" and draft.json()["name"] == "Secret Prototype"
    assert draft.headers["cache-control"] == "private, no-store"
    assert staff.get(f"/api/wc/products/{PENDING}").json()["status"] == "pending"
    stock = staff.get(f"/api/wc/products/{DRAFT}?_fields=stock_status,variations")
    assert stock.status_code == 200 and stock.json() == {"stock_status": "instock", "variations": []}
    assert staff.get(f"/api/wc/products/{DRAFT}/variations").status_code == 200
    assert staff.get(f"/api/wc/configurations?id={DRAFT}").json() == []


@pytest.mark.parametrize("email", ["saga@halvard.gg", "mimir@halvard.gg"])
def test_support_and_analyst_sessions_see_only_what_visitors_see(email: str) -> None:
    staff = _staff_client(email)
    for pid in (DRAFT, PENDING):
        answer = staff.get(f"/api/wc/products/{pid}")
        assert answer.status_code == 404
        assert answer.json()["code"] == "woocommerce_rest_product_invalid_id"
    listed = _listed_ids(staff)
    assert DRAFT not in listed and PENDING not in listed and PUBLISHED in listed


def test_staff_never_see_private_products(client: TestClient) -> None:
    staff = _staff_client("freya@halvard.gg")
    assert staff.get("/api/wc/products/104").status_code == 404


def test_listings_include_drafts_only_for_staff(client: TestClient) -> None:
    anonymous = _listed_ids(client)
    assert DRAFT not in anonymous and PENDING not in anonymous and PUBLISHED in anonymous
    staff = _staff_client("freya@halvard.gg")
    with_drafts = _listed_ids(staff)
    assert {DRAFT, PENDING, PUBLISHED} <= set(with_drafts)
    answer = staff.get("/api/wc/products?category=15&per_page=100")
    assert answer.headers["x-wp-total"] == str(len(with_drafts))
    assert _listed_ids(staff, f"include={DRAFT},{PUBLISHED}") == [DRAFT, PUBLISHED]
    assert _listed_ids(client, f"include={DRAFT},{PUBLISHED}") == [PUBLISHED]
    assert _listed_ids(staff, "slug=prototype") == [DRAFT]
    assert _listed_ids(client, "slug=prototype") == []


def test_the_response_cache_never_serves_staff_answers_to_visitors_or_the_reverse() -> None:
    app = create_app()
    visitor, staff = TestClient(app), TestClient(app)
    assert staff.post("/api/staff/login", json={"email": "freya@halvard.gg", "password": PASSWORD}).is_success
    path = "/api/wc/products?category=15&per_page=100"
    first = visitor.get(path)  # fills the cache with the public answer
    assert first.headers["x-cache"] == "MISS"
    assert visitor.get(path).headers["x-cache"] == "HIT"
    for_staff = staff.get(path)  # bypasses it: the staff answer has the drafts
    assert "x-cache" not in for_staff.headers
    assert DRAFT in [p["id"] for p in for_staff.json()]
    again = visitor.get(path)  # and the staff answer was never stored
    assert again.headers["x-cache"] == "HIT"
    assert DRAFT not in [p["id"] for p in again.json()]
    assert staff.get(f"/api/wc/products/{DRAFT}").status_code == 200
    assert visitor.get(f"/api/wc/products/{DRAFT}").status_code == 404


def test_an_expired_or_forged_session_sees_only_published_products(client: TestClient) -> None:
    client.cookies.set("staff_session", "not-a-real-session-token")
    assert client.get(f"/api/wc/products/{DRAFT}").status_code == 404
    assert DRAFT not in _listed_ids(client)


def test_after_logout_drafts_are_hidden_again() -> None:
    staff = _staff_client("odin@halvard.gg")
    assert staff.get(f"/api/wc/products/{DRAFT}").status_code == 200
    assert staff.get("/logout", follow_redirects=False).status_code == 302
    assert staff.get(f"/api/wc/products/{DRAFT}").status_code == 404
