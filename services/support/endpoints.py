"""The support console API, ``/api/support`` (docs/spec.md section 2.14; docs/support.md).

    GET /api/support/carts?q=                          search the support index (admin, support)
    GET /api/support/carts/{ref}/timeline?version=&at=  a cart's replay (admin, support)
    GET /api/support/carts/{ref}/export?format=json|csv the replay as a download (admin, support)
    GET /api/support/audit?limit=&before_id=            who looked at what (admin only)

Every answer, errors included, is ``Cache-Control: no-store``. 401 ``staff_login_required``
without a staff session, 403 ``staff_role_forbidden`` for another role. Every search, timeline
read and export appends one ``support_audit`` entry in the same transaction as the answer is
computed (committed before it is sent); nothing edits or deletes the audit log.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path, Query, Response
from fastapi.responses import JSONResponse

from services.cart.deps import get_cart_app
from services.shared.deps import SessionDep
from services.shared.errors import Invalid, error_responses
from services.shared.gc_tuning import gc_paused
from services.shared.ids import MAX_ID
from services.shared.routing import DbRouter, NoStoreRoute, documented
from services.staff.deps import AdminDep, SupportDep
from services.support import service
from services.support.schemas import AmbiguousReferenceOut, AuditOut, SearchOut, TimelineOut

_AUTH = {
    401: "`staff_login_required`: no staff session",
    403: "`staff_role_forbidden`: a reviewer or an analyst (the console is for admin and support)",
}
_ADMIN_AUTH = {
    401: "`staff_login_required`: no staff session",
    403: "`staff_role_forbidden`: not an admin (support, reviewer, analyst)",
}
_CART_ERRORS = {
    404: "`cart_not_found`: no cart has this id or support reference",
    422: "`version_not_found` (version outside 1..last), `before_first_event` (at before the "
    "first event), `invalid_at` (not ISO 8601), `invalid_request` (version not a number)",
}
_AMBIGUOUS: dict[int | str, dict[str, Any]] = {
    409: {"model": AmbiguousReferenceOut, "description": "`ambiguous_reference`: several carts share it"}
}
Ref = Annotated[
    str, Path(min_length=1, max_length=100, description="A cart id (UUID) or a support reference.")
]
Version = Annotated[int | None, Query(ge=-MAX_ID, le=MAX_ID, description="The version to select.")]
At = Annotated[str | None, Query(max_length=64, description="ISO 8601 time (naive = UTC): the version then.")]


router = DbRouter(prefix="/api/support", tags=["Support console (staff)"], route_class=NoStoreRoute)


@router.get(
    "/carts",
    summary="Search carts (admin, support)",
    responses={
        **documented(SearchOut, "The carts found, newest activity first (at most 50)"),
        **error_responses({**_AUTH, 422: "`invalid_query`: q empty or over 200 characters"}),
    },
)
def search_carts(
    session: SessionDep,
    user: SupportDep,
    q: Annotated[
        str | None, Query(description="Reference, order number, email, coupon or SKU (1 to 200 characters).")
    ] = None,
) -> JSONResponse:
    """Find carts by support reference, order number, customer email (of its orders), coupon
    code or SKU, all at once: ``{query, results: [{cart_id, reference, matched_by,
    first_activity, last_activity, version, line_count, item_count, total, currency, country,
    checkout_started, order_numbers}]}`` (``total`` in minor units of ``currency``). 422
    ``invalid_query`` for an empty or over-long ``q``. Audited (view ``search``; an address is
    stored as ``"[email]"``). docs/spec.md section 2.14."""
    found = service.search(session, get_cart_app(), q)
    service.audit(
        session,
        staff_id=user.id,
        channel="api",
        view="search",
        query=found["query"],
        result_count=len(found["results"]),
    )
    session.commit()
    return JSONResponse(found)


@router.get(
    "/carts/{ref}/timeline",
    summary="A cart's timeline (admin, support)",
    responses={
        **documented(TimelineOut, "Every event of the cart with the state after it"),
        **error_responses({**_AUTH, **_CART_ERRORS}),
        **_AMBIGUOUS,
    },
)
def cart_timeline(
    session: SessionDep, user: SupportDep, ref: Ref, version: Version = None, at: At = None
) -> Response:
    """The cart's replay: ``{cart_id, reference, version, selected_version, first_activity,
    last_activity, entries: [{version, at, event_type, actor, command_id, description,
    refusal, order_id, state, diff}], orders, today}``; each ``state`` is exactly the cart
    API's ``cart`` at that version (money in minor units of its currency). ``ref`` is a cart
    id or a support reference; ``version`` or ``at`` select a version (default the last).
    Errors: 404 ``cart_not_found``, 409 ``ambiguous_reference`` (``candidates``), 422
    ``version_not_found`` / ``before_first_event`` / ``invalid_at``. Audited (view
    ``timeline``, the selected version). docs/spec.md section 2.14."""
    # The collector stays paused until the document is encoded and its objects are gone: a
    # long cart's states are tens of thousands of dicts (services/shared/gc_tuning.py).
    with gc_paused():
        replay = service.timeline(session, get_cart_app(), ref, version=version, at=at)
        body = service.document_json(replay)
        cart_id, selected = replay.cart_id, replay.selected_version
        del replay
    service.audit(
        session, staff_id=user.id, channel="api", view="timeline", cart_id=cart_id, version=selected
    )
    session.commit()
    return Response(body, media_type="application/json")


@router.get(
    "/carts/{ref}/export",
    summary="Download a cart's timeline as JSON or CSV (admin, support)",
    responses={
        **documented(TimelineOut, "The timeline document (format=json) or CSV text (format=csv)"),
        **error_responses({**_AUTH, **_CART_ERRORS, 422: _CART_ERRORS[422] + ", `invalid_format`"}),
        **_AMBIGUOUS,
    },
)
def export_cart(
    session: SessionDep,
    user: SupportDep,
    ref: Ref,
    format: Annotated[str, Query(max_length=10, description="json or csv")] = "json",  # noqa: A002
    version: Version = None,
    at: At = None,
) -> Response:
    """The timeline as a download, ``Content-Disposition: attachment;
    filename="cart-<REF>-v<version>.<json|csv>"``: ``json`` is the timeline document, ``csv``
    (``text/csv; charset=utf-8``) one row per event under a header (cells safe from
    spreadsheet formulas; money as decimal amounts of the row's currency). 422
    ``invalid_format`` for another format; the timeline's errors otherwise. Audited (view
    ``export_json`` / ``export_csv``). docs/spec.md section 2.14."""
    if format not in ("json", "csv"):
        raise Invalid("invalid_format", "format must be json or csv.")
    replay = service.timeline(session, get_cart_app(), ref, version=version, at=at)
    service.audit(
        session,
        staff_id=user.id,
        channel="api",
        view=f"export_{format}",  # type: ignore[arg-type]
        cart_id=replay.cart_id,
        version=replay.selected_version,
    )
    session.commit()
    headers = {"Content-Disposition": f'attachment; filename="{service.export_filename(replay, format)}"'}
    if format == "csv":
        return Response(service.csv_text(replay), media_type="text/csv; charset=utf-8", headers=headers)
    return Response(service.document_json(replay), media_type="application/json", headers=headers)


@router.get(
    "/audit",
    summary="The support console's audit log (admin)",
    responses={
        **documented(AuditOut, "Audit entries, newest first"),
        **error_responses({**_ADMIN_AUTH, 422: "`invalid_request`: limit outside 1..500 or a bad before_id"}),
    },
)
def audit_log(
    session: SessionDep,
    user: AdminDep,
    limit: Annotated[int, Query(ge=1, le=service.MAX_AUDIT_PAGE)] = 100,
    before_id: Annotated[int | None, Query(ge=1, le=MAX_ID)] = None,
) -> JSONResponse:
    """Who looked at which cart, newest first: ``{entries: [{id, at, staff_id, staff_email,
    staff_role, channel, view, cart_id, reference, version, query, result_count}],
    next_before_id}``; pass ``next_before_id`` as ``before_id`` for the next page. Admin only
    (403 for support). Read-only: no endpoint edits or deletes entries. docs/spec.md section 2.14."""
    return JSONResponse(service.audit_log(session, limit=limit, before_id=before_id))


__all__ = ["router"]
