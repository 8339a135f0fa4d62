#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1 (installing Debian's server if needed) and
# exports PG_URL. Used by .ci/run and the PostgreSQL benchmark.
PG_PORT="${PG_PORT:-54329}"
PG_DIR="${PG_DIR:-/tmp/lumio-pg}"

start_postgres() {
  # Computed here, so PG_PORT may also be set after sourcing this file.
  export PG_URL="postgres://postgres@127.0.0.1:${PG_PORT}/postgres"
  if pg_isready -h 127.0.0.1 -p "$PG_PORT" >/dev/null 2>&1; then return 0; fi
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "PostgreSQL-Server wird aus Debian installiert …"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  fi
  rm -rf "$PG_DIR"
  mkdir -p "$PG_DIR"
  chown -R postgres:postgres "$PG_DIR" 2>/dev/null || true
  local as_pg=()
  if [ "$(id -u)" = "0" ]; then as_pg=(runuser -u postgres --); fi
  "${as_pg[@]}" "$bin/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  "${as_pg[@]}" "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
    -o "-c listen_addresses=127.0.0.1 -c port=${PG_PORT} -c unix_socket_directories=${PG_DIR} -c fsync=off -c max_connections=200" start >/dev/null
  echo "PostgreSQL läuft auf 127.0.0.1:${PG_PORT}"
}

stop_postgres() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  local as_pg=()
  if [ "$(id -u)" = "0" ]; then as_pg=(runuser -u postgres --); fi
  [ -n "$bin" ] && "${as_pg[@]}" "$bin/pg_ctl" -D "$PG_DIR/data" -m fast stop >/dev/null 2>&1 || true
}
