"""Access-log redaction: uvicorn's access log never shows an email address or a secret.

Uvicorn logs each request on the ``uvicorn.access`` logger as ``'%s - "%s %s HTTP/%s" %d'``
with ``(client, method, path_with_query, http_version, status)``. :class:`RedactingAccessFilter`
rewrites the path argument before any handler formats it:

- the value of every query parameter in :data:`SENSITIVE_PARAMS` (``key`` and ``order_key``:
  an order's secret key; ``to``, ``email``: addresses; ``token``: newsletter links; ...)
  becomes ``(redacted)``;
- any other query name or value, and any path segment, that holds an ``@`` once
  percent-decoded (decoded repeatedly, so ``%2540`` counts too) becomes ``(redacted)``.

Everything else (path, other parameters, status) stays as uvicorn wrote it, so the log is still
useful. :func:`install_access_log_redaction` adds the filter to the logger once; ``create_app``
calls it, which runs after uvicorn configured its logging in every server process (reload and
worker processes included). Rule: docs/operations.md, "Security".
"""

from __future__ import annotations

import logging
from urllib.parse import unquote, unquote_plus

ACCESS_LOGGER = "uvicorn.access"
REDACTED = "(redacted)"
# Query parameters whose values are secrets or personal data, compared lower-case.
SENSITIVE_PARAMS: frozenset[str] = frozenset(
    {
        "key",
        "order_key",
        "to",
        "email",
        "e-mail",
        "mail",
        "address",
        "recipient",
        "reply_to",
        "token",
        "access_token",
        "password",
        "secret",
        "session",
        "signature",
        "sig",
    }
)


def _decoded(text: str, unquoter=unquote) -> str:  # noqa: ANN001 - one of urllib's unquote functions
    """``text`` percent-decoded until it no longer changes (at most 4 rounds)."""
    for _ in range(4):
        decoded = unquoter(text)
        if decoded == text:
            break
        text = decoded
    return text


def _holds_address(text: str, unquoter=unquote) -> bool:  # noqa: ANN001
    return "@" in _decoded(text, unquoter) or "\uff20" in _decoded(text, unquoter)  # "＠" too


def redact_target(target: str) -> str:
    """The request target ``path[?query]`` with secrets and addresses replaced by
    ``(redacted)`` (the rules in the module docstring). Never raises; a fragment (browsers do not
    send one) is treated as part of the query."""
    path, sep, query = target.partition("?")
    segments = [REDACTED if _holds_address(seg) else seg for seg in path.split("/")]
    out = "/".join(segments)
    if not sep:
        return out
    pieces = []
    for piece in query.split("&"):
        name, eq, value = piece.partition("=")
        plain_name = _decoded(name, unquote_plus).strip().lower()
        if _holds_address(name, unquote_plus):
            pieces.append(REDACTED + (eq and f"={REDACTED}"))
        elif eq and (plain_name in SENSITIVE_PARAMS or _holds_address(value, unquote_plus)):
            pieces.append(f"{name}={REDACTED}")
        else:
            pieces.append(piece)
    return f"{out}?{'&'.join(pieces)}"


class RedactingAccessFilter(logging.Filter):
    """A ``logging.Filter`` for ``uvicorn.access``: rewrites every text argument of the record
    that looks like a request target (starts with ``/``, or is ``*`` / an absolute URL) with
    :func:`redact_target`; other arguments and the message format are left alone. Always keeps
    the record (returns True)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact ``record.args`` in place (see the class docstring); True."""
        args = record.args
        if isinstance(args, tuple):
            record.args = tuple(self._redact(a) for a in args)
        elif isinstance(args, dict):
            record.args = {k: self._redact(v) for k, v in args.items()}
        if isinstance(record.msg, str) and not args:
            record.msg = self._redact(record.msg) if record.msg.startswith("/") else record.msg
        return True

    @staticmethod
    def _redact(value: object) -> object:
        if isinstance(value, str) and (value.startswith("/") or "://" in value or "?" in value):
            return redact_target(value)
        return value


def install_access_log_redaction(logger: logging.Logger | None = None) -> RedactingAccessFilter:
    """Add a :class:`RedactingAccessFilter` to ``logger`` (default ``uvicorn.access``) unless it
    has one already; the filter in place."""
    target = logger or logging.getLogger(ACCESS_LOGGER)
    for existing in target.filters:
        if isinstance(existing, RedactingAccessFilter):
            return existing
    installed = RedactingAccessFilter()
    target.addFilter(installed)
    return installed


__all__ = [
    "ACCESS_LOGGER",
    "REDACTED",
    "SENSITIVE_PARAMS",
    "RedactingAccessFilter",
    "install_access_log_redaction",
    "redact_target",
]
