"""The committed OpenAPI document (``webapp/openapi.json``, source of the storefront's API types
``webapp/src/types/api.gen.ts``) is the app's current one (docs/api.md, "OpenAPI")."""

from __future__ import annotations

import json
import os
from pathlib import Path

from services.api.openapi_document import openapi_document, render

COMMITTED = Path(__file__).resolve().parents[2] / "webapp" / "openapi.json"


def test_the_committed_openapi_document_is_the_apps() -> None:
    current = render(openapi_document())
    committed = COMMITTED.read_text(encoding="utf-8")
    assert json.loads(committed) == json.loads(current), (
        "webapp/openapi.json is out of date with the back end: run `npm run gen:api` in webapp/ "
        "and commit webapp/openapi.json and webapp/src/types/api.gen.ts"
    )
    assert committed == current, "webapp/openapi.json is not in the generator's layout: run `npm run gen:api`"


def test_building_the_document_leaves_the_environment_as_it_was() -> None:
    before = dict(os.environ)
    first = render(openapi_document())
    assert dict(os.environ) == before
    assert render(openapi_document()) == first  # stable output
