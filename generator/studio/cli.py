"""``tombgen serve``: the local web page, on uvicorn.

The server binds its socket itself before starting, so a port in use is a clear error (exit 2)
and ``--port 0`` picks a free port; the address is printed once the server is listening. Ctrl-C
stops it cleanly: running jobs are stopped, worker processes ended.
"""

from __future__ import annotations

import secrets
import socket

import click

from generator.clikit import Command

WILDCARDS = ("0.0.0.0", "::", "")


@click.command(cls=Command)
@click.option("--host", default="127.0.0.1", show_default=True, metavar="HOST",
              help="Address to listen on; only this machine can reach the default. 0.0.0.0 "
                   "opens the page to the network.")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              metavar="PORT",
              help="Port to listen on (0: any free port).")
@click.option("--open/--no-open", "open_browser", default=True,
              help="Open the page in the default web browser (on a desktop).  [default: open]")
def serve(host: str, port: int, open_browser: bool) -> None:
    """Start the local web page: make, preview and print, edit maps."""
    import threading

    from generator.studio.app import make_app

    sock = bind(host, port)
    address = sock.getsockname()
    shown = f"[{address[0]}]" if ":" in address[0] else address[0]
    everywhere = host in WILDCARDS
    # beyond this machine, every request must hold a token, as the printed address does
    token = None if is_loopback(host) else secrets.token_urlsafe(24)
    ask = f"?token={token}" if token else ""
    url = f"http://{'127.0.0.1' if everywhere else shown}:{address[1]}/{ask}"
    names = machine_names() if everywhere else (host,)
    server = _server(make_app(names, token=token))
    other = f"http://{socket.gethostname()}:{address[1]}/{ask}" if everywhere else ""
    threading.Thread(target=_announce, args=(server, url, other, open_browser),
                     daemon=True).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass  # uvicorn shut down cleanly, then passed Ctrl-C on
    click.echo("tombgen studio: stopped")


def _server(app):
    """A uvicorn server of the app that, on Ctrl-C, stops the running jobs first, so that
    their requests are answered and the connections close instead of being cut after the
    grace period."""
    import uvicorn

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:
            app.state.studio.runner.stop_all()
            super().handle_exit(sig, frame)

    return Server(uvicorn.Config(app, log_level="warning", lifespan="on",
                                 timeout_graceful_shutdown=5))


def _announce(server, url: str, other: str, open_browser: bool) -> None:
    """Once the server listens: its address (and the browser, on a desktop)."""
    import time
    import webbrowser

    while not server.started and not server.should_exit:
        time.sleep(0.05)
    if not server.started:
        return
    click.echo(f"tombgen studio: {url}  (Ctrl-C stops it)")
    if other:
        click.echo(f"listening on every interface: other machines can reach this page at "
                   f"{other} (the token in the address is what lets them in)")
    if open_browser and can_open():
        webbrowser.open(url)


def is_loopback(host: str) -> bool:
    """Does ``host`` listen on this machine only (a local name or a loopback address)?"""
    import ipaddress

    if host in ("localhost", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:  # a name: where it points decides
        try:
            found = socket.getaddrinfo(host, None)
        except OSError:
            return False
        return all(ipaddress.ip_address(info[4][0]).is_loopback for info in found)


def machine_names() -> tuple[str, ...]:
    """The names and addresses of this machine, which a server listening on every interface
    answers to (besides the address each connection came in on)."""
    names = {socket.gethostname(), socket.getfqdn()}
    for name in sorted(names):  # a copy: the addresses join the set
        try:
            names.update(str(info[4][0]) for info in socket.getaddrinfo(name, None))
        except OSError:
            pass
    return tuple(sorted(n for n in names if n))


def can_open() -> bool:
    """Is there a desktop to open a browser on? (Without one, Python's ``webbrowser`` may start
    a text browser in this very terminal.)"""
    import os
    import sys

    return sys.platform in ("darwin", "win32") or bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def bind(host: str, port: int):
    """A listening socket on (host, port); a port in use or a bad host is an InputError."""
    from generator.core.errors import InputError

    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise InputError(f"--host {host}: not an address of this machine ({exc.strerror})") \
            from None
    family, kind, proto, _, where = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(where)
    except OSError as exc:
        sock.close()
        raise InputError(f"--host {host} --port {port}: cannot listen there ({exc.strerror}); "
                         "choose another --port, or 0 for any free one") from None
    sock.listen(128)
    return sock
