"""Who sees unpublished products in the catalogue read API (docs/spec.md sections 1 and 6).

Anonymous visitors see ``publish`` products only. A request with a valid staff session of an
admin or a reviewer (``services/staff``) also sees ``draft`` and ``pending`` products, as
WooCommerce lets reviewers preview drafts; support and analyst sessions see what visitors see. Endpoints take :data:`IncludeUnpublishedDep` and
hand the flag to the repository (``repository.visible_statuses``).

Caching: the response cache (``response_cache.py``) never stores or serves requests that carry
a ``staff_session`` cookie, and :func:`cache_control` marks staff answers ``private, no-store``
so no shared cache keeps a response that may contain drafts.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request, Response
from fastapi.concurrency import run_in_threadpool

from services.staff.deps import SESSION_COOKIE, optional_staff
from services.staff.domain import DRAFT_PREVIEW_ROLES, has_role

STAFF_CACHE_CONTROL = "private, no-store"


async def include_unpublished(request: Request) -> bool:
    """True when the request carries a valid staff session of an admin or a reviewer
    (``DRAFT_PREVIEW_ROLES``), else False; never an error. Requests without the
    ``staff_session`` cookie are answered without a database read or a threadpool hop (the
    common, anonymous case)."""
    token = request.cookies.get(SESSION_COOKIE)
    if not token:
        return False
    staff = await run_in_threadpool(optional_staff, request)
    return staff is not None and has_role(staff, DRAFT_PREVIEW_ROLES)


IncludeUnpublishedDep = Annotated[bool, Depends(include_unpublished)]


def cache_control(response: Response, include_unpublished: bool) -> None:
    """Mark a staff answer (which may contain drafts) as never storable by shared caches."""
    if include_unpublished:
        response.headers["Cache-Control"] = STAFF_CACHE_CONTROL
