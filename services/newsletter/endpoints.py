"""``POST /api/newsletter``: newsletter sign-up (spec section 7: status 200 means success).

    POST /api/newsletter  {email, tags, source?}
        200 {"subscribed": true}          (first sign-up and repeat alike: no address probing)
        422 {"code": "invalid_newsletter", "message": "Please enter a valid email", "fields"}
        422 {"code": "invalid_request", ...}   body is not a JSON object
        429 {"code": "too_many_requests", "message", "retry_after"} + Retry-After

Rate-limited per client IP (``NEWSLETTER_RATE_LIMIT``, default 5 a minute and 20 an hour).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Body, Request
from fastapi.responses import JSONResponse

from services.location.client_ip import client_ip
from services.newsletter.ratelimit import get_signup_limiter
from services.newsletter.service import subscribe
from services.shared.deps import SessionDep
from services.shared.routing import DbRouter

router = DbRouter(tags=["Newsletter"])

NO_STORE = {"Cache-Control": "no-store"}


@router.post(
    "/api/newsletter",
    summary="Subscribe to the newsletter",
    responses={
        200: {"description": '`{"subscribed": true}`'},
        422: {"description": '`{code: "invalid_newsletter", message: "Please enter a valid email", fields}`'},
        429: {"description": "`too_many_requests` with `retry_after` seconds"},
    },
)
def subscribe_to_newsletter(
    request: Request,
    session: SessionDep,
    body: Annotated[
        dict[str, Any],
        Body(
            openapi_examples={
                "footer": {"value": {"email": "ada@example.com", "tags": ["storefront"], "source": "footer"}}
            }
        ),
    ],
) -> JSONResponse:
    """Subscribe ``email`` with ``tags`` (spec sections 5, 7). The storefront calls this only
    once the privacy-policy box is ticked; the time is stored as ``consent_at``. A repeat
    sign-up (any letter case) merges its tags into the one subscription and answers the same
    200 ``{"subscribed": true}``. Errors: 422 ``invalid_newsletter`` ('Please enter a valid
    email'; bad ``tags`` or ``source``), 429 ``too_many_requests`` (``Retry-After`` seconds)."""
    wait = get_signup_limiter().attempt(client_ip(request) or "unknown")
    if wait is not None:
        return JSONResponse(
            {
                "code": "too_many_requests",
                "message": f"Too many sign-ups. Please try again in {wait} seconds.",
                "retry_after": wait,
            },
            status_code=429,
            headers={**NO_STORE, "Retry-After": str(wait)},
        )
    subscribe(session, body)
    session.commit()
    return JSONResponse({"subscribed": True}, headers=NO_STORE)
