#!/bin/sh
# `make reports-commit`: copies the reports of make bench/verify/report from the build tree into
# reports/ (what the checkout commits); the only step that writes there.
# usage: commit.sh BUILD_REPORTS_DIR SOURCE_REPORTS_DIR
set -eu
from=$1
to=$2
[ -d "$from" ] || { echo "reports-commit: no $from: run make bench, make verify or make report first" >&2; exit 1; }
n=0
for f in "$from"/*.json "$from"/*.md "$from"/*.svg "$from"/*.png "$from"/index.html "$from"/data/*.csv; do
  [ -f "$f" ] || continue
  rel=${f#"$from"/}
  mkdir -p "$to/$(dirname "$rel")"
  cp "$f" "$to/$rel"
  n=$((n + 1))
done
echo "reports-commit: copied $n files into $to; review with git status and commit them" >&2
