"""Password hashing with argon2id (``argon2-cffi``'s :class:`argon2.PasswordHasher`, RFC 9106
low-memory defaults). Only the PHC-format hash is stored, never the password."""

from __future__ import annotations

from functools import lru_cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError


@lru_cache(maxsize=1)
def _hasher() -> PasswordHasher:
    return PasswordHasher()


def hash_password(password: str) -> str:
    """The argon2id hash (``$argon2id$v=19$...``) of ``password``, with a fresh random salt."""
    return _hasher().hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    """Whether ``password`` matches ``password_hash``. False (never an error) for a wrong
    password or a malformed hash."""
    try:
        return _hasher().verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    """Whether the hash was made with weaker parameters than today's (rehash on next login)."""
    return _hasher().check_needs_rehash(password_hash)


@lru_cache(maxsize=1)
def dummy_hash() -> str:
    """A hash to verify against when the email is unknown, so both failures take as long."""
    return hash_password("not-a-real-password-for-timing-only")
