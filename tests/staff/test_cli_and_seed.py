"""``create-staff`` on the command line and the demo staff of ``seed`` (DEMO_STAFF_PASSWORD).

The passwords are settings (``services.shared.settings.CliSettings``): each change of the
environment is followed by ``get_settings.cache_clear()``."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select
from typer.testing import CliRunner

from services.api.cli import app as cli
from services.shared import db as shared_db
from services.shared.settings import get_settings
from services.staff.models import StaffUserRecord
from services.staff.seed import seed_demo_staff
from tests.staff.conftest import log_in

runner = CliRunner()


def _users(db_url: str) -> dict[str, str]:
    with shared_db.get_sessionmaker(db_url)() as session:
        return {u.email: u.role for u in session.scalars(select(StaffUserRecord))}


def test_create_staff_takes_the_password_from_the_environment(db_url, client, monkeypatch) -> None:
    monkeypatch.setenv("STAFF_PASSWORD", "a long enough secret")
    get_settings.cache_clear()
    result = runner.invoke(cli, ["create-staff", "Heimdall@Halvard.gg", "--role", "reviewer"])
    assert result.exit_code == 0, result.output
    assert "heimdall@halvard.gg (reviewer) created" in result.output
    assert _users(db_url) == {"heimdall@halvard.gg": "reviewer"}
    log_in(client, "heimdall@halvard.gg", "a long enough secret")
    assert client.get("/is-reviewer").status_code == 200


@pytest.mark.parametrize("role", ["support", "analyst"])
def test_create_staff_makes_support_and_analyst_accounts(db_url, client, monkeypatch, role) -> None:
    monkeypatch.setenv("STAFF_PASSWORD", "a long enough secret")
    get_settings.cache_clear()
    result = runner.invoke(cli, ["create-staff", "saga@halvard.gg", "--role", role])
    assert result.exit_code == 0, result.output
    assert f"saga@halvard.gg ({role}) created" in result.output
    assert _users(db_url) == {"saga@halvard.gg": role}
    log_in(client, "saga@halvard.gg", "a long enough secret")
    assert client.get("/api/staff/me").json() == {"email": "saga@halvard.gg", "role": role}
    assert client.get("/is-admin").status_code == 403 and client.get("/is-reviewer").status_code == 403


def test_create_staff_prompts_for_the_password_twice(db_url, monkeypatch) -> None:
    monkeypatch.delenv("STAFF_PASSWORD", raising=False)
    get_settings.cache_clear()
    result = runner.invoke(
        cli, ["create-staff", "tyr@halvard.gg", "--role", "admin"], input="s3cret-pass\ns3cret-pass\n"
    )
    assert result.exit_code == 0, result.output
    assert _users(db_url) == {"tyr@halvard.gg": "admin"}


@pytest.mark.parametrize(
    ("args", "password", "message"),
    [
        (["tyr@halvard.gg", "--role", "owner"], "s3cret-pass", "Role must be"),
        (["not-an-email", "--role", "admin"], "s3cret-pass", "not a valid email"),
        (["tyr@halvard.gg", "--role", "admin"], "short", "8 to 1024 characters"),
    ],
)
def test_create_staff_refuses_bad_input_with_exit_code_1(
    db_url, monkeypatch, args, password, message
) -> None:
    monkeypatch.setenv("STAFF_PASSWORD", password)
    get_settings.cache_clear()
    result = runner.invoke(cli, ["create-staff", *args])
    assert result.exit_code == 1 and message in result.output
    assert _users(db_url) == {}


def test_create_staff_refuses_an_existing_email(db_url, monkeypatch) -> None:
    monkeypatch.setenv("STAFF_PASSWORD", "s3cret-pass")
    get_settings.cache_clear()
    assert runner.invoke(cli, ["create-staff", "tyr@halvard.gg", "--role", "admin"]).exit_code == 0
    again = runner.invoke(cli, ["create-staff", "TYR@halvard.gg", "--role", "reviewer"])
    assert again.exit_code == 1 and "already exists" in again.output
    assert _users(db_url) == {"tyr@halvard.gg": "admin"}


def test_the_demo_seed_creates_no_staff_without_demo_staff_password(db_url) -> None:
    with shared_db.session_scope(db_url) as session:
        assert seed_demo_staff(session, None) == {"staff_users": 0}
        assert seed_demo_staff(session, "") == {"staff_users": 0}
    assert _users(db_url) == {}


def test_the_demo_seed_creates_one_account_per_role_idempotently(db_url, client) -> None:
    with shared_db.session_scope(db_url) as session:
        assert seed_demo_staff(session, "demo-password") == {"staff_users": 4}
    with shared_db.session_scope(db_url) as session:
        assert seed_demo_staff(session, "demo-password") == {"staff_users": 0}
    assert _users(db_url) == {
        "admin@halvard.gg": "admin",
        "reviewer@halvard.gg": "reviewer",
        "support@halvard.gg": "support",
        "analyst@halvard.gg": "analyst",
    }
    log_in(client, "admin@halvard.gg", "demo-password")
    assert client.get("/is-admin").status_code == 200
    # a new password takes over and signs the old sessions out
    with shared_db.session_scope(db_url) as session:
        assert seed_demo_staff(session, "another-demo-password") == {"staff_users": 4}
    assert client.get("/is-admin").status_code == 401
    log_in(client, "admin@halvard.gg", "another-demo-password")


def test_the_seed_command_adds_demo_staff_only_with_the_variable(db_url, monkeypatch) -> None:
    monkeypatch.delenv("DEMO_STAFF_PASSWORD", raising=False)
    get_settings.cache_clear()
    assert runner.invoke(cli, ["seed"]).exit_code == 0
    assert _users(db_url) == {}
    monkeypatch.setenv("DEMO_STAFF_PASSWORD", "demo-password")
    get_settings.cache_clear()
    result = runner.invoke(cli, ["seed"])
    assert result.exit_code == 0, result.output
    assert "demo staff ready" in result.output
    with shared_db.get_sessionmaker(db_url)() as session:
        assert session.scalar(select(func.count()).select_from(StaffUserRecord)) == 4
