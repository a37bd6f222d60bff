"""The one server: storefront files, client-side routes, media, and the error contract."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from services.api.app import create_app
from services.shared.settings import get_settings


@pytest.fixture
def built_webapp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db_url: str) -> Path:
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><div id=root></div>")
    (dist / "assets" / "app-abc123.js").write_text("console.log(1)")
    (tmp_path / "secret.txt").write_text("not for you")
    monkeypatch.setenv("WEBAPP_DIST", str(dist))
    get_settings.cache_clear()
    return dist


def test_client_side_routes_get_the_storefront(built_webapp: Path) -> None:
    client = TestClient(create_app())
    for path in ("/", "/cart", "/search", "/order/abc", "/support/audit"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert "id=root" in r.text


def test_hashed_assets_are_cached_for_a_year(built_webapp: Path) -> None:
    r = TestClient(create_app()).get("/assets/app-abc123.js")
    assert r.status_code == 200
    assert "immutable" in r.headers["cache-control"]


def test_precompressed_twins_go_to_browsers_that_accept_them(built_webapp: Path) -> None:
    import gzip

    (built_webapp / "assets" / "app-abc123.js.br").write_bytes(b"brotli bytes")
    (built_webapp / "assets" / "app-abc123.js.gz").write_bytes(gzip.compress(b"console.log(1)"))
    client = TestClient(create_app())
    path = "/assets/app-abc123.js"

    with client.stream("GET", path, headers={"Accept-Encoding": "gzip, deflate, br"}) as r:
        raw = b"".join(r.iter_raw())  # as sent (whether or not httpx can decode brotli)
    assert r.headers["content-encoding"] == "br" and raw == b"brotli bytes"  # br preferred
    assert r.headers["content-type"].startswith(("text/javascript", "application/javascript"))
    assert r.headers["vary"] == "Accept-Encoding" and "immutable" in r.headers["cache-control"]

    r = client.get(path, headers={"Accept-Encoding": "gzip, br;q=0"})
    assert r.headers["content-encoding"] == "gzip" and r.text == "console.log(1)"  # decoded by the client

    r = client.get(path, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in r.headers and r.text == "console.log(1)"
    assert r.headers["vary"] == "Accept-Encoding"


def test_paths_outside_the_build_are_not_served(built_webapp: Path) -> None:
    client = TestClient(create_app())
    for path in ("/../secret.txt", "/..%2Fsecret.txt", "/assets/..%2F..%2Fsecret.txt"):
        assert "not for you" not in client.get(path).text, path


def test_media_files_are_served(db_url: str) -> None:
    settings = get_settings()
    (settings.media_dir / "products").mkdir(parents=True, exist_ok=True)
    (settings.media_dir / "products" / "x.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    r = TestClient(create_app()).get("/media/products/x.svg")
    assert r.status_code == 200 and r.text.startswith("<svg")


def test_media_files_are_cached_for_a_day_then_revalidated_by_etag(db_url: str) -> None:
    """Media names are not content-hashed (the seeder rewrites a file in place): a moderate
    max-age, never ``immutable``, and a cheap 304 afterwards."""
    settings = get_settings()
    (settings.media_dir / "products").mkdir(parents=True, exist_ok=True)
    (settings.media_dir / "products" / "x.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    client = TestClient(create_app())
    r = client.get("/media/products/x.svg")
    assert r.status_code == 200
    assert r.headers["cache-control"] == "public, max-age=86400"
    assert r.headers["etag"] and r.headers["last-modified"]

    again = client.get("/media/products/x.svg", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["cache-control"] == "public, max-age=86400"
    assert again.headers["etag"] == r.headers["etag"]

    (settings.media_dir / "products" / "x.svg").write_text(
        "<svg xmlns='http://www.w3.org/2000/svg' width='2'/>"
    )
    changed = client.get("/media/products/x.svg", headers={"If-None-Match": r.headers["etag"]})
    assert changed.status_code == 200 and "width='2'" in changed.text
    assert changed.headers["etag"] != r.headers["etag"]

    missing = client.get("/media/products/nope.svg")
    assert missing.status_code == 404 and "max-age" not in missing.headers.get("cache-control", "")


def test_media_cannot_run_script_on_our_origin(db_url: str) -> None:
    """An SVG opened on its own is a document: media answers forbid script and sniffing."""
    settings = get_settings()
    (settings.media_dir / "products").mkdir(parents=True, exist_ok=True)
    (settings.media_dir / "products" / "evil.svg").write_text(
        "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"
    )
    r = TestClient(create_app()).get("/media/products/evil.svg")
    assert r.status_code == 200
    csp = r.headers["content-security-policy"]
    assert "default-src 'none'" in csp and "sandbox" in csp and "script-src" not in csp
    assert r.headers["x-content-type-options"] == "nosniff"


def test_the_media_max_age_comes_from_the_setting(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = get_settings()
    settings.media_dir.mkdir(parents=True, exist_ok=True)
    (settings.media_dir / "y.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    monkeypatch.setenv("MEDIA_MAX_AGE", "600")
    get_settings.cache_clear()
    assert TestClient(create_app()).get("/media/y.svg").headers["cache-control"] == "public, max-age=600"
    monkeypatch.setenv("MEDIA_MAX_AGE", "0")
    get_settings.cache_clear()
    assert TestClient(create_app()).get("/media/y.svg").headers["cache-control"] == "no-cache"


def test_without_a_build_the_storefront_says_how_to_build_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db_url: str
) -> None:
    monkeypatch.setenv("WEBAPP_DIST", str(tmp_path / "missing"))
    get_settings.cache_clear()
    r = TestClient(create_app()).get("/")
    assert r.status_code == 503
    assert r.json()["code"] == "webapp_not_built"


def test_validation_errors_are_422_with_a_message(db_url: str) -> None:
    r = TestClient(create_app()).get("/api/search/" + "x" * 300)
    assert r.status_code == 422
    body = r.json()
    assert body["code"] == "invalid_request" and "query" in body["message"]


@pytest.mark.parametrize("body", [b"\xff\xfe{", b"\x0f\xc3", b'{"email": "\xe9"}', b"{not json"])
@pytest.mark.parametrize(
    "path", ["/api/mail", "/api/newsletter", "/api/staff/login", "/api/cart", "/api/cart/commands"]
)
def test_a_json_body_that_is_not_utf8_json_is_422_like_any_bad_body(
    db_url: str, path: str, body: bytes
) -> None:
    """Bytes that are not UTF-8 made FastAPI answer 400 ``http_error`` "There was an error parsing
    the body" (found by the OpenAPI fuzz test), where malformed JSON is a 422: now both are."""
    r = TestClient(create_app()).post(path, content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "invalid_request" and r.json()["message"].startswith("body")


def test_the_openapi_422_is_the_body_the_app_sends(db_url: str) -> None:
    """FastAPI documents ``{detail: [...]}`` for 422; this app sends ``{code, message, errors}``."""
    app = create_app()
    documented = app.openapi()["components"]["schemas"]["HTTPValidationError"]
    assert documented["required"] == ["code", "message"] and "errors" in documented["properties"]
    assert "detail" not in documented["properties"]
    sent = TestClient(app).get("/api/search/" + "x" * 300).json()
    assert set(sent) == {"code", "message", "errors"}
    assert set(sent["errors"][0]) == set(app.openapi()["components"]["schemas"]["FieldProblem"]["required"])


def test_embedded_default_is_a_sqlite_file_under_data(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    get_settings.cache_clear()
    try:
        url = get_settings().effective_database_url
        assert url.startswith("sqlite:///") and url.endswith("shop.sqlite3")
    finally:
        get_settings.cache_clear()


def test_health_reports_the_database_engine(db_url: str) -> None:
    body = TestClient(create_app()).get("/api/health").json()
    assert body == {"status": "ok", "database": "postgresql" if db_url.startswith("postgresql") else "sqlite"}


@pytest.mark.parametrize(("setting", "frozen"), [("1", True), ("0", False)])
def test_the_server_entry_point_freezes_its_start_up_heap(tmp_path: Path, setting: str, frozen: bool) -> None:
    """``services.api.main`` (what uvicorn imports in each worker) moves the start-up heap to
    the permanent generation, so full collections under load skip it (services/shared/gc_tuning)."""
    import os
    import subprocess
    import sys

    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}",
        "DATA_DIR": str(tmp_path / "data"),
        "GC_FREEZE": setting,
    }
    code = "import gc, services.api.main; print(gc.get_freeze_count())"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    count = int(out.stdout.strip().splitlines()[-1])
    assert (count > 10_000) is frozen, count


def test_a_database_outage_is_a_503_with_retry_after_and_a_bug_stays_a_500(db_url: str) -> None:
    """A restart or a cut connection (docs/targets.md section 6.1: PostgreSQL restarted mid-load) is not our bug:
    the answer says so and when to retry; anything else unexpected is a 500 without details."""
    import psycopg
    from eventsourcing.persistence import OperationalError as EsOperationalError
    from sqlalchemy.exc import OperationalError as SaOperationalError

    app = create_app()
    raised: dict[str, BaseException] = {
        "sqlalchemy": SaOperationalError("SELECT 1", {}, Exception("server closed the connection")),
        "eventstore": EsOperationalError("terminating connection due to administrator command"),
        "wrapped": RuntimeError("while saving"),
        "bug": KeyError("oops"),
    }
    try:
        raise RuntimeError("while saving") from psycopg.OperationalError("connection refused")
    except RuntimeError as exc:
        raised["wrapped"] = exc

    def _raise(kind: str) -> None:
        raise raised[kind]

    app.add_api_route("/api/test-raise/{kind}", _raise)
    app.router.routes.insert(0, app.router.routes.pop())  # before the /api/{rest} catch-all

    client = TestClient(app, raise_server_exceptions=False)
    for kind in ("sqlalchemy", "eventstore", "wrapped"):
        r = client.get(f"/api/test-raise/{kind}")
        assert r.status_code == 503, kind
        assert r.json()["code"] == "unavailable" and "try again" in r.json()["message"]
        assert r.headers["retry-after"] == "2"
    bug = client.get("/api/test-raise/bug")
    assert bug.status_code == 500 and bug.json() == {
        "code": "internal_error",
        "message": "Something went wrong on our side.",
    }
