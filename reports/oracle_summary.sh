#!/bin/sh
# Cuts the per-algorithm totals out of an oracle JSON summary (mjverify verify --json):
# a first line "# RULES TILES SIZE_MIN SIZE_MAX MODE", then one algorithm a line:
# "name flawed hands mismatches false_wins false_nonwins thread_ns_per_hand".
# Usage: sh reports/oracle_summary.sh FILE.json   (exit 1 when it holds no algorithm)
awk '
function num(key,    m) {
  if (match(line, "\"" key "\": *[-0-9.e+]+")) { m = substr(line, RSTART, RLENGTH); sub(/^[^:]*: */, "", m); return m }
  return "?"
}
function str(key,    m) {
  if (match(line, "\"" key "\": *\"[^\"]*\"")) { m = substr(line, RSTART, RLENGTH); sub(/^[^:]*: *"/, "", m); sub(/"$/, "", m); return m }
  return "?"
}
{ line = $0 }
/^ *"tiles":/ { tiles = num("tiles") }
/^ *"rules":/ { rules = str("rules") }
/^ *"mode":/ { mode = str("mode") }
/^ *"sizes":/ { s = line; gsub(/[^0-9,]/, "", s); split(s, z, ","); smin = z[1]; smax = z[2] }
/^ *\{"name":/ {
  # the totals come before the first "by_size": cut the line there
  i = index(line, "\"by_size\""); if (i) line = substr(line, 1, i - 1)
  out[++n] = sprintf("%s %s %s %s %s %s %s", str("name"), line ~ /"flawed":true/ ? "flagged" : "-", num("hands"),
                     num("mismatches"), num("false_wins"), num("false_nonwins"), num("thread_ns_per_hand"))
}
END {
  if (!n) exit 1
  printf "# %s %s %s %s %s\n", rules, tiles, smin, smax, mode
  for (i = 1; i <= n; i++) print out[i]
}' "$1"
