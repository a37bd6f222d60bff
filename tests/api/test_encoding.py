"""Accept-Encoding parsing (services/shared/encoding.py): which precompressed bytes a client gets."""

from __future__ import annotations

import pytest

from services.shared.encoding import accepted_encodings


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("gzip, deflate, br, zstd", {"gzip", "deflate", "br", "zstd"}),  # Chromium
        ("GZIP;q=0.5, Br", {"gzip", "br"}),  # case-insensitive, any q > 0
        ("gzip, br;q=0", {"gzip"}),  # q=0: not acceptable
        ("gzip;q=0.0, identity", {"identity"}),
        ("br;q=high, gzip", {"gzip"}),  # a malformed q drops its coding
        ("", set()),
        (" , ;q=1", set()),
    ],
)
def test_accepted_encodings(header: str, expected: set[str]) -> None:
    assert accepted_encodings(header) == expected
