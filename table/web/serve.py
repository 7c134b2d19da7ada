"""``python -m table.web.serve``: the phones' web server (systemd/applejack-web.service).

It binds one address: ``--host`` (default 127.0.0.1), or the IPv4 address of ``--interface``
(the hotspot's ``wlan0``), never every address unless ``--any-address`` says so. It talks to
the kiosk through ``--socket`` (default ``$STATE_DIRECTORY/web/bridge.sock``). Settings from the
env file: ``APPLEJACK_WEB_INTERFACE``, ``APPLEJACK_WEB_HOST``, ``APPLEJACK_WEB_PORT``; the host of
``APPLEJACK_WEB_URL`` (the lid's codes) passes the ``Host`` check too.
"""

from __future__ import annotations

import argparse
import fcntl
import ipaddress
import os
import socket
import struct
import sys
from pathlib import Path
from urllib.parse import urlsplit

from table.engine.errors import TableError
from table.web.bridge import socket_path

PORT = 8080
SIOCGIFADDR = 0x8915
"""Linux: an interface's IPv4 address."""


class AddressRefused(TableError):
    """An address this server will not bind."""


def interface_address(name: str) -> str:
    """The IPv4 address of interface ``name`` (Linux); AddressRefused when it has none."""
    if not name or len(name) > 15:
        raise AddressRefused(f"no such interface: {name!r}")
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()))
        except OSError as exc:
            raise AddressRefused(f"interface {name} has no IPv4 address ({exc.strerror})") from None
    return socket.inet_ntoa(packed[20:24])


def bind_address(host: str | None, interface: str | None, *, any_address: bool = False) -> str:
    """The one address to bind: the interface's, else ``host``, else 127.0.0.1; a wildcard
    (0.0.0.0, ::) only with ``any_address``."""
    address = interface_address(interface) if interface else (host or "127.0.0.1")
    try:
        wildcard = ipaddress.ip_address(address).is_unspecified
    except ValueError:
        raise AddressRefused(f"not an IP address: {address!r}") from None
    if wildcard and not any_address:
        raise AddressRefused(f"{address} is every address of the box: name the hotspot's interface "
                             "(--interface wlan0) or give --any-address")
    return address


def own_hosts(address: str, port: int, site: str | None = None) -> frozenset[str]:
    """The ``Host`` values a phone sends for this server: the address, with and without the port,
    and the host of ``site`` (``APPLEJACK_WEB_URL``, what the lid's codes hold: a name such as
    ``http://applejack.local:8080`` is the table's own too), with its port and without."""
    shown = f"[{address}]" if ":" in address else address
    hosts = {shown, f"{shown}:{port}"}
    if site:
        parts = urlsplit(site)
        try:
            named = parts.hostname, parts.port or (443 if parts.scheme == "https" else 80)
        except ValueError:
            named = None, 0
        if named[0]:
            name = f"[{named[0]}]" if ":" in named[0] else named[0]
            hosts |= {name, f"{name}:{named[1]}"}
    return frozenset(h.lower() for h in hosts)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    env = os.environ
    p = argparse.ArgumentParser(prog="python -m table.web.serve", description=__doc__.split("\n")[0])
    p.add_argument("--interface", default=env.get("APPLEJACK_WEB_INTERFACE") or None,
                   help="bind this interface's IPv4 address (the hotspot: wlan0)")
    p.add_argument("--host", default=env.get("APPLEJACK_WEB_HOST") or None, help="bind this address (127.0.0.1)")
    p.add_argument("--port", type=int, default=int(env.get("APPLEJACK_WEB_PORT") or PORT))
    p.add_argument("--any-address", action="store_true", help="allow 0.0.0.0 or :: (every network the box is on)")
    p.add_argument("--socket", type=Path, default=None, help="the kiosk's socket (default: in $STATE_DIRECTORY)")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    try:
        host = bind_address(args.host, args.interface, any_address=args.any_address)
    except AddressRefused as exc:
        print(f"applejack web: {exc}", file=sys.stderr)
        return 2
    path = args.socket
    if path is None:
        from table.companion.journal import default_state_dir  # platformdirs: only without --socket

        path = socket_path(default_state_dir())
    import uvicorn  # deferred: the server only when it runs (the web extra)

    from table.web.app import make_app
    from table.web.client import KioskSocket
    from table.web.kiosk import site_address
    from table.web.wifi import server_config

    app = make_app(KioskSocket(path), hosts=own_hosts(host, args.port, site_address()))
    uvicorn.Server(server_config(app, host, args.port)).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
