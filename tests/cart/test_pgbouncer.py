"""Two API processes behind PgBouncer in transaction mode (docs/operations.md, "PgBouncer").

A PgBouncer (Debian's ``/usr/sbin/pgbouncer``, 1.18; ``.ci/run`` installs it) in transaction
mode on a free port in front of a database of its own (made for the test and dropped after:
PgBouncer does not pass the ``options`` startup parameter the suite's per-process schemas use).
Two API processes reach the database through it only (``DATABASE_URL`` = PgBouncer,
``DATABASE_PGBOUNCER=true``: psycopg prepares no statement, for SQLAlchemy and the event store);
one projection worker is started with the same environment and connects directly
(``DIRECT_DATABASE_URL``: LISTEN does not work through PgBouncer). The shared-cart load of
``tests/cart/shared_cart_load.py``, at both API processes at once (carts of its own for each),
must see no error at all (no failed request, no retry, every command answered, nothing lost or
doubled), PgBouncer's own statistics must show the transactions, and ``cart_current`` catches up.

PostgreSQL only (defined when ``TEST_DATABASE_URL`` is set); skipped, saying why, only when the
pgbouncer binary is absent.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest
from sqlalchemy import create_engine, make_url, text

from services.api.bootstrap import migrate
from services.shared import db as shared_db
from services.shared.settings import get_settings
from tests.cart.processes import Process, Server, Worker, free_port, wait_for, wait_for_cart_current
from tests.cart.shared_cart_load import SharedCartLoad, check_carts
from tests.cart.test_crash_recovery import CLIENTS_PER_CART, PRODUCTS, seed
from tests.conftest import PG_URL

PGBOUNCER = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
CARTS = 4


# Starts server and worker processes: one such test at a time (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("one_cluster_at_a_time")


def pgbouncer_ini(folder: Path, port: int, target: str) -> Path:
    """Write ``pgbouncer.ini`` (and its ``userlist.txt``) into ``folder``: transaction pooling on
    127.0.0.1:``port``, database ``shop`` = the PostgreSQL database of the SQLAlchemy URL
    ``target``, its user trusted as PostgreSQL trusts it (the test server: trust auth)."""
    url = make_url(target)
    server = (
        f"host={url.host or '127.0.0.1'} port={url.port or 5432} dbname={url.database} user={url.username}"
    )
    if url.password:
        server += f" password={url.password}"
    (folder / "userlist.txt").write_text(f'"{url.username}" "{url.password or ""}"\n')
    ini = folder / "pgbouncer.ini"
    ini.write_text(
        "[databases]\n"
        f"shop = {server}\n"
        "[pgbouncer]\n"
        f"listen_addr = 127.0.0.1\nlisten_port = {port}\nunix_socket_dir =\n"
        f"auth_type = trust\nauth_file = {folder / 'userlist.txt'}\nadmin_users = {url.username}\n"
        "pool_mode = transaction\nmax_client_conn = 500\ndefault_pool_size = 8\n"
        "ignore_startup_parameters = extra_float_digits\n"
    )
    for path in (folder, folder / "userlist.txt", ini):  # readable by the postgres user (below)
        path.chmod(0o755 if path.is_dir() else 0o644)
    return ini


class PgBouncer(Process):
    """``pgbouncer INI`` in the foreground (as the ``postgres`` user when the test runs as
    root: PgBouncer refuses to run as root)."""

    def __init__(self, ini: Path, port: int, log: Path, user: str) -> None:
        super().__init__([], log)
        self.port = port
        self.user = user
        user = ["-u", "postgres"] if os.geteuid() == 0 else []
        self.argv = [PGBOUNCER, *user, str(ini)]

    def launch(self) -> None:
        """Start PgBouncer."""
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                self.argv, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )

    def wait_ready(self, seconds: float = 60) -> None:
        """Wait until a query as ``user`` goes through it; ``AssertionError`` with its output
        after ``seconds``."""
        wait_for(lambda: self.accepts(self.user), seconds, self.output)

    def accepts(self, user: str) -> bool:
        """A query through PgBouncer to the ``shop`` database works."""
        if not self.running():
            raise AssertionError(f"pgbouncer exited:\n{self.output()}")
        try:
            with psycopg.connect(
                host="127.0.0.1",
                port=self.port,
                dbname="shop",
                user=user,
                prepare_threshold=None,
                connect_timeout=5,
            ) as conn:
                return conn.execute("SELECT 1").fetchone() == (1,)
        except psycopg.Error:
            return False

    def transactions(self, user: str) -> int:
        """``total_xact_count`` of database ``shop`` in the admin console's ``SHOW STATS``."""
        out = subprocess.run(
            [
                "psql",
                "-h",
                "127.0.0.1",
                "-p",
                str(self.port),
                "-U",
                user,
                "-d",
                "pgbouncer",
                "--csv",
                "-c",
                "SHOW STATS",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        return sum(
            int(row["total_xact_count"])
            for row in csv.DictReader(io.StringIO(out))
            if row["database"] == "shop"
        )


if PG_URL:

    @pytest.fixture
    def own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
        """A new PostgreSQL database beside ``TEST_DATABASE_URL``'s, migrated and seeded with the
        crash test's catalogue in its ``public`` schema; ``DATABASE_URL`` and ``DATA_DIR`` name
        it while the test runs. Dropped afterwards."""
        base = make_url(PG_URL)
        name = f"{base.database}_pgb_{uuid.uuid4().hex[:10]}"
        url = base.set(database=name, query={}).render_as_string(hide_password=False)
        admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            monkeypatch.setenv("DATABASE_URL", url)
            monkeypatch.setenv("DATA_DIR", str(tmp_path / "data"))
            get_settings.cache_clear()
            migrate(url)
            with shared_db.get_sessionmaker(url)() as session:
                seed(session)
            shared_db.get_engine(url).dispose()
            yield url
        finally:
            shared_db.get_engine.cache_clear()
            shared_db.get_sessionmaker.cache_clear()
            get_settings.cache_clear()
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            admin.dispose()

    def test_cart_commands_through_pgbouncer_in_transaction_mode_from_two_api_processes(
        own_database: str, tmp_path: Path
    ) -> None:
        if not os.path.exists(PGBOUNCER):
            pytest.skip(f"{PGBOUNCER} is not installed (apt-get install -y pgbouncer; .ci/run installs it)")
        user = make_url(own_database).username or "postgres"
        folder = Path(tempfile.mkdtemp(prefix="pgbouncer-test-"))
        port = free_port()
        bouncer = PgBouncer(pgbouncer_ini(folder, port, own_database), port, tmp_path / "pgbouncer.log", user)
        through = f"postgresql+psycopg://{user}@127.0.0.1:{port}/shop"
        env = {
            "DATABASE_URL": through,
            "DATABASE_PGBOUNCER": "true",
            "DIRECT_DATABASE_URL": own_database,
            "RUN_PROJECTIONS": "false",
        }
        # Through PgBouncer an API process's pools hold client connections to PgBouncer, not to
        # PostgreSQL (PgBouncer opens at most default_pool_size = 8 to it): the shop's defaults.
        pools = {"DB_POOL_SIZE": "10", "DB_MAX_OVERFLOW": "10", "CART_POOL_SIZE": "10"}
        apis = [Server(free_port(), tmp_path / f"api{n}.log", {**env, **pools}) for n in range(2)]
        worker = Worker(tmp_path / "worker.log", env)
        processes: list[Process] = [bouncer, *apis, worker]
        try:
            bouncer.launch()
            bouncer.wait_ready(60)
            for process in processes[1:]:
                process.launch()
            for api in apis:
                api.wait_healthy()
            wait_for(worker.ready, 300, worker.output)
            before = bouncer.transactions(user)
            # Each API process gets carts of its own, both loads at once: a cart shared by two
            # processes makes stale writes, and a command that loses 20 in a row is answered 503 cart_busy
            # (retried by the client, nothing lost: tests/cart/test_processes.py), which would
            # hide what this test looks for, errors of PgBouncer's making.
            loads = []
            for n, api in enumerate(apis):
                with httpx.Client(base_url=api.base_url, timeout=30) as http:
                    started = [http.post("/api/cart") for _ in range(CARTS // 2)]
                assert all(answer.status_code in (200, 201) for answer in started), [a.text for a in started]
                loads.append(
                    SharedCartLoad(
                        api.base_url,
                        [answer.json()["token"] for answer in started],
                        PRODUCTS,
                        clients_per_cart=CLIENTS_PER_CART,
                        prefix=f"pgbouncer{n}",
                        timeout=30.0,
                        deadline=240.0,
                    )
                )
            for load in loads:
                load.start()
            assert all(load.join() for load in loads), "clients still running after the deadline"

            logs = "\n".join(f"{api.base_url}:\n{api.output()}" for api in apis)
            tokens = []
            for load, api in zip(loads, apis, strict=True):
                assert load.failures == [], f"{load.failures[:10]}\n{logs}"
                assert all(s.attempts == 1 and s.acknowledged for s in load.sent), logs
                assert len(load.sent) == len(load.logs) * 18
                reports = check_carts(api.base_url, load)
                findings = [f"cart {n}: {p}" for n, r in enumerate(reports) for p in r.problems]
                assert not findings, "\n".join(findings)
                assert sum(r.acknowledged for r in reports) == len(load.sent)
                tokens += load.tokens
            # The commands went through PgBouncer: at least one transaction each.
            assert bouncer.transactions(user) - before >= sum(len(load.sent) for load in loads)
            for api in apis:
                assert "Traceback" not in api.output(10**6), api.output()

            wait_for_cart_current(own_database, apis[1].base_url, tokens, worker.output)
        finally:
            for process in reversed(processes):
                process.stop()
            shutil.rmtree(folder, ignore_errors=True)
