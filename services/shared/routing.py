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

``JsonBody`` and ``header_parameter`` are for a hot route that reads its own request (FastAPI's
"Custom OpenAPI path operation schema": ``openapi_extra`` documents what the endpoint reads
itself): the body is validated once, from the raw bytes, and the OpenAPI document describes it
exactly as FastAPI would have. ``PlainJSONResponse`` renders such a route's answer with orjson.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Generic, TypeVar

import orjson
from fastapi import APIRouter, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from pydantic import TypeAdapter, ValidationError

T = TypeVar("T")

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


class JsonBody(Generic[T]):
    """A JSON request body that a route validates itself: one ``pydantic`` validation of the raw
    bytes (``TypeAdapter.validate_json``), where FastAPI's ``Body()`` parses the JSON into Python
    objects first and then validates those (about 40 µs more per request, measured on the cart's
    command route; docs/operations.md, Benchmarks).

    ``annotation``: what the body must be (a model or an ``Annotated`` union with a
    discriminator); ``title``: the schema's title (FastAPI's is the parameter's name). :attr:`openapi` is the route's ``openapi_extra``: the required
    ``application/json`` body with that schema; its models are listed under ``$defs``, which the
    app's OpenAPI hook moves to ``components/schemas`` (``services/api/app.py``), so the document
    is the one FastAPI would write for ``Body()``."""

    def __init__(self, annotation: Any, title: str) -> None:
        self.adapter: TypeAdapter[T] = TypeAdapter(annotation)
        schema = {
            **self.adapter.json_schema(ref_template="#/components/schemas/{model}"),
            "title": title,
        }
        self.openapi: dict[str, Any] = {
            "requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}
        }

    async def read(self, request: Request) -> T:
        """The request's body, validated. Raises ``RequestValidationError`` (the app's 422
        ``invalid_request``, locations under ``body`` as FastAPI gives them) for a body that is
        not JSON (not UTF-8, malformed, empty) or does not fit the schema."""
        raw = await request.body()
        try:
            return self.adapter.validate_json(raw)
        except ValidationError as exc:
            raise RequestValidationError(
                [{**error, "loc": ("body", *error["loc"])} for error in exc.errors(include_url=False)]
            ) from None


# The ``responses=`` entry FastAPI adds by itself to a route with parameters or a body: its 422
# (``HTTPValidationError``, which the app's OpenAPI hook describes as the body it sends).
VALIDATION_ERROR: dict[int | str, dict[str, Any]] = {
    422: {
        "description": "Validation Error",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/HTTPValidationError"}}},
    }
}


class PlainJSONResponse(JSONResponse):
    """A ``JSONResponse`` whose content is plain JSON already (str, int, bool, None, lists,
    dicts with str keys; no floats, money being integer minor units), rendered by orjson: the
    same bytes as Starlette's compact UTF-8 rendering (``tests/shared/test_routing.py`` checks
    that on generated documents), in about a fifteenth of the time (a cart of four lines, 1.8
    KB: 1.3 instead of 21 microseconds). Raises ``TypeError`` for anything else (orjson's
    ``JSONEncodeError``), as Starlette's would raise for what ``json`` cannot encode."""

    def render(self, content: Any) -> bytes:
        """``content`` as compact UTF-8 JSON."""
        return orjson.dumps(content)


def header_parameter(name: str, description: str) -> dict[str, Any]:
    """The OpenAPI parameter object FastAPI writes for an optional string header
    (``Annotated[str | None, Header(alias=name, description=description)]``), for a route that
    reads the header from ``request.headers`` itself (``openapi_extra={"parameters": [...]}``)."""
    schema = {"anyOf": [{"type": "string"}, {"type": "null"}], "description": description, "title": name}
    return {"name": name, "in": "header", "required": False, "schema": schema, "description": description}
