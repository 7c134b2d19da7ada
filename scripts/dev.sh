#!/usr/bin/env bash
# One entry point for a fresh Debian / Raspberry Pi OS machine with Python 3.11+:
#   bash scripts/dev.sh run   -> sets up .venv (runtime dependencies only), then starts the companion
#   bash scripts/dev.sh test  -> sets up .venv with the test tools (and Debian's chromium and
#                                chromium-driver for the browser tests), then ruff, mypy and the test suite
#   (on a Raspberry Pi both add the `pi` extra: the venv drives the real pins; see pi_plan below)
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

# On a Raspberry Pi the venv drives the real pins (`--pins lgpio`, issue 35): the `pi` extra (lgpio's
# PyPI wheel up to Python 3.12, RPi.GPIO on armv7l), and where the system's python3-lgpio is there
# (Raspberry Pi OS; on Python 3.13 PyPI has no wheel) a venv that sees the system's packages.
# `bash scripts/dev.sh pi-plan` prints the decision; APPLEJACK_MACHINE, APPLEJACK_PY_MINOR and
# APPLEJACK_SYSTEM_LGPIO=0|1 stand in for uname -m, Python's minor version and `import lgpio`.
pi_plan() {  # prints: <extras for pip> <system-site|plain> <how lgpio comes>
  local machine=${APPLEJACK_MACHINE:-$(uname -m)} minor=${APPLEJACK_PY_MINOR:-} system=${APPLEJACK_SYSTEM_LGPIO:-}
  case "$(uname -s)-$machine" in
    Linux-aarch64 | Linux-armv7l) ;;
    *) echo "- plain mock-pins"; return ;;
  esac
  [[ -n $minor ]] || minor=$("$PY" -c 'import sys; print(sys.version_info[1])')
  if [[ -z $system ]]; then
    if "$PY" -c 'import lgpio' 2>/dev/null; then system=1; else system=0; fi
  fi
  if ((system)); then echo "pi system-site python3-lgpio"
  elif ((minor < 13)); then echo "pi plain pypi-wheel"
  else echo "pi plain missing"
  fi
}

pi_lgpio() {  # $1: the plan's lgpio word; on 3.13 without it: python3-lgpio from apt where the archive has it
  [[ $1 == missing ]] || return 0
  local sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  if apt-cache show python3-lgpio >/dev/null 2>&1 && $sudo apt-get install -y -qq python3-lgpio >/dev/null 2>&1 &&
     "$PY" -c 'import lgpio' 2>/dev/null; then
    echo "applejack-table: python3-lgpio installed: the venv sees it (--pins lgpio)" >&2
    return 1  # the plan changes: a venv with the system's packages
  fi
  echo "applejack-table: no lgpio for $("$PY" -V 2>&1) here (no wheel, no python3-lgpio): --pins lgpio" \
    "will not work; sudo bash systemd/install.sh builds it, or: sudo apt install swig gcc python3-dev &&" \
    ".venv/bin/pip install --no-binary lgpio lgpio==0.2.2.0" >&2
}

make_venv() {
  local plan site
  plan=$(pi_plan)
  if ! pi_lgpio "${plan##* }"; then plan=$(APPLEJACK_SYSTEM_LGPIO=1 pi_plan); fi
  site=$(echo "$plan" | cut -d' ' -f2)
  if [[ $site == system-site && -f .venv/pyvenv.cfg ]]; then  # a venv made before: let it see python3-lgpio
    sed -i 's/^include-system-site-packages = false$/include-system-site-packages = true/' .venv/pyvenv.cfg
  fi
  [[ -x .venv/bin/python ]] && return 0
  local flags=()
  [[ $site == system-site ]] && flags=(--system-site-packages)
  if ! "$PY" -m venv "${flags[@]}" .venv >/dev/null 2>&1; then
    # Debian and Raspberry Pi OS ship venv/ensurepip as a separate package.
    rm -rf .venv
    echo "applejack-table: python venv module missing; installing python3-venv" >&2
    local sudo=""
    [[ $(id -u) -ne 0 ]] && sudo="sudo"
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq python3-venv
    "$PY" -m venv "${flags[@]}" .venv
  fi
}

install() {  # $1: "runtime" (pip install -e .) or "test" (pip install -e '.[test]')
  local kind=$1 hash spec=. extras
  extras=$(pi_plan | cut -d' ' -f1)  # "pi" on a Raspberry Pi, "-" elsewhere
  if [[ $extras == pi ]]; then hash=$( (cat pyproject.toml; echo pi) | sha256sum | cut -c1-16)
  else hash=$(sha256sum pyproject.toml | cut -c1-16); fi
  [[ -f .venv/.installed-$kind-$hash ]] && return 0
  # the test tools come on top of the runtime: a venv set up for `test` also serves `run`
  [[ $kind == runtime && -f .venv/.installed-test-$hash ]] && return 0
  [[ $kind == test ]] && spec=".[test]"
  if [[ $extras == pi ]]; then [[ $kind == test ]] && spec=".[test,pi]" || spec=".[pi]"; fi
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
if [[ $cmd == pi-plan ]]; then pi_plan; exit 0; fi
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
    echo "usage: bash scripts/dev.sh run|test|pi-plan [args...]" >&2; exit 2
    ;;
esac
