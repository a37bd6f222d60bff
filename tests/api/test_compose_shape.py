"""The docker-compose production shape keeps clients apart and the staff cookie Secure
(docs/operations.md, Security). There is no Docker engine in CI: the file is parsed as YAML."""

from __future__ import annotations

from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]


def test_the_app_trusts_forwarded_headers_from_the_edge_proxy_only() -> None:
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    app = compose["services"]["app"]
    proxy = compose["services"]["proxy"]
    env = app["environment"]
    assert env["TRUST_PROXY_HEADERS"] == "1" and env["COOKIE_SECURE"] == "1"
    assert env["FORWARDED_ALLOW_IPS"] == proxy["networks"]["shop"]["ipv4_address"]
    assert "ports" not in app  # reached through the proxy only
    assert all(not str(port).startswith("127.0.0.1:") for port in proxy["ports"])
    nginx = (REPO / "deploy" / "nginx.conf").read_text()
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in nginx
    assert "proxy_set_header X-Forwarded-Proto https;" in nginx
