"""The app's OpenAPI document as committed in ``webapp/openapi.json`` (docs/api.md, "OpenAPI").

The storefront's API types (``webapp/src/types/api.gen.ts``) are generated from that file, so
it must be reproducible: :func:`render` writes it with sorted keys, two-space indents and a
final newline. Building it needs no database, no network and no running server: the app is
built with a throwaway data folder and a fixed CSRF key (nothing is written to the configured
data folder), and only its route table is read. The same code gives the same document
whatever the environment's settings.
"""

from __future__ import annotations

import json
import tempfile
from typing import Any

from services.shared.settings import overridden

# Settings fixed while the document is built: the CSRF key (else a key file is written into
# the data folder) and the mail backend (``GET /api/dev/mailbox`` exists only with the outbox
# backend; the document describes every route, so it is built with the default, ``outbox``).
_BUILD_ENV = {"CSRF_SECRET": "openapi-document-only", "MAIL_BACKEND": "outbox"}


def openapi_document() -> dict[str, Any]:
    """The OpenAPI document of ``services.api.app.create_app()`` (a JSON-ready dict)."""
    from services.api.app import create_app

    with tempfile.TemporaryDirectory(prefix="shop-openapi-") as data_dir:
        with overridden({**_BUILD_ENV, "DATA_DIR": data_dir}):
            return create_app().openapi()


def render(document: dict[str, Any]) -> str:
    """``document`` as the committed file's text: sorted keys, 2-space indents, non-ASCII
    characters kept, a trailing newline. The same document always gives the same text."""
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
