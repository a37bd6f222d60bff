#!/bin/sh
# The primary's first start (the postgres image runs /docker-entrypoint-initdb.d/*.sh once, on an
# empty data directory): the role the streaming replica connects as, and its pg_hba line.
# The password comes from the environment (REPLICATION_PASSWORD), never from this repository.
set -eu
psql -v ON_ERROR_STOP=1 -v pw="$REPLICATION_PASSWORD" --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<'SQL'
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'pw';
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
