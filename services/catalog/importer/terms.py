"""Categories and tags from the exporter's "Categories" and "Tags" cells, and slugs.

Categories are written as comma-separated paths with " > " between levels
("Keyboards > Keyboard switches, Mice"); commas inside a name are escaped "\\,"
(``WC_Product_CSV_Exporter::format_term_ids``). Terms are looked up the way
WordPress's ``term_exists(name, taxonomy, parent)`` does: a category is reused when
one with its slug exists under the same parent, else created.

Everything is resolved in memory (:class:`Terms`, loaded once per import): the terms a
row needs and does not find are given ids here and written by the batch that first uses
them (:attr:`Terms.pending_categories`, :attr:`Terms.pending_tags`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from services.catalog.importer.csvfile import explode_values
from services.catalog.importer.fields import RowError, check_length
from services.catalog.models import Category, Tag

SLUG_LIMIT = 200


def slugify(text: str, fallback: str = "item") -> str:
    """WordPress-like slug: accents folded to ASCII, lower case, runs of other chars -> "-".

    "Wireless Mice & Pads" -> "wireless-mice-pads". Returns ``fallback`` when nothing is left.
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:SLUG_LIMIT].strip("-") or fallback


@dataclass
class SlugSet:
    """The slugs taken in one table, and the next free numbered suffix per base slug.

    :meth:`take` never queries: the table's slugs are loaded once, and a clash costs a
    dictionary look-up instead of a SELECT per candidate.
    """

    taken: set[str]
    suffix: dict[str, int] = field(default_factory=dict)

    def take(self, candidates: list[str], *, cut: int = 0) -> str:
        """The first free candidate, else "<last>-2", "-3"... (``last`` cut to ``cut`` chars)."""
        for slug in candidates:
            if slug not in self.taken:
                self.taken.add(slug)
                return slug
        base = candidates[-1][:cut] if cut else candidates[-1]
        n = self.suffix.get(base, 2)
        while f"{base}-{n}" in self.taken:
            n += 1
        self.suffix[base] = n + 1
        self.taken.add(f"{base}-{n}")
        return f"{base}-{n}"


def category_paths(cell: str) -> list[list[str]]:
    """Split a Categories cell into paths of names: "A > B, C" -> [["A", "B"], ["C"]]."""
    paths = []
    for path in explode_values(cell):
        names = [name.strip() for name in path.split(">")]
        if any(not name for name in names):
            raise RowError(f"Categories: empty category name in {path!r}")
        for name in names:
            check_length(name, 200, "Categories")
        paths.append(names)
    return paths


@dataclass
class Terms:
    """Every category and tag of the shop, in memory, plus the ones this import adds.

    ``categories`` maps ``(parent_id, slug)`` to an id; ``tags`` maps a slug to an id.
    ``pending_*`` hold the rows (column dicts) created since the last :meth:`take_pending`.
    """

    categories: dict[tuple[int | None, str], int]
    category_slugs: SlugSet
    tags: dict[str, int]
    next_category: int
    next_tag: int
    pending_categories: list[dict[str, Any]] = field(default_factory=list)
    pending_tags: list[dict[str, Any]] = field(default_factory=list)
    created_categories: int = 0
    created_tags: int = 0

    @classmethod
    def load(cls, session: Session) -> Terms:
        """Read every category and tag once (two SELECTs)."""
        cats = session.execute(select(Category.id, Category.slug, Category.parent_id)).all()
        tags: dict[str, int] = {slug: id_ for slug, id_ in session.execute(select(Tag.slug, Tag.id))}
        top_tag = session.scalar(select(func.max(Tag.id))) or 0
        return cls(
            categories={(parent, slug): id_ for id_, slug, parent in cats},
            category_slugs=SlugSet({slug for _, slug, _ in cats}),
            tags=tags,
            next_category=max((c[0] for c in cats), default=0) + 1,
            next_tag=top_tag + 1,
        )

    def category_ids(self, cell: str) -> list[int]:
        """The leaf category ids of a Categories cell, in order, without repeats, creating
        missing levels (reused by slug, or WordPress's parent-suffixed slug "<slug>-<parent
        slug>", under the same parent; existing categories are never renamed or moved)."""
        result: list[int] = []
        for path in category_paths(cell):
            leaf = self._category(path)
            if leaf not in result:
                result.append(leaf)
        return result

    def _category(self, names: list[str]) -> int:
        parent: int | None = None
        parent_slug = ""
        for name in names:
            slug = slugify(name, "category")
            candidates = [slug] if parent is None else [slug, f"{slug}-{parent_slug}"[:SLUG_LIMIT]]
            found = next(
                (self.categories[(parent, c)] for c in candidates if (parent, c) in self.categories), None
            )
            if found is None:
                found, chosen = self.next_category, self.category_slugs.take(candidates)
                self.next_category += 1
                self.categories[(parent, chosen)] = found
                self.pending_categories.append(
                    {"id": found, "name": name, "slug": chosen, "parent_id": parent}
                )
                self.created_categories += 1
                slug = chosen
            else:
                slug = next(c for c in candidates if self.categories.get((parent, c)) == found)
            parent, parent_slug = found, slug
        assert parent is not None
        return parent

    def tag_ids(self, cell: str) -> list[int]:
        """The tag ids of a comma-separated Tags cell, reused by slug or created, without repeats."""
        result: list[int] = []
        for name in explode_values(cell):
            check_length(name, 200, "Tags")
            slug = slugify(name, "tag")
            tag = self.tags.get(slug)
            if tag is None:
                tag = self.tags[slug] = self.next_tag
                self.next_tag += 1
                self.pending_tags.append({"id": tag, "name": name, "slug": slug})
                self.created_tags += 1
            if tag not in result:
                result.append(tag)
        return result

    def take_pending(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The categories and tags created since the last call (to be inserted), then forget them."""
        cats, tags = self.pending_categories, self.pending_tags
        self.pending_categories, self.pending_tags = [], []
        return cats, tags
