# Sourced by the scripts: make .venv with the pinned Python dependencies and the project installed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY="${PYTHON:-python3}"
if [ ! -x "$ROOT/.venv/bin/python" ]; then
  "$PY" -m venv "$ROOT/.venv"
fi
stamp="$ROOT/.venv/.lock-installed"
if [ ! -f "$stamp" ] || ! cmp -s "$ROOT/requirements.lock" "$stamp"; then
  "$ROOT/.venv/bin/pip" install --quiet --disable-pip-version-check -r "$ROOT/requirements.lock"
  "$ROOT/.venv/bin/pip" install --quiet --disable-pip-version-check --no-deps -e "$ROOT"
  cp "$ROOT/requirements.lock" "$stamp"
fi
export PATH="$ROOT/.venv/bin:$PATH"
