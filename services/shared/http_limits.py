"""Request body size limits, enforced while the body streams (docs/operations.md, Security).

:class:`BodyLimit` is a pure ASGI middleware and the outermost layer of the app
(``services/api/app.py``), so it also covers what other outer middlewares answer themselves
(the catalogue response cache). For every HTTP request it picks
the route's limit (:func:`limit_for`: the first matching rule of ``rules``, else the default):

- a ``Content-Length`` above the limit is refused at once with 413, before any of the body is
  read (the app is not called);
- a chunked body, or one longer than its ``Content-Length`` says, is counted as the app
  receives it; the moment the count passes the limit the middleware answers 413 itself and
  the app's next ``receive()`` raises :class:`BodyTooLarge`, so nobody reads the rest (the
  server stops reading the socket and closes the connection after the answer).

The 413 body is ``{"code": "payload_too_large", "message"}`` (JSON, ``Connection: close``).
If the app had already started its answer when the count passes the limit, the request is
cut off (the exception ends it) instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from services.shared.asgi import ASGIApp, Message, Receive, Scope, Send, error_body, send_json_error


class BodyTooLarge(Exception):
    """Raised from ``receive()`` once a request body passed its limit (the 413 is already sent).
    ``limit`` is the route's limit in bytes."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"request body over {limit} bytes")
        self.limit = limit


@dataclass(frozen=True)
class LimitRule:
    """Bodies of requests whose path equals ``path`` (or, with ``prefix=True``, starts with it)
    may hold at most ``max_bytes`` bytes."""

    path: str
    max_bytes: int
    prefix: bool = False

    def matches(self, path: str) -> bool:
        """Whether the rule applies to the request path ``path``."""
        return path.startswith(self.path) if self.prefix else path == self.path


def limit_for(path: str, rules: Sequence[LimitRule], default: int) -> int:
    """The body limit in bytes for ``path``: the first matching rule's, else ``default``."""
    for rule in rules:
        if rule.matches(path):
            return rule.max_bytes
    return default


def default_rules(form_bytes: int, analytics_bytes: int) -> tuple[LimitRule, ...]:
    """The shop's smaller limits (docs/operations.md, Security): form-like endpoints (contact
    ``/api/mail``, newsletter sign-up/confirm/unsubscribe, staff login, checkout quote and
    order) get ``form_bytes``; analytics hits (``/api/ga/...``, the GA4 page view and cart
    events) get ``analytics_bytes``. Everything else gets the default limit."""
    return (
        LimitRule("/api/mail", form_bytes),
        LimitRule("/api/newsletter", form_bytes, prefix=True),
        LimitRule("/api/staff/login", form_bytes),
        LimitRule("/api/checkout/", form_bytes, prefix=True),
        LimitRule("/api/ga/", analytics_bytes, prefix=True),
    )


def too_large_body(limit: int) -> bytes:
    """The JSON body of the 413 answer for a route limited to ``limit`` bytes."""
    return error_body("payload_too_large", _too_large_message(limit))


def _too_large_message(limit: int) -> str:
    return f"The request body is too large: at most {limit} bytes are accepted here."


class BodyLimit:
    """ASGI middleware: refuse request bodies over the route's limit with 413 (module docstring).

    ``default`` is the limit in bytes of a route no rule matches; ``rules`` are checked in
    order. Non-HTTP scopes (lifespan, websockets) pass through untouched."""

    def __init__(self, app: ASGIApp, default: int, rules: Sequence[LimitRule] = ()) -> None:
        self.app = app
        self.default = default
        self.rules = tuple(rules)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = limit_for(scope["path"], self.rules, self.default)
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await _send_413(send, limit)
            return

        received = 0
        started = False  # the app began its answer
        refused = False  # we answered 413

        async def counted_receive() -> Message:
            nonlocal received, refused
            if refused:
                raise BodyTooLarge(limit)
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    refused = True
                    if not started:
                        await _send_413(send, limit)
                    raise BodyTooLarge(limit)
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if refused:
                return  # the 413 went out instead of whatever the app answers now
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, guarded_send)
        except BodyTooLarge:
            if not refused:  # raised by someone else's receive wrapper: not ours to hide
                raise


def _content_length(scope: Scope) -> int | None:
    """The request's ``Content-Length`` as an int, or None when absent or not a number (the
    server rejects a malformed one itself; the streamed count still applies)."""
    for name, value in scope.get("headers", ()):
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _send_413(send: Send, limit: int) -> None:
    await send_json_error(send, 413, "payload_too_large", _too_large_message(limit), close=True)
