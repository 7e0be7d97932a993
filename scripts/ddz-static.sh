#!/bin/sh
# A static ddz (libgomp.a linked in) for a machine without this one's libraries, such as a lent
# 16-core machine (scripts/ddz-scaling.sh): OUT, built in BUILD_DIR with CFLAGS added, e.g.
# "-DDDZ_FAST_SPLIT_GROW=0" to measure other defaults of ddz/solvers/fast.c's settings.
# Usage: sh scripts/ddz-static.sh OUT [CFLAGS [BUILD_DIR]]
set -eu
out=$1 flags=${2:-} dir=${3:-/tmp/ddz-static-$$}
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "-DCMAKE_C_FLAGS=$flags" -DCMAKE_EXE_LINKER_FLAGS=-static \
  "-DOpenMP_gomp_LIBRARY=$(gcc -print-file-name=libgomp.a)" >"$dir.log" 2>&1
cmake --build "$dir" -j 2 --target ddz >>"$dir.log" 2>&1 || { echo "ddz-static: build failed ($dir.log)" >&2; exit 1; }
cp "$dir/ddz/ddz" "$out"
echo "ddz-static: $out ($flags)"
