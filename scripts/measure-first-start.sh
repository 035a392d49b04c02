#!/usr/bin/env bash
# From a fresh clone to a serving shop, as a newcomer does it: clones this repository's current
# commit into a temporary folder, runs `npm install` and the first `npm start` (which builds the
# front ends and creates the database), and times each until the shop answers GET / with 200.
# Twice: with an empty npm cache, then in a second fresh clone with the cache the first one filled.
#
#   scripts/measure-first-start.sh [PORT]      (default 9590; the shop's API takes PORT+1)
#
# Commit first: only committed work is cloned. The figures depend on the machine's load: the
# load average is printed before and after each run.
set -euo pipefail

repo="$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)"
commit="$(git -C "$repo" rev-parse HEAD)"
port="${1:-9590}"
work="$(mktemp -d /tmp/first-start-XXXXXX)"
cache="$work/npm-cache"
mkdir -p "$cache"
start_pid=""

cleanup() {
  if [ -n "$start_pid" ] && kill -0 "$start_pid" 2>/dev/null; then
    kill -TERM "$start_pid"
    wait "$start_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

run() {
  local label="$1" dir="$work/$1"
  echo "== $label npm cache (commit ${commit:0:10}); load: $(cut -d' ' -f1-3 /proc/loadavg)"
  git clone --quiet --no-checkout "$repo" "$dir"
  git -C "$dir" checkout --quiet "$commit"
  cd "$dir"

  local t0 t1 t2
  t0=$(now)
  npm_config_cache="$cache" npm install >"$work/$label-install.log" 2>&1 || { tail -20 "$work/$label-install.log"; exit 1; }
  t1=$(now)
  PORT="$port" npm_config_cache="$cache" node scripts/start.mjs >"$work/$label-start.log" 2>&1 &
  start_pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$port/"; do
    kill -0 "$start_pid" 2>/dev/null || { tail -30 "$work/$label-start.log"; exit 1; }
    sleep 0.2
  done
  t2=$(now)
  kill -TERM "$start_pid"
  wait "$start_pid" 2>/dev/null || true
  start_pid=""
  cd "$repo"

  echo "   npm install: $(secs "$t0" "$t1") s; first npm start until the shop answers: $(secs "$t1" "$t2") s; in all: $(secs "$t0" "$t2") s"
  echo "   load after: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
}

run empty
run warm
