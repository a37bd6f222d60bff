"""Domain errors with machine-readable codes, and their mapping to HTTP.

Every context raises :class:`DomainError` subclasses; ``services.api.app`` maps
them to JSON ``{"code": ..., "message": ...}`` with the status the class names
(style.md "Errors": conflicts 409, missing 404, bad input 422). A 500 is a bug.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class DomainError(Exception):
    """Base error. ``code`` is a stable snake_case string, ``message`` is for people."""

    status_code = 400

    def __init__(self, code: str, message: str, **extra: object) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra

    def to_dict(self) -> dict[str, object]:
        """JSON body: ``{"code", "message", **extra}``."""
        return {"code": self.code, "message": self.message, **self.extra}


class NotFound(DomainError):
    """A requested thing does not exist (or is not visible to the caller): 404."""

    status_code = 404


class BadRequest(DomainError):
    """Malformed or out-of-range input: 400."""

    status_code = 400


class Invalid(DomainError):
    """Well-formed input that breaks a rule: 422."""

    status_code = 422


class Conflict(DomainError):
    """The request conflicts with current state: 409."""

    status_code = 409


class Unavailable(DomainError):
    """The server could not do it now, through no fault of the request; the same request may
    succeed later: 503 with ``retry_after`` (whole seconds) in the body and a ``Retry-After``
    header (``services.shared.ratelimit.retry_after_headers``). Nothing was stored."""

    status_code = 503

    def __init__(self, code: str, message: str, retry_after: int = 1) -> None:
        super().__init__(code, message, retry_after=retry_after)
        self.retry_after = retry_after


class Unauthorized(DomainError):
    """The caller must authenticate (staff session) first: 401."""

    status_code = 401


class ErrorBody(BaseModel):
    """The body of every error answer (OpenAPI): ``{"code", "message", ...}`` where ``code`` is
    the stable machine-readable code and ``message`` is for people; some errors add keys
    (``fields``, ``retry_after``, ``cart``, ``errors``...), named in the route's description."""

    model_config = ConfigDict(extra="allow", title="Error")
    code: str
    message: str


class FieldProblem(BaseModel):
    """One problem of a 422 ``invalid_request``: where (``loc``, e.g. ``["body", "email"]``), what
    (``message``) and pydantic's error ``type``."""

    loc: list[str | int]
    message: str
    type: str


class RequestErrorBody(ErrorBody):
    """A 422 answer: ``invalid_request`` (request validation, with ``errors``) or a context's own
    422 code (``invalid_checkout`` with ``fields``, ``invalid_contact``...)."""

    model_config = ConfigDict(extra="allow", title="RequestError")
    errors: list[FieldProblem] | None = None


def error_responses(described: dict[int, str]) -> dict[int | str, dict[str, Any]]:
    """``responses=`` entries for a route's error statuses: ``{404: "`coupon_not_found`"}`` ->
    ``{404: {"model": ErrorBody, "description": "`coupon_not_found`"}}`` (OpenAPI documents the
    status, its JSON content type and the ``{code, message}`` shape)."""
    return {status: {"model": ErrorBody, "description": text} for status, text in described.items()}
