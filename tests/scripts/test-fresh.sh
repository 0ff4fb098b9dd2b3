#!/bin/sh
# npm run test:fresh: what CI does, on this machine — a clean clone of the committed HEAD in a
# temporary folder, then the README's two commands. Uncommitted changes are not in it, on
# purpose: this answers "will CI pass?", not "does my work tree pass?".
set -eu
top=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/confab-fresh-XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
git clone --quiet --no-hardlinks "$top" "$tmp/confab"
# CI's clone has the reference folder beside it; so does this one.
[ -d "$top/../shared" ] && ln -s "$top/../shared" "$tmp/shared"
cd "$tmp/confab"
echo "test:fresh: $(git log -1 --format='%h %s') in $tmp/confab"
npm install --no-audit --no-fund
npm test
