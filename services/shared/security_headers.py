"""Security headers on every answer (docs/operations.md, Security).

:class:`SecurityHeaders` is a small pure ASGI middleware rather than a library: the headers are
fixed strings, but the Content-Security-Policy differs by path (the storefront, Swagger UI at
``/docs``, the sqladmin UI at ``/admin``) and HSTS depends on the request's scheme as uvicorn
resolved it (``X-Forwarded-Proto`` counts only from a trusted proxy), which a header-builder
library would not decide for us either. Every answer gets:

- ``X-Content-Type-Options: nosniff``
- ``Referrer-Policy: strict-origin-when-cross-origin``
- ``X-Frame-Options: DENY`` (older browsers) and a CSP with ``frame-ancestors 'none'``
- ``Strict-Transport-Security: max-age=<HSTS_MAX_AGE>; includeSubDomains`` only when the
  request came over HTTPS (scope scheme ``https``) and ``HSTS_MAX_AGE`` is over 0.

Policies (:func:`policy_for`):

- storefront and API (:data:`STOREFRONT_CSP`): scripts only from the shop itself (no inline
  script, no ``eval``), styles from the shop, images from the shop, ``data:``/``blob:`` and
  YouTube thumbnails (``i.ytimg.com``), media from the shop, frames only the privacy-enhanced
  YouTube player (``www.youtube-nocookie.com``, the content blocks' video embeds), fetches to
  the shop only, no plugins, ``base-uri`` and ``form-action`` the shop.
- ``/docs`` and ``/redoc`` (:data:`DOCS_CSP`): Swagger UI's (and ReDoc's) page loads its script and styles from the
  jsDelivr CDN and starts with an inline script, so that page alone allows them.
- ``/admin`` (:data:`ADMIN_CSP`): sqladmin's templates carry inline scripts and styles, so the
  admin allows ``'unsafe-inline'`` for them; everything else stays on the shop's origin.

A header the app already set on an answer is kept (a route may send a stricter one, as the
media files do); a Content-Security-Policy of the route's own without ``frame-ancestors``
gets ``frame-ancestors 'none'`` added.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_COMMON = (
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
)

STOREFRONT_CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob: https://i.ytimg.com",
        "media-src 'self' blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "frame-src https://www.youtube-nocookie.com",
        "manifest-src 'self'",
        "worker-src 'self'",
        *_COMMON,
    )
)

DOCS_CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net",
        "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com",
        "font-src 'self' https://fonts.gstatic.com",
        "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly",
        "worker-src 'self' blob:",
        "connect-src 'self'",
        *_COMMON,
    )
)

ADMIN_CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "font-src 'self' data:",
        "connect-src 'self'",
        *_COMMON,
    )
)


def policy_for(path: str) -> str:
    """The Content-Security-Policy for a request path (see the module docstring)."""
    if path in ("/docs", "/redoc") or path.startswith("/docs/"):
        return DOCS_CSP
    if path == "/admin" or path.startswith("/admin/"):
        return ADMIN_CSP
    return STOREFRONT_CSP


class SecurityHeaders:
    """ASGI middleware adding the security headers of the module docstring to every HTTP
    answer. ``hsts_max_age`` is in seconds (0: never send HSTS)."""

    def __init__(self, app: ASGIApp, hsts_max_age: int = 31536000) -> None:
        self.app = app
        self.hsts = f"max-age={hsts_max_age}; includeSubDomains".encode() if hsts_max_age > 0 else b""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = [
            (b"content-security-policy", policy_for(scope["path"]).encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"strict-origin-when-cross-origin"),
            (b"x-frame-options", b"DENY"),
        ]
        if self.hsts and scope.get("scheme") == "https":
            extra.append((b"strict-transport-security", self.hsts))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (
                        name,
                        _with_frame_ancestors(value) if name.lower() == b"content-security-policy" else value,
                    )
                    for name, value in message.get("headers", ())
                ]
                present = {name.lower() for name, _ in headers}
                headers.extend((name, value) for name, value in extra if name not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _with_frame_ancestors(policy: bytes) -> bytes:
    """``policy`` with ``frame-ancestors 'none'`` appended unless it has that directive."""
    if b"frame-ancestors" in policy:
        return policy
    return policy.rstrip(b"; ") + b"; frame-ancestors 'none'"
