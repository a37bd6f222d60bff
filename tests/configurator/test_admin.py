"""The configurator's admin views (docs/spec.md sections 5 and 6): admins edit, reviewers read,
visitors are sent to the staff login; extra prices are typed as money text (non-numeric counts
as 0); an edit raises the configurator's version and shows in the API; shares are read only."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from services.admin.views.configurator import CONFIGURATOR_VIEWS
from services.configurator.models import ConfiguratorChoice, ConfiguratorModel
from services.shared.db import get_sessionmaker
from tests.admin.conftest import (
    admin,
    app_factory,
    csrf,
    post_form,
    read_form,
    reviewer,
    staff_accounts,
    with_values,
)
from tests.configurator.conftest import BUILDER

__all__ = ["admin", "app_factory", "reviewer", "staff_accounts"]  # the admin fixtures, used here

CHOICE = "configurator-choice"


def _choice_id(session: Session, key: str) -> int:
    return session.scalars(select(ConfiguratorChoice.id).where(ConfiguratorChoice.key == key)).one()


def _stored(key: str) -> ConfiguratorChoice:
    with get_sessionmaker()() as s:
        return s.scalars(select(ConfiguratorChoice).where(ConfiguratorChoice.key == key)).one()


def _version() -> int:
    with get_sessionmaker()() as s:
        return s.scalars(
            select(ConfiguratorModel.version).where(ConfiguratorModel.product_id == BUILDER)
        ).one()


def _edit(client: TestClient, identity: str, pk: int, /, **changes: str):  # noqa: ANN202 - httpx.Response
    form = client.get(f"/admin/{identity}/edit/{pk}")
    assert form.status_code == 200, form.text
    return post_form(client, f"/admin/{identity}/edit/{pk}", with_values(read_form(form.text), **changes))


def test_visitors_are_sent_to_the_staff_login(app_factory, builder: int) -> None:  # noqa: ANN001
    anonymous = app_factory()
    for view in CONFIGURATOR_VIEWS:
        answer = anonymous.get(f"/admin/{view.identity}/list")
        assert answer.status_code == 302 and answer.headers["location"].startswith("/staff/login"), (
            view.identity
        )


def test_an_admin_types_extra_prices_as_money_text(admin: TestClient, builder: int, session: Session) -> None:
    pk = _choice_id(session, "case-white")
    form = admin.get(f"/admin/{CHOICE}/edit/{pk}")
    assert 'value="19.90"' in form.text  # shown as money, not as cents
    saved = _edit(admin, CHOICE, pk, extra_eur="24.50", extra_usd="abc")
    assert saved.status_code == 302, saved.text
    stored = _stored("case-white")
    assert (stored.extra_eur, stored.extra_usd) == (2450, 0)  # non-numeric counts as 0
    assert _version() == 2
    body = admin.get(f"/api/configurator/{BUILDER}").json()
    white = next(c for c in body["choices"] if c["id"] == "case-white")
    assert (body["version"], white["extra_eur"], white["extra_usd"]) == (2, 2450, 0)


def test_a_reviewer_reads_but_never_writes(
    reviewer: TestClient, admin: TestClient, builder: int, session: Session
) -> None:
    pk = _choice_id(session, "case-white")
    for view in CONFIGURATOR_VIEWS:
        assert reviewer.get(f"/admin/{view.identity}/list").status_code == 200, view.identity
    assert reviewer.get(f"/admin/{CHOICE}/details/{pk}").status_code == 200
    assert reviewer.get(f"/admin/{CHOICE}/edit/{pk}").status_code == 403
    assert reviewer.get(f"/admin/{CHOICE}/create").status_code == 403
    fields = with_values(
        read_form(admin.get(f"/admin/{CHOICE}/edit/{pk}").text),
        extra_eur="0",
        csrftoken=reviewer.cookies["csrftoken"],
    )
    assert post_form(reviewer, f"/admin/{CHOICE}/edit/{pk}", fields).status_code == 403
    assert reviewer.delete(f"/admin/{CHOICE}/delete?pks={pk}", headers=csrf(reviewer)).status_code == 403
    assert _stored("case-white").extra_eur == 1990 and _version() == 1


def test_every_view_opens_for_an_admin_and_shares_are_read_only(admin: TestClient, builder: int) -> None:
    for view in CONFIGURATOR_VIEWS:
        assert admin.get(f"/admin/{view.identity}/list").status_code == 200, view.identity
    assert admin.get(f"/admin/configurator-model/edit/{builder}").status_code == 200
    assert admin.get("/admin/configurator-share/create").status_code == 403
    assert admin.get("/admin/configurator-share/edit/x").status_code == 403


def test_a_rule_needs_choice_keys_and_a_reason_the_shopper_can_read(
    admin: TestClient, builder: int, session: Session
) -> None:
    from services.configurator.models import ConfiguratorRule

    rule = session.scalars(select(ConfiguratorRule)).first()
    assert rule is not None
    form = read_form(admin.get(f"/admin/configurator-rule/edit/{rule.id}").text)
    for changes in (
        {"reason": "   "},
        {"when_keys": "[]"},
        {"target_keys": '["no-colon"]'},
        {"when_keys": '"keycaps:sa"'},
    ):
        refused = post_form(admin, f"/admin/configurator-rule/edit/{rule.id}", with_values(form, **changes))
        assert refused.status_code == 400, (changes, refused.status_code)
    with get_sessionmaker()() as s:
        stored = s.get(ConfiguratorRule, rule.id)
        assert stored is not None and stored.reason == rule.reason and stored.when_keys == rule.when_keys
    assert _version() == 1
    saved = post_form(
        admin, f"/admin/configurator-rule/edit/{rule.id}", with_values(form, reason="Too tall for this case.")
    )
    assert saved.status_code == 302, saved.text
    assert _version() == 2
