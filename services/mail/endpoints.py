"""``GET /api/dev/mailbox``: the embedded mail sink, for developers and tests (issue 4).

Only with ``MAIL_BACKEND=outbox`` (the embedded default); otherwise 404, so a production shop
sending real mail never exposes it. Lists the mails to one address (``to`` is required, so the
sink cannot be browsed without knowing a recipient), newest first.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query
from fastapi.responses import JSONResponse

from services.mail.outbox import mailbox
from services.mail.settings import mail_settings
from services.shared.deps import SessionDep
from services.shared.errors import NotFound
from services.shared.routing import DbRouter

router = DbRouter(prefix="/api/dev", tags=["Development"])


@router.get(
    "/mailbox",
    summary="Mails in the local outbox (embedded mode only)",
    responses={
        200: {"description": "`[{id, to, subject, text, html, headers, created_at, sent_at}]`, newest first"},
        404: {"description": "`{code: not_found}` unless MAIL_BACKEND=outbox"},
    },
)
def dev_mailbox(
    session: SessionDep,
    to: Annotated[
        str,
        Query(min_length=3, max_length=320, pattern=r"^[^\x00-\x20\x7f]+$", description="Recipient address."),
    ],
) -> Any:
    """The mails sent to ``to`` while ``MAIL_BACKEND=outbox``: ``[{id, to, subject, text, html, headers,
    created_at, sent_at}]`` newest first (at most 50). 404 ``not_found`` with another backend."""
    if mail_settings().mail_backend != "outbox":
        raise NotFound("not_found", "No API endpoint at /api/dev/mailbox")
    return JSONResponse(mailbox(session, to), headers={"Cache-Control": "no-store"})
