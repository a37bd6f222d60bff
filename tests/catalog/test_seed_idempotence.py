"""The demo catalogue seed run again: it changes nothing, and it repairs what was edited."""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.orm import Session

from services.catalog import revision
from services.catalog.demo import seed_demo
from services.catalog.models import ContentBlock, Product, Variation
from services.shared.settings import get_settings
from tests.catalog.test_seed import dump


def test_seed_twice_is_idempotent(session: Session) -> None:
    first_counts = seed_demo(session)
    session.commit()
    first = dump(session)
    revision_after_first = revision.read(session.connection())
    media = get_settings().media_dir
    files_first = {p: p.read_bytes() for p in media.rglob("*.svg")}

    second_counts = seed_demo(session)
    session.commit()
    second = dump(session)
    files_second = {p: p.read_bytes() for p in media.rglob("*.svg")}

    assert first_counts == second_counts
    assert {k: len(v) for k, v in first.items()} == {k: len(v) for k, v in second.items()}
    assert first == second
    assert files_first == files_second
    assert first_counts["media_files"] == len(files_first)
    assert revision.read(session.connection()) == revision_after_first  # nothing changed: caches stay valid


def test_seed_repairs_edits_and_removes_stale_children(session: Session) -> None:
    seed_demo(session)
    session.commit()
    before = dump(session)
    odin = session.get(Product, 1101)
    odin.name = "Tampered"
    odin.sale_price_eur = 1
    # a change behind the ORM's back keeps date_modified, so the reseed must not stamp "now"
    session.execute(text("UPDATE products SET short_description = 'x' WHERE id = 1102"))
    session.add(
        ContentBlock(id=99999, owner_type="page", owner_id=2, region="body", position=99, layout="html")
    )
    extra_variation = Variation(id=99998, product_id=1101, sku="STALE-SKU", attributes=[])
    session.add(extra_variation)
    session.commit()

    seed_demo(session)
    session.commit()
    odin = session.get(Product, 1101)
    assert odin.name == "Odin 75 Wireless"
    assert odin.sale_price_eur is None
    assert session.get(ContentBlock, 99999) is None
    assert session.get(Variation, 99998) is None
    assert dump(session) == before  # one run converges, timestamps included
