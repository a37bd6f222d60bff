"""Every ```sql example of docs/analytics.md runs, unchanged, on SQLite and PostgreSQL (the
suite's engine) against a generated demo history (250 visits, fixed seed and ``now``) once the
analytics projector has caught up and swept, and answers at least one row; a few answers are
checked exactly against the tables they summarise."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, create_engine, text

from services.analytics.projection import build_analytics_projector
from services.cart.projection import build_projector
from tests.analytics.history_fixture import NOW, demo_history

DOC = Path(__file__).resolve().parents[2] / "docs" / "analytics.md"


def examples() -> dict[str, str]:
    """``{question: sql}`` for every ```sql block, named by the ``###`` heading above it (one
    block per heading)."""
    found: dict[str, str] = {}
    question, block = "", None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if block is not None:
            if line.startswith("```"):
                assert question not in found, f"two ```sql blocks under {question!r}"
                found[question], block = "\n".join(block), None
            else:
                block.append(line)
        elif line.startswith("### "):
            question = line[4:].strip()
        elif line.strip() == "```sql":
            block = []
    return found


EXAMPLES = examples()


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[dict[str, Any]]:
    """The demo shop's history, projected: analytics (caught up, swept at ``NOW``) and
    ``cart_current``."""
    with demo_history(tmp_path_factory, pg_schema_url, "example-queries", visits=250, days=90, seed=1) as (
        url,
        report,
    ):
        analytics = build_analytics_projector()
        assert analytics.catch_up() == report["events"]
        analytics.sweep(NOW)
        build_projector().catch_up()
        engine = create_engine(url)
        try:
            yield {"engine": engine, "report": report}
        finally:
            engine.dispose()


@pytest.fixture
def conn(history: dict[str, Any]) -> Iterator[Connection]:
    with history["engine"].connect() as connection:
        yield connection


def run(conn: Connection, question: str) -> list[Any]:
    return list(conn.execute(text(EXAMPLES[question])))


def test_the_doc_has_at_least_twelve_example_queries() -> None:
    assert len(EXAMPLES) >= 12


@pytest.mark.parametrize("question", list(EXAMPLES))
def test_example_query_answers(conn: Connection, question: str) -> None:
    rows = run(conn, question)
    assert rows, f"no rows for {question!r}"


def test_revenue_by_country_equals_the_orders_table(conn: Connection) -> None:
    answer = {
        (r.country, r.currency): (r.orders, r.total, r.tax, r.discount)
        for r in run(conn, "What is the revenue by country and currency?")
    }
    orders = conn.execute(
        text(
            "SELECT country, currency, count(*) AS n, sum(total) AS total, sum(tax) AS tax, sum(discount) AS discount"
            " FROM orders GROUP BY country, currency"
        )
    )
    assert answer == {(r.country, r.currency): (r.n, r.total, r.tax, r.discount) for r in orders}
    assert {currency for _, currency in answer} == {"EUR", "USD"}


def test_daily_conversion_counts_every_visit_and_every_order(
    conn: Connection, history: dict[str, Any]
) -> None:
    rows = run(conn, "How many carts convert each day?")
    report = history["report"]
    assert sum(r.carts for r in rows) == report["visits"]
    assert sum(r.orders for r in rows) == report["orders"]
    assert sum(r.with_add for r in rows) == report["carts_with_add"]
    days = [str(r.day) for r in rows]
    assert days == sorted(days) and len(days) > 45


def test_coupon_refusals_are_the_refused_coupon_commands(conn: Connection) -> None:
    refused = conn.execute(
        text(
            "SELECT count(*) FROM analytics_cart_events"
            " WHERE event_type = 'CommandRefused' AND refusal_code LIKE 'coupon%' AND coupon_code IS NOT NULL"
        )
    ).scalar_one()
    answer = run(conn, "Why are coupons refused, and did those carts order anyway?")
    assert sum(r.refusals for r in answer) == refused > 0


def test_cart_sizes_of_orders_are_the_units_ordered(conn: Connection) -> None:
    sizes = run(conn, "How big are carts at checkout, ordered or left?")
    ordered = [r for r in sizes if r.outcome == "ordered"]
    units = conn.execute(text("SELECT sum(count) FROM order_lines")).scalar_one()
    assert sum(r.items * r.carts for r in ordered) == units
