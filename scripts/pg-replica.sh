#!/usr/bin/env bash
# A PostgreSQL streaming replica of the local primary, for analysts (docs/operations.md,
# "Past one primary"). The replica is a hot standby of the whole cluster (every database, role
# and schema), read-only, fed over streaming replication without a replication slot (a replica
# left behind never makes the primary keep WAL for it).
#
#   scripts/pg-replica.sh start [--port 5433] [--dir /tmp/halvard-replica-5433]
#   scripts/pg-replica.sh stop  [--port 5433] [--dir ...]     # stop it and delete its data folder
#   scripts/pg-replica.sh status [--port 5433] [--dir ...]
#
# Then point the analysts' reads at it: ANALYTICS_DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5433/DB
#
# The primary: PRIMARY_HOST (127.0.0.1), PRIMARY_PORT (5432), PRIMARY_USER (postgres, a
# superuser; trust auth here). PostgreSQL 15 binaries: PG_BIN (/usr/lib/postgresql/15/bin).
# `start` copies the primary with `pg_basebackup -R` (it writes standby.signal and
# primary_conninfo) into --dir, writes the replica's own postgresql.conf and pg_hba.conf (trust
# on 127.0.0.1, the port, a socket in --dir, the primary's connection and lock limits, which a
# hot standby must not go below), and starts it with pg_ctl as the OS user that owns the
# primary's data folder (postgres; PostgreSQL refuses to run as root). When the primary's
# pg_hba.conf has no `replication` line it appends `host replication all 127.0.0.1/32 trust`
# and reloads the primary (needs root or that user). A --dir that already holds a replica is
# stopped and replaced, so `start` can be run again. Exit status non-zero on any failure; the
# last line of `start` is `REPLICA port=P dir=D`.
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
PRIMARY_HOST="${PRIMARY_HOST:-127.0.0.1}"
PRIMARY_PORT="${PRIMARY_PORT:-5432}"
PRIMARY_USER="${PRIMARY_USER:-postgres}"

action="${1:-}"
[ -n "$action" ] && shift
port=5433
dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
dir="${dir:-/tmp/halvard-replica-$port}"

primary_sql() {  # primary_sql SQL: one value from the primary
  "$PG_BIN/psql" -X -At -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U "$PRIMARY_USER" -d postgres -c "$1"
}

owner() {  # the OS user that runs the primary (owner of its data folder)
  stat -c %U "$(primary_sql 'SHOW data_directory')"
}

as_owner() {  # as_owner CMD...: run CMD as the primary's OS user when we are root
  if [ "$(id -u)" = 0 ]; then
    runuser -u "$run_as" -- "$@"
  else
    "$@"
  fi
}

stop_replica() {  # stop the server in $dir (if any) and delete $dir
  if [ -f "$dir/PG_VERSION" ]; then
    run_as="$(stat -c %U "$dir")"
    as_owner "$PG_BIN/pg_ctl" -D "$dir" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

allow_replication() {  # a `replication` line in the primary's pg_hba.conf, added when missing
  local rules hba
  rules="$(primary_sql "SELECT count(*) FROM pg_hba_file_rules WHERE 'replication' = ANY(database) AND error IS NULL")"
  [ "$rules" != 0 ] && return
  hba="$(primary_sql 'SHOW hba_file')"
  echo "pg-replica: adding 'host replication all 127.0.0.1/32 trust' to $hba and reloading the primary"
  printf '%s\n' "host replication all 127.0.0.1/32 trust" >>"$hba"
  primary_sql 'SELECT pg_reload_conf()' >/dev/null
  sleep 1  # the postmaster rereads pg_hba.conf on SIGHUP, asynchronously
}

start_replica() {
  run_as="$(owner)"
  stop_replica
  allow_replication
  mkdir -p "$dir"
  chmod 700 "$dir"
  [ "$(id -u)" = 0 ] && chown "$run_as" "$dir"
  as_owner "$PG_BIN/pg_basebackup" -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U "$PRIMARY_USER" \
    -D "$dir" -R -X stream -c fast --no-sync
  local limits
  limits="$(primary_sql "SELECT string_agg(name || ' = ' || setting, E'\n') FROM pg_settings WHERE name IN
    ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions',
     'max_locks_per_transaction')")"
  as_owner tee "$dir/postgresql.conf" >/dev/null <<EOF
# A hot standby made by scripts/pg-replica.sh (primary ${PRIMARY_HOST}:${PRIMARY_PORT}).
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
hot_standby = on
# analysts' long queries are not cancelled by the primary's vacuum (it keeps the rows they see)
hot_standby_feedback = on
shared_buffers = 32MB
# not below the primary's, or a hot standby refuses to start:
$limits
EOF
  as_owner tee "$dir/pg_hba.conf" >/dev/null <<EOF
local all all trust
host all all 127.0.0.1/32 trust
EOF
  as_owner touch "$dir/pg_ident.conf"
  as_owner "$PG_BIN/pg_ctl" -D "$dir" -l "$dir/replica.log" -w -t 60 start >/dev/null
  local state
  state="$("$PG_BIN/psql" -X -At -h 127.0.0.1 -p "$port" -U "$PRIMARY_USER" -d postgres -c 'SELECT pg_is_in_recovery()')"
  if [ "$state" != t ]; then
    echo "pg-replica: the server on port $port is not in recovery" >&2
    exit 1
  fi
  echo "REPLICA port=$port dir=$dir"
}

case "$action" in
  start) start_replica ;;
  stop) stop_replica ;;
  status)
    if [ -f "$dir/PG_VERSION" ]; then
      run_as="$(stat -c %U "$dir")"
      as_owner "$PG_BIN/pg_ctl" -D "$dir" status
    else
      echo "no replica in $dir"
      exit 3
    fi
    ;;
  *)
    echo "usage: $0 start|stop|status [--port PORT] [--dir DIR]" >&2
    exit 2
    ;;
esac
