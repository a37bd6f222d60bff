"""The HALVARD demo catalogue: believable products, content, menus, posts and commerce data.

``seed_demo(session)`` loads it idempotently (fixed primary keys, upserts) and writes
the generated SVG artwork into ``get_settings().media_dir``; the caller commits.
Modules: :mod:`.taxonomy`, :mod:`.products_audio`, :mod:`.products_keyboards`,
:mod:`.products_mice`, :mod:`.products_other`, :mod:`.builder` (product 26907 and its
add-on 31575), :mod:`.blocks`, :mod:`.content`, :mod:`.posts`, :mod:`.commerce`,
:mod:`.images` and :mod:`.loader`. The demo configurators (26907 and the Sleipnir MMO, 1208)
are :mod:`services.configurator.demo`; the loader seeds them and writes their art.
"""

from __future__ import annotations

from sqlalchemy.orm import Session


def seed_demo(session: Session) -> dict[str, int]:
    """Load the demo catalogue into ``session`` and return counts per kind.

    Idempotent: a second run leaves the same rows and files. Flushes but does not
    commit (the caller owns the transaction); ends with ``sync_sequences`` so that
    PostgreSQL id sequences continue after the explicit ids. Counts are e.g.
    ``{"products": 70, "variations": 16, "posts": 11, ...}`` (see :func:`loader.seed`).
    """
    # Imported here: the loader imports the demo configurators (services.configurator.demo),
    # which import the product data of this package.
    from services.catalog.demo.loader import seed

    return seed(session)


__all__ = ["seed_demo"]
