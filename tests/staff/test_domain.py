"""Staff rules without a database: emails, roles, passwords, tokens, expiry."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta

import pytest

from services.shared.errors import Invalid
from services.staff.domain import (
    Role,
    check_new_email,
    check_new_password,
    check_role,
    is_live,
    needs_last_seen_update,
    new_session_token,
    session_expiry,
    token_digest,
)
from services.staff.passwords import hash_password, needs_rehash, verify_password


def test_emails_are_trimmed_and_lower_cased() -> None:
    assert check_new_email("  Odin@Halvard.GG ") == "odin@halvard.gg"


@pytest.mark.parametrize("email", ["", "odin", "odin@", "@halvard.gg", "odin@halvard", "o din@halvard.gg"])
def test_malformed_emails_are_refused(email: str) -> None:
    with pytest.raises(Invalid) as err:
        check_new_email(email)
    assert err.value.code == "invalid_email"


def test_admin_reviewer_support_and_analyst_are_the_only_roles() -> None:
    assert check_role("admin") is Role.ADMIN and check_role("reviewer") is Role.REVIEWER
    assert check_role("support") is Role.SUPPORT and check_role("analyst") is Role.ANALYST
    with pytest.raises(Invalid) as err:
        check_role("root")
    assert err.value.code == "invalid_role"


def test_passwords_need_eight_to_1024_characters() -> None:
    assert check_new_password("12345678") == "12345678"
    for bad in ("1234567", "x" * 1025):
        with pytest.raises(Invalid) as err:
            check_new_password(bad)
        assert err.value.code == "weak_password"


def test_a_password_hash_is_argon2id_salted_and_verifies_only_the_password() -> None:
    first, second = hash_password("hunter2hunter2"), hash_password("hunter2hunter2")
    assert first.startswith("$argon2id$") and first != second and "hunter2" not in first
    assert verify_password(first, "hunter2hunter2")
    assert not verify_password(first, "hunter3hunter3")
    assert not verify_password("not a hash", "hunter2hunter2")
    assert not needs_rehash(first)


def test_the_shop_hashes_with_the_rfc_9106_low_memory_profile() -> None:
    """The suite hashes with argon2's cheapest parameters (tests/conftest.py); the shop's own
    hasher is RFC 9106's low-memory profile, and a hash made with weaker parameters (the
    suite's) needs a rehash under it."""
    from argon2 import Parameters
    from argon2.profiles import RFC_9106_LOW_MEMORY

    from tests.conftest import REAL_PASSWORD_HASHER

    real = REAL_PASSWORD_HASHER()
    assert (
        Parameters(
            type=real.type,
            version=19,
            salt_len=real.salt_len,
            hash_len=real.hash_len,
            time_cost=real.time_cost,
            memory_cost=real.memory_cost,
            parallelism=real.parallelism,
        )
        == RFC_9106_LOW_MEMORY
    )
    assert real.check_needs_rehash(hash_password("hunter2hunter2"))


def test_tokens_are_random_and_only_their_sha256_is_kept() -> None:
    a, b = new_session_token(), new_session_token()
    assert a != b and len(a) >= 43
    assert token_digest(a) == hashlib.sha256(a.encode()).hexdigest() != a


def test_a_session_lives_until_its_expiry() -> None:
    now = datetime(2026, 5, 1, 12, tzinfo=UTC)
    expires = session_expiry(now, 12)
    assert expires == now + timedelta(hours=12)
    assert is_live(expires, now + timedelta(hours=11, minutes=59))
    assert not is_live(expires, expires)


def test_last_seen_is_refreshed_at_most_every_five_minutes() -> None:
    now = datetime(2026, 5, 1, 12, tzinfo=UTC)
    assert not needs_last_seen_update(now - timedelta(minutes=4), now)
    assert needs_last_seen_update(now - timedelta(minutes=5), now)
