#!/usr/bin/env bash
# Set up everything and run the shop with the demo catalogue on http://127.0.0.1:8000.
# Embedded mode by default (SQLite under ./data); DATABASE_URL=postgresql+psycopg://... for PostgreSQL.
source "$(dirname "${BASH_SOURCE[0]}")/_python_env.sh"
source "$ROOT/scripts/_webapp_build.sh"
cd "$ROOT"
python -m services.api.cli migrate
python -m services.api.cli seed
# A simulated past for the analytics dashboard (2,000 visits over 90 days through the real cart and
# checkout code, a few seconds); only into an empty cart log, so restarts and real carts are left alone.
python -m services.api.cli seed-history --visits 2000 --if-empty
echo "HALVARD shop: http://${HOST:-127.0.0.1}:${PORT:-8000}  (API docs: /docs)"
exec python -m services.api.cli serve --host "${HOST:-127.0.0.1}" --port "${PORT:-8000}"
