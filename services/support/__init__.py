"""Support console (docs/support.md; docs/spec.md section 2.14): find a visitor's cart and
replay its whole history as the shopper saw it.

Modules: :mod:`.domain` (pure: support references, the timeline fold, descriptions, diffs,
index keys), :mod:`.models` (the support index and the audit log), :mod:`.repository` (their
SQL), :mod:`.projection` (the support index projection), :mod:`.service`, :mod:`.schemas`
and :mod:`.endpoints` (``/api/support``)."""
