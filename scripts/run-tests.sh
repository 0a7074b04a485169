#!/usr/bin/env bash
# Runs test files with Node's test runner: a short summary on standard output (failures first,
# then counts: scripts/test-summary.mjs) and the full TAP in test-results/NAME.tap for CI.
# Usage: scripts/run-tests.sh NAME CONCURRENCY FILE...
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1 concurrency=$2
shift 2
mkdir -p test-results
echo "$name: $# test processes, $concurrency at a time (full TAP: test-results/$name.tap)"
exec node --import tsx --test --test-concurrency="$concurrency" \
  --test-reporter=./scripts/test-summary.mjs --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="test-results/$name.tap" "$@"
