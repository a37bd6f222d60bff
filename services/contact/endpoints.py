"""``POST /api/mail``: the contact form (docs/spec.md section 7: status 200 means sent).

    POST /api/mail  {email, message, name, orderNumber, topic}
        200 {"sent": true}
        422 {"code": "invalid_contact", "message", "fields": {field: message}}  (docs/spec.md section 8 texts)
        422 {"code": "invalid_request", ...}   body is not a JSON object
        429 {"code": "rate_limited", "message", "retry_after", "limit"} + Retry-After

Rate-limited per client IP (``RATE_LIMIT_CONTACT``, default 5 a minute and 20 an hour;
``X-Forwarded-For`` only with ``TRUST_PROXY_HEADERS=1``). With ``MAIL_BACKEND=smtp`` the
support mail is delivered right after the commit (a background task); ``shop deliver-mail``
sends anything left over.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import BackgroundTasks, Body, Depends
from fastapi.responses import JSONResponse

from services.contact.service import submit_message
from services.mail.smtp import deliver_pending
from services.shared.db import get_sessionmaker
from services.shared.deps import SessionDep
from services.shared.errors import error_responses
from services.shared.ratelimit import rate_limit
from services.shared.routing import NO_STORE, DbRouter
from services.shared.settings import get_settings

router = DbRouter(tags=["Contact"])


_EXAMPLE = {
    "email": "ada@example.com",
    "message": "Where is my order?",
    "name": "Ada",
    "orderNumber": "123456789",
    "topic": "Online Store – Questions about our store and your shipment",
}


@router.post(
    "/api/mail",
    summary="Send a contact message",
    responses={
        200: {"description": '`{"sent": true}`: stored and mailed to support'},
        **error_responses(
            {
                422: "`invalid_contact` with `fields: {email|message|name|orderNumber|topic: message}`",
                429: "`rate_limited` with `retry_after` seconds and `limit`, and `Retry-After`",
            }
        ),
    },
    dependencies=[Depends(rate_limit("contact"))],
)
def send_contact_message(
    background: BackgroundTasks,
    session: SessionDep,
    body: Annotated[dict[str, Any], Body(openapi_examples={"message": {"value": _EXAMPLE}})],
) -> JSONResponse:
    """Store a contact message and queue its mail to the support address (docs/spec.md sections 4, 5, 7).

    Body ``{email, message, name?, orderNumber?, topic?}``: ``email`` valid ('Please provide a
    valid email adress'), ``message`` not empty ('Please write something'), ``orderNumber``
    digits only, ``topic`` the fixed topic when given. Answers 200 ``{"sent": true}``; an
    identical resend within 10 minutes answers the same without a second message. Errors: 422
    ``invalid_contact`` with ``fields``; 429 ``rate_limited`` (``RATE_LIMIT_CONTACT`` per client,
    every request counts; ``Retry-After`` seconds; docs/operations.md, Security).
    """
    submitted = submit_message(session, body)
    session.commit()
    if submitted.mail_id is not None and get_settings().mail.mail_backend == "smtp":
        background.add_task(deliver_pending, get_sessionmaker(), [submitted.mail_id])
    return JSONResponse({"sent": True}, headers=NO_STORE, background=background)
