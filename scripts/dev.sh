#!/usr/bin/env bash
# One entry point for a fresh Debian / Raspberry Pi OS machine with Python 3.11+:
#   bash scripts/dev.sh run   -> sets up .venv, then starts the companion on the embedded default
#   bash scripts/dev.sh test  -> sets up .venv with the test tools, then ruff, mypy and the test suite
# Set-up is idempotent: the venv is (re)installed only when pyproject.toml changed.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}

need_python() {
  if ! command -v "$PY" >/dev/null 2>&1; then
    echo "applejack-table: $PY not found; install Python 3.11 or newer" >&2; exit 1
  fi
  if ! "$PY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)'; then
    echo "applejack-table: needs Python 3.11 or newer, $PY is $("$PY" -V 2>&1)" >&2; exit 1
  fi
}

make_venv() {
  [[ -x .venv/bin/python ]] && return 0
  if ! "$PY" -m venv .venv >/dev/null 2>&1; then
    # Debian and Raspberry Pi OS ship venv/ensurepip as a separate package.
    rm -rf .venv
    echo "applejack-table: python venv module missing; installing python3-venv" >&2
    local sudo=""
    [[ $(id -u) -ne 0 ]] && sudo="sudo"
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq python3-venv
    "$PY" -m venv .venv
  fi
}

install() {  # $1: extras, e.g. "test"
  local extras=$1 stamp
  stamp=".venv/.installed-${extras}-$(sha256sum pyproject.toml | cut -c1-16)"
  [[ -f $stamp ]] && return 0
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[${extras}]"
  rm -f .venv/.installed-*
  touch "$stamp"
}

cmd=${1:-run}
shift || true
need_python
make_venv
case $cmd in
  run)
    install "test"
    exec .venv/bin/applejack-table run "$@"
    ;;
  test)
    install "test"
    .venv/bin/python -m ruff check .
    .venv/bin/python -m mypy
    exec .venv/bin/python -m pytest -q -n 2 "$@"
    ;;
  *)
    echo "usage: bash scripts/dev.sh run|test [args...]" >&2; exit 2
    ;;
esac
