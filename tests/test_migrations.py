"""Alembic migrations go up and down cleanly on the engine under test (SQLite or PostgreSQL)."""

from __future__ import annotations

import subprocess
import sys
import uuid
from pathlib import Path

from sqlalchemy import create_engine, inspect, make_url, text

import services.analytics.ga4_models  # noqa: F401  (every model module migrations/env.py registers)
import services.analytics.models  # noqa: F401
import services.analytics.read_models  # noqa: F401
import services.cart.readmodel  # noqa: F401
import services.catalog.models  # noqa: F401
import services.checkout.models  # noqa: F401
import services.contact.models  # noqa: F401
import services.discounts.models  # noqa: F401
import services.mail.models  # noqa: F401
import services.newsletter.models  # noqa: F401
import services.staff.models  # noqa: F401
import services.support.models  # noqa: F401
from services.shared import db as shared_db
from services.shared.db import Base
from services.shared.migrate import downgrade, upgrade
from tests.conftest import PG_URL, _pg_url_with_schema

REPO = Path(__file__).resolve().parents[1]


def _tables(url: str) -> set[str]:
    engine = shared_db.get_engine(url)
    with engine.connect() as conn:
        # Only Alembic's tables: the event store's own tables share the database on PostgreSQL.
        return set(inspect(conn).get_table_names()) & set(Base.metadata.tables)


def test_head_creates_every_model_table(db_url: str) -> None:
    assert _tables(db_url) == set(Base.metadata.tables)


def test_down_to_base_and_up_again(db_url: str) -> None:
    downgrade(db_url, "base")
    assert _tables(db_url) == set()
    upgrade(db_url)
    assert _tables(db_url) == set(Base.metadata.tables)


def test_models_and_migrations_agree(db_url: str) -> None:
    """Autogenerate finds nothing to do: every model change has its revision."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from services.shared.migrate import include_name

    with shared_db.get_engine(db_url).connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True, "include_name": include_name})
        diff = compare_metadata(context, Base.metadata)
    assert diff == []


if PG_URL:

    def test_migrations_of_several_schemas_at_once_on_a_database_without_pg_trgm_all_succeed(
        tmp_path: Path,
    ) -> None:
        """pg_trgm belongs to the database, not a schema: four schemas migrated at the same time on
        a new database (no extension yet) all reach head (migration 0019 takes an advisory lock
        around CREATE EXTENSION; without it one of them fails on pg_extension_name_index)."""
        name = f"t_mig_{uuid.uuid4().hex[:10]}"
        admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        base = make_url(PG_URL).set(database=name).render_as_string(hide_password=False)
        try:
            schemas = [f"s{n}" for n in range(4)]
            setup = create_engine(base, isolation_level="AUTOCOMMIT")
            with setup.connect() as conn:
                for schema in schemas:
                    conn.execute(text(f'CREATE SCHEMA "{schema}"'))
                assert (
                    conn.execute(text("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")).first() is None
                )
            setup.dispose()
            urls = [_pg_url_with_schema(base, schema) for schema in schemas]
            for url in urls:  # up to the revision before pg_trgm's, one after the other
                upgrade(url, "0018")
                shared_db.get_engine(url).dispose()
            # Then the rest at the same moment, one process each (Alembic's `op` is process-global):
            # each imports, waits for the go file, and migrates to head.
            go = tmp_path / "go"
            code = (
                "import sys, time, pathlib; from services.shared.migrate import upgrade\n"
                "while not pathlib.Path(sys.argv[2]).exists(): time.sleep(0.001)\n"
                "upgrade(sys.argv[1])"
            )
            runs = [
                subprocess.Popen(
                    [sys.executable, "-c", code, url, str(go)],
                    cwd=REPO,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                    text=True,
                )
                for url in urls
            ]
            go.touch()
            outputs = [run.communicate(timeout=600)[0] for run in runs]
            assert [run.returncode for run in runs] == [0] * len(runs), "\n".join(outputs)[-4000:]
            for url in urls:
                assert _tables(url) == set(Base.metadata.tables)
                shared_db.get_engine(url).dispose()
        finally:
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            admin.dispose()
