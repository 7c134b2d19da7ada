#!/usr/bin/env bash
# Install (or remove) the Applejack Table kiosk as a systemd service on Raspberry Pi OS or Debian,
# bookworm (Python 3.11) or trixie (Python 3.13). Run from a checkout, as root:
#
#   sudo bash systemd/install.sh              install or update (safe to run again and again)
#   sudo bash systemd/install.sh --uninstall  remove what install put there
#   bash systemd/install.sh --dry-run         print what would be done, change nothing
#   sudo bash systemd/install.sh --web        also the phones' web server (docs/web.md)
#   sudo bash systemd/install.sh --hotspot    that, and the Pi as its own Wi-Fi hotspot
#   sudo bash systemd/install.sh --shutdown-button   also a shutdown button on GPIO 3 (config.txt)
#
# Run by hand on a terminal without --web/--no-web/--hotspot, it asks whether to serve the phones'
# pages and whether to make the hotspot (the answer is remembered: the web parts, once installed,
# are kept up to date by later runs until --no-web).
#
# What it does: reads the package lists (apt-get update), installs the distribution packages SDL's
# kmsdrm video driver loads at run time (libgbm1 libegl1 libgles2 libdrm2; without them pygame
# silently falls back to no screen) and python3-lgpio where the archive has it (Raspberry Pi OS);
# where neither that nor a PyPI wheel exists (Debian trixie: Python 3.13), lgpio is built from
# its source distribution (swig, gcc, python3-dev) — the install fails, saying what is missing,
# unless lgpio imports in the venv at the end; creates the system user `applejack` (groups
# gpio dialout video render input), a venv in /opt/applejack-table/venv that sees the system's
# packages (--system-site-packages, for python3-lgpio) with this source tree installed into it
# (extra `pi`), /etc/systemd/system/applejack-table.service, /etc/default/applejack-table (only
# if absent: an edited one is kept), /etc/udev/rules.d/99-applejack-die.rules and
# 60-applejack-gpio.rules (group gpio for /dev/gpiochip*, which plain Debian leaves to root),
# 61-applejack-backlight.rules (group video may dim the screen's backlight, if it has one),
# /etc/applejack-table/pins.toml (the lid's wiring, APPLEJACK_PINS: a copy of the shipped
# default_pins.toml, only if absent: an edited or replaced one is kept across updates);
# then enables the service (where systemctl exists), restarts it if it was running, and reloads udev.
# With --web also /etc/systemd/system/applejack-web.service, the kiosk's drop-in
# applejack-table.service.d/web.conf (APPLEJACK_WEB=1) and the web unit's drop-in naming the
# interface to serve (--web-interface, wlan0), with the `web` extra in the venv. --hotspot also makes
# the NetworkManager connection `applejack-hotspot` (nmcli device wifi hotspot; SSID --ssid,
# "Applejack Table"; password $APPLEJACK_HOTSPOT_PASSWORD or a new random one, printed once).
#
# --shutdown-button adds dtoverlay=gpio-shutdown to the boot partition's config.txt (once): a button
# from GPIO 3 (header pin 5) to GND halts the Pi, and on a Pi 1-4 wakes it again (from the next boot).
#
# --root DIR installs into DIR instead of / (every path is prefixed with DIR). User creation,
# systemctl and udevadm only concern a live system, so with --root they are printed, not run.
# A venv made under --root refers to its DIR path and will not run when DIR becomes / (build an
# image by running this script inside it instead); --no-venv skips the venv and pip entirely,
# which is what the tests use (no download, no compile).
set -euo pipefail

readonly SERVICE=applejack-table.service
readonly USER_NAME=applejack
readonly USER_GROUPS=(gpio dialout video render input audio)
readonly PREFIX=/opt/applejack-table
readonly VENV=$PREFIX/venv
readonly STATE_DIR=/var/lib/applejack-table
readonly UNIT_DEST=/etc/systemd/system/$SERVICE
readonly ENV_DEST=/etc/default/applejack-table
readonly RULE_DEST=/etc/udev/rules.d/99-applejack-die.rules
readonly GPIO_RULE_DEST=/etc/udev/rules.d/60-applejack-gpio.rules
readonly BACKLIGHT_RULE_DEST=/etc/udev/rules.d/61-applejack-backlight.rules
readonly PINS_DIR=/etc/applejack-table
readonly PINS_DEST=$PINS_DIR/pins.toml
readonly SHUTDOWN_OVERLAY=dtoverlay=gpio-shutdown
readonly BOOT_CONFIGS=(/boot/firmware/config.txt /boot/config.txt)  # bookworm and later; before
readonly WEB_SERVICE=applejack-web.service
readonly WEB_UNIT_DEST=/etc/systemd/system/$WEB_SERVICE
readonly KIOSK_WEB_DROPIN_DEST=/etc/systemd/system/$SERVICE.d/web.conf
readonly WEB_INTERFACE_DROPIN_DEST=/etc/systemd/system/$WEB_SERVICE.d/interface.conf
readonly HOTSPOT=applejack-hotspot  # the NetworkManager connection's name
# SDL's kmsdrm driver dlopen()s these; pygame's wheel does not bring them. Same names on bookworm
# and trixie.
readonly KMSDRM_PACKAGES=(libgbm1 libegl1 libgles2 libdrm2 espeak-ng)  # espeak-ng: APPLEJACK_SPEAK=1
readonly LGPIO_PACKAGE=python3-lgpio
# Where no wheel and no python3-lgpio exist (Debian trixie, Python 3.13), lgpio's source
# distribution carries its C library: with these it builds a statically linked module.
readonly LGPIO_SDIST=lgpio==0.2.2.0
readonly LGPIO_BUILD_PACKAGES=(swig gcc python3-dev)

HERE=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
SRC=$(dirname -- "$HERE")
readonly HERE SRC
readonly UNIT_SRC=$HERE/$SERVICE
readonly ENV_SRC=$HERE/applejack-table.env
readonly RULE_SRC=$HERE/99-applejack-die.rules
readonly GPIO_RULE_SRC=$HERE/60-applejack-gpio.rules
readonly BACKLIGHT_RULE_SRC=$HERE/61-applejack-backlight.rules
readonly WEB_UNIT_SRC=$HERE/$WEB_SERVICE
readonly KIOSK_WEB_DROPIN_SRC=$HERE/applejack-table-web.conf
readonly PINS_SRC=$SRC/table/hardware/default_pins.toml
PYTHON=${PYTHON:-python3}

dry_run=0
uninstall=0
no_venv=0
root=/
web=ask          # ask (on a terminal), yes or no
hotspot=0
shutdown_button=0
web_interface=wlan0
ssid="Applejack Table"

usage() {
  cat <<EOF
usage: $(basename -- "$0") [--dry-run] [--uninstall] [--root DIR] [--no-venv]
          [--web | --no-web] [--web-interface IF] [--hotspot [--ssid NAME]] [--shutdown-button]

  --dry-run    print every step, change nothing
  --uninstall  stop and disable the service, remove the unit, udev rule, venv and an unedited
               /etc/default/applejack-table (the user and $STATE_DIR are kept)
  --root DIR   operate on DIR instead of / (user, systemctl and udevadm steps are only printed)
  --no-venv    skip creating the venv and installing the package with pip
  --web        also install the phones' web server (applejack-web.service, docs/web.md)
  --no-web     remove it (and do not ask)
  --web-interface IF
               the network interface it serves (default wlan0)
  --hotspot    --web, and make the Pi its own Wi-Fi hotspot with NetworkManager (nmcli);
               password from \$APPLEJACK_HOTSPOT_PASSWORD, else a new random one, printed once
  --ssid NAME  the hotspot's network name (default "Applejack Table")
  --shutdown-button
               add dtoverlay=gpio-shutdown to config.txt: a button from GPIO 3 (pin 5) to GND
               shuts the Pi down (takes effect at the next boot)
EOF
}

die() {
  echo "install.sh: $*" >&2
  exit 1
}

while (($#)); do
  case $1 in
    --dry-run) dry_run=1 ;;
    --uninstall) uninstall=1 ;;
    --no-venv) no_venv=1 ;;
    --web) web=yes ;;
    --no-web) web=no ;;
    --hotspot) hotspot=1; web=yes ;;
    --shutdown-button) shutdown_button=1 ;;
    --web-interface | --ssid)
      (($# >= 2)) || { usage >&2; exit 2; }
      if [[ $1 == --ssid ]]; then ssid=$2; else web_interface=$2; fi
      shift
      ;;
    --root)
      (($# >= 2)) || { usage >&2; exit 2; }
      root=$2
      shift
      ;;
    --root=*) root=${1#--root=} ;;
    -h | --help) usage; exit 0 ;;
    *) echo "install.sh: unknown option: $1" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

[[ -d $root ]] || die "--root $root: no such directory"
root=$(cd -- "$root" && pwd)
# R prefixes every installed path: empty for the live system.
R=${root%/}
live=0
[[ -z $R ]] && live=1
readonly R live

[[ $web_interface =~ ^[A-Za-z0-9_.-]{1,15}$ ]] || die "--web-interface $web_interface: not a network interface name"
((${#ssid} >= 1 && ${#ssid} <= 32)) || die "--ssid: a Wi-Fi name has 1 to 32 characters"

if ((live && !dry_run && EUID != 0)); then
  die "must run as root: sudo bash $0 $*"
fi
umask 022  # the venv and unit must be readable by the service's user, whatever root's umask is

# ---- output and the one place where things change ------------------------------------------------

say() { printf '%s\n' "$*"; }

quote() {  # one word as the shell reads it back: bare when it is safe, else in single quotes
  if [[ -n $1 && $1 =~ ^[A-Za-z0-9_./=:,@%+-]+$ ]]; then
    printf '%s' "$1"
  else
    printf "'%s'" "${1//\'/\'\\\'\'}"
  fi
}

show() {  # print a command line, shell-quoted
  local out="+" word
  for word in "$@"; do out+=" $(quote "$word")"; done
  say "$out"
}

run() {  # change something: print it, and do it unless --dry-run
  show "$@"
  ((dry_run)) || "$@"
}

on_target() {  # a step that only concerns a live system (user database, running systemd, udev)
  if ((live)); then
    run "$@"
  else
    say "- skipped (--root $root): $(show "$@" | cut -c3-)"
  fi
}

systemd_running() { ((live)) && [[ -d /run/systemd/system ]]; }
udev_running() { ((live)) && [[ -S /run/udev/control ]]; }

same_file() {  # $1 source, $2 destination, $3 octal mode: destination exists with that content and mode
  [[ -f $2 && ! -L $2 ]] && cmp -s -- "$1" "$2" && [[ $(stat -c %a -- "$2") == "$3" ]]
}

put_file() {  # $1 source, $2 destination on the target, $3 octal mode; always brought up to date
  if same_file "$1" "$R$2" "$3"; then
    say "= unchanged $2"
  else
    run install -D -m "$3" -- "$1" "$R$2"
  fi
}

put_config() {  # like put_file, but an existing, edited destination is the admin's and stays
  if same_file "$1" "$R$2" "$3"; then
    say "= unchanged $2"
  elif [[ -e $R$2 ]]; then
    say "! kept $2: it differs from the template (edited?); compare with $1"
  else
    run install -D -m "$3" -- "$1" "$R$2"
  fi
}

remove_file() {  # $1 path on the target
  if [[ -e $R$1 || -L $R$1 ]]; then
    run rm -f -- "$R$1"
  else
    say "= absent $1"
  fi
}

# ---- steps ---------------------------------------------------------------------------------------

check_sources() {
  local f
  for f in "$UNIT_SRC" "$ENV_SRC" "$RULE_SRC" "$GPIO_RULE_SRC" "$BACKLIGHT_RULE_SRC" "$WEB_UNIT_SRC" \
    "$KIOSK_WEB_DROPIN_SRC" "$PINS_SRC" "$SRC/pyproject.toml"; do
    [[ -f $f ]] || die "missing $f: run install.sh from a complete source tree"
  done
}

make_user() {
  local group missing=()
  if ((!live)); then
    for group in "${USER_GROUPS[@]}"; do
      on_target groupadd --system "$group"
    done
    on_target useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
      --shell /usr/sbin/nologin --comment "Applejack Table kiosk" "$USER_NAME"
    on_target usermod --append --groups "$(IFS=,; echo "${USER_GROUPS[*]}")" "$USER_NAME"
    return
  fi
  # systemd refuses to start a unit whose SupplementaryGroups= names a missing group; on
  # Raspberry Pi OS they all exist already, elsewhere (say gpio) they are created empty.
  for group in "${USER_GROUPS[@]}"; do
    getent group "$group" >/dev/null || run groupadd --system "$group"
  done
  if id -u "$USER_NAME" >/dev/null 2>&1; then
    say "= user $USER_NAME exists"
  else
    run useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
      --shell /usr/sbin/nologin --comment "Applejack Table kiosk" "$USER_NAME"
  fi
  local member_of
  member_of=" $(id -nG "$USER_NAME" 2>/dev/null || true) "
  for group in "${USER_GROUPS[@]}"; do
    [[ $member_of == *" $group "* ]] || missing+=("$group")
  done
  if ((${#missing[@]})); then
    run usermod --append --groups "$(IFS=,; echo "${missing[*]}")" "$USER_NAME"
  else
    say "= user $USER_NAME is in ${USER_GROUPS[*]}"
  fi
}

package_installed() {  # $1 a Debian package name
  [[ $(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) == "install ok installed" ]]
}

system_packages() {
  local wanted=("${KMSDRM_PACKAGES[@]}") missing=() pkg
  if ((!live)); then
    on_target apt-get install -y --no-install-recommends "${wanted[@]}" "$LGPIO_PACKAGE"
    say "  ($LGPIO_PACKAGE only where the target's archive has it: Raspberry Pi OS)"
    return
  fi
  if ! command -v dpkg-query >/dev/null 2>&1; then
    say "! not a Debian system: make sure ${wanted[*]} (or your distribution's names) are installed"
    return
  fi
  # the package lists first: on a fresh image they are empty and apt-cache would find nothing
  run apt-get update
  # python3-lgpio: Raspberry Pi OS has it (bookworm and trixie); plain Debian has not
  if package_installed "$LGPIO_PACKAGE" || apt-cache show "$LGPIO_PACKAGE" >/dev/null 2>&1; then
    wanted+=("$LGPIO_PACKAGE")
  else
    say "- $LGPIO_PACKAGE is not in this system's archive: lgpio comes from pip (a wheel up to" \
      "Python 3.12, else built from its source distribution)"
  fi
  for pkg in "${wanted[@]}"; do
    package_installed "$pkg" || missing+=("$pkg")
  done
  if ((${#missing[@]})); then
    run apt-get install -y --no-install-recommends "${missing[@]}"
  else
    say "= packages installed: ${wanted[*]}"
  fi
}

hidden_from_service() {  # $1 an interpreter; dies if it resolves to a path the service cannot see
  local real
  real=$(readlink -m -- "$1")
  case $real in
    /home/* | /root/*)
      die "$1 is $real, which the service cannot see (ProtectHome=yes). Use the system Python:" \
        "PYTHON=/usr/bin/python3 (and remove $VENV if it was made with the other one)"
      ;;
  esac
}

make_venv() {
  local stage
  if ((no_venv)); then
    say "- skipped (--no-venv): venv $VENV and pip install ${SRC}[pi]"
    return
  fi
  local python
  python=$(command -v -- "$PYTHON") || die "$PYTHON not found; install Python 3.11 or newer"
  "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
    || die "needs Python 3.11 or newer, $PYTHON is $("$python" -V 2>&1)"
  if ((live)); then
    # ProtectHome=yes hides /home and /root from the service: a venv whose interpreter lives there
    # (pyenv, a self-built Python) installs fine and then cannot start.
    hidden_from_service "$python"
    if [[ -e $VENV/bin/python ]]; then hidden_from_service "$VENV/bin/python"; fi
  fi
  if [[ -x $R$VENV/bin/python ]]; then
    if grep -qx 'include-system-site-packages = true' "$R$VENV/pyvenv.cfg" 2>/dev/null; then
      say "= venv $VENV exists"
    else  # made by an older install.sh: let it see the system's python3-lgpio
      run "$PYTHON" -m venv --system-site-packages --upgrade "$R$VENV"
    fi
  else
    if ! "$PYTHON" -c 'import ensurepip' 2>/dev/null; then
      # Debian and Raspberry Pi OS ship venv's pip bootstrap as a separate package
      on_target apt-get update
      on_target apt-get install -y python3-venv
    fi
    run "$PYTHON" -m venv --system-site-packages "$R$VENV"
  fi
  # Build from a copy: an in-tree build would leave root-owned build/ and *.egg-info in the checkout.
  if ((dry_run)); then
    stage="<temporary copy of $SRC>"
    show tar -C "$SRC" --exclude=.git --exclude=.venv --exclude=build --exclude='*.egg-info' -cf - .
  else
    stage=$(mktemp -d)
    # shellcheck disable=SC2064  # expand $stage now: it is local to this function
    trap "rm -rf -- '$stage'" EXIT
    tar -C "$SRC" --exclude=.git --exclude=.venv --exclude=build --exclude='*.egg-info' -cf - . \
      | tar -C "$stage" -xf -
  fi
  # pip rebuilds and reinstalls a package given as a directory even when its version is unchanged,
  # so `git pull` + install.sh always lands the new code; dependencies are only touched when
  # pyproject.toml asks for other versions.
  local extras=pi
  [[ $web == yes ]] && extras=pi,web
  run "$R$VENV/bin/python" -m pip install --disable-pip-version-check --no-input "${stage}[$extras]"
  ensure_lgpio
}

lgpio_imports() { "$VENV/bin/python" -c 'import lgpio' 2>/dev/null; }

ensure_lgpio() {  # the venv imports lgpio at the end, or install.sh fails saying what is missing
  if ((!live || dry_run)); then
    say "- then: lgpio must import in $VENV (else: $(IFS=' '; echo "${LGPIO_BUILD_PACKAGES[*]}")," \
      "PYPI=1 pip install --no-binary lgpio $LGPIO_SDIST)"
    return
  fi
  if lgpio_imports; then
    say "= lgpio imports in $VENV"
    return
  fi
  say "- lgpio has no wheel for $("$VENV/bin/python" -V 2>&1) here: building it from its source distribution"
  if command -v apt-get >/dev/null 2>&1; then
    run apt-get install -y --no-install-recommends "${LGPIO_BUILD_PACKAGES[@]}"
  fi
  run env PYPI=1 "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input \
    --no-binary lgpio "$LGPIO_SDIST" || true
  lgpio_imports || die "lgpio does not import in $VENV, so the LEDs and buttons cannot work." \
    "Install $LGPIO_PACKAGE (Raspberry Pi OS) or ${LGPIO_BUILD_PACKAGES[*]} (to build it), then run install.sh again"
  say "= lgpio imports in $VENV (built from source)"
}

# ---- the phones' web server and the box's Wi-Fi (docs/web.md, docs/raspberry-pi.md) ---------------

ask() {  # $1 a yes/no question on the terminal; true for an answer starting with y (or j, o, o)
  local answer
  read -r -p "$1 [y/N] " answer || return 1
  [[ $answer == [yYjJoO]* ]]
}

decide_web() {  # web=ask becomes yes or no: kept if installed, asked on a terminal, else no
  [[ $web == ask ]] || return 0
  if [[ -e $R$WEB_UNIT_DEST ]]; then
    web=yes
    say "= the phones' web server is installed: kept up to date (--no-web removes it)"
  elif ((!dry_run)) && [[ -t 0 && -t 1 ]]; then
    web=no
    if ask "Serve each seat's page to the players' phones (docs/web.md)?"; then
      web=yes
      if ask "Make the Pi its own Wi-Fi hotspot \"$ssid\" on $web_interface (no home network needed)?"; then
        hotspot=1
      fi
    fi
  else
    web=no
    say "- the phones' web server is not installed (--web installs it; --hotspot with the Pi's own Wi-Fi)"
  fi
}

put_text() {  # $1 text, $2 destination on the target, $3 octal mode: like put_file, from a string
  local tmp
  tmp=$(mktemp)
  printf '%s' "$1" >"$tmp"
  put_file "$tmp" "$2" "$3"
  rm -f -- "$tmp"
}

install_web() {
  put_file "$WEB_UNIT_SRC" "$WEB_UNIT_DEST" 644
  put_file "$KIOSK_WEB_DROPIN_SRC" "$KIOSK_WEB_DROPIN_DEST" 644
  put_text "# Put here by install.sh --web: the interface the phones' web server serves (its address only).
# An APPLEJACK_WEB_INTERFACE line in /etc/default/applejack-table wins over this one.
[Service]
Environment=APPLEJACK_WEB_INTERFACE=$web_interface
" "$WEB_INTERFACE_DROPIN_DEST" 644
}

remove_web() {  # quiet when none of it is there
  local dropin
  [[ -e $R$WEB_UNIT_DEST || -e $R$KIOSK_WEB_DROPIN_DEST || -e $R$WEB_INTERFACE_DROPIN_DEST ]] || return 0
  if [[ -e $R$WEB_UNIT_DEST ]]; then
    if ((!live)); then
      on_target systemctl disable --now "$WEB_SERVICE"
    elif systemd_running && have_systemctl; then
      run systemctl disable --now "$WEB_SERVICE"
    elif have_systemctl; then
      run systemctl disable "$WEB_SERVICE"
    fi
  fi
  remove_file "$WEB_UNIT_DEST"
  for dropin in "$KIOSK_WEB_DROPIN_DEST" "$WEB_INTERFACE_DROPIN_DEST"; do
    remove_file "$dropin"
    if [[ -d $R${dropin%/*} ]] && [[ -z $(ls -A -- "$R${dropin%/*}") ]]; then
      run rmdir -- "$R${dropin%/*}"
    fi
  done
}

hotspot_exists() { nmcli -t -f NAME connection show 2>/dev/null | grep -qxF -- "$HOTSPOT"; }

make_hotspot() {  # the NetworkManager connection applejack-hotspot: the Pi's own Wi-Fi
  ((hotspot)) || return 0
  local password=${APPLEJACK_HOTSPOT_PASSWORD:-} made=0
  if [[ -n $password ]] && ((${#password} < 8 || ${#password} > 63)); then
    die "APPLEJACK_HOTSPOT_PASSWORD: a WPA2 password has 8 to 63 characters"
  fi
  local create=(nmcli device wifi hotspot ifname "$web_interface" con-name "$HOTSPOT" ssid "$ssid" password)
  if ((!live)); then
    on_target "${create[@]}" "<password>"
    on_target nmcli connection modify "$HOTSPOT" connection.autoconnect yes
    return
  fi
  if ! command -v nmcli >/dev/null 2>&1; then
    say "! no nmcli (NetworkManager) on this system: make the hotspot by hand (docs/raspberry-pi.md)"
    return
  fi
  if hotspot_exists; then
    say "= Wi-Fi hotspot $HOTSPOT exists (sudo nmcli connection show $HOTSPOT)"
    return
  fi
  show "${create[@]}" "<password>"  # the password is not printed in the command line
  if ((!dry_run)); then
    if [[ -z $password ]]; then
      password=$("$PYTHON" -c 'import secrets; print(secrets.token_urlsafe(12))')
      made=1
    fi
    say "  (the Pi leaves the Wi-Fi network it is on now, if any)"
    "${create[@]}" "$password" >/dev/null || die "nmcli could not make the hotspot on $web_interface"
  fi
  run nmcli connection modify "$HOTSPOT" connection.autoconnect yes
  if ((made)); then
    say "Wi-Fi \"$ssid\", password: $password"
    say "  (again: sudo nmcli --show-secrets -g 802-11-wireless-security.psk connection show $HOTSPOT)"
  fi
}

have_systemctl() { command -v systemctl >/dev/null 2>&1; }

check_pins_setting() {  # an env file kept from an older install may not name the pin map yet
  if [[ -f $R$ENV_DEST ]] && ! grep -Eq '^[[:space:]]*APPLEJACK_PINS=' "$R$ENV_DEST"; then
    say "! $ENV_DEST has no APPLEJACK_PINS line: the kiosk uses the shipped default wiring;" \
      "add APPLEJACK_PINS=$PINS_DEST to use $PINS_DEST"
  fi
}

shutdown_button_overlay() {  # --shutdown-button: dtoverlay=gpio-shutdown in config.txt, once
  local config="" candidate
  for candidate in "${BOOT_CONFIGS[@]}"; do
    if [[ -f $R$candidate ]]; then config=$candidate; break; fi
  done
  if [[ -z $config ]]; then
    say "! no ${BOOT_CONFIGS[*]}: add the line $SHUTDOWN_OVERLAY to the boot partition's config.txt by hand"
    return
  fi
  if grep -Eq "^[[:space:]]*${SHUTDOWN_OVERLAY}([[:space:],]|\$)" "$R$config"; then
    say "= $config has $SHUTDOWN_OVERLAY"
    return
  fi
  show printf '%s\n' "$SHUTDOWN_OVERLAY" ">>" "$R$config"
  if ((!dry_run)); then
    # its own line, after a last line that may lack its newline
    local last_char=""
    [[ -s $R$config ]] && last_char=$(tail -c1 -- "$R$config")
    [[ -n $last_char ]] && echo >>"$R$config"
    printf '%s\n' "$SHUTDOWN_OVERLAY" >>"$R$config"
  fi
  say "  (the shutdown button on GPIO 3, header pin 5, works from the next boot)"
}

activate() {
  if ((!live)); then
    on_target systemctl daemon-reload
    on_target systemctl enable "$SERVICE"
    on_target systemctl try-restart "$SERVICE"
    if [[ $web == yes ]]; then
      on_target systemctl enable "$WEB_SERVICE"
      on_target systemctl try-restart "$WEB_SERVICE"
    fi
    on_target udevadm control --reload-rules
    on_target udevadm trigger --subsystem-match=tty --action=change
    on_target udevadm trigger --subsystem-match=gpio --action=change
    on_target udevadm trigger --subsystem-match=backlight --action=change
    return
  fi
  if ! have_systemctl; then
    say "! no systemctl on this system: the unit is installed; enable it where systemd runs:" \
      "systemctl enable $SERVICE"
  elif systemd_running; then
    run systemctl daemon-reload
    run systemctl enable "$SERVICE"
    run systemctl try-restart "$SERVICE"  # an update takes effect now; a stopped service stays so
    if [[ $web == yes ]]; then
      run systemctl enable "$WEB_SERVICE"
      run systemctl try-restart "$WEB_SERVICE"
    fi
  else
    say "- systemd is not running (chroot or image build): enabling only"
    run systemctl enable "$SERVICE"
    if [[ $web == yes ]]; then run systemctl enable "$WEB_SERVICE"; fi
  fi
  if udev_running; then
    run udevadm control --reload-rules
    run udevadm trigger --subsystem-match=tty --action=change
    run udevadm trigger --subsystem-match=gpio --action=change
    run udevadm trigger --subsystem-match=backlight --action=change
  else
    say "- udev is not running: the rule applies from the next boot"
  fi
}

deactivate() {
  if ((!live)); then
    on_target systemctl disable --now "$SERVICE"
    return
  fi
  if [[ ! -e $UNIT_DEST ]]; then
    say "= $SERVICE is not installed"
  elif ! have_systemctl; then
    say "- no systemctl on this system: nothing to disable"
  elif systemd_running; then
    run systemctl disable --now "$SERVICE"
  else
    run systemctl disable "$SERVICE"
  fi
}

reload_after_removal() {
  if ((!live)); then
    on_target systemctl daemon-reload
    on_target udevadm control --reload-rules
    return
  fi
  if systemd_running && have_systemctl; then run systemctl daemon-reload; fi
  if udev_running; then run udevadm control --reload-rules; fi
}

do_install() {
  check_sources
  decide_web
  system_packages
  make_user
  make_venv
  put_file "$UNIT_SRC" "$UNIT_DEST" 644
  if [[ $web == yes ]]; then install_web; else remove_web; fi
  put_config "$ENV_SRC" "$ENV_DEST" 644
  put_config "$PINS_SRC" "$PINS_DEST" 644
  check_pins_setting
  if ((shutdown_button)); then shutdown_button_overlay; fi
  put_file "$RULE_SRC" "$RULE_DEST" 644
  put_file "$GPIO_RULE_SRC" "$GPIO_RULE_DEST" 644
  put_file "$BACKLIGHT_RULE_SRC" "$BACKLIGHT_RULE_DEST" 644
  activate
  make_hotspot
  if ((dry_run)); then say "dry run done: nothing was changed"; return; fi
  say "installed. Logs: journalctl -u ${SERVICE%.service} -f"
}

do_uninstall() {
  remove_web
  deactivate
  remove_file "$UNIT_DEST"
  remove_file "$RULE_DEST"
  remove_file "$GPIO_RULE_DEST"
  remove_file "$BACKLIGHT_RULE_DEST"
  if [[ -e $R$ENV_DEST ]] && ! same_file "$ENV_SRC" "$R$ENV_DEST" 644; then
    say "! kept $ENV_DEST: it was edited"
  else
    remove_file "$ENV_DEST"
  fi
  if [[ -e $R$PINS_DEST ]] && ! same_file "$PINS_SRC" "$R$PINS_DEST" 644; then
    say "! kept $PINS_DEST: it is not the shipped default wiring (edited or replaced)"
  else
    remove_file "$PINS_DEST"
    if [[ -d $R$PINS_DIR ]]; then run rmdir --ignore-fail-on-non-empty -- "$R$PINS_DIR"; fi
  fi
  if [[ -e $R$PREFIX ]]; then
    run rm -rf -- "$R$PREFIX"
  else
    say "= absent $PREFIX"
  fi
  reload_after_removal
  if ((dry_run)); then say "dry run done: nothing was changed"; return; fi
  say "uninstalled. Kept: user $USER_NAME and $STATE_DIR (scores); remove them with"
  say "  sudo userdel $USER_NAME && sudo rm -rf $STATE_DIR"
  if ((live)) && command -v nmcli >/dev/null 2>&1 && hotspot_exists; then
    say "Kept: the Wi-Fi hotspot $HOTSPOT; remove it with sudo nmcli connection delete $HOTSPOT"
  fi
}

((dry_run)) && say "dry run: nothing is changed"
((live)) || say "target root: $root"
if ((uninstall)); then
  do_uninstall
else
  do_install
fi
