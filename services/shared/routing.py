"""A router for synchronous endpoints that use a database session.

FastAPI runs a sync endpoint in the threadpool (40 threads), then, if the route has a
response model (inferred from the return annotation by default), validates the result in
the threadpool again, and only then closes the request's session. The session holds a
pooled connection all that time. Under load every thread can end up waiting for a
connection that is held by a finished endpoint waiting for a thread: a deadlock (reproduced
by ``test_concurrent_cache_misses_never_block_the_event_loop``).

``DbRouter`` disables response-model inference, so once a sync endpoint returns, nothing
needs a thread before the (async) session teardown hands the connection back. Endpoints
return plain JSON-ready data; document shapes in docstrings or with ``responses=``. An
endpoint that wants a validated response model should be ``async def`` and do its database
work in one ``run_in_threadpool`` call that opens and closes its own session.

``NoStoreRoute`` (a ``route_class`` for staff routers: the support console, the analytics
dashboard) adds ``Cache-Control: no-store`` to every answer, errors included.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.routing import APIRoute

# The header of every answer no cache may keep (personal data, staff data, live state).
NO_STORE: dict[str, str] = {"Cache-Control": "no-store"}


class DbRouter(APIRouter):
    """``APIRouter`` whose routes have no response model unless one is given explicitly."""

    def add_api_route(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        """Register a route; ``response_model`` defaults to None (no threadpool validation)."""
        if "response_model" not in kwargs or type(kwargs["response_model"]).__name__ == "DefaultPlaceholder":
            kwargs["response_model"] = None
        super().add_api_route(path, endpoint, **kwargs)


def documented(model: Any, description: str, status: int = 200) -> dict[int | str, dict[str, Any]]:
    """A ``responses=`` entry that documents what a route answers with ``status`` (``model``, a
    pydantic model or e.g. ``list[Model]``) in the OpenAPI document without making it the
    route's response model: the answer is sent as the endpoint built it, never validated or
    filtered (see above)."""
    return {status: {"model": model, "description": description}}


class NoStoreRoute(APIRoute):
    """A route whose every answer, errors from its dependencies and handlers included, carries
    ``Cache-Control: no-store`` (the app's exception handlers build the error body)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        """The route's handler, wrapped: errors go through the app's handler for their type."""
        handler = super().get_route_handler()

        async def no_store(request: Request) -> Response:
            try:
                response = await handler(request)
            except Exception as exc:
                answer = _handled(request, exc)
                if answer is None:
                    raise
                response = await answer
            response.headers.update(NO_STORE)
            return response

        return no_store


def _handled(request: Request, exc: Exception) -> Awaitable[Response] | None:
    handlers: dict[Any, Any] = request.app.exception_handlers
    for cls in type(exc).__mro__:
        if cls is Exception:
            return None
        if cls in handlers:
            result: Awaitable[Response] = handlers[cls](request, exc)
            return result
    return None
