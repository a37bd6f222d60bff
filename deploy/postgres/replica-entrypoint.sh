#!/bin/sh
# The streaming replica of docker-compose.yml: on an empty data directory, copy the primary with
# pg_basebackup (-R writes primary_conninfo and standby.signal, -X stream brings the WAL of the
# copy along), then run PostgreSQL as a hot standby that follows the primary. Runs as the
# postgres user; the password is REPLICATION_PASSWORD (PGPASSWORD), from the environment.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -q -h "$PRIMARY_HOST" -p 5432; do sleep 1; done
  rm -rf "${PGDATA:?}"/*
  pg_basebackup -h "$PRIMARY_HOST" -p 5432 -U replicator -D "$PGDATA" -R -X stream --checkpoint=fast
  chmod 0700 "$PGDATA"
fi
exec postgres -c hot_standby=on
