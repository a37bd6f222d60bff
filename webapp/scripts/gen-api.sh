#!/usr/bin/env bash
# The storefront's API types come from the back end's OpenAPI document (docs/api.md, "OpenAPI"):
#   1. `python -m services.api.cli openapi` writes webapp/openapi.json (no database or server needed);
#   2. openapi-typescript turns it into webapp/src/types/api.gen.ts.
# Both files are committed. `npm run gen:api` regenerates them; `npm run gen:api -- --check`
# regenerates into a temporary folder and fails when the committed files differ (scripts/test.sh).
# Python: $PYTHON, else the repo's .venv, else python3.
set -euo pipefail
webapp="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root="$(cd "$webapp/.." && pwd)"
py="${PYTHON:-}"
if [ -z "$py" ]; then
  if [ -x "$root/.venv/bin/python" ]; then py="$root/.venv/bin/python"; else py=python3; fi
fi

check=0
if [ "${1:-}" = "--check" ]; then check=1; fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
(cd "$root" && PYTHONPATH="$root${PYTHONPATH:+:$PYTHONPATH}" "$py" -m services.api.cli openapi --out "$out/openapi.json")
"$webapp/node_modules/.bin/openapi-typescript" "$out/openapi.json" --output "$out/raw.ts" --silent
{
  echo "// GENERATED FILE: do not edit. Made by \`npm run gen:api\` (webapp/scripts/gen-api.sh) with"
  echo "// openapi-typescript from webapp/openapi.json, the back end's OpenAPI document"
  echo "// (\`python -m services.api.cli openapi\`). Use the aliases in src/types/api.ts."
  cat "$out/raw.ts"
} >"$out/api.gen.ts"

if [ "$check" = 1 ]; then
  stale=0
  diff -u "$webapp/openapi.json" "$out/openapi.json" >"$out/openapi.diff" || stale=1
  diff -u "$webapp/src/types/api.gen.ts" "$out/api.gen.ts" >"$out/types.diff" || stale=1
  if [ "$stale" = 1 ]; then
    head -n 60 "$out/openapi.diff" "$out/types.diff" >&2
    echo "webapp/openapi.json or webapp/src/types/api.gen.ts is out of date with the back end:" >&2
    echo "run \`npm run gen:api\` in webapp/ and commit both files." >&2
    exit 1
  fi
  echo "webapp/openapi.json and src/types/api.gen.ts are up to date"
else
  cp "$out/openapi.json" "$webapp/openapi.json"
  cp "$out/api.gen.ts" "$webapp/src/types/api.gen.ts"
  echo "wrote webapp/openapi.json and webapp/src/types/api.gen.ts"
fi
