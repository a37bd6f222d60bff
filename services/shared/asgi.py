"""Pure-ASGI building blocks shared by the shop's middlewares (body limits, security headers,
staff CSRF): the ASGI callable types and :func:`send_json_error`, the one way a middleware
answers a request itself with the app's error shape ``{"code", "message"}`` (style.md,
"Errors")."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def error_body(code: str, message: str) -> bytes:
    """The compact UTF-8 JSON ``{"code": code, "message": message}`` the app's error answers carry."""
    return json.dumps({"code": code, "message": message}, separators=(",", ":")).encode()


async def send_json_error(send: Send, status: int, code: str, message: str, *, close: bool = False) -> None:
    """Answer with ``status`` and :func:`error_body` (``Content-Type: application/json``,
    ``Cache-Control: no-store``); ``close`` adds ``Connection: close`` (a body left unread)."""
    body = error_body(code, message)
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
    ]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
