#!/bin/sh
# Installs the Debian packages mjverify needs when run as root; otherwise prints the
# exact apt-get line and fails. Usage: scripts/deps.sh [fuzz]
set -eu
need="cmake make gcc g++ python3 pkg-config check gnuplot-nox libopenmpi-dev openmpi-bin"
# the Python package (python/): its tests, and pip install --no-build-isolation ./python
need="$need python3-pytest python3-pip python3-setuptools python3-wheel python3-venv"
[ "${1:-}" = fuzz ] && need="$need clang-14 libclang-rt-14-dev"
missing=""
for p in $need; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  echo "deps: installing$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends $missing >&2
else
  echo "deps: missing Debian packages:$missing" >&2
  echo "deps: run: sudo apt-get install -y$missing" >&2
  exit 1
fi
