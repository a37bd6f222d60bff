"""Cart API: ``/api/cart`` (holder's token in the ``X-Cart-Token`` header).

A cart token is an unguessable string of at least 128 bits (22+ URL-safe base64 characters)
held by the visitor; the server stores only the cart id derived from it. Every endpoint
answers 404 ``cart_not_found`` for a token with no cart, and nothing lists carts.
"""

from __future__ import annotations

import re
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Body, Header, status

from services.cart.application import CartApplication
from services.cart.deps import get_cart_app
from services.cart.schemas import CartEnvelope, Command, StartCart
from services.shared.errors import BadRequest, error_responses

router = APIRouter(prefix="/api/cart", tags=["Cart"])

TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{22,128}$")
KEY_RE = re.compile(r"^[\x21-\x7e]{1,200}$")

TokenHeader = Annotated[str | None, Header(alias="X-Cart-Token", description="The cart token (>= 128 bits).")]
KeyHeader = Annotated[
    str | None,
    Header(alias="Idempotency-Key", description="Client-chosen key: a retry with it records nothing new."),
]


_400 = {400: "`invalid_cart_token`: X-Cart-Token missing or not 22 to 128 URL-safe characters"}
_404 = {404: "`cart_not_found`: no cart with that token"}


def _token(raw: str | None) -> str:
    if raw is None or not TOKEN_RE.match(raw):
        raise BadRequest(
            "invalid_cart_token", "X-Cart-Token must be 22 to 128 URL-safe characters (128+ bits)."
        )
    return raw


def _key(raw: str | None) -> str | None:
    if raw is not None and not KEY_RE.match(raw):
        raise BadRequest(
            "invalid_idempotency_key", "Idempotency-Key must be 1 to 200 printable ASCII characters."
        )
    return raw


def _app() -> CartApplication:
    return get_cart_app()


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    response_model=CartEnvelope,
    summary="Start a cart",
    responses=error_responses(_400),
)
def start_cart(token: TokenHeader = None, body: StartCart | None = None) -> dict[str, Any]:
    """Start a cart. Without ``X-Cart-Token`` the server makes a 256-bit token; with one (made by
    the browser, so an offline outbox can queue commands first) the call is idempotent.
    Answers ``{token, cart}``; 400 ``invalid_cart_token`` for a malformed token."""
    chosen = _token(token) if token is not None else secrets.token_urlsafe(32)
    country = body.country.upper() if body and body.country else None
    return {"token": chosen, "cart": _app().start(chosen, country)}


@router.get(
    "", response_model=CartEnvelope, summary="Read the cart", responses=error_responses({**_400, **_404})
)
def read_cart(token: TokenHeader = None) -> dict[str, Any]:
    """The cart state and version. 404 ``cart_not_found``."""
    return {"cart": _app().state(_token(token))}


@router.post(
    "/commands",
    response_model=CartEnvelope,
    summary="Run a cart command",
    responses=error_responses(
        {
            400: "`invalid_cart_token`, or `invalid_idempotency_key` (not 1 to 200 printable ASCII characters)",
            409: "`{code, message, cart}`: a rule refused (`out_of_stock`, `count_capped`, `line_not_found`, "
            "`cart_empty`, `coupon_*`...), or `idempotency_key_reused` with another command",
        }
    ),
)
def run_command(
    command: Annotated[Command, Body()], token: TokenHeader = None, key: KeyHeader = None
) -> dict[str, Any]:
    """Run one command (``add``, ``set_count``, ``remove``, ``set_country``, ``set_payment_intent``,
    ``clear``, ``start_checkout``; bodies in the schema). Prices are never accepted: they come
    from the catalogue. A cart that does not exist yet is started by its first command.

    Errors: 409/422 ``{code, message, cart}`` when a rule refuses (e.g. ``out_of_stock``,
    ``count_capped``, ``coming_soon``, ``line_not_found``); 409 ``idempotency_key_reused``;
    422 ``invalid_request`` for a malformed body."""
    result = _app().execute(_token(token), command.model_dump(), _key(key))
    return {"cart": result.state, "replayed": result.replayed}


@router.get("/events", summary="The cart's event history", responses=error_responses({**_400, **_404}))
def cart_events(token: TokenHeader = None) -> list[dict[str, Any]]:
    """Every domain event of the holder's cart, oldest first: ``{version, type, timestamp, data}``."""
    return _app().history(_token(token))
