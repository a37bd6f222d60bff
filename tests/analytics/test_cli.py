"""``shop projections status`` and ``shop projections rebuild NAME`` (docs/operations.md,
"Analytics") over orders placed through the real checkout: the revenue read model equals the
``orders`` table to the cent, and every projection reports no lag once rebuilt."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from services.analytics.read_models import AnalyticsCouponLedger, AnalyticsFunnelDaily, AnalyticsRevenueDaily
from services.api.cli import app as cli
from services.checkout.models import Order
from tests.checkout.conftest import cart, command, coupon, place, product
from tests.support.conftest import db, http  # noqa: F401  (the module's app and database)

runner = CliRunner()


def test_rebuild_then_status_shows_every_projection_caught_up_and_revenue_equal_to_orders(
    http: TestClient,  # noqa: F811
    db: Session,  # noqa: F811
) -> None:
    mouse, pad = product(db), product(db, regular_price_eur=1990, regular_price_usd=2190)
    coupon(db, "cli10", discount_type="percent", amount=1000)
    paid = cart(http, (mouse, 2), (pad, 1), checkout=False)
    assert command(http, paid, {"type": "apply_coupon", "code": "cli10"}).status_code == 200
    assert command(http, paid, {"type": "apply_coupon", "code": "nosuch"}).status_code == 422
    assert command(http, paid, {"type": "start_checkout"}).status_code == 200
    assert place(http, paid).status_code in (200, 201)
    us = cart(http, (pad, 3), country="US")
    shipped = {
        "postcode": "94103",
        "state": "CA",
        "city": "San Francisco",
        "shipping_method": "world_standard",
    }
    assert place(http, us, country="US", **shipped).status_code == 201
    cart(http, (mouse, 1), checkout=False)  # left in the cart

    result = runner.invoke(cli, ["projections", "rebuild", "all"])
    assert result.exit_code == 0, result.output
    assert "all rebuilt up to notification" in result.output

    status = runner.invoke(cli, ["projections", "status"])
    assert status.exit_code == 0, status.output
    rows = {line.split("│")[1].strip(): line for line in status.output.splitlines() if line.count("│") > 4}
    for name in ("analytics_cart_events", "analytics_revenue_daily", "analytics_funnel_daily"):
        assert name in rows
        position, head, lag = (cell.strip() for cell in rows[name].split("│")[2:5])
        assert position == head and lag == "0"

    db.commit()
    orders = db.execute(
        select(
            func.count(),
            func.sum(Order.total),
            func.sum(Order.tax),
            func.sum(Order.shipping),
            func.sum(Order.discount),
        )
    ).one()
    revenue = db.execute(
        select(
            func.sum(AnalyticsRevenueDaily.orders),
            func.sum(AnalyticsRevenueDaily.total),
            func.sum(AnalyticsRevenueDaily.tax),
            func.sum(AnalyticsRevenueDaily.shipping),
            func.sum(AnalyticsRevenueDaily.discount),
        )
    ).one()
    assert tuple(revenue) == tuple(orders) and orders[0] == 2
    by_currency = dict(db.execute(select(AnalyticsRevenueDaily.currency, AnalyticsRevenueDaily.orders)).all())
    assert by_currency == {"EUR": 1, "USD": 1}
    funnel = db.execute(
        select(
            func.sum(AnalyticsFunnelDaily.carts_started),
            func.sum(AnalyticsFunnelDaily.carts_with_add),
            func.sum(AnalyticsFunnelDaily.checkouts_started),
            func.sum(AnalyticsFunnelDaily.orders_placed),
        )
    ).one()
    assert tuple(funnel) == (3, 3, 2, 2)
    ledger = {
        (row.coupon_code, row.action, row.refusal_code): row.discount
        for row in db.execute(select(AnalyticsCouponLedger)).scalars()
    }
    assert ledger.keys() == {
        ("cli10", "applied", None),
        ("", "refused", "coupon_not_found"),
        ("cli10", "redeemed", None),
    }
    assert ledger[("cli10", "redeemed", None)] > 0  # what the coupon took off the order
    # the text typed for a code that does not exist is not copied (it may be personal data)
    assert "nosuch" not in repr(ledger)


def test_rebuilding_an_unknown_projection_exits_2_and_names_the_known_ones(http: TestClient) -> None:  # noqa: F811
    result = runner.invoke(cli, ["projections", "rebuild", "nosuch"])
    assert result.exit_code == 2
    assert "analytics_funnel_daily" in result.output and "cart_current" in result.output
