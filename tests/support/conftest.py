"""Fixtures for the support console tests: one migrated database per module with the checkout
tests' small catalogue (``tests/checkout/conftest.py``: Germany, France, the US, the demo
shipping), an HTTP client of the whole app, and a signed-in client per staff role."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.api.app import create_app
from services.cart.deps import get_cart_app
from services.cart.projection import CartProjector
from services.shared import db as shared_db
from services.shared.ratelimit import reset_limits
from services.staff.service import create_staff_user
from services.support.models import SupportCart
from services.support.projection import build_support_projector
from tests.checkout.conftest import seed
from tests.conftest import seeded_database
from tests.privacy_scan import assert_no_email_in_store

PASSWORD = "correct horse battery staple"
ROLES = ("admin", "reviewer", "support", "analyst")


def _seed(session: Session) -> None:
    """The checkout catalogue, and one staff account per role (``<role>@staff.halvard.gg``)."""
    seed(session)
    for role in ROLES:
        create_staff_user(session, f"{role}@staff.halvard.gg", PASSWORD, role)
    session.commit()


@pytest.fixture(scope="module")
def http(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[TestClient]:
    """An anonymous client of the app on the module's database (projections not running: the
    tests index when they mean to, with :func:`index_now`)."""
    env_vars = {"RATE_LIMIT_PLACE_ORDER": "", "MAIL_BACKEND": "outbox", "RUN_PROJECTIONS": "false"}
    reset_limits()
    try:
        with seeded_database(tmp_path_factory, pg_schema_url, "support", _seed, env_vars):
            reset_limits()
            with TestClient(create_app()) as client:
                yield client
                assert_no_email_in_store(get_cart_app())
    finally:
        reset_limits()


@pytest.fixture(scope="module")
def staff(http: TestClient) -> dict[str, TestClient]:
    """A signed-in client per role: ``staff["admin"]``, ``["reviewer"]``, ``["support"]``, ``["analyst"]``."""
    clients = {}
    for role in ROLES:
        client = TestClient(http.app)
        client.headers["Origin"] = "http://testserver"
        answer = client.post(
            "/api/staff/login", json={"email": f"{role}@staff.halvard.gg", "password": PASSWORD}
        )
        assert answer.status_code == 200, answer.text
        clients[role] = client
    reset_limits()
    return clients


@pytest.fixture
def db(http: TestClient) -> Iterator[Session]:
    """A session on the module's database (commit what the app must see)."""
    with shared_db.get_sessionmaker()() as session:
        yield session


def index_now() -> int:
    """Bring the support index (and ``cart_current``) up to the end of the cart log now."""
    CartProjector(get_cart_app(), shared_db.get_engine()).catch_up()
    return build_support_projector().catch_up()


def add_twin(db: Session, row: SupportCart, twin: str) -> None:
    """Index a second cart ``twin`` (an empty cart id with no events) under ``row``'s support
    reference, as two carts sharing the reference's 30 bits would be, and commit."""
    db.add(
        SupportCart(
            cart_id=twin,
            reference=row.reference,
            version=1,
            country="DE",
            currency="EUR",
            line_count=0,
            item_count=0,
            total=0,
            checkout_started=False,
            order_numbers=[],
            first_activity=row.first_activity,
            last_activity=row.last_activity,
        )
    )
    db.commit()
