"""The analytics dashboard's use cases (docs/spec.md section 2.15): the date range, the page's
figures from the ``analytics_*`` read models, the CSV downloads of those tables, and how far
the projections of the cart log have read (also as Prometheus text).

Read-only: nothing here writes or commits. Money stays integer minor units of its currency;
two currencies are never added up.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from services.analytics import repository
from services.analytics.projection import projection_status
from services.analytics.schemas import (
    AbandonmentOut,
    ConfiguratorChoiceOut,
    CouponRefusalStatsOut,
    DashboardOut,
    FunnelCountsOut,
    FunnelDayOut,
    FunnelOut,
    LagOut,
    ProjectionStatusOut,
    RevenueCountryOut,
    RevenueDayOut,
    RevenueFiguresOut,
    RevenueOut,
    TopProductOut,
)
from services.cart.application import CartApplication
from services.shared.errors import Invalid, NotFound

DEFAULT_DAYS = 30
"""Without ``from`` and ``to``: the 30 days ending today (UTC)."""
MAX_DAYS = 366
"""The longest range the dashboard and the downloads accept, in days (both ends included)."""
TOP_PRODUCTS = 10
ANALYTICS_PREFIX = "analytics_"
_DAY_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_CSV_CHUNK_ROWS = 500


@dataclass(frozen=True, slots=True)
class DayRange:
    """A closed range of UTC calendar days, ``start`` <= ``end``, at most :data:`MAX_DAYS` long."""

    start: date
    end: date

    @property
    def days(self) -> int:
        """How many days the range holds (both ends included)."""
        return (self.end - self.start).days + 1

    def each_day(self) -> Iterator[date]:
        """Every day of the range, oldest first."""
        for offset in range(self.days):
            yield self.start + timedelta(days=offset)


def _invalid_range(message: str) -> Invalid:
    return Invalid("invalid_date_range", message)


def _parse_day(name: str, value: str) -> date:
    if not _DAY_RE.match(value):
        raise _invalid_range(f"{name} must be a date written YYYY-MM-DD.")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise _invalid_range(f"{name} is not a day of the calendar: {value}.") from None


def day_range(start: str | None, end: str | None, today: date) -> DayRange:
    """The days ``start``..``end`` (``YYYY-MM-DD`` text, both inclusive, UTC): without both, the
    :data:`DEFAULT_DAYS` days ending ``today``; with one, that many days from or to it.

    Raises ``Invalid("invalid_date_range")`` (422) for text that is not a calendar date (a NUL
    character included), ``start`` after ``end``, or a range over :data:`MAX_DAYS` days.
    docs/spec.md section 2.15.
    """
    span = timedelta(days=DEFAULT_DAYS - 1)
    first = _parse_day("from", start) if start is not None else None
    last = _parse_day("to", end) if end is not None else None
    if first is None and last is None:
        last = today
    if first is None:
        assert last is not None
        first = last - span if last >= date.min + span else date.min
    if last is None:
        last = first + span if first <= date.max - span else date.max
    if first > last:
        raise _invalid_range(f"from ({first.isoformat()}) is after to ({last.isoformat()}).")
    found = DayRange(first, last)
    if found.days > MAX_DAYS:
        raise _invalid_range(f"The range holds {found.days} days; at most {MAX_DAYS} are allowed.")
    return found


# --- The dashboard document -------------------------------------------------------------------


def dashboard(session: Session, days: DayRange, lag: LagOut) -> DashboardOut:
    """The dashboard document for ``days``: funnel (totals and every day), revenue (per
    currency, per day and currency, per country and currency), the top
    :data:`TOP_PRODUCTS` products by units added, abandonment per last step and currency,
    coupon refusals per code and refusal code, configurator choices, and ``lag`` as given.
    Money in minor units of the currency beside it. docs/spec.md section 2.15."""
    return DashboardOut(
        start=days.start,
        end=days.end,
        days=days.days,
        funnel=_funnel(session, days),
        revenue=_revenue(session, days),
        top_products=[
            TopProductOut(
                product_id=row[0],
                name=row[1],
                sku=row[2],
                adds=_int(row[3]),
                removes=_int(row[4]),
                net_quantity=_int(row[5]),
                orders=_int(row[6]),
                units_sold=_int(row[7]),
                removals_after_price_change=_int(row[8]),
            )
            for row in repository.top_products(session, days.start, days.end, TOP_PRODUCTS)
        ],
        abandonment=[
            AbandonmentOut(
                last_step=row[0],
                currency=row[1],
                carts=_int(row[2]),
                items=_int(row[3]),
                value=_int(row[4]),
                returned=_int(row[5]),
                ordered_after=_int(row[6]),
            )
            for row in repository.abandonment_by_step(session, days.start, days.end)
        ],
        coupon_refusals=[
            CouponRefusalStatsOut(
                coupon_code=row[0],
                refusal_code=row[1],
                refusals=_int(row[2]),
                carts=_int(row[3]),
                carts_ordered_after=_int(row[4]),
            )
            for row in repository.coupon_refusals(session, days.start, days.end)
        ],
        configurator_choices=[
            ConfiguratorChoiceOut(
                product_id=row[0],
                product_name=row[1],
                layer_id=row[2],
                layer_name=row[3],
                choice_id=row[4],
                choice_name=row[5],
                selected=_int(row[6]),
                added=_int(row[7]),
                removed=_int(row[8]),
                ordered=_int(row[9]),
            )
            for row in repository.configurator_choices(session, days.start, days.end)
        ],
        lag=lag,
    )


def _int(value: Any) -> int:
    """A SUM's value as an int (None for no rows is 0; PostgreSQL sums BIGINT as NUMERIC)."""
    return int(value or 0)


def _funnel(session: Session, days: DayRange) -> FunnelOut:
    found = {
        row[0]: [_int(v) for v in row[1:5]] for row in repository.funnel_by_day(session, days.start, days.end)
    }
    by_day = []
    totals = [0, 0, 0, 0]
    for day in days.each_day():
        counts = found.get(day, [0, 0, 0, 0])
        totals = [t + c for t, c in zip(totals, counts, strict=True)]
        by_day.append(FunnelDayOut(day=day, **_funnel_counts(counts)))
    return FunnelOut(totals=FunnelCountsOut(**_funnel_counts(totals)), by_day=by_day)


def _funnel_counts(counts: Sequence[int]) -> dict[str, int]:
    started, added, checkouts, orders = counts
    return {
        "carts_started": started,
        "carts_with_add": added,
        "checkouts_started": checkouts,
        "orders_placed": orders,
    }


_MONEY_FIELDS = ("orders", "items", "subtotal", "discount", "shipping", "tax", "total")


def _figures(values: Sequence[Any]) -> dict[str, int]:
    return {name: _int(v) for name, v in zip(_MONEY_FIELDS, values, strict=True)}


def _revenue(session: Session, days: DayRange) -> RevenueOut:
    by_day = [
        RevenueDayOut(day=row[0], currency=row[1], **_figures(row[2:]))
        for row in repository.revenue_by_day(session, days.start, days.end)
    ]
    totals: dict[str, dict[str, int]] = {}
    for row in by_day:
        sums = totals.setdefault(row.currency, dict.fromkeys(_MONEY_FIELDS, 0))
        for name in _MONEY_FIELDS:
            sums[name] += getattr(row, name)
    return RevenueOut(
        totals=[RevenueFiguresOut(currency=currency, **sums) for currency, sums in sorted(totals.items())],
        by_day=by_day,
        by_country=[
            RevenueCountryOut(country=row[0], currency=row[1], **_figures(row[2:]))
            for row in repository.revenue_by_country(session, days.start, days.end)
        ],
    )


# --- How far the projections have read --------------------------------------------------------


def projection_statuses(engine: Engine, cart_app: CartApplication) -> list[ProjectionStatusOut]:
    """Every projection of the cart log with a tracking row (``cart_current``,
    ``support_index`` and the seven analytics ones), by name: ``{name, position, head,
    lag_events, lag_seconds}`` (``services.analytics.projection.projection_status``)."""
    return [
        ProjectionStatusOut(
            name=s.name,
            position=int(s.position),
            head=int(s.head),
            lag_events=int(s.lag_events),
            lag_seconds=float(s.lag_seconds),
        )
        for s in projection_status(engine, cart_app)
    ]


def lag(session: Session, statuses: Sequence[ProjectionStatusOut], now: datetime) -> LagOut:
    """How current the analytics figures are (``now`` is ``as_of``): ``caught_up`` when every
    analytics projection has read the whole log; ``data_up_to`` is when the last event all of
    them have read occurred (``now`` when caught up, None when none has read an event)."""
    mine = [s for s in statuses if s.name.startswith(ANALYTICS_PREFIX)]
    caught_up = all(s.lag_events == 0 for s in mine)
    slowest = min((s.position for s in mine), default=0)
    data_up_to: datetime | None
    if caught_up:
        data_up_to = now
    else:
        data_up_to = repository.event_time_at(session, slowest) if slowest > 0 else None
        if data_up_to is not None and data_up_to.tzinfo is None:  # SQLite gives naive UTC
            data_up_to = data_up_to.replace(tzinfo=UTC)
    return LagOut(caught_up=caught_up, data_up_to=data_up_to, as_of=now, projections=mine)


class _StatusCollector(Collector):
    def __init__(self, statuses: Sequence[ProjectionStatusOut]) -> None:
        self._statuses = statuses

    def collect(self) -> Iterator[GaugeMetricFamily]:
        families = (
            (
                "halvard_projection_lag_events",
                "Cart log events the projection has not read yet.",
                "lag_events",
            ),
            (
                "halvard_projection_lag_seconds",
                "Seconds the oldest cart log event the projection has not applied has waited.",
                "lag_seconds",
            ),
            ("halvard_projection_position", "Notification id of the last cart log event read.", "position"),
        )
        for metric, documentation, field in families:
            family = GaugeMetricFamily(metric, documentation, labels=["projection"])
            for status in self._statuses:
                family.add_metric([status.name], float(getattr(status, field)))
            yield family


def metrics_text(statuses: Sequence[ProjectionStatusOut]) -> bytes:
    """The projections' status in the Prometheus text exposition format (version 0.0.4):
    gauges ``halvard_projection_lag_events``, ``halvard_projection_lag_seconds`` and
    ``halvard_projection_position``, each labelled ``projection="<name>"``."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(_StatusCollector(statuses))
    return generate_latest(registry)


# --- CSV downloads ----------------------------------------------------------------------------


def check_table(name: str) -> str:
    """``name`` when it is one of the seven downloadable read-model tables, else
    ``NotFound("unknown_table")`` (404)."""
    if name not in repository.DASHBOARD_TABLES:
        known = ", ".join(sorted(repository.DASHBOARD_TABLES))
        raise NotFound("unknown_table", f"No analytics table is called {name[:100]!r}; there are {known}.")
    return name


def csv_filename(name: str, days: DayRange) -> str:
    """The download's file name: ``<table>-<from>-<to>.csv``."""
    return f"{name}-{days.start.isoformat()}-{days.end.isoformat()}.csv"


def csv_header(name: str) -> list[str]:
    """The column names of table ``name`` in table order (the CSV header row)."""
    return [column.name for column in repository.DASHBOARD_TABLES[name].columns]


def _cell(value: Any) -> Any:
    """One CSV cell: None empty, booleans ``true``/``false``, dates and times ISO 8601, text
    that a spreadsheet would read as a formula prefixed with ``'``, numbers as they are."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        return (value if value.tzinfo else value.replace(tzinfo=UTC)).isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return f"'{value}"
    return value


def csv_chunks(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> Iterator[str]:
    """CSV text (stdlib ``csv``, CRLF line ends) in chunks of a few hundred rows: ``header``
    first, then one line per row (cells as :func:`_cell` writes them)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    count = 0
    for row in rows:
        writer.writerow([_cell(v) for v in row])
        count += 1
        if count % _CSV_CHUNK_ROWS == 0:
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    yield out.getvalue()


def table_csv(session: Session, name: str, days: DayRange) -> Iterator[str]:
    """The rows of table ``name`` with ``day`` in ``days`` as CSV chunks (see
    :func:`csv_chunks`), read in batches as they are written. ``name`` must have passed
    :func:`check_table`."""
    result = session.execute(
        repository.table_rows(name, days.start, days.end).execution_options(yield_per=1000)
    )
    return csv_chunks(csv_header(name), result)


__all__ = [
    "DEFAULT_DAYS",
    "MAX_DAYS",
    "TOP_PRODUCTS",
    "DayRange",
    "check_table",
    "csv_chunks",
    "csv_filename",
    "csv_header",
    "dashboard",
    "day_range",
    "lag",
    "metrics_text",
    "projection_statuses",
    "table_csv",
]
