# Sourced by the scripts: install the storefront's pinned packages and build it into webapp/dist.
set -euo pipefail
(
  cd "$ROOT/webapp"
  lockstamp="node_modules/.package-lock-installed"
  if [ ! -d node_modules ] || ! cmp -s package-lock.json "$lockstamp"; then
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json "$lockstamp"
  fi
  npm run --silent build
)
