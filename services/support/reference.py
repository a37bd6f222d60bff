"""Support references: the short code a shopper reads out to support ("K7F-3QX").

A reference is the first 30 bits of the cart id (the aggregate id, uuid5 of the visitor's
token; never the token), written as six Crockford base-32 characters in two groups of three.
It finds the cart in the support console and grants nothing else: the cart id does not lead
back to the token. Thirty bits make two carts share a reference rarely but not never, so a
search by reference lists every cart that has it (docs/spec.md section 2.14).

The browser computes the same text from the cart id (``webapp/src/lib/supportReference.ts``);
``tests/vectors/support_reference.json`` holds both to the same answers.
"""

from __future__ import annotations

import re
from uuid import UUID

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base 32: no I, L, O, U
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})
_SHAPE = re.compile(r"^[0-9A-Z]{3}[-\s]?[0-9A-Z]{3}$")


def support_reference(cart_id: UUID | str) -> str:
    """The support reference of ``cart_id`` (a UUID or its text): ``"XXX-XXX"``, 7 characters.
    Raises ``ValueError`` for text that is not a UUID."""
    value = cart_id if isinstance(cart_id, UUID) else UUID(str(cart_id))
    bits = int.from_bytes(value.bytes[:4], "big") >> 2  # the first 30 bits
    chars = "".join(ALPHABET[(bits >> shift) & 31] for shift in range(25, -1, -5))
    return f"{chars[:3]}-{chars[3:]}"


def normalise_reference(text: str) -> str | None:
    """``text`` as a reference (``"XXX-XXX"``) when it is shaped like one, read as a person
    would say it: any case, with a dash, a space or nothing between the groups, and O, I, L
    read as 0, 1, 1 (Crockford); None otherwise (including a U, which no reference has)."""
    value = text.strip().upper()
    if not _SHAPE.match(value):
        return None
    chars = re.sub(r"[-\s]", "", value).translate(_READ_AS)
    if any(c not in ALPHABET for c in chars):
        return None
    return f"{chars[:3]}-{chars[3:]}"


__all__ = ["ALPHABET", "normalise_reference", "support_reference"]
