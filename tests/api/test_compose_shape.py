"""The docker-compose production shape (docs/operations.md, "docker-compose" and Security):
clients kept apart and the staff cookie Secure behind the edge proxy; two API processes behind
PgBouncer in transaction mode, two projection workers on the primary directly, a streaming
replica, a one-shot migration every process of the shop waits for, health checks, no secret in
the file. There is no Docker engine in CI: the file is parsed as YAML here, and
scripts/check-compose.sh has ``docker-compose config`` validate it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parents[2]
APIS = ("api1", "api2")
WORKERS = ("worker1", "worker2")


def compose() -> dict[str, Any]:
    """docker-compose.yml as data (YAML anchors and merge keys resolved)."""
    return yaml.safe_load((REPO / "docker-compose.yml").read_text())


def test_the_api_processes_trust_forwarded_headers_from_the_edge_proxy_only() -> None:
    services = compose()["services"]
    proxy = services["proxy"]
    for name in APIS:
        env = services[name]["environment"]
        assert env["TRUST_PROXY_HEADERS"] == "1" and env["COOKIE_SECURE"] == "1"
        assert env["FORWARDED_ALLOW_IPS"] == proxy["networks"]["shop"]["ipv4_address"]
        assert "ports" not in services[name]  # reached through the proxy only
    assert all(not str(port).startswith("127.0.0.1:") for port in proxy["ports"])
    nginx = (REPO / "deploy" / "nginx.conf").read_text()
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in nginx
    assert "proxy_set_header X-Forwarded-Proto https;" in nginx
    assert all(f"server {name}:8000;" in nginx for name in APIS)


def test_api_processes_go_through_pgbouncer_and_workers_connect_directly() -> None:
    services = compose()["services"]
    assert "pool_mode = transaction" in (REPO / "deploy" / "pgbouncer" / "entrypoint.sh").read_text()
    for name in (*APIS, *WORKERS):
        service = services[name]
        env = service["environment"]
        assert "@pgbouncer:6432/" in env["DATABASE_URL"] and env["DATABASE_PGBOUNCER"] == "true"
        assert "@postgres:5432/" in env["DIRECT_DATABASE_URL"]  # project switches to it itself
        assert env["RUN_PROJECTIONS"] == "false"
        assert service["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert all(services[name]["command"][-1] == "project" for name in WORKERS)
    assert all("serve" in services[name]["command"] for name in APIS)
    assert services["migrate"]["environment"]["DATABASE_URL"].count("@postgres:5432/") == 1
    assert services["migrate"]["restart"] == "no"


def test_a_streaming_replica_follows_the_primary() -> None:
    services = compose()["services"]
    assert "wal_level=replica" in services["postgres"]["command"]
    replica = services["postgres-replica"]
    assert replica["environment"]["PRIMARY_HOST"] == "postgres"
    script = (REPO / "deploy" / "postgres" / "replica-entrypoint.sh").read_text()
    assert "pg_basebackup" in script and " -R " in script
    assert "pg_is_in_recovery()" in " ".join(replica["healthcheck"]["test"])


def test_every_long_running_service_has_a_health_check_and_no_secret_is_in_the_file() -> None:
    services = compose()["services"]
    for name, service in services.items():
        if name not in ("migrate", "proxy"):
            assert service.get("healthcheck", {}).get("test"), name
    text = (REPO / "docker-compose.yml").read_text()
    for value in re.findall(r"(?:PASSWORD|SECRET)[A-Z_]*: (.*)", text):
        assert value.startswith("${"), value  # from the environment, with at most a local default
