"""ASGI entry point: ``uvicorn services.api.main:app``.

Each server process imports this module once: after the app is built, the start-up heap is
frozen so that full garbage collections skip it (``services/shared/gc_tuning.py``).
"""

from services.api.app import create_app
from services.shared.gc_tuning import freeze_startup_heap

app = create_app()
freeze_startup_heap()
