"""Parsing of WooCommerce-style query parameters into typed values, with clear 400 errors."""

from __future__ import annotations

from services.shared.errors import BadRequest

MAX_PER_PAGE = 100  # WooCommerce REST's limit; the spec's list pages ask for 100 (section 9)


def id_list(raw: str | None, name: str) -> list[int] | None:
    """``"1,2, 3"`` -> ``[1, 2, 3]`` (duplicates dropped, order kept); None stays None.

    Raises BadRequest (400, ``rest_invalid_param``) for anything but positive integers.
    """
    if raw is None:
        return None
    out: list[int] = []
    for part in raw.split(","):
        part = part.strip()
        if not part:
            continue
        if not part.isdigit():
            raise BadRequest(
                "rest_invalid_param", f"Invalid parameter: {name} must be a comma-separated list of ids."
            )
        value = int(part)
        if value not in out:
            out.append(value)
    return out


def text_list(raw: str | None) -> list[str]:
    """``"a, b"`` -> ``["a", "b"]``; empty entries dropped."""
    return [p.strip() for p in (raw or "").split(",") if p.strip()]


def positive_int(raw: str | None, name: str, default: int, maximum: int | None = None) -> int:
    """Parse a positive integer parameter; BadRequest when not a number, < 1 or > ``maximum``."""
    if raw is None or raw == "":
        return default
    if not raw.strip().isdigit() or int(raw) < 1:
        raise BadRequest("rest_invalid_param", f"Invalid parameter: {name} must be a positive whole number.")
    value = int(raw)
    if maximum is not None and value > maximum:
        raise BadRequest("rest_invalid_param", f"Invalid parameter: {name} must be between 1 and {maximum}.")
    return value


def single_id(raw: str | None, name: str) -> int:
    """A required numeric id parameter; BadRequest when missing or not a number."""
    if raw is None or not raw.strip().isdigit():
        raise BadRequest("rest_invalid_param", f"Invalid parameter: {name} must be a numeric id.")
    return int(raw)
