"""Text taken from requests.

PostgreSQL text cannot hold NUL (U+0000): psycopg refuses to send it ("PostgreSQL text fields
cannot contain NUL (0x00) bytes"), so a NUL that reached a query or an insert answered 500 there
(SQLite stored it). Request fields that reach SQL carry ``NO_NUL`` as their pattern: 422
``invalid_request`` on every database alike, and the OpenAPI document says so.
"""

from __future__ import annotations

NO_NUL = r"^[^\x00]*$"  # any text without U+0000 (line breaks and other characters allowed)


def erasure_address(email: str) -> str:
    """The address an erasure matches on: ``email`` trimmed and lower-cased. Raises
    ``ValueError`` for a text without ``@`` or with white space inside (an empty or partial
    address would match rows already erased, or other people's). docs/checkout.md, "Personal
    data"."""
    address = email.strip().lower()
    if "@" not in address or any(ch.isspace() for ch in address):
        raise ValueError("an email address is required")
    return address
