"""Catalogue read API (placeholder router; filled in by the read-API commit)."""

from fastapi import APIRouter

router = APIRouter()
