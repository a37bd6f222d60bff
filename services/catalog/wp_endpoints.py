"""``/api/wp/...``: the WordPress-shaped content API of docs/spec.md section 7 (menus, posts, pages, news)."""

from __future__ import annotations

from typing import Any

from fastapi import Query, Response
from sqlalchemy.orm import Session

from services.catalog import repository as repo
from services.catalog import schemas as out
from services.catalog import serializers as ser
from services.catalog.params import MAX_PER_PAGE, positive_int, single_id
from services.shared.deps import SessionDep, SettingsDep
from services.shared.errors import BadRequest, error_responses
from services.shared.ids import parse_id
from services.shared.routing import DbRouter, documented
from services.shared.text import NO_NUL

router = DbRouter(prefix="/api/wp", tags=["WordPress-shaped content"])

Json = dict[str, Any]

NEWS_CATEGORY = 23  # docs/spec.md section 2: /news lists posts of category 23
PRESS_CATEGORY = 22  # docs/spec.md section 2: /press lists posts of category 22


def _cache(response: Response) -> None:
    response.headers["Cache-Control"] = "public, max-age=60"


@router.get("/menus", summary="Navigation menus", responses=documented(list[out.MenuOut], "Menus"))
def menus(session: SessionDep, response: Response) -> list[Json]:
    """Every menu with flat items ``{id, title, url, slug, parent, position, in_menu, parent_link}``.
    The storefront drops the first top-level item and groups children under parents (docs/spec.md section 2)."""
    _cache(response)
    return menus_body(session)


def menus_body(session: Session) -> list[Json]:
    """What ``GET /api/wp/menus`` answers (also written into the page shell,
    ``services/api/page_shell.py``)."""
    return [ser.menu(m) for m in repo.list_menus(session)]


@router.get(
    "/posts",
    summary="Posts",
    responses={
        **documented(list[out.PostOut], "Posts, newest first; `X-WP-Total`"),
        **error_responses({400: "`rest_invalid_param`"}),
    },
)
def posts(
    session: SessionDep,
    response: Response,
    category: str | None = Query(None, description="Post category id (22 press, 23 news)."),
    slug: str | None = Query(None, description="Exact post slug (single post pages).", pattern=NO_NUL),
    per_page: str | None = Query(None, description="1 to 100 (default 10)."),
    page: str | None = Query(None, description="1-based page number."),
) -> list[Json]:
    """Posts newest first (docs/spec.md section 7: ``posts?category={id}&per_page=100``)."""
    category_id = single_id(category, "category") if category is not None else None
    size = positive_int(per_page, "per_page", 10, MAX_PER_PAGE)
    rows, total = repo.list_posts(
        session, category_id=category_id, slug=slug, page=positive_int(page, "page", 1), per_page=size
    )
    response.headers["X-WP-Total"] = str(total)
    _cache(response)
    return [ser.post(p) for p in rows]


@router.get(
    "/latest-news",
    summary="Latest news items",
    responses={
        **documented(list[out.NewsItemOut], "News items, newest first"),
        **error_responses({400: "`rest_invalid_param`"}),
    },
)
def latest_news(
    session: SessionDep,
    settings: SettingsDep,
    response: Response,
    filter: str | None = Query(None, description="news, press, all (default) or a post category id."),
    per_page: str | None = Query(None, description="How many items, 1 to 100 (default 6)."),
) -> list[Json]:
    """News-feed items ``{id, title, image, summary, date, link}`` for the newsfeed block (docs/spec.md sections 3, 7)."""
    key = (filter or "all").strip().lower()
    named = {"news": NEWS_CATEGORY, "press": PRESS_CATEGORY, "all": None, "": None}
    if key in named:
        category_id = named[key]
    elif (number := parse_id(key)) is not None:
        category_id = number
    else:
        raise BadRequest(
            "rest_invalid_param", "Invalid parameter: filter must be news, press, all or a category id."
        )
    rows, _ = repo.list_posts(
        session, category_id=category_id, per_page=positive_int(per_page, "per_page", 6, 100)
    )
    _cache(response)
    return [ser.news_item(p, settings.site_host) for p in rows]


@router.get("/pages", summary="Content pages", responses=documented(list[out.PageOut], "Pages"))
def pages(
    session: SessionDep, response: Response, slug: str | None = Query(None, pattern=NO_NUL)
) -> list[Json]:
    """Pages (optionally the one with ``slug``) with their ordered content blocks in ``acf``."""
    rows = repo.list_pages(session, slug=slug)
    owned = repo.blocks_for(session, "page", [p.id for p in rows])
    _cache(response)
    return [ser.page(p, owned.get(p.id)) for p in rows]
