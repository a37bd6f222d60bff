#!/bin/sh
# Writes pgbouncer.ini and its user list from the environment (no password in the image or the
# repository) and runs PgBouncer in the foreground. Transaction pooling: a server connection
# belongs to a client for one transaction only, so the shop's API processes run with
# DATABASE_PGBOUNCER=true (psycopg prepares no statements) and never LISTEN; the projection
# workers and migrations connect to PostgreSQL directly (DIRECT_DATABASE_URL).
set -eu
conf=/tmp/pgbouncer
mkdir -p "$conf"
printf '"%s" "%s"\n' "$DB_USER" "$DB_PASSWORD" > "$conf/userlist.txt"
cat > "$conf/pgbouncer.ini" <<INI
[databases]
$DB_NAME = host=$DB_HOST port=${DB_PORT:-5432} dbname=$DB_NAME user=$DB_USER password=$DB_PASSWORD

[pgbouncer]
listen_addr = 0.0.0.0
listen_port = 6432
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $conf/userlist.txt
pool_mode = transaction
max_client_conn = ${MAX_CLIENT_CONN:-1000}
default_pool_size = ${DEFAULT_POOL_SIZE:-40}
ignore_startup_parameters = extra_float_digits
INI
chmod 0600 "$conf/userlist.txt" "$conf/pgbouncer.ini"
exec pgbouncer "$conf/pgbouncer.ini"
