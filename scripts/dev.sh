#!/usr/bin/env bash
# One entry point for a fresh Debian / Raspberry Pi OS machine with Python 3.11+:
#   bash scripts/dev.sh run   -> sets up .venv (runtime dependencies only), then starts the companion
#   bash scripts/dev.sh test  -> sets up .venv with the test tools (and Debian's chromium and
#                                chromium-driver for the browser tests), then ruff, mypy and the test suite
# Set-up is idempotent: the venv is (re)installed only when pyproject.toml changed (or `test` needs
# the test tools a `run`-only venv lacks).
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

install() {  # $1: "runtime" (pip install -e .) or "test" (pip install -e '.[test]')
  local kind=$1 hash spec=.
  hash=$(sha256sum pyproject.toml | cut -c1-16)
  [[ -f .venv/.installed-$kind-$hash ]] && return 0
  # the test tools come on top of the runtime: a venv set up for `test` also serves `run`
  [[ $kind == runtime && -f .venv/.installed-test-$hash ]] && return 0
  [[ $kind == test ]] && spec=".[test]"
  # set-up a person reads is quiet unless something is wrong: pip's and setuptools' notes
  # ("Editable installation…") go to a log shown only when an install fails
  local log
  log=$(mktemp)
  if ! { .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip &&
         .venv/bin/python -m pip install -q --disable-pip-version-check -e "$spec"; } >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "applejack-table: installing the dependencies failed (pip's output above)" >&2
    exit 1
  fi
  rm -f "$log"
  find .venv -maxdepth 1 -name '.installed-*' ! -name "*-$hash" -delete  # stamps of an older pyproject.toml
  touch ".venv/.installed-$kind-$hash"
}

# --- the browser tests (tests/web/*browser*, test_pad_pages.py): Debian's chromium and chromedriver ---
# Installed for `test` where missing, as python3-venv is (apt-get, as root or with sudo). Not fatal:
# without them the browser tests skip, and with CI set they fail the run (tests/web/browser.py).
# APPLEJACK_SKIP_BROWSER_INSTALL=1 leaves the machine as it is.
need_browser() {
  command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 && return 0
  [[ -n ${APPLEJACK_SKIP_BROWSER_INSTALL:-} ]] && return 0
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "applejack-table: chromium or chromedriver missing and no apt-get here: the browser tests will not run" >&2
    return 0
  fi
  echo "applejack-table: installing chromium and chromium-driver for the browser tests" >&2
  local sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  if ! { $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver; }; then
    echo "applejack-table: installing chromium and chromium-driver failed: the browser tests will not run" >&2
  fi
}

cmd=${1:-run}
shift || true
need_python
make_venv
case $cmd in
  run)
    install "runtime"
    exec .venv/bin/applejack-table run "$@"
    ;;
  test)
    install "test"
    need_browser
    .venv/bin/python -m ruff check .
    .venv/bin/python -m mypy
    # worksteal: an idle worker takes tests queued on the others, so no long test is left to end the run alone.
    # Three workers on the two cores: a good part of the suite waits (processes starting, a browser's
    # round trips, a simulated sensor's unplugs), and a third worker computes meanwhile (whole suite on
    # the 2-core machine, quiet: 183 s with two workers, 166 s with three, 173 s with four).
    # Bytecode is written even when the caller's shell says not to (PYTHONDONTWRITEBYTECODE): else each
    # worker compiles and assertion-rewrites every test module again (~6 s of CPU each) and every
    # `python -m table` child the tests start compiles what it imports (~0.03 s each, hundreds of them).
    # The tests' temporary files go to tmpfs when the caller chose no TMPDIR: the journal fsyncs every
    # step (synchronous=FULL), ~4 ms each on this machine's disk or an SD card, a fifth of a companion
    # test's wall time; no test cuts the power, so the disk adds nothing but the wait. (Not when /dev/shm
    # is mounted noexec: tests run scripts they write into their temporary directories; nor when it has
    # less than 512 MB free, as in a container.)
    tmp=${TMPDIR:-}
    if [[ -z $tmp && -d /dev/shm && -w /dev/shm ]] && ! grep -qs '^[^ ]* /dev/shm [^ ]* [^ ]*noexec' /proc/mounts &&
       (( $(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 {print $4}' || echo 0) >= 524288 )); then
      tmp=/dev/shm
    fi
    exec env -u PYTHONDONTWRITEBYTECODE ${tmp:+"TMPDIR=$tmp"} .venv/bin/python -m pytest -q -n 3 --dist worksteal "$@"
    ;;
  *)
    echo "usage: bash scripts/dev.sh run|test [args...]" >&2; exit 2
    ;;
esac
