"""The catalogue and content context's routers, combined for the app."""

from fastapi import APIRouter

from services.catalog.shop_endpoints import router as shop_router
from services.catalog.wc_endpoints import router as wc_router
from services.catalog.wp_endpoints import router as wp_router

router = APIRouter()
router.include_router(wc_router)
router.include_router(wp_router)
router.include_router(shop_router)
