"""Newsletter endpoints: sign-up (docs/spec.md section 7: status 200 means success) with double opt-in,
confirm and one-click unsubscribe. Every answer is ``Cache-Control: no-store``.

    POST /api/newsletter  {email, tags, source?}
        200 {"subscribed": true}   first sign-up, repeat, confirmed or unsubscribed address alike
                                   (no address probing); a confirm mail goes out when pending
        422 {"code": "invalid_newsletter", "message": "Please enter a valid email", "fields"}
        422 {"code": "invalid_request", ...}   body is not a JSON object
        429 {"code": "rate_limited", "message", "retry_after", "limit"} + Retry-After
    POST /api/newsletter/confirm  {token}
        200 {"status": "confirmed", "confirmed_at"}   (again: the same answer)
        404 newsletter_link_invalid; 410 newsletter_link_expired; 422 invalid_request
    POST /api/newsletter/unsubscribe?token=...   (RFC 8058 one-click: any body, e.g.
                                                  ``List-Unsubscribe=One-Click``)
        200 {"status": "unsubscribed", "unsubscribed_at"}   (again: the same answer)
        404 newsletter_link_invalid; 422 invalid_request (no token)
    GET /api/newsletter/unsubscribe?token=...
        303 to the storefront page /newsletter/unsubscribe?token=... (a GET never unsubscribes)

Sign-ups are rate-limited per client IP (``RATE_LIMIT_NEWSLETTER``, default 5 a minute and 20
an hour). With ``MAIL_BACKEND=smtp`` the confirmation mail is delivered right after the commit
(a background task); ``shop deliver-mail`` sends anything left over.
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import BackgroundTasks, Body, Depends, Query
from fastapi.responses import JSONResponse, RedirectResponse
from sqlalchemy.orm import Session

from services.mail.smtp import deliver_pending
from services.newsletter.service import LinkResult, confirm, subscribe, unsubscribe
from services.shared.db import get_sessionmaker
from services.shared.deps import SessionDep
from services.shared.errors import error_responses
from services.shared.ratelimit import rate_limit
from services.shared.routing import NO_STORE, DbRouter
from services.shared.settings import get_settings

router = DbRouter(tags=["Newsletter"])

TOKEN_DOC = "The token of the link in the mail (base64url, 20..128 characters)."
_LINK_INVALID = {404: "`newsletter_link_invalid`: not a live link"}
_RATE_LIMITED = {429: "`rate_limited` with `retry_after` seconds and `limit`, and `Retry-After`"}


def _link_answer(session: Session, result: LinkResult, at_key: str) -> JSONResponse:
    """Commit what the link did and answer ``{"status", at_key: ISO 8601 UTC}`` (no-store)."""
    session.commit()
    return JSONResponse({"status": str(result.status), at_key: result.at.isoformat()}, headers=NO_STORE)


@router.post(
    "/api/newsletter",
    summary="Subscribe to the newsletter (double opt-in)",
    responses={
        200: {"description": '`{"subscribed": true}`: stored; a confirmation mail goes out unless confirmed'},
        **error_responses(
            {422: '`invalid_newsletter` ("Please enter a valid email") with `fields`', **_RATE_LIMITED}
        ),
    },
    dependencies=[Depends(rate_limit("newsletter"))],
)
def subscribe_to_newsletter(
    background: BackgroundTasks,
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
    """Subscribe ``email`` with ``tags`` (docs/spec.md sections 5, 7). The storefront calls this only
    once the privacy-policy box is ticked; the time is stored as ``consent_at``.

    Double opt-in: a new address (or one that unsubscribed) is stored as ``pending`` and mailed
    a confirm link (``{SHOP_URL}/newsletter/confirm?token=...``, valid
    ``NEWSLETTER_CONFIRM_TTL_HOURS``, at most one mail per ``NEWSLETTER_CONFIRM_RESEND_SECONDS``)
    with an unsubscribe link; no newsletter goes to it before it is confirmed. A repeat sign-up
    (any letter case) merges its tags into the one subscription. Every case answers the same
    200 ``{"subscribed": true}``, so nobody can learn whether an address is subscribed. Errors:
    422 ``invalid_newsletter`` ('Please enter a valid email'; bad ``tags`` or ``source``), 429
    ``rate_limited`` (``RATE_LIMIT_NEWSLETTER`` per client; ``Retry-After`` seconds;
    docs/operations.md, Security)."""
    result = subscribe(session, body)
    session.commit()
    if result.mail_id is not None and get_settings().mail.mail_backend == "smtp":
        background.add_task(deliver_pending, get_sessionmaker(), [result.mail_id])
    return JSONResponse({"subscribed": True}, headers=NO_STORE, background=background)


@router.post(
    "/api/newsletter/confirm",
    summary="Confirm a newsletter subscription (the link in the confirmation mail)",
    responses={
        200: {"description": '`{"status": "confirmed", "confirmed_at": ISO 8601 UTC}`'},
        **error_responses({**_LINK_INVALID, 410: "`newsletter_link_expired`: sign up again for a new link"}),
    },
)
def confirm_subscription(
    session: SessionDep,
    token: Annotated[str, Body(embed=True, min_length=1, max_length=200, description=TOKEN_DOC)],
) -> JSONResponse:
    """Confirm the subscription whose confirmation mail held ``token`` (double opt-in; the
    storefront page ``/newsletter/confirm?token=...`` sends it). Answers 200 ``{"status":
    "confirmed", "confirmed_at"}``, also when opened again. Errors: 404
    ``newsletter_link_invalid`` (unknown token, or the address unsubscribed since), 410
    ``newsletter_link_expired`` (older than ``NEWSLETTER_CONFIRM_TTL_HOURS``), 422
    ``invalid_request`` (no token)."""
    return _link_answer(session, confirm(session, token), "confirmed_at")


@router.post(
    "/api/newsletter/unsubscribe",
    summary="Unsubscribe with one click (RFC 8058 List-Unsubscribe-Post, and the storefront page)",
    responses={
        200: {"description": '`{"status": "unsubscribed", "unsubscribed_at": ISO 8601 UTC}`'},
        **error_responses(_LINK_INVALID),
    },
)
def unsubscribe_from_newsletter(
    session: SessionDep,
    token: Annotated[str, Query(min_length=1, max_length=200, description=TOKEN_DOC)],
) -> JSONResponse:
    """Unsubscribe the address whose mail held ``token`` (every newsletter and confirmation mail
    has one). The body is ignored: mail clients send ``List-Unsubscribe=One-Click`` as a form
    (RFC 8058), the storefront page nothing. Answers 200 ``{"status": "unsubscribed",
    "unsubscribed_at"}``, also when already unsubscribed. Errors: 404
    ``newsletter_link_invalid``, 422 ``invalid_request`` (no token)."""
    return _link_answer(session, unsubscribe(session, token), "unsubscribed_at")


@router.get(
    "/api/newsletter/unsubscribe",
    summary="The one-click unsubscribe URL opened in a browser: on to the storefront page",
    responses={303: {"description": "to `/newsletter/unsubscribe?token=...`, which unsubscribes"}},
    status_code=303,
    response_class=RedirectResponse,  # the 303 has no body (not the default JSON)
)
def unsubscribe_page_redirect(
    token: Annotated[str, Query(min_length=1, max_length=200, description=TOKEN_DOC)],
) -> RedirectResponse:
    """A GET of the ``List-Unsubscribe`` URL (a mail client without RFC 8058 opens it in a
    browser) changes nothing (RFC 8058: link checkers must not unsubscribe anyone): it answers
    303 to the storefront page ``/newsletter/unsubscribe?token=...``, which unsubscribes with its
    POST and says so. 422 ``invalid_request`` without a token."""
    return RedirectResponse(
        f"/newsletter/unsubscribe?token={quote(token, safe='')}", status_code=303, headers=NO_STORE
    )
