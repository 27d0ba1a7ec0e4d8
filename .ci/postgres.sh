#!/usr/bin/env bash
# Start a throwaway PostgreSQL 15 server for the tests; print its URL on stdout.
#
#   url=$(bash .ci/postgres.sh start DIR)   # initdb in DIR/data, listen on a free loopback port
#   bash .ci/postgres.sh stop DIR
#
# Every run uses a fresh data directory and a port that was free a moment ago (retried on
# another port if the server cannot bind it), so a stale server from an earlier run, or a
# port something else holds, cannot break it. PostgreSQL refuses to run as root: as root the
# server runs as the postgres user. Authentication is trust, on 127.0.0.1 only.
set -euo pipefail

PGBIN="${PGBIN:-/usr/lib/postgresql/15/bin}"
cmd="${1:?start|stop}"
dir="${2:?a directory for the server}"

as_pg() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

case "$cmd" in
start)
    [ -x "$PGBIN/initdb" ] || { echo "no PostgreSQL server binaries in $PGBIN" >&2; exit 3; }
    mkdir -p "$dir"
    if [ -f "$dir/data/postmaster.pid" ]; then  # a server left running in this directory
        as_pg "$PGBIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir/data"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_pg "$PGBIN/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C \
        >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    port="${PG_PORT:-$(free_port)}"  # PG_PORT: the first port to try (tests of this script)
    for _attempt in 1 2 3 4 5; do
        if as_pg "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
                -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" start \
                >/dev/null 2>&1; then
            echo "postgresql://postgres@127.0.0.1:$port/postgres"
            exit 0
        fi
        port=$(free_port)
    done
    echo "PostgreSQL did not start; its log:" >&2
    cat "$dir/server.log" >&2 || true
    exit 1
    ;;
stop)
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_pg "$PGBIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
