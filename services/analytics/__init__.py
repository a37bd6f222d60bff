"""Analytics bounded context: storefront add/remove-to-cart events (docs/spec.md section 7, ``/api/ga/...``).

``models.py`` (the ``analytics_events`` table), ``repository.py`` (insert-if-absent, counts),
``endpoints.py`` (the two GET endpoints the storefront calls). Read models for analysts: see
docs/analytics.md.
"""
