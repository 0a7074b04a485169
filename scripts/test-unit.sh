#!/usr/bin/env bash
# Every test that needs no browser, Redis or nginx, as any user: nothing is installed. It builds
# first when the build is not current (the command's and the README's tests run the built
# package), then runs the files, six processes at a time: a few of them mostly wait.
# The recording tests use Debian's curl, script (bsdutils), opusenc, flac, lame and sox, which
# `npm test` installs; they are named here when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
for tool in curl script opusenc flac lame sox; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
  echo "missing: ${missing[*]} (Debian: curl bsdutils opus-tools flac lame sox; or run npm test as root, which installs them)" >&2
  exit 1
fi
# Built again only when something the build reads changed since the last build here (the stamp).
stamp=dist/.test-unit-built
inputs=(src web packages package.json package-lock.json tsconfig.json tsconfig.build.json scripts/build-web.mjs)
if [[ ! -e $stamp ]] || [[ -n $(find "${inputs[@]}" -newer "$stamp" -not -path '*/node_modules/*' -not -path 'packages/*/dist/*' -print -quit) ]]; then
  npm run build --silent
  touch "$stamp"
fi
# Browser tests are test/web/*.test.ts (test/web/page/ holds the page's pure logic: unit tests);
# Redis and nginx tests are test/ops/.
mapfile -t files < <(find test -name '*.test.ts' -not -path 'test/ops/*' -not -regex 'test/web/[^/]*\.test\.ts' | sort)
# The files that wait longest (on real-time streams and timers) keep a process each and start
# first, so that the last seconds are not one of them alone, with the README's and the packed
# library's (processes of their own too) to keep both cores busy meanwhile. Four processes then
# share the rest, each taking the next file of a queue as it finishes one, the heaviest first, so
# that they end together (scripts/test-shards.mjs, which names the entries so that Node's runner,
# which sorts the files it is given, starts them in this order). Six at a time: most of the
# first ones wait.
first=(test/http/listen.test.ts test/cli/listen.test.ts test/readme.test.ts test/cli/spots.test.ts test/robustness/malformed-connections.test.ts test/packaging/library.test.ts)
heaviest=(test/http/listen-load.test.ts test/http/decode-deadline.test.ts test/cli/main.test.ts test/audio/decoder/one-station.test.ts test/http/decode-admission.test.ts test/audio/decoder/live/listener.test.ts test/http/listen-spots.test.ts test/cli/serve.test.ts test/audio/decoder/live/spotter.test.ts test/packaging/cli.test.ts)
mapfile -t queue < <(printf '%s\n' "${heaviest[@]}"; printf '%s\n' "${files[@]}" | grep -vxF -f <(printf '%s\n' "${heaviest[@]}"))
mapfile -t runs < <(node scripts/test-shards.mjs test-results/shards 4 "${first[@]}" -- "${queue[@]}")
# Property tests try a quarter of their cases here (test/helpers/fuzz-runs.ts); npm test tries them all.
export FUZZ_SHARE="${FUZZ_SHARE:-0.25}"
exec bash scripts/run-tests.sh unit "${TEST_CONCURRENCY:-6}" "${runs[@]}"
