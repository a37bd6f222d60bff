"""``GET /api/location``: the visitor's country guessed from the client IP (docs/spec.md sections 3, 7).

Answer 200 ``{country_code, country_name, currency, city, calling_code, is_eu, emoji_flag,
flag, timezone}`` (see ``services/location/domain.py``), ``Cache-Control: private, no-store``
(it depends on the caller's address). The address is the socket peer, or the right-most
``X-Forwarded-For`` entry when ``TRUST_PROXY_HEADERS=1``. Never an error for an unknown place:
``country_code`` null and currency ``EUR``.
"""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse

from services.location.service import locate
from services.shared.client_ip import client_ip
from services.shared.deps import SessionDep
from services.shared.routing import DbRouter

router = DbRouter(tags=["Location"])

_EXAMPLE: dict[str, Any] = {
    "country_code": "DE",
    "country_name": "Germany",
    "currency": "EUR",
    "city": None,
    "calling_code": "49",
    "is_eu": True,
    "emoji_flag": "\U0001f1e9\U0001f1ea",
    "flag": "\U0001f1e9\U0001f1ea",
    "timezone": "Europe/Berlin",
}


@router.get(
    "/api/location",
    responses={
        200: {"description": "The guessed location", "content": {"application/json": {"example": _EXAMPLE}}}
    },
)
def get_location(request: Request, session: SessionDep) -> JSONResponse:
    """Where the caller's IP is registered, from an offline database (no outside call).
    Always 200; unknown or private addresses give ``country_code: null``, ``currency: "EUR"``."""
    location = locate(session, client_ip(request))
    return JSONResponse(location.to_dict(), headers={"Cache-Control": "private, no-store"})
