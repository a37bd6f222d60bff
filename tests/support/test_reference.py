"""Support references (services/support/reference.py; docs/spec.md section 2.14)."""

from __future__ import annotations

import json
from pathlib import Path
from uuid import UUID

from hypothesis import given
from hypothesis import strategies as st

from services.support.reference import ALPHABET, normalise_reference, support_reference

VECTORS = json.loads((Path(__file__).parents[1] / "vectors" / "support_reference.json").read_text())


def test_vectors_shared_with_the_browser() -> None:
    for case in VECTORS["cases"]:
        assert support_reference(case["cart_id"]) == case["reference"]


def test_reference_is_the_first_30_bits_in_crockford_base32() -> None:
    assert support_reference(UUID(int=0)) == "000-000"
    assert support_reference(UUID(int=(1 << 128) - 1)) == "ZZZ-ZZZ"
    assert support_reference(UUID(int=1 << 127)) == "G00-000"  # top bit: 16 in the first digit


@given(st.uuids())
def test_a_reference_reads_back_however_it_is_typed(cart_id: UUID) -> None:
    ref = support_reference(cart_id)
    assert len(ref) == 7 and ref[3] == "-" and all(c in ALPHABET for c in ref.replace("-", ""))
    for typed in (ref, ref.lower(), ref.replace("-", ""), ref.replace("-", " "), f"  {ref} "):
        assert normalise_reference(typed) == ref
    spoken = ref.replace("0", "O").replace("1", "I")
    assert normalise_reference(spoken) == ref


def test_text_that_is_not_a_reference() -> None:
    for text in ("", "K7F-3Q", "K7F-3QXX", "K7F--3QX", "UUU-UUU", "123456789", "a@b.cc", "K7F_3QX"):
        assert normalise_reference(text) is None
