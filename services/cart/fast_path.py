"""The event-loop fast path for ``POST /api/cart/commands`` (an ASGI wrapper around the app).

Why: a cart command's own work (decide on a cart held in memory, append its events) is a
fraction of a millisecond; the FastAPI route around it costs more than the work: the
middleware stack, dependency resolution, a hop to the threadpool (the command blocks while
its events commit), response-model validation of the whole cart state, and a thread parked
on the group committer's future. ``bench/cart_commands.py`` measured this stack as the largest
share of a worker's CPU. Here the same request is read once, validated with the same pydantic
``Command`` union, and run by ``CartApplication.execute_fast`` on the event loop: the commit
is awaited (the committer thread wakes the loop), so no thread waits for it.

It answers only when the whole command can run without blocking the loop (see
``execute_fast``: cart in memory, its lock free, catalogue facts cached); in every other case
(a first command on a cart, a stale cart, a catalogue revision to re-read, a malformed
request, a coupon...) it hands the request, body included, to the FastAPI route, which is the
reference behaviour: same status codes, same JSON (``{cart, replayed}`` or ``{code, message,
cart, replayed}``), same OpenAPI documentation. Tests run every command both ways
(``tests/cart/test_fast_path.py``). ``CART_FAST_PATH=0`` turns it off.

Rate limit: FastAPI dependencies do not run here, so every command this wrapper sees is first
counted against the shared ``cart_commands`` limit for its client
(``services/shared/ratelimit.py``), before anything is read or run; over the limit it answers
the same 429 ``rate_limited`` body and ``Retry-After`` header as the app's error handler. A
command handed to the route is marked as counted, so the route does not count it again.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from pydantic import TypeAdapter, ValidationError
from starlette.requests import HTTPConnection

from services.cart.application import CartApplication
from services.cart.deps import CART_TOKEN_RE
from services.cart.endpoints import KEY_RE  # the route's own checks
from services.cart.schemas import Command, command_dict
from services.shared.errors import DomainError
from services.shared.ratelimit import RateLimited, client_key, get_limit, mark_counted, retry_after_headers

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

PATH = "/api/cart/commands"
MAX_BODY = 64 * 1024  # larger bodies go to the route (which answers them as usual)
_COMMAND = TypeAdapter(Command)


def _header_map(scope: Scope) -> dict[bytes, bytes]:
    return {name.lower(): value for name, value in scope.get("headers", ())}


Answer = tuple[int, bytes, dict[str, str]]


def _json_body(status: int, content: Any, headers: dict[str, str] | None = None) -> Answer:
    # As FastAPI's JSONResponse renders: compact, UTF-8, no NaN.
    payload = json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
    return status, payload, headers or {}


def _error_body(exc: DomainError) -> Answer:
    """A ``DomainError`` answered as the app's handler answers it (body and headers)."""
    return _json_body(exc.status_code, exc.to_dict(), retry_after_headers(exc))


class CartCommandFastPath:
    """ASGI middleware: serves ``POST /api/cart/commands`` through ``execute_fast`` when it can,
    else passes the request (with its body) to ``app``. ``cart_app`` returns the process's
    ``CartApplication`` (``services.cart.deps.get_cart_app``)."""

    def __init__(self, app: ASGIApp, cart_app: Callable[[], CartApplication]) -> None:
        self.app = app
        self.cart_app = cart_app
        self.served = 0  # answered here (tests and the benchmark read these)
        self.passed = 0  # handed to the route

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or scope["path"] != PATH:
            await self.app(scope, receive, send)
            return
        try:
            get_limit("cart_commands").hit(client_key(HTTPConnection(scope)))
        except RateLimited as exc:
            self.served += 1
            await _respond(send, _error_body(exc))
            return
        mark_counted(scope, "cart_commands")
        body = b""
        more = True
        while more and len(body) <= MAX_BODY:
            message = await receive()
            if message["type"] != "http.request":  # disconnected
                await self.app(scope, _replay(b"", receive, done=False, first=message), send)
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
        answer = None if more else await self._try(scope, body)
        if answer is None:
            self.passed += 1
            await self.app(scope, _replay(body, receive, done=not more), send)
            return
        self.served += 1
        await _respond(send, answer)

    async def _try(self, scope: Scope, body: bytes) -> Answer | None:
        """``(status, json, headers)`` when the fast path answers, None to hand over to the route."""
        headers = _header_map(scope)
        token = headers.get(b"x-cart-token", b"").decode("latin-1")
        key_raw = headers.get(b"idempotency-key")
        key = key_raw.decode("latin-1") if key_raw is not None else None
        if not CART_TOKEN_RE.match(token) or (key is not None and not KEY_RE.match(key)):
            return None
        try:
            command = command_dict(_COMMAND.validate_json(body))
        except ValidationError:
            return None  # the route answers 422 with its message
        app = self.cart_app()
        try:
            result = await app.execute_fast(token, command, key)
        except DomainError as exc:
            return _error_body(exc)
        except Exception:  # noqa: BLE001 - the route runs it again and reports it its way
            log.exception("cart fast path failed; handing the command to the route")
            return None
        if result is None:
            return None
        return _json_body(200, {"token": None, "replayed": result.replayed, "cart": result.state})


async def _respond(send: Send, answer: Answer) -> None:
    """Send ``(status, json, headers)`` as a JSON response."""
    status, payload, extra = answer
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
    headers += [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in extra.items()]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})


def _replay(body: bytes, receive: Receive, *, done: bool = True, first: Message | None = None) -> Receive:
    """A ``receive`` that gives the already-read ``body`` first (as one message), then defers
    to the real ``receive``. ``done`` False: more of the body is still to come from ``receive``."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            if first is not None:
                return first
            return {"type": "http.request", "body": body, "more_body": not done}
        return await receive()

    return replayed
