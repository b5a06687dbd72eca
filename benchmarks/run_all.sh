#!/usr/bin/env bash
# Every performance target of docs/performance.md, measured in one run on this machine, one JSON
# line per benchmark and a last line saying which target is met:
#   1. ../shared/bench/compare.sh: the bare lock-and-insert endpoint beside the site, 16 games;
#   2. the same comparison with 64 games (128 players);
#   3. benchmarks/ws_fanout.py three times (1,000 sockets, two ASGI workers);
#   4. benchmarks/ws_idle.py: 10,000 idle sockets held by one ASGI worker, and its memory;
#   5. benchmarks/pages.py: the game page and "my games" with 1,000 games in the database.
# Needs the project's .venv, PostgreSQL on loopback with the role argo/argo, Redis on 6379, wrk,
# and the bare endpoint's directory (BENCH, by default ../shared/bench: baseline.py, post.lua,
# compare.sh). Takes about eight minutes; the databases argo_perf, argo_ws (made anew) and
# argo_pages (filled once, then kept) are its own.
set -u
cd "$(dirname "$0")/.."
BENCH=$(readlink -f "${BENCH:-../shared/bench}")
PY=$PWD/.venv/bin/python BIN=$PWD/.venv/bin
export DJANGO_DEBUG=0 DJANGO_SECRET_KEY=bench-not-secret-$RANDOM$RANDOM$RANDOM DJANGO_ALLOWED_HOSTS=127.0.0.1,localhost
# Every benchmark user signs in from this one machine: more than the 30 sign-ins an address may make.
export SIGN_INS_PER_ADDRESS=100000
servers=()
trap 'kill "${servers[@]}" 2>/dev/null' EXIT
stop() { kill "${servers[@]}" 2>/dev/null; wait "${servers[@]}" 2>/dev/null; servers=(); }
fresh_db() { su postgres -c "dropdb --if-exists $1; createdb -O argo $1" >/dev/null 2>&1; }
prepare() {  # database, benchmark users
    export DATABASE_URL=postgres://argo:argo@127.0.0.1:5432/$1
    $PY manage.py migrate --noinput >/dev/null && $PY manage.py bench_users "$2" >/dev/null
}
bare() { wrk -t2 -c16 -d10s -s "$BENCH/post.lua" http://127.0.0.1:8312 | awk '/Requests\/sec/{print $2}'; }

# The per-user limits (games.limits) count in Redis: a run's fresh database reuses the users' ids,
# so the counts an earlier run left would refuse its new games.
redis-cli -n 5 flushdb >/dev/null
echo "# 1. compare.sh, 16 games" >&2
sixteen=$(bash "$BENCH/compare.sh" 2>/dev/null | tail -1)
echo "$sixteen"

echo "# 2. the same with 64 games" >&2
fresh_db argo_perf
export REDIS_URL=redis://127.0.0.1:6379/5
redis-cli -n 5 flushdb >/dev/null
prepare argo_perf 128 || exit 1
(cd "$BENCH" && $PY baseline.py >/dev/null) || exit 1
$BIN/gunicorn argo_site.wsgi:application -b 127.0.0.1:8311 -w 2 --threads 4 -k gthread >/tmp/run_all-site.log 2>&1 & servers+=($!)
(cd "$BENCH" && exec $BIN/gunicorn baseline:wsgi_application -b 127.0.0.1:8312 -w 2 --threads 4 -k gthread >/tmp/run_all-bare.log 2>&1) & servers+=($!)
sleep 4
b1=$(bare)
site=$($PY benchmarks/api_moves.py --url http://127.0.0.1:8311 --games 64 --seconds 20 2>/dev/null | tail -1)
b2=$(bare)
stop
sixty_four=$($PY - "$b1" "$b2" "$site" <<'PY'
import json, sys
b1, b2, site = float(sys.argv[1]), float(sys.argv[2]), json.loads(sys.argv[3])
bare = (b1 + b2) / 2
print(json.dumps({"games": 64, "bare_rps": round(bare, 1), "decisions_per_s": site["decisions_per_s"],
                  "ratio": round(site["decisions_per_s"] / bare, 3),
                  "post_moves_p99_ms": site["post_moves_p99_ms"], "errors": site["errors"]}))
PY
)
echo "$sixty_four"

echo "# 3. WebSocket fan-out, three times; 4. idle sockets" >&2
fresh_db argo_ws
export REDIS_URL=redis://127.0.0.1:6379/6
redis-cli -n 6 flushdb >/dev/null
prepare argo_ws 64 || exit 1
$BIN/gunicorn argo_site.wsgi:application -b 127.0.0.1:8300 -w 2 --threads 4 -k gthread >/tmp/run_all-api.log 2>&1 & servers+=($!)
DATABASE_POOL=1 $BIN/uvicorn argo_site.asgi:application --port 8303 --workers 2 --ws websockets-sansio --ws-max-size 1024 \
    --log-level warning >/tmp/run_all-asgi.log 2>&1 & asgi=$!
servers+=($asgi)
sleep 5
fanout=()
for _ in 1 2 3; do
    fanout+=("$($PY benchmarks/ws_fanout.py --api http://127.0.0.1:8300 --ws ws://127.0.0.1:8303 \
                 --clients 1000 --games 20 --rounds 5 | tail -1)")
    echo "${fanout[-1]}"
done
kill $asgi; wait $asgi 2>/dev/null
DATABASE_POOL=1 $BIN/uvicorn argo_site.asgi:application --port 8304 --workers 1 --ws websockets-sansio --ws-max-size 1024 \
    --log-level warning >/tmp/run_all-idle.log 2>&1 & one=$!
servers+=($one)
sleep 5
idle=$($PY benchmarks/ws_idle.py --ws ws://127.0.0.1:8304 --game 1 --sockets 10000 --pid $one --hold 30 | tail -1)
echo "$idle"
stop

echo "# 5. pages with 1,000 games" >&2
su postgres -c "psql -Atc \"SELECT 1 FROM pg_database WHERE datname = 'argo_pages'\"" | grep -q 1 \
    || su postgres -c "createdb -O argo argo_pages"
# In-process: the test client's own host name, and no Redis (as the benchmark's own defaults say).
pages=$(env -u DJANGO_ALLOWED_HOSTS -u REDIS_URL DATABASE_URL=postgres://argo:argo@127.0.0.1:5432/argo_pages \
        $PY benchmarks/pages.py --games 1000 2>/dev/null | grep '^{' | tail -1)
echo "$pages"

$PY - "$sixteen" "$sixty_four" "$idle" "$pages" "${fanout[@]}" <<'PY'
import json, statistics, sys
sixteen, sixty_four, idle, pages, *fanout = (json.loads(a) for a in sys.argv[1:])
p99s = [f["p99_ms"] for f in fanout]
print(json.dumps({"targets_met": {
    "ratio_16_games_at_least_0.5": sixteen["ratio"] >= 0.5,
    "post_p99_16_games_at_most_100_ms": sixteen["post_moves_p99_ms"] <= 100,
    "ratio_64_games_at_least_0.5": sixty_four["ratio"] >= 0.5,
    "post_p99_64_games_at_most_250_ms": sixty_four["post_moves_p99_ms"] <= 250,
    "no_errors": sixteen["errors"] == 0 and sixty_four["errors"] == 0,
    "fanout_p99_at_most_200_ms (median of three)": statistics.median(p99s) <= 200,
    "idle_10000_sockets_at_most_1_GiB": idle["open"] == 10000 and idle["rss_mib_with_sockets"] <= 1024,
    "game_page_median_at_most_50_ms": pages["game_page_median_ms"] <= 50,
    "my_games_median_at_most_50_ms": pages["my_games_median_ms"] <= 50,
}, "fanout_p99_ms": p99s}))
PY
