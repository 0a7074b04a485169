#!/usr/bin/env bash
# Installs everything the tests need (npm packages; Debian's redis-server, nginx,
# chromium and script when missing), type-checks and lints, then runs every test with Node's test runner.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v redis-server >/dev/null || missing+=(redis-server)
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || missing+=(nginx)
# The command's progress tests put its standard error on a terminal with util-linux's script.
command -v script >/dev/null || missing+=(bsdutils)
# The playground's tests drive Debian's Chromium (never a downloaded browser).
[[ -x /usr/bin/chromium ]] || missing+=(chromium fonts-liberation)
if ((${#missing[@]})); then
  echo "installing Debian packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
[[ -d node_modules ]] || npm ci

npm run build --silent # the package's own entry (dist/) is tested too
npx tsc -p tsconfig.json
npx tsc -p tsconfig.web.json # the playground's script, plain JavaScript checked as TypeScript
npx biome ci . # lint and formatting (biome.jsonc); `npm run format` fixes the formatting
mapfile -t files < <(find test -name '*.test.ts' | sort)
exec node --import tsx --test --test-concurrency=2 "${files[@]}"
