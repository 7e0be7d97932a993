#!/bin/sh
# The installed copy as a user gets it: cmake --install into a temporary prefix, only mj_ names
# exported (ddz_ ones from libmjverify-ddz), and the C and C++ consumers built against it by
# pkg-config and by find_package, shared and static, each run; the Python package over it.
# Usage: install.sh BUILD_DIR SOURCE_DIR
set -u
build=$1 src=$2
failed=0 passed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() {
  if [ "$2" = "$3" ]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); printf 'FAIL %s\n--- want\n%s\n--- got\n%s\n' "$1" "$2" "$3"; fi
}
tab=$(printf '\t')
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >"$tmp/log" 2>&1; check install-rc 0 $?
[ $failed -eq 0 ] || { cat "$tmp/log"; exit 1; }
so=$(find "$prefix" -name 'libmjverify.so' | head -1)
pc=$(dirname "$(find "$prefix" -name mjverify.pc | head -1)")
for f in bin/mjverify include/mjverify/mjverify.h include/mjverify/mjverify_version.h include/mjverify/mjverify_plugin.h; do
  check "installed-$f" yes "$([ -f "$prefix/$f" ] && echo yes)"
done
check installed-static yes "$([ -n "$(find "$prefix" -name libmjverify.a)" ] && echo yes)"
check installed-cmake yes "$([ -n "$(find "$prefix" -name mjverifyConfig.cmake)" ] && echo yes)"
check exports-only-mj "" "$(nm -D --defined-only "$so" | awk '{print $3}' | grep -v '^mj_')"
check exports-some yes "$([ "$(nm -D --defined-only "$so" | grep -c ' mj_')" -gt 20 ] && echo yes)"
# --version comes with the command's help work (issue 15); once there, it must match the header
if "$prefix/bin/mjverify" --version >/dev/null 2>&1; then
  check version "$(sed -n 's/.*MJVERIFY_VERSION_STRING "\(.*\)"/\1/p' "$prefix/include/mjverify/mjverify_version.h")" \
    "$("$prefix/bin/mjverify" --version | head -1 | grep -o '[0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*' | head -1)"
fi

# the commands, their man pages and bash completions (mjverify-mpi where it was built)
for f in bin/ddz share/man/man1/mjverify.1 share/man/man1/ddz.1 share/bash-completion/completions/mjverify \
         share/bash-completion/completions/ddz; do
  check "installed-$f" yes "$([ -f "$prefix/$f" ] && echo yes)"
done
if [ -x "$build/cli/mjverify-mpi" ]; then
  check installed-bin/mjverify-mpi yes "$([ -x "$prefix/bin/mjverify-mpi" ] && echo yes)"
fi
check ddz-version "$("$build/ddz/ddz" --version)" "$("$prefix/bin/ddz" --version 2>&1)"
for p in mjverify ddz; do
  check "$p.1-title" "$(echo "$p" | tr a-z A-Z)" "$(sed -n 's/^\.TH \([A-Z]*\) 1 .*/\1/p' "$prefix/share/man/man1/$p.1")"
  check "$p.1-same-as-help" "$("$build"/*/"$p" help --man 2>/dev/null)" "$(cat "$prefix/share/man/man1/$p.1")"
  if command -v bash >/dev/null; then
    check "$p-completion-loads" "complete -F _$p $p" \
      "$(bash -c ". '$prefix/share/bash-completion/completions/$p' && complete -p $p" 2>&1)"
  fi
done

hands="123m456m789m111p22s 19m19p19s1234567z1m 11m22"
want_c="123m456m789m111p22s${tab}truth=win${tab}table=win
19m19p19s1234567z1m${tab}truth=win${tab}table=win
11m22${tab}error${tab}mpsz: byte 3: digit '2' without a suit letter after it"
want_cpp="123m456m789m111p22s${tab}truth=win${tab}waits=-
19m19p19s1234567z1m${tab}truth=win${tab}waits=-
11m22${tab}error${tab}mpsz: byte 3: digit '2' without a suit letter after it"
export PKG_CONFIG_PATH="$pc"
# pkg-config, shared and static
cc -o "$tmp/c-pc" "$src/examples/consumer-c/main.c" $(pkg-config --cflags --libs mjverify) -Wl,-rpath,"$(dirname "$so")"
check c-pkgconfig "$want_c" "$("$tmp/c-pc" $hands | tail -n +2)"
cc -o "$tmp/c-pc-static" "$src/examples/consumer-c/main.c" $(pkg-config --cflags mjverify) \
  "$(dirname "$so")/libmjverify.a" $(pkg-config --libs-only-other --static mjverify)
check c-pkgconfig-static "$want_c" "$("$tmp/c-pc-static" $hands | tail -n +2)"
if command -v c++ >/dev/null; then
  c++ -o "$tmp/cpp-pc" "$src/examples/consumer-cpp/main.cpp" $(pkg-config --cflags --libs mjverify) -Wl,-rpath,"$(dirname "$so")"
  check cpp-pkgconfig "$want_cpp" "$("$tmp/cpp-pc" $hands | tail -n +2)"
fi
# find_package, shared and static
for lang in c cpp; do
  [ $lang = cpp ] && ! command -v c++ >/dev/null && continue
  want=$want_c; [ $lang = cpp ] && want=$want_cpp
  cmake -S "$src/examples/consumer-$lang" -B "$tmp/b-$lang" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_BUILD_RPATH="$(dirname "$so")" >"$tmp/log" 2>&1 && cmake --build "$tmp/b-$lang" >>"$tmp/log" 2>&1
  rc=$?; check "$lang-find_package-build" 0 $rc; [ $rc -eq 0 ] || cat "$tmp/log"
  check "$lang-find_package" "$want" "$("$tmp/b-$lang/consumer" $hands | tail -n +2)"
  check "$lang-find_package-static" "$want" "$("$tmp/b-$lang/consumer_static" $hands | tail -n +2)"
done
# libmjverify-ddz (issue 31): its headers and pkg-config file, only ddz_ names exported, and a C
# consumer solving a published puzzle through pkg-config, shared and static, and find_package
ddzso=$(find "$prefix" -name 'libmjverify-ddz.so' | head -1)
check installed-ddz-so yes "$([ -n "$ddzso" ] && echo yes)"
for f in mjverify_ddz.h ddz_flat.h ddz_line.h ddz_cards.h ddz_moves.h ddz_movegen.h ddz_solver.h mj_flat.h mj_shanten.h; do
  check "installed-include/mjverify/$f" yes "$([ -f "$prefix/include/mjverify/$f" ] && echo yes)"
done
check installed-ddz-pc yes "$([ -f "$pc/mjverify-ddz.pc" ] && echo yes)"
check ddz-exports-only-ddz "" "$(nm -D --defined-only "$ddzso" | awk '{print $3}' | grep -v '^ddz_')"
check ddz-exports-some yes "$([ "$(nm -D --defined-only "$ddzso" | grep -c ' ddz_')" -gt 20 ] && echo yes)"
check mj-exports-flat yes "$(nm -D --defined-only "$so" | grep -q ' mj_counts_is_win_batch$' && echo yes)"
mkdir -p "$tmp/ddz"
cat >"$tmp/ddz/main.c" <<'EOC'
/* Solves ME ENEMY (ME leads) with the fast solver and prints the outcome and the winning first moves. */
#include <stdio.h>
#include <mjverify_ddz.h>
static ddz_result res;
int main(int argc, char **argv)
{
    ddz_position p = {0};
    ddz_rules r;
    ddz_error e;
    ddz_solve_options o = {.threads = 1, .all_first_moves = 1};
    char buf[64];
    if (argc != 3 || ddz_parse_hand(argv[1], 0, &p.me, &e) || ddz_parse_hand(argv[2], 0, &p.enemy, &e) ||
        ddz_parse_rules("", &r, &e))
        return 2;
    ddz_outcome out = ddz_solver_find("fast")->solve(&p, &r, &o, &res);
    printf("%s", out == DDZ_SOLVE_WIN ? "win" : out == DDZ_SOLVE_LOSS ? "loss" : "other");
    for (size_t i = 0; i < res.n_first; i++)
        if (res.first_wins[i] == 1 && ddz_format_move(&res.first[i], buf, sizeof buf) < sizeof buf) printf(" %s", buf);
    printf("\n");
    return 0;
}
EOC
cat >"$tmp/ddz/CMakeLists.txt" <<'EOC'
cmake_minimum_required(VERSION 3.25)
project(ddz_consumer LANGUAGES C)
find_package(mjverify REQUIRED)
add_executable(consumer main.c)
target_link_libraries(consumer PRIVATE mjverify::mjverify_ddz)
add_executable(consumer_static main.c)
target_link_libraries(consumer_static PRIVATE mjverify::mjverify_ddz_static)
EOC
want_ddz="win single:4 single:5"
cc -o "$tmp/ddz-pc" "$tmp/ddz/main.c" $(pkg-config --cflags --libs mjverify-ddz) -Wl,-rpath,"$(dirname "$ddzso")"
check ddz-pkgconfig "$want_ddz" "$("$tmp/ddz-pc" 3455KK 345522)"
cc -o "$tmp/ddz-pc-static" "$tmp/ddz/main.c" $(pkg-config --cflags mjverify-ddz) \
  "$(dirname "$ddzso")/libmjverify-ddz.a" $(pkg-config --libs-only-other --static mjverify-ddz)
check ddz-pkgconfig-static "$want_ddz" "$("$tmp/ddz-pc-static" 3455KK 345522)"
cmake -S "$tmp/ddz" -B "$tmp/b-ddz" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_RPATH="$(dirname "$ddzso")" \
  >"$tmp/log" 2>&1 && cmake --build "$tmp/b-ddz" >>"$tmp/log" 2>&1
rc=$?; check ddz-find_package-build 0 $rc; [ $rc -eq 0 ] || cat "$tmp/log"
check ddz-find_package "$want_ddz" "$("$tmp/b-ddz/consumer" 3455KK 345522)"
check ddz-find_package-static "$want_ddz" "$("$tmp/b-ddz/consumer_static" 3455KK 345522)"
# the Python package (python/) over the installed libraries, not the build tree's
if command -v python3 >/dev/null; then
  check python-installed "True win $(dirname "$so")/libmjverify.so" "$(MJVERIFY_LIB_DIR="$(dirname "$so")" \
    PYTHONPATH="$src/python" PYTHONDONTWRITEBYTECODE=1 python3 -c "import mjverify; from mjverify import ddz
print(mjverify.check('123m456m789m111p22s'), ddz.solve('3455KK', '345522').outcome, mjverify.library_path)" 2>&1)"
fi
echo "install.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
