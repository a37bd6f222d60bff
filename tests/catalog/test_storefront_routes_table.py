"""The server's copy of the app's fixed routes (``services/catalog/storefront_routes.py``) keeps
up with the storefront's router (``webapp/src/app/router.tsx``, docs/spec.md section 2.1): a
route added to the app without the server knowing it would answer 404 while the page shows."""

from __future__ import annotations

import re
from pathlib import Path

from services.catalog.storefront_routes import APP_PREFIXES, APP_ROUTES

ROUTER = Path(__file__).resolve().parents[2] / "webapp" / "src" / "app" / "router.tsx"
ROUTE = re.compile(r"\{ path: '([^']+)', lazy: ([^}]+?) \}")


def test_every_fixed_route_of_the_app_is_known_to_the_server() -> None:
    routes = ROUTE.findall(ROUTER.read_text(encoding="utf-8"))
    assert len(routes) > 10, "router.tsx no longer lists its routes as { path, lazy }: update this test"
    for path, lazy in routes:
        if path == "*" or lazy.strip() == "generic":
            continue  # the catalogue route and content pages: the server looks them up in the data
        if path.endswith("/*"):
            assert path[:-2] in APP_PREFIXES, path
        else:
            assert path in APP_ROUTES, path
