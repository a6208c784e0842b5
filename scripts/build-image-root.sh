#!/usr/bin/env bash
# Lays out Ordo's runtime folder: what the container image holds, and what any host can run with
# `node packages/server/dist/main.js`. Run from a clean copy of the repository (the Dockerfile's
# build stage; the container test runs it as it is in a temporary copy):
#
#   scripts/build-image-root.sh OUT
#
# 1. installs every dependency from the lockfile (native addons compiled here, once);
# 2. builds core, server and web;
# 3. prunes node_modules to the production dependencies;
# 4. copies the package manifests, the builds and node_modules to OUT, nothing else.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUT" >&2; exit 2; }
src=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "$1")
cd "$src"

npm ci --no-audit --no-fund --prefer-offline
npm run build
npm prune --omit=dev --no-audit --no-fund

rm -rf "$out"
mkdir -p "$out"
cp -a package.json package-lock.json node_modules "$out/"
for pkg in core server web; do
  mkdir -p "$out/packages/$pkg"
  cp -a "packages/$pkg/package.json" "packages/$pkg/dist" "$out/packages/$pkg/"
  # npm nests a workspace's own copy of a dependency when the root holds another version.
  if [ -d "packages/$pkg/node_modules" ]; then cp -a "packages/$pkg/node_modules" "$out/packages/$pkg/"; fi
done
echo "Ordo's runtime folder is ready: $out ($(du -sh "$out" | cut -f1))"
