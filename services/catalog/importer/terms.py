"""Categories and tags from the exporter's "Categories" and "Tags" cells, and slugs.

Categories are written as comma-separated paths with " > " between levels
("Keyboards > Keyboard switches, Mice"); commas inside a name are escaped "\\,"
(``WC_Product_CSV_Exporter::format_term_ids``). Terms are looked up the way
WordPress's ``term_exists(name, taxonomy, parent)`` does: a category is reused when
one with its slug exists under the same parent, else created.
"""

from __future__ import annotations

import re
import unicodedata

from sqlalchemy import select
from sqlalchemy.orm import Session

from services.catalog.importer.csvfile import explode_values
from services.catalog.importer.fields import RowError, check_length
from services.catalog.models import Category, Tag
from services.shared.db import Base

SLUG_LIMIT = 200


def slugify(text: str, fallback: str = "item") -> str:
    """WordPress-like slug: accents folded to ASCII, lower case, runs of other chars -> "-".

    "Wireless Mice & Pads" -> "wireless-mice-pads". Returns ``fallback`` when nothing is left.
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:SLUG_LIMIT].strip("-") or fallback


def _unique_slug(session: Session, model: type[Base], candidates: list[str]) -> str:
    """The first candidate slug not taken in ``model``'s table; then ``<last>-2``, ``-3``..."""
    table = model.__table__
    for slug in candidates:
        if session.scalar(select(table.c.id).where(table.c.slug == slug)) is None:
            return slug
    base, n = candidates[-1], 2
    while session.scalar(select(table.c.id).where(table.c.slug == f"{base}-{n}")) is not None:
        n += 1
    return f"{base}-{n}"


def category_paths(cell: str) -> list[list[str]]:
    """Split a Categories cell into paths of names: "A > B, C" -> [["A", "B"], ["C"]]."""
    paths = []
    for path in explode_values(cell):
        names = [name.strip() for name in path.split(">")]
        if any(not name for name in names):
            raise RowError(f"Categories: empty category name in {path!r}")
        paths.append(names)
    return paths


def get_or_create_category(session: Session, names: list[str]) -> Category:
    """The leaf :class:`Category` of the path ``names``, creating missing levels.

    Each level is reused when a category with its slug (or WordPress's parent-suffixed
    slug "<slug>-<parent slug>") exists under the same parent; else it is created with
    the first free slug of those two (then "-2", "-3"...). Existing categories are never
    renamed or re-parented.
    """
    parent: Category | None = None
    for name in names:
        check_length(name, 200, "Categories")
        slug = slugify(name, "category")
        candidates = [slug] if parent is None else [slug, f"{slug}-{parent.slug}"[:SLUG_LIMIT]]
        parent_id = parent.id if parent is not None else None
        found = session.scalar(
            select(Category).where(Category.slug.in_(candidates), Category.parent_id.is_(parent_id))
            if parent_id is None
            else select(Category).where(Category.slug.in_(candidates), Category.parent_id == parent_id)
        )
        if found is None:
            found = Category(name=name, slug=_unique_slug(session, Category, candidates), parent_id=parent_id)
            session.add(found)
            session.flush()
        parent = found
    assert parent is not None
    return parent


def categories_for(session: Session, cell: str) -> list[Category]:
    """The leaf categories of a Categories cell, in order, without repeats."""
    result: list[Category] = []
    for path in category_paths(cell):
        category = get_or_create_category(session, path)
        if category not in result:
            result.append(category)
    return result


def tags_for(session: Session, cell: str) -> list[Tag]:
    """The tags of a comma-separated Tags cell, reused by slug or created, without repeats."""
    result: list[Tag] = []
    for name in explode_values(cell):
        check_length(name, 200, "Tags")
        slug = slugify(name, "tag")
        tag = session.scalar(select(Tag).where(Tag.slug == slug))
        if tag is None:
            tag = Tag(name=name, slug=slug)
            session.add(tag)
            session.flush()
        if tag not in result:
            result.append(tag)
    return result
