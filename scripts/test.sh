#!/usr/bin/env bash
# Installs everything the tests need (npm packages; Debian's redis-server, nginx,
# chromium, script, opusenc, flac, lame, sox and curl when missing), type-checks and lints, then runs every test with Node's test runner.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v redis-server >/dev/null || missing+=(redis-server)
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || missing+=(nginx)
# The README's examples are run as written, curl commands and all (test/readme.test.ts).
command -v curl >/dev/null || missing+=(curl)
# The command's progress tests put its standard error on a terminal with util-linux's script.
command -v script >/dev/null || missing+=(bsdutils)
# Opus and FLAC test recordings are made by encoders independent of the decoders: Debian's;
# and MP3s with LAME's own Info frame (gapless tag), which our MP3 encoder's is checked against.
command -v opusenc >/dev/null || missing+=(opus-tools)
command -v flac >/dev/null || missing+=(flac)
command -v lame >/dev/null || missing+=(lame)
# A second renderer of Morse, sharing no code with ours: sox.
command -v sox >/dev/null || missing+=(sox)
# The playground's tests drive Debian's Chromium (never a downloaded browser).
[[ -x /usr/bin/chromium ]] || missing+=(chromium fonts-liberation)
if ((${#missing[@]})); then
  echo "installing Debian packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# Installed again when the lockfile changed since the last install.
[[ node_modules/.package-lock.json -nt package-lock.json ]] || npm ci

npm run build --silent # the package's own entry (dist/) is tested too
npx tsc -p tsconfig.json
npx tsc -p tsconfig.test-web.json # the browser tests, which run code in the page too
npx tsc -p tsconfig.web.json # the page's script, with the browser's types and no Node's
npx biome ci . # lint and formatting (biome.jsonc); `npm run format` fixes the formatting
mapfile -t files < <(find test -name '*.test.ts' -not -path 'test/web/*' | sort)
mapfile -t units < <(find test/web/page -name '*.test.ts' | sort)
# Each run prints a short summary (failures first, then counts) and keeps its full TAP in
# test-results/ (scripts/run-tests.sh).
bash scripts/run-tests.sh all 2 "${files[@]}" "${units[@]}"
# The page's tests time keying and playback in Chromium: they run after the rest, one file at a
# time, so that no decoding test competes with them for the machine's cores.
mapfile -t pages < <(find test/web -maxdepth 1 -name '*.test.ts' | sort)
exec bash scripts/run-tests.sh page 1 "${pages[@]}"
