"""Cart API: ``/api/cart`` (holder's token in the ``X-Cart-Token`` header).

A cart token is an unguessable string of at least 128 bits (22+ URL-safe base64 characters)
held by the visitor; the server stores only the cart id derived from it. Every endpoint
answers 404 ``cart_not_found`` for a token with no cart, and nothing lists carts.

Rate limits (``services/shared/ratelimit.py``; docs/operations.md, Security, "Rate limits"):
every POST counts against ``cart_commands`` per client; a started cart counts against
``new_carts`` per client; refused coupon guesses against ``coupon_attempts`` per cart and per
client (:class:`ClientLimits`). Over a limit: 429 ``rate_limited`` with ``Retry-After``.
"""

from __future__ import annotations

import re
import secrets
from typing import Any
from uuid import UUID

from fastapi import APIRouter, Depends, Request, status
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from services.cart.application import CartApplication
from services.cart.deps import BAD_TOKEN, NO_CART, TokenHeader, cart_token, get_cart_app
from services.cart.schemas import CartEnvelope, Command, StartCart, command_dict
from services.shared.errors import BadRequest, error_responses
from services.shared.ratelimit import client_key, get_limit, rate_limit
from services.shared.routing import (
    VALIDATION_ERROR,
    JsonBody,
    PlainJSONResponse,
    documented,
    header_parameter,
)

router = APIRouter(prefix="/api/cart", tags=["Cart"])

# Idempotency-Keys are recorded in the cart's events (``command_id``), which never hold
# personal data (docs/events.md, "What events never hold"): letters, digits and ``. _ : ~ -``
# only (a UUID, ULID or base64url token), so no email address can be one.
KEY_RE = re.compile(r"^[A-Za-z0-9._:~-]{1,200}$")

KEY_DESCRIPTION = "Client-chosen key: a retry with it records nothing new."


_429 = {
    429: "`rate_limited` (`retry_after` seconds, `limit`, and `Retry-After`): `cart_commands` or "
    "`new_carts` per client, `coupon_attempts` per cart and per client"
}
# Other processes won every write to the cart MAX_ATTEMPTS times in a row (services/cart/domain.CartBusy).
_503 = {
    503: "`cart_busy` (`retry_after` seconds and `Retry-After`): the cart kept changing in other "
    "processes; nothing was stored, send the command again with the same Idempotency-Key"
}


class ClientLimits:
    """The ``CommandGuard`` (``services/cart/application.py``) of one request: the shared limits
    (``services/shared/ratelimit.py``) keyed by the request's ``client`` address and, for coupon
    guesses, by the cart id too. Every method raises ``RateLimited`` (429) over a limit."""

    def __init__(self, client: str) -> None:
        self.client = client

    def new_cart(self) -> None:
        """Count a started cart against ``new_carts`` (``RATE_LIMIT_NEW_CARTS``) for the client."""
        get_limit("new_carts").hit(self.client)

    def coupon_attempt(self, cart_id: UUID) -> None:
        """Raise when the cart (``RATE_LIMIT_COUPON_FAILURES_PER_CART``) or the client
        (``RATE_LIMIT_COUPON_FAILURES_PER_CLIENT``) has no refused guess left; counts nothing."""
        get_limit("coupon_attempts_cart").check(str(cart_id))
        get_limit("coupon_attempts_client").check(self.client)

    def coupon_refused(self, cart_id: UUID) -> None:
        """Count one refused guess for the cart and for the client."""
        get_limit("coupon_attempts_cart").count(str(cart_id))
        get_limit("coupon_attempts_client").count(self.client)


def _key(raw: str | None) -> str | None:
    if raw is not None and not KEY_RE.match(raw):
        raise BadRequest(
            "invalid_idempotency_key",
            "Idempotency-Key must be 1 to 200 letters, digits or . _ : ~ - (a UUID, for example).",
        )
    return raw


def _app() -> CartApplication:
    return get_cart_app()


async def _app_async() -> CartApplication:
    """The process's ``CartApplication``; its first build (connections, catalogue) in a thread."""
    if get_cart_app.cache_info().currsize:  # type: ignore[attr-defined]
        return get_cart_app()
    return await run_in_threadpool(get_cart_app)


# The command route comes first: FastAPI matches a request against the router's routes in
# order, and this is the one every cart change takes.
# It reads its own request: the headers from ``request.headers`` and the body
# validated once from its bytes (``JsonBody``); ``openapi_extra`` documents both exactly as
# FastAPI's ``Header()`` and ``Body()`` would. FastAPI's solving of those parameters (and of the
# rate-limit dependency) was about a quarter of the HTTP layer's CPU per command: 0.239 -> 0.176
# ms in process (docs/operations.md, Benchmarks).
COMMAND_BODY: JsonBody[BaseModel] = JsonBody(Command, "Command")
_TOKEN_PARAMETER = header_parameter("X-Cart-Token", "The cart token (>= 128 bits).")
_KEY_PARAMETER = header_parameter("Idempotency-Key", KEY_DESCRIPTION)


@router.post(
    "/commands",
    response_model=None,
    summary="Run a cart command",
    responses={
        **documented(CartEnvelope, "The cart after the command"),
        **error_responses(
            {
                400: "`invalid_cart_token`, or `invalid_idempotency_key` (not 1 to 200 letters, digits or `. _ : ~ -`)",
                409: "`{code, message, cart}`: a rule refused (`out_of_stock`, `count_capped`, `line_not_found`, "
                "`cart_empty`, `coupon_*`...), or `idempotency_key_reused` with another command",
                **_429,
                **_503,
            }
        ),
        **VALIDATION_ERROR,
    },
    openapi_extra={**COMMAND_BODY.openapi, "parameters": [_TOKEN_PARAMETER, _KEY_PARAMETER]},
)
async def run_command(request: Request) -> PlainJSONResponse:
    """Run one command (``add``, ``set_count``, ``remove``, ``set_country``, ``set_payment_intent``,
    ``clear``, ``start_checkout``; bodies in the schema). Prices are never accepted: they come
    from the catalogue. A cart that does not exist yet is started by its first command.

    Errors: 409/422 ``{code, message, cart}`` when a rule refuses (e.g. ``out_of_stock``,
    ``count_capped``, ``coming_soon``, ``line_not_found``); 409 ``idempotency_key_reused``;
    422 ``invalid_request`` for a malformed body; 429 ``rate_limited`` (``Retry-After``) over
    ``cart_commands`` per client (every request, replays and malformed bodies too: the client
    retries after the wait and then gets the original answer), over ``new_carts`` when the
    command starts the cart, or for an ``apply_coupon`` once the cart or the client has used up
    its refused guesses (checked after the idempotency lookup, so the retry of an answered
    command gets its original answer; docs/operations.md, Security, "Rate limits"); 503
    ``cart_busy`` (``Retry-After``, nothing stored) when other processes changed the cart every
    time the command was decided again.

    The one command path: awaits ``CartApplication.execute_async``, which decides on the event
    loop and sends only blocking work (a cart not in memory, uncached catalogue facts, the
    coupon and new-cart limits) to a worker thread; docs/spec.md and docs/api.md describe the
    commands and answers."""
    client = client_key(request)
    get_limit("cart_commands").hit(client)
    command = await COMMAND_BODY.read(request)
    headers = request.headers
    token = cart_token(headers.get("x-cart-token"))
    key = _key(headers.get("idempotency-key"))
    app = await _app_async()
    result = await app.execute_async(token, command_dict(command), key, ClientLimits(client))
    # The state is plain JSON already (str, int, bool, lists, dicts; services/cart/types.py):
    # rendered as it is (orjson), without walking it through jsonable_encoder first.
    return PlainJSONResponse({"token": None, "replayed": result.replayed, "cart": result.state})


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    response_model=None,
    summary="Start a cart",
    responses={
        **documented(CartEnvelope, "The new (or existing) cart", 201),
        **error_responses({**BAD_TOKEN, **_429, **_503}),
    },
    dependencies=[Depends(rate_limit("cart_commands"))],
)
def start_cart(request: Request, token: TokenHeader = None, body: StartCart | None = None) -> dict[str, Any]:
    """Start a cart. Without ``X-Cart-Token`` the server makes a 256-bit token; with one (made by
    the browser, so an offline outbox can queue commands first) the call is idempotent.
    Answers ``{token, cart}``; 400 ``invalid_cart_token`` for a malformed token; 429
    ``rate_limited`` over ``cart_commands`` (every call) or ``new_carts`` (a cart started) per
    client (docs/operations.md, Security, "Rate limits"); 503 ``cart_busy`` (``Retry-After``) when
    other processes kept winning the race to create the same cart."""
    chosen = cart_token(token) if token is not None else secrets.token_urlsafe(32)
    country = body.country.upper() if body and body.country else None
    state = _app().start(chosen, country, ClientLimits(client_key(request)))
    return {"token": chosen, "replayed": False, "cart": state}


@router.get(
    "",
    response_model=None,
    summary="Read the cart",
    responses={**documented(CartEnvelope, "The cart"), **error_responses({**BAD_TOKEN, **NO_CART})},
)
def read_cart(token: TokenHeader = None) -> dict[str, Any]:
    """The cart state and version. 404 ``cart_not_found``."""
    return {"token": None, "replayed": False, "cart": _app().state(cart_token(token))}


@router.get(
    "/events", summary="The cart's event history", responses=error_responses({**BAD_TOKEN, **NO_CART})
)
def cart_events(token: TokenHeader = None) -> list[dict[str, Any]]:
    """Every domain event of the holder's cart, oldest first: ``{version, type, timestamp, data}``."""
    return _app().history(cart_token(token))
