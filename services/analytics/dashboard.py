"""The analytics dashboard API, ``/api/analytics`` (docs/spec.md section 2.15; docs/analytics.md).

    GET /api/analytics/dashboard?from=&to=        the page's figures (analyst, admin)
    GET /api/analytics/tables/{name}.csv?from=&to= one read-model table as CSV (analyst, admin)
    GET /api/analytics/projections                 how far each projection has read (any staff)
    GET /api/analytics/metrics                     the same as Prometheus text (any staff)

``from`` and ``to`` are UTC days (``YYYY-MM-DD``, both inclusive; default the 30 days ending
today; 422 ``invalid_date_range`` for a bad date, ``from`` after ``to`` or over 366 days).
Every answer, errors included, is ``Cache-Control: no-store``. 401 ``staff_login_required``
without a staff session; 403 ``staff_role_forbidden`` for a reviewer or support on the
dashboard and the downloads. Read-only. The dashboard and the downloads read the analysts'
database (``ANALYTICS_DATABASE_URL``, e.g. a streaming replica; the main database when unset:
docs/operations.md, "Past one primary"); the projections' status and metrics read the primary.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import Path, Query
from fastapi.responses import JSONResponse, Response, StreamingResponse
from prometheus_client import CONTENT_TYPE_LATEST

from services.analytics import service
from services.analytics.schemas import DashboardOut, ProjectionsOut
from services.cart.deps import get_cart_app
from services.shared.db import analytics_url, get_engine, get_sessionmaker
from services.shared.deps import AnalyticsSessionDep
from services.shared.errors import error_responses
from services.shared.routing import DbRouter, NoStoreRoute, documented
from services.staff.deps import AnalystDep, StaffDep

router = DbRouter(prefix="/api/analytics", tags=["Analytics dashboard (staff)"], route_class=NoStoreRoute)

_ANALYST_AUTH = {
    401: "`staff_login_required`: no staff session",
    403: "`staff_role_forbidden`: a reviewer or support (the dashboard is for analysts and admins)",
}
_STAFF_AUTH = {401: "`staff_login_required`: no staff session"}
_RANGE_ERROR = {422: "`invalid_date_range`: not a YYYY-MM-DD date, from after to, or over 366 days"}
From = Annotated[
    str | None,
    Query(alias="from", description="First day, YYYY-MM-DD (UTC), inclusive; default 29 days before to."),
]
To = Annotated[str | None, Query(description="Last day, YYYY-MM-DD (UTC), inclusive; default today.")]


def _today() -> datetime:
    return datetime.now(UTC)


@router.get(
    "/dashboard",
    summary="The analytics dashboard's figures (analyst, admin)",
    responses={
        **documented(DashboardOut, "Funnel, revenue, top products, abandonment, coupons, choices, lag"),
        **error_responses({**_ANALYST_AUTH, **_RANGE_ERROR}),
    },
)
def analytics_dashboard(
    session: AnalyticsSessionDep, user: AnalystDep, start: From = None, to: To = None
) -> JSONResponse:
    """One document for the dashboard page, for the UTC days ``from``..``to``: ``{start, end,
    days, funnel: {totals, by_day}, revenue: {totals, by_day, by_country}, top_products,
    abandonment, coupon_refusals, configurator_choices, lag: {caught_up, data_up_to, as_of,
    projections}}`` (schema ``DashboardOut``; money in integer minor units of the currency
    beside it, never summed across currencies). 422 ``invalid_date_range``; 401/403 as the
    module says. docs/spec.md section 2.15. Read from the analysts' database; ``lag`` compares
    the projections' positions as that database has them with the primary's log head, so on
    a replica it includes the replica's delay."""
    now = _today()
    days = service.day_range(start, to, now.date())
    statuses = service.projection_statuses(get_engine(analytics_url()), get_cart_app())
    lag = service.lag(session, statuses, now)
    answer = service.dashboard(session, days, lag)
    return JSONResponse(answer.model_dump(mode="json"))


@router.get(
    "/tables/{name}.csv",
    summary="Download an analytics table as CSV (analyst, admin)",
    response_class=StreamingResponse,
    responses={
        200: {
            "content": {"text/csv": {"schema": {"type": "string"}}},
            "description": "The table's rows of the range: a header row of column names, then one line per row",
        },
        **error_responses(
            {**_ANALYST_AUTH, 404: "`unknown_table`: not one of the seven tables", **_RANGE_ERROR}
        ),
    },
)
def analytics_table_csv(
    user: AnalystDep,
    name: Annotated[
        str, Path(description="analytics_cart_events, analytics_funnel_daily, ... (docs/analytics.md)")
    ],
    start: From = None,
    to: To = None,
) -> StreamingResponse:
    """The rows of read-model table ``name`` whose ``day`` is in ``from``..``to``, streamed as
    CSV (``text/csv; charset=utf-8``, stdlib ``csv``, CRLF): a header row of the column names
    in table order, then one line per row (money in minor units, times ISO 8601 UTC, booleans
    ``true``/``false``, empty for NULL; text a spreadsheet would take for a formula starts with
    ``'``). ``Content-Disposition: attachment; filename="<name>-<from>-<to>.csv"``. 404
    ``unknown_table``; 422 ``invalid_date_range``. docs/spec.md section 2.15."""
    table = service.check_table(name)
    days = service.day_range(start, to, _today().date())

    def rows() -> Iterator[str]:
        with get_sessionmaker(analytics_url())() as session:
            yield from service.table_csv(session, table, days)

    headers = {"Content-Disposition": f'attachment; filename="{service.csv_filename(table, days)}"'}
    return StreamingResponse(rows(), media_type="text/csv; charset=utf-8", headers=headers)


@router.get(
    "/projections",
    summary="How far each projection of the cart log has read (any staff)",
    responses={**documented(ProjectionsOut, "Every projection's status"), **error_responses(_STAFF_AUTH)},
)
def analytics_projections(user: StaffDep) -> JSONResponse:
    """``{projections: [{name, position, head, lag_events, lag_seconds}]}`` for every
    projection of the cart log (``cart_current``, ``support_index`` and the seven analytics
    ones): ``position`` its last notification id, ``head`` the log's, ``lag_events`` the
    difference, ``lag_seconds`` how long the oldest event it has not applied has waited (0.0
    when caught up). Any staff
    role; 401 without a session. docs/spec.md section 2.15."""
    statuses = service.projection_statuses(get_engine(), get_cart_app())
    return JSONResponse(ProjectionsOut(projections=statuses).model_dump(mode="json"))


_METRICS_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {
        "content": {CONTENT_TYPE_LATEST.split(";")[0]: {"schema": {"type": "string"}}},
        "description": "Prometheus text exposition of the projections' status",
    },
    **error_responses(_STAFF_AUTH),
}


@router.get(
    "/metrics",
    summary="Projection lag as Prometheus metrics (any staff)",
    response_class=Response,
    responses=_METRICS_RESPONSES,
)
def analytics_metrics(user: StaffDep) -> Response:
    """The projections' status as Prometheus text (``text/plain; version=0.0.4``): gauges
    ``halvard_projection_lag_events``, ``halvard_projection_lag_seconds`` and
    ``halvard_projection_position``, labelled ``projection="<name>"``. Any staff role; 401
    without a session. docs/spec.md section 2.15."""
    statuses = service.projection_statuses(get_engine(), get_cart_app())
    return Response(service.metrics_text(statuses), media_type=CONTENT_TYPE_LATEST)


__all__ = ["router"]
