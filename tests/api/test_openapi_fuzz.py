"""Every endpoint fuzzed from the OpenAPI schema (docs/targets.md section 6.3): no 5xx, and every answer
matches the schema (a documented status code and content type, the documented body and headers).

Schemathesis generates requests from the app's OpenAPI document, valid ones (``positive``) and
invalid ones (``negative``), and sends them in-process (ASGI) to the app on one migrated
database holding the demo catalogue, the demo shipping zones and a staff admin. Two passes over
every operation:

- ``test_fuzz_anonymous``: a visitor without a session, with whatever ``X-Cart-Token`` the
  generator makes up. Staff-only operations must answer 401 (never their data, never a 5xx);
  cart operations 400/404 or a new cart.
- ``test_fuzz_signed_in``: with an admin's ``staff_session`` cookie, the shop's own ``Origin``
  and the staff CSRF token (cookie and ``X-CSRFToken``, as the shop's pages send them; see
  docs/operations.md, Security) and, for the cart and checkout operations, the token of a
  real cart holding a product (a fresh one per request). ``GET /logout`` is left out (it
  would end the session).

Rate limits (contact, newsletter, checkout, staff login) are off or very high so the requests
reach validation; mail goes to the outbox. Knobs: ``FUZZ_MAX_EXAMPLES`` (default 30) generated
requests per operation and pass, besides the coverage phase's deterministic edge cases;
generation is derandomised (the same requests every run: a CI failure is a real bug, not luck)
unless ``FUZZ_RANDOM=1``, which explores new inputs (run it with more examples now and then).
About a minute on SQLite and two on PostgreSQL on two cores.

Not ``schemathesis.pytest.from_fixture`` with ``from_asgi``: its lazy loader sets
``Function._nodeid``, which pytest 9.2 no longer has. The document is built at import time
(making it reads no database) and the app from the fixture goes to each call instead.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from schemathesis.checks import not_a_server_error
from schemathesis.python import asgi as schemathesis_asgi
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from sqlalchemy.orm import Session

from services.api.app import create_app
from services.catalog.demo import seed_demo
from services.checkout.demo import seed_shipping
from services.shared.ratelimit import reset_limits
from services.shared.settings import get_settings
from services.staff.domain import Role
from services.staff.service import ensure_staff_user
from tests.conftest import seeded_database

ADMIN_EMAIL = "fuzz-admin@halvard.gg"
ADMIN_PASSWORD = "fuzz-" + secrets.token_urlsafe(12)
MAX_EXAMPLES = int(os.environ.get("FUZZ_MAX_EXAMPLES", "30"))
RANDOM = os.environ.get("FUZZ_RANDOM", "") not in ("", "0")

ENV = {
    "MAIL_BACKEND": "outbox",
    "RUN_PROJECTIONS": "false",  # no projector thread: the fuzzed endpoints never read the view
    "RATE_LIMIT_CONTACT": "",  # empty: off
    "RATE_LIMIT_NEWSLETTER": "",
    "RATE_LIMIT_PLACE_ORDER": "",  # empty: off
    "RATE_LIMIT_CART_COMMANDS": "",
    "RATE_LIMIT_NEW_CARTS": "",
    "RATE_LIMIT_COUPON_FAILURES_PER_CART": "",
    "RATE_LIMIT_COUPON_FAILURES_PER_CLIENT": "",
    "RATE_LIMIT_STAFF_LOGIN_PER_EMAIL": "1000000/minute",
    "RATE_LIMIT_STAFF_LOGIN_PER_CLIENT": "1000000/minute",
}

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]

# Operations on the cart named by X-Cart-Token (the signed-in pass sends a real cart's token).
CART_PATHS = ("/api/cart", "/api/checkout/quote", "/api/checkout/orders")
# Operations only a staff session may use: anonymous callers get 401.
STAFF_PATHS = (
    "/api/wc/coupons",
    "/api/staff/me",
    "/api/staff/orders",
    "/is-admin",
    "/is-reviewer",
    "/api/dev/mailbox",
)
DEMO_PRODUCT_ID = 1202  # the demo "Vali Wired" mouse (simple, in stock)


def _clear_limiters() -> None:
    reset_limits()


def _seed(session: Session) -> None:
    seed_demo(session)
    seed_shipping(session)
    ensure_staff_user(session, ADMIN_EMAIL, ADMIN_PASSWORD, Role.ADMIN)
    session.commit()


def _config() -> schemathesis.Config:
    return schemathesis.Config.from_dict(
        {
            "generation": {
                "mode": "all",
                "max-examples": MAX_EXAMPLES,
                "deterministic": not RANDOM,
                "database": "none",
            },
            "phases": {"stateful": {"enabled": False}},
        }
    )


def _openapi_document() -> dict[str, Any]:
    """The app's OpenAPI document, made in a throw-away data folder (no database is read)."""
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as env:
        env.setenv("DATA_DIR", tmp)
        env.setenv("DATABASE_URL", f"sqlite:///{tmp}/unused.sqlite3")
        get_settings.cache_clear()
        try:
            return create_app().openapi()
        finally:
            get_settings.cache_clear()


schema = schemathesis.openapi.from_dict(_openapi_document(), config=_config())


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[Any]:
    """The app on a migrated database with the demo catalogue, shipping zones and an admin; its
    lifespan (started by schemathesis' ASGI client on the first request) ends with the module."""
    _clear_limiters()
    try:
        with seeded_database(tmp_path_factory, pg_schema_url, "fuzz", _seed, ENV):
            _clear_limiters()
            app = create_app()
            try:
                yield app
            finally:
                schemathesis_asgi.shutdown_lifespans()
    finally:
        _clear_limiters()


@pytest.fixture(scope="module")
def staff_cookie(fuzz_app: Any) -> dict[str, str]:
    """An admin's ``staff_session`` cookie and the staff CSRF token's ``csrftoken`` cookie."""
    with schemathesis_asgi.get_client(fuzz_app) as client:
        response = client.post("/api/staff/login", json={"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})
    assert response.status_code == 200, response.text
    return {"staff_session": response.cookies["staff_session"], "csrftoken": response.cookies["csrftoken"]}


def _fresh_cart(app: Any) -> str:
    """The token of a new cart (Germany) holding one demo product."""
    token = secrets.token_urlsafe(24)
    with schemathesis_asgi.get_client(app) as client:
        started = client.post("/api/cart", headers={"X-Cart-Token": token}, json={"country": "DE"})
        assert started.status_code == 201, started.text
        added = client.post(
            "/api/cart/commands",
            headers={"X-Cart-Token": token},
            json={"type": "add", "product_id": DEMO_PRODUCT_ID},
        )
        assert added.status_code == 200, added.text
    return token


@schema.parametrize()
def test_fuzz_anonymous(case: schemathesis.Case, fuzz_app: Any) -> None:
    """No session, generated cart tokens: every answer is documented, none is a 5xx, and the
    staff-only operations never answer with data: 401, or the 422 of a body that is not JSON
    (read before the session is checked); a method the path does not have (the coverage phase
    tries some) gets 405, or 404 from the ``/api/...`` catch-all."""
    response = case.call_and_validate(app=fuzz_app, checks=CHECKS)
    if case.path.startswith(STAFF_PATHS):
        documented_method = case.method.upper() == case.operation.method.upper()
        allowed = {401, 422} if documented_method else {404, 405}
        assert response.status_code in allowed, (case.method, case.path, response.status_code, response.text)
        assert response.status_code != 422 or response.json()["code"] == "invalid_request"


@schema.exclude(path="/logout").parametrize()
def test_fuzz_signed_in(case: schemathesis.Case, fuzz_app: Any, staff_cookie: dict[str, str]) -> None:
    """As a signed-in admin, and with a real cart for the cart and checkout operations: every
    answer is documented and none is a 5xx."""
    headers = {"X-Cart-Token": _fresh_cart(fuzz_app)} if case.path.startswith(CART_PATHS) else {}
    headers |= {"Origin": f"http://{schemathesis_asgi.HOST}", "X-CSRFToken": staff_cookie["csrftoken"]}
    case.call_and_validate(app=fuzz_app, checks=CHECKS, headers=headers, cookies=staff_cookie)
