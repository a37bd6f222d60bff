"""The product configurator (docs/spec.md section 2.13): configurators with angles, layers,
choices and rules; validating and pricing builds; content-addressed share links.

Modules: :mod:`.domain` (the pure decisions), :mod:`.models` (the tables), :mod:`.demo` (the
demo configurators of products 26907 and 1208, seeded by ``services.catalog.demo``) and
:mod:`.demo_art` (their layered SVG art)."""
