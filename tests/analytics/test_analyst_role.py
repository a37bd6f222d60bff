"""``shop create-analyst-role`` (``services/api/cli.py``; docs/operations.md, "SQL access for
analysts"): on PostgreSQL a LOGIN role that reads the analytics read models and ``cart_current``
and nothing else, read-only by default, with a statement timeout; on SQLite exit status 2 and
where to open the file read-only instead.

The PostgreSQL tests run when ``TEST_DATABASE_URL`` is set (tests/conftest.py gives each worker
its own schema): each creates a role named for the test, connects as it, and drops it
afterwards. On SQLite only the exit-2 test exists."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import Connection, create_engine, make_url, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool
from typer.testing import CliRunner, Result

from services.api.cli import _analyst_tables
from services.api.cli import app as cli
from tests.conftest import PG_URL


def invoke(*args: str, env: dict[str, str] | None = None) -> Result:
    """Run ``create-analyst-role`` with ``args`` (and extra environment ``env``)."""
    return CliRunner().invoke(cli, ["create-analyst-role", *args], env=env)


if not PG_URL:

    def test_on_sqlite_it_exits_2_and_says_to_open_the_file_read_only(db_url: str) -> None:
        result = invoke("analyst")
        assert result.exit_code == 2
        assert "sqlite3 -readonly" in result.output
        assert "mode=ro" in result.output


if PG_URL:

    @pytest.fixture
    def role(db_url: str) -> Iterator[str]:
        """A role name unique to this test (and worker); the role is dropped afterwards, with
        its privileges in this database."""
        name = f"analyst_{uuid.uuid4().hex[:12]}"
        yield name
        admin = create_engine(db_url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            exists = conn.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :n"), {"n": name}).first()
            if exists:
                conn.execute(text(f'DROP OWNED BY "{name}"'))
                conn.execute(text(f'DROP ROLE "{name}"'))
        admin.dispose()

    def connect_as(db_url: str, role: str) -> Connection:
        """A connection to the test database as ``role`` (the test server trusts 127.0.0.1),
        in the test's schema."""
        engine = create_engine(make_url(db_url).set(username=role, password=None), poolclass=NullPool)
        return engine.connect()

    def refused(conn: Connection, statement: str) -> str:
        """The SQLSTATE with which PostgreSQL refuses ``statement`` on ``conn`` (rolled back)."""
        with pytest.raises(DBAPIError) as caught:
            conn.execute(text(statement))
        conn.rollback()
        return str(getattr(caught.value.orig, "sqlstate", ""))

    def test_the_role_reads_the_read_models_and_nothing_else(db_url: str, role: str) -> None:
        result = invoke(role)
        assert result.exit_code == 0, result.output
        assert "analytics_cart_events" in result.output
        with connect_as(db_url, role) as conn:
            assert conn.execute(text("SELECT count(*) FROM analytics_cart_events")).scalar_one() == 0
            assert conn.execute(text("SELECT count(*) FROM cart_current")).scalar_one() == 0
            assert conn.execute(text("SELECT count(*) FROM analytics_revenue_daily")).scalar_one() == 0
            for table in (
                "orders",
                "order_customers",
                "order_lines",
                "carts_events",
                "staff_users",
                "coupons",
            ):
                assert refused(conn, f"SELECT * FROM {table}") == "42501", table  # insufficient_privilege

    def test_writing_is_refused_even_after_turning_read_only_off(db_url: str, role: str) -> None:
        assert invoke(role).exit_code == 0
        insert = (
            "INSERT INTO analytics_revenue_daily (day, country, currency, orders, items, subtotal, discount, "
            "shipping, tax, total) VALUES ('2026-01-01', 'DE', 'EUR', 1, 1, 100, 0, 0, 19, 100)"
        )
        with connect_as(db_url, role) as conn:
            assert refused(conn, insert) == "25006"  # read_only_sql_transaction: the role's default
            conn.execute(text("SET default_transaction_read_only = off"))  # anyone may: not a boundary
            conn.commit()  # the next transaction is read-write
            assert conn.execute(text("SHOW transaction_read_only")).scalar_one() == "off"
            assert refused(conn, insert) == "42501"  # and the grants refuse it anyway
            assert refused(conn, "DELETE FROM cart_current") == "42501"
            assert refused(conn, "CREATE TABLE analytics_mine (x int)") == "42501"

    def test_the_role_is_read_only_with_a_statement_timeout_and_a_scram_password(
        db_url: str, role: str
    ) -> None:
        result = invoke(
            role, "--password-env", "ANALYST_PW", "--statement-timeout", "12", env={"ANALYST_PW": "s3cret!"}
        )
        assert result.exit_code == 0, result.output
        assert "s3cret!" not in result.output
        with connect_as(db_url, role) as conn:
            assert conn.execute(text("SHOW default_transaction_read_only")).scalar_one() == "on"
            assert conn.execute(text("SHOW statement_timeout")).scalar_one() == "12s"
            assert conn.execute(text("SELECT current_user")).scalar_one() == role
        admin = create_engine(db_url, poolclass=NullPool)
        with admin.connect() as conn:
            row = conn.execute(
                text(
                    "SELECT rolcanlogin, rolsuper, rolcreaterole, rolcreatedb, rolinherit, rolpassword "
                    "FROM pg_authid WHERE rolname = :n"
                ),
                {"n": role},
            ).one()
        admin.dispose()
        assert row[:5] == (True, False, False, False, False)
        assert row.rolpassword.startswith("SCRAM-SHA-256$")  # a verifier, never the text

    def test_running_it_again_keeps_the_password_and_revokes_what_was_added(db_url: str, role: str) -> None:
        assert invoke(role, "--password-env", "ANALYST_PW", env={"ANALYST_PW": "first"}).exit_code == 0
        admin = create_engine(db_url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text(f'GRANT SELECT ON orders TO "{role}"'))  # someone granted too much
            before = conn.execute(
                text("SELECT rolpassword FROM pg_authid WHERE rolname = :n"), {"n": role}
            ).scalar()
        again = invoke(role)
        assert again.exit_code == 0, again.output
        assert "updated" in again.output and "password unchanged" in again.output
        with admin.connect() as conn:
            after = conn.execute(
                text("SELECT rolpassword FROM pg_authid WHERE rolname = :n"), {"n": role}
            ).scalar()
        admin.dispose()
        assert after == before
        with connect_as(db_url, role) as conn:
            assert refused(conn, "SELECT * FROM orders") == "42501"
            assert conn.execute(text("SELECT count(*) FROM analytics_coupon_ledger")).scalar_one() == 0

    def test_a_new_analytics_table_is_readable_once_the_command_runs_again(db_url: str, role: str) -> None:
        assert invoke(role).exit_code == 0
        admin = create_engine(db_url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:  # what a migration would do: a table the grants do not cover
            conn.execute(text("DROP TABLE analytics_funnel_daily"))
            conn.execute(text("CREATE TABLE analytics_funnel_daily (day date PRIMARY KEY)"))
        admin.dispose()
        with connect_as(db_url, role) as conn:
            assert refused(conn, "SELECT * FROM analytics_funnel_daily") == "42501"
        assert invoke(role).exit_code == 0
        with connect_as(db_url, role) as conn:
            assert conn.execute(text("SELECT count(*) FROM analytics_funnel_daily")).scalar_one() == 0

    def test_the_grants_are_the_read_models_and_cart_current(db_url: str, role: str) -> None:
        assert invoke(role).exit_code == 0
        admin = create_engine(db_url, poolclass=NullPool)
        with admin.connect() as conn:
            granted = set(
                conn.execute(
                    text(
                        "SELECT table_name FROM information_schema.role_table_grants "
                        "WHERE grantee = :n AND privilege_type = 'SELECT'"
                    ),
                    {"n": role},
                ).scalars()
            )
            others = conn.execute(
                text(
                    "SELECT count(*) FROM information_schema.role_table_grants "
                    "WHERE grantee = :n AND privilege_type <> 'SELECT'"
                ),
                {"n": role},
            ).scalar_one()
        admin.dispose()
        assert granted == set(_analyst_tables())
        assert "cart_current" in granted and "analytics_cart_events" in granted
        assert not granted & {"orders", "order_customers", "carts_events", "staff_users", "analytics_events"}
        assert others == 0

    @pytest.mark.parametrize("name", ["Analyst", "pg_analyst", "public", "a-b", "x" * 64, "ana lyst"])
    def test_a_name_that_is_not_a_plain_identifier_is_refused(db_url: str, name: str) -> None:
        result = invoke(name)
        assert result.exit_code == 2
        assert "lower-case identifier" in result.output

    def test_an_unset_password_variable_is_refused(db_url: str, role: str) -> None:
        result = invoke(role, "--password-env", "NO_SUCH_VARIABLE_FOR_ANALYSTS")
        assert result.exit_code == 2
        assert "NO_SUCH_VARIABLE_FOR_ANALYSTS" in result.output

    def test_a_privileged_role_is_never_turned_into_the_analyst_role(db_url: str) -> None:
        admin = create_engine(db_url, poolclass=NullPool)
        with admin.connect() as conn:
            me = conn.execute(text("SELECT current_user")).scalar_one()
        admin.dispose()
        result = invoke(me)
        assert result.exit_code == 1
        assert "refusing" in result.output
