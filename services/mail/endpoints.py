"""``GET /api/dev/mailbox``: the embedded mail sink, readable by signed-in admins only.

The route exists only with ``MAIL_BACKEND=outbox`` (the embedded default): :func:`mount_mailbox`
does not mount it otherwise, so a shop sending real mail answers 404 ``not_found`` there (the
catch-all for unknown ``/api`` paths). When mounted, it answers 401 ``staff_login_required``
without a staff session and 403 ``staff_role_forbidden`` to a reviewer: the sink holds
order confirmations (names, addresses, phones), every contact message and the newsletter's
confirm links, so nobody but an admin may read it (docs/operations.md, "Security").
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import FastAPI, Query
from fastapi.responses import JSONResponse

from services.mail.outbox import mailbox
from services.shared.deps import SessionDep
from services.shared.errors import NotFound, error_responses
from services.shared.routing import NO_STORE, DbRouter
from services.shared.settings import MailSettings, get_settings
from services.staff.deps import AdminDep

router = DbRouter(prefix="/api/dev", tags=["Development"])


@router.get(
    "/mailbox",
    summary="Mails in the local outbox (embedded mode only, admins only)",
    responses={
        200: {"description": "`[{id, to, subject, text, html, headers, created_at, sent_at}]`, newest first"},
        **error_responses(
            {
                401: "`staff_login_required` without a staff session",
                403: "`staff_role_forbidden` for a staff user who is not an admin",
                404: "`not_found` unless MAIL_BACKEND=outbox",
            }
        ),
    },
)
def dev_mailbox(
    session: SessionDep,
    _admin: AdminDep,
    to: Annotated[
        str,
        Query(min_length=3, max_length=320, pattern=r"^[^\x00-\x20\x7f]+$", description="Recipient address."),
    ],
) -> Any:
    """The mails sent to ``to`` while ``MAIL_BACKEND=outbox``: ``[{id, to, subject, text, html,
    headers, created_at, sent_at}]`` newest first (at most 50), ``Cache-Control: no-store``.

    Admins only (``AdminDep``: 401 without a staff session, 403 for a reviewer); 422
    ``invalid_request`` for a missing or malformed ``to``; 404 ``not_found`` if the backend was
    switched away from the outbox after start-up (docs/operations.md, "Security")."""
    if get_settings().mail.mail_backend != "outbox":
        raise NotFound("not_found", "No API endpoint at /api/dev/mailbox")
    return JSONResponse(mailbox(session, to), headers=NO_STORE)


def mount_mailbox(app: FastAPI, settings: MailSettings | None = None) -> bool:
    """Mount ``GET /api/dev/mailbox`` on ``app`` only when the mail backend is the embedded
    outbox (``MAIL_BACKEND=outbox``); whether it was mounted. With ``smtp`` the route does not
    exist at all (docs/operations.md, "Security")."""
    if (settings or get_settings().mail).mail_backend != "outbox":
        return False
    app.include_router(router)
    return True
