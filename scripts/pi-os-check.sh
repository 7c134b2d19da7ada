#!/usr/bin/env bash
# Prove the README's commands and systemd/install.sh on an emulated arm64 Debian, as on a
# Raspberry Pi: bookworm (Python 3.11) and trixie (Python 3.13, today's Raspberry Pi OS base).
#
#   sudo bash scripts/pi-os-check.sh                 both suites, `run` and install.sh
#   sudo bash scripts/pi-os-check.sh trixie --tests  one suite, also the test command (slow: an hour+)
#
# For each suite: debootstrap an arm64 root (qemu-user-static through binfmt_misc), copy this
# checkout into it (the committed files: `git ls-files`), run `bash scripts/dev.sh run` (and with
# --tests `bash scripts/dev.sh test`), then `bash systemd/install.sh` inside the root (systemd is
# not running there, so it installs and enables only), and check that lgpio, gpiozero, pygame
# and serial import in the service's venv. Each step's whole output is kept in $LOGS (default
# $WORK/logs/<suite>-<step>.log) and its last lines are shown; a step that fails (its exit status,
# with pipefail inside the roots: never hidden by a `| tail`) stops the check with exit 1, naming
# its log. Says how lgpio was got in the service's venv and in the README's (`dev.sh run`) venv:
# a PyPI wheel, built from source, or python3-lgpio (scripts/lgpio_origin.py). Prints the time of
# every step. The Debian mirror is the one this machine's apt uses (or $MIRROR); the host's
# extra CA certificates (/usr/local/share/ca-certificates) are trusted inside the roots as well.
# Roots are kept in $WORK (default /var/tmp/pi-os-check) for a look afterwards; --clean removes them.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=$(pwd)

suites=()
tests=0
clean=0
for arg in "$@"; do
  case $arg in
    bookworm | trixie) suites+=("$arg") ;;
    --tests) tests=1 ;;
    --clean) clean=1 ;;
    -h | --help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "pi-os-check: unknown argument $arg" >&2; exit 2 ;;
  esac
done
((${#suites[@]})) || suites=(bookworm trixie)
WORK=${WORK:-/var/tmp/pi-os-check}

((EUID == 0)) || { echo "pi-os-check: run as root (debootstrap, chroot, mount)" >&2; exit 1; }

mirror() {  # the Debian mirror this machine's apt reads (deb822 or one-line sources)
  if [[ -n ${MIRROR:-} ]]; then echo "$MIRROR"; return; fi
  local uri
  uri=$(grep -hoE '^URIs: *[^ ]+/debian/?$' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1 | sed 's/^URIs: *//')
  [[ -n $uri ]] || uri=$(grep -hoE '^deb +[^ ]+/debian/? ' /etc/apt/sources.list 2>/dev/null | head -1 | awk '{print $2}')
  [[ -n $uri ]] || { echo "pi-os-check: no Debian mirror in apt's sources; set MIRROR" >&2; exit 1; }
  echo "$uri"
}

step() {  # $1 label, $2 log name, rest: command; its whole output into $LOGS/<name>.log
  local label=$1 log=$LOGS/$2.log start end rc=0
  shift 2
  start=$(date +%s)
  echo "== $label (log: $log)"
  "$@" >"$log" 2>&1 || rc=$?
  end=$(date +%s)
  tail -n "${SHOW:-6}" "$log" | sed 's/^/   /'
  if ((rc != 0)); then
    echo "pi-os-check: FAILED: $label (exit $rc after $((end - start)) s); its whole log: $log" >&2
    exit 1
  fi
  echo "== $label: $((end - start)) s"
  TIMES+=("$label: $((end - start)) s")
}

host_tools() {
  local need=()
  command -v debootstrap >/dev/null || need+=(debootstrap)
  [[ -x /usr/bin/qemu-aarch64-static ]] || need+=(qemu-user-static)
  command -v update-binfmts >/dev/null || need+=(binfmt-support)
  if ((${#need[@]})); then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
  fi
  [[ -e /proc/sys/fs/binfmt_misc/register ]] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
  update-binfmts --enable qemu-aarch64 2>/dev/null || true
  [[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]] \
    || { echo "pi-os-check: binfmt_misc has no qemu-aarch64 entry: arm64 programs cannot run here" >&2; exit 1; }
}

in_root() {  # $1 root, rest: a bash command run inside it as root
  local root=$1
  shift
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    bash -o pipefail -euc "$*"
}

mounts() {  # $1 root, $2 up|down
  local root=$1 m
  if [[ $2 == up ]]; then
    mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
    mountpoint -q "$root/dev" || mount --bind /dev "$root/dev"
    mountpoint -q "$root/sys" || mount -t sysfs sys "$root/sys"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    # a network that inspects TLS: the host's own extra CA certificates are trusted in the root too
    if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
      mkdir -p "$root/usr/local/share/ca-certificates"
      cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
      chroot "$root" update-ca-certificates >/dev/null
    fi
  else
    for m in sys dev proc; do umount -l "$root/$m" 2>/dev/null || true; done
  fi
}

check_suite() {
  local suite=$1 root=$WORK/$1
  if [[ ! -x $root/usr/bin/python3 ]]; then
    rm -rf -- "$root"
    step "$suite: debootstrap arm64" "$suite-debootstrap" debootstrap --arch=arm64 \
      --include=python3,ca-certificates,git,sudo,procps "$suite" "$root" "$(mirror)"
  fi
  MOUNTED=$root
  mounts "$root" up
  rm -rf -- "$root/src"
  mkdir -p "$root/src"
  git -C "$SRC" ls-files -z | tar -C "$SRC" --null -T - -cf - | tar -C "$root/src" -xf -
  in_root "$root" 'python3 -V'
  step "$suite: bash scripts/dev.sh run" "$suite-dev-run" in_root "$root" 'cd /src && bash scripts/dev.sh run'
  # the README's venv on a Pi: lgpio from the pi extra's wheel (bookworm) or python3-lgpio; plain
  # Debian trixie has neither (dev.sh says so in one line): there it is reported, not required
  local require=--require
  [[ $suite == bookworm ]] || require=""
  step "$suite: the README's venv (dev.sh) and lgpio" "$suite-dev-lgpio" in_root "$root" \
    "cd /src && bash scripts/dev.sh pi-plan && .venv/bin/python scripts/lgpio_origin.py $require"
  LGPIO+=("$suite, README venv: $(tail -n 1 "$LOGS/$suite-dev-lgpio.log")")
  if ((tests)); then
    step "$suite: bash scripts/dev.sh test" "$suite-dev-test" in_root "$root" 'cd /src && CI=true bash scripts/dev.sh test'
  fi
  step "$suite: systemd/install.sh" "$suite-install" in_root "$root" \
    'cd /src && PYTHON=/usr/bin/python3 bash systemd/install.sh'
  step "$suite: the service's venv imports lgpio, gpiozero, pygame, serial" "$suite-imports" in_root "$root" \
    '/opt/applejack-table/venv/bin/python -c "import lgpio, gpiozero, pygame, serial; print(\"all import\")" &&
     /opt/applejack-table/venv/bin/python /src/scripts/lgpio_origin.py --require'
  LGPIO+=("$suite, service venv: $(tail -n 1 "$LOGS/$suite-imports.log")")
  mounts "$root" down
  MOUNTED=""
}

TIMES=()
LGPIO=()
MOUNTED=""
trap '[[ -z $MOUNTED ]] || mounts "$MOUNTED" down' EXIT  # also when a step fails
host_tools
LOGS=${LOGS:-$WORK/logs}
mkdir -p "$WORK" "$LOGS"
for suite in "${suites[@]}"; do
  check_suite "$suite"
  if ((clean)); then rm -rf -- "${WORK:?}/$suite"; fi
done
echo
echo "pi-os-check: every step passed (whole logs in $LOGS)"
printf '  %s\n' "${TIMES[@]}"
echo "how lgpio was got:"
printf '  %s\n' "${LGPIO[@]}"
