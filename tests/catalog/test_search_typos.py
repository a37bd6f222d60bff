"""Typo-tolerant, kind-first search (docs/spec.md section 2.10 "Typos", "Ranking" and
"Suggestions"), on SQLite (FTS5 + rapidfuzz) and PostgreSQL (tsvector + pg_trgm) alike."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.orm import Session

from services.api.app import create_app
from services.catalog import repository as repo
from services.catalog.search import expand_query
from services.catalog.search_suggestions import suggest
from services.catalog.search_terms import close_words, expand, kind_grade
from tests.factories import create_category, create_product

KEYBOARDS = [101, 102, 103]
HEADSETS = [201, 202]
MOUSEPADS = [301, 302]
MICE = [401, 402]
TRAVEL_CASE, DESK_MAT, HEADSET_STAND, MOUSE_CABLE, SKADI = 111, 311, 211, 411, 403


@pytest.fixture
def shop(session: Session) -> None:
    """Product names without their kind (as in the demo catalogue): the kind is the category."""
    keyboards = create_category(session, 15, "keyboards", "Keyboards")
    keyboard_acc = create_category(session, 303, "keyboard-accessories", "Keyboard accessories", parent_id=15)
    headsets = create_category(session, 25, "headsets", "Headsets")
    headset_acc = create_category(session, 301, "headset-accessories", "Headset accessories", parent_id=25)
    mousepads = create_category(session, 17, "mousepads", "Mousepads")
    mice = create_category(session, 16, "mice", "Mice")
    mouse_acc = create_category(session, 307, "mouse-accessories", "Mouse accessories", parent_id=16)
    for pid, name in zip(KEYBOARDS, ["Odin 75 Wireless", "Tyr TKL", "Freya 65"], strict=True):
        create_product(
            session, id=pid, name=name, categories=[keyboards], short_description="<p>Hot-swap board.</p>"
        )
    create_product(
        session,
        id=TRAVEL_CASE,
        name="Keyboard Travel Case",
        categories=[keyboard_acc],
        short_description="<p>Hard case for any keyboard, keyboard cable and keyboard keycaps.</p>",
    )
    for pid, name in zip(HEADSETS, ["Bragi Pro Wireless", "Saga Open-Back"], strict=True):
        create_product(session, id=pid, name=name, categories=[headsets])
    create_product(session, id=HEADSET_STAND, name="Vardr Headset Stand", categories=[headset_acc])
    for pid, name in zip(MOUSEPADS, ["Fjord XL Control", "Glint Glass Pad"], strict=True):
        create_product(session, id=pid, name=name, categories=[mousepads])
    create_product(
        session,
        id=DESK_MAT,
        name="Fjord Desk Mat",
        categories=[mousepads],
        short_description="<p>Room for your keyboard and mouse.</p>",
    )
    create_product(session, id=MICE[0], name="Vali Pro Wireless", categories=[mice])
    create_product(session, id=MICE[1], name="Fenrir 8K", categories=[mice])
    create_product(session, id=SKADI, name="Skadi Ergo", categories=[mice])
    create_product(session, id=MOUSE_CABLE, name="Paracord Mouse Cable", categories=[mouse_acc])
    create_product(session, id=501, name="Skald Studio", categories=[headsets])
    session.commit()


def search(session: Session, query: str) -> list[int]:
    return repo.search_products(session, query)


@pytest.mark.parametrize("query", ["keybord", "keyboard", "Keyboards", "key", "keyborad"])
def test_keyboards_come_first_then_accessories_then_description_matches(
    session: Session, shop: None, query: str
) -> None:
    result = search(session, query)
    assert sorted(result[:3]) == KEYBOARDS, result
    assert result.index(TRAVEL_CASE) == 3
    assert DESK_MAT not in result[:4]


def test_a_misspelled_kind_finds_that_kind_first(session: Session, shop: None) -> None:
    assert sorted(search(session, "headst")[:3]) == sorted([*HEADSETS, 501])
    assert search(session, "headst")[3] == HEADSET_STAND
    assert sorted(search(session, "mose pad")[:3]) == sorted([*MOUSEPADS, DESK_MAT])
    assert sorted(search(session, "mouse pad")[:3]) == sorted([*MOUSEPADS, DESK_MAT])
    assert sorted(search(session, "mousepad")) == sorted([*MOUSEPADS, DESK_MAT])


def test_mouse_finds_the_mice_before_mousepads_and_accessories(session: Session, shop: None) -> None:
    result = search(session, "mouse")
    assert sorted(result[:3]) == sorted([*MICE, SKADI])  # "Mice": the same kind, irregular plural
    assert MOUSE_CABLE in result and set(MOUSEPADS) <= set(result)  # name; category name's prefix


def test_a_correctly_spelled_word_is_never_corrected(session: Session, shop: None) -> None:
    # "skald" is one rapidfuzz edit from "skadi": known words keep their meaning.
    assert search(session, "skald") == [501]
    assert expand_query(session, "skald").alternatives == [[]]
    assert search(session, "skadi") == [SKADI]


def test_nonsense_finds_nothing_and_short_words_are_not_guessed(session: Session, shop: None) -> None:
    assert search(session, "xqzvbn") == []
    assert search(session, "zzz") == []
    assert expand_query(session, "tyx").alternatives == [[]]


def test_description_only_matches_rank_after_name_and_category_matches(session: Session, shop: None) -> None:
    result = search(session, "cable")
    assert result[0] == MOUSE_CABLE  # name
    assert result[-1] == TRAVEL_CASE  # description only


def test_ties_are_broken_by_name_then_id(session: Session, shop: None) -> None:
    for pid in (702, 701, 703):
        create_product(session, id=pid, name="Loki 60 Compact", sku=f"LOKI-{pid}")
    create_product(session, id=700, name="Loki 60 Compacu", sku="LOKI-700")
    session.commit()
    # Equal text, equal relevance: by id; the other name sorts after ("u" > "t").
    assert search(session, "loki")[:3] == [701, 702, 703]
    assert search(session, "loki")[3] == 700


def test_the_joined_form_needs_a_word_about_as_long() -> None:
    assert expand(["keyboard", "case"], [True, True], {"keyboards", "keyboard", "case"}).joined == []
    assert expand(["mose", "pad"], [False, True], {"mousepads", "mouse", "pad"}).joined == ["mousepads"]


def test_close_words_and_kind_grades() -> None:
    assert close_words("keybord", {"keyboard", "keyboards", "keychain"}) == ["keyboard", "keyboards"]
    assert close_words("pad", {"pads"}) == []  # too short to guess
    assert kind_grade("Keyboards", ["keyboard"], []) == 0
    assert kind_grade("Keyboard accessories", ["keyboard"], ["keyboard"]) is None
    assert kind_grade("Mice", ["mouse"], []) == 0
    assert kind_grade("Mousepads", ["mouse"], ["mouse"]) == 1


def test_trigram_support_is_in_place_on_postgresql_and_not_needed_on_sqlite(
    session: Session, shop: None
) -> None:
    if session.get_bind().dialect.name == "postgresql":
        schema = session.execute(
            text("SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm'")
        ).scalar_one()
        assert schema
        indexes = set(
            session.scalars(text("SELECT indexname FROM pg_indexes WHERE indexname LIKE '%\\_trgm'"))
        )
        assert {"ix_products_name_trgm", "ix_categories_name_trgm", "ix_tags_name_trgm"} <= indexes
    else:
        names = session.scalars(text("SELECT name FROM sqlite_master WHERE name LIKE '%trgm%'")).all()
        assert names == []
    assert sorted(search(session, "keybord")[:3]) == KEYBOARDS


def test_suggestions_endpoint_gives_top_products_and_matching_categories(db_url: str, shop: None) -> None:
    with TestClient(create_app()) as client:
        body = client.get("/api/search-suggestions", params={"q": "keybord"}).json()
        assert body["query"] == "keybord"
        assert len(body["products"]) == 5  # the top 5
        assert sorted(p["id"] for p in body["products"][:3]) == KEYBOARDS
        assert [p["id"] for p in body["products"][3:]] == [TRAVEL_CASE, DESK_MAT]
        assert body["products"][0]["categories"] == [{"id": 15, "name": "Keyboards", "slug": "keyboards"}]
        assert [c["slug"] for c in body["categories"]] == ["keyboards", "keyboard-accessories"]

        body = client.get("/api/search-suggestions", params={"q": "  mose pad "}).json()
        assert body["query"] == "mose pad"
        assert [c["slug"] for c in body["categories"]] == ["mousepads"]
        assert sorted(p["id"] for p in body["products"]) == sorted([*MOUSEPADS, DESK_MAT])

        wide = client.get("/api/search-suggestions", params={"q": "wireless"}).json()
        assert len(wide["products"]) <= 5

        assert client.get("/api/search-suggestions").json() == {"query": "", "products": [], "categories": []}
        assert client.get("/api/search-suggestions", params={"q": "*:-"}).json()["products"] == []
        too_long = client.get("/api/search-suggestions", params={"q": "x" * 201})
        assert too_long.status_code == 422


def test_suggested_categories_hold_listed_products(session: Session, shop: None) -> None:
    drafts = create_category(session, 99, "keyboard-drafts", "Keyboard drafts")
    create_product(session, id=999, name="Draft Board", status="draft", categories=[drafts])
    session.commit()
    slugs = [c["slug"] for c in suggest(session, "keyboard")["categories"]]
    assert slugs == ["keyboards", "keyboard-accessories"]  # the kind first; no empty category
