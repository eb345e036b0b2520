"""Does the local web page's memory stay flat? ``python benchmarks/studio_memory.py [--n N]``.

Starts ``tombgen serve`` in a process of its own and sends it N requests (default 1,000) of
every kind the page makes: files of new items (a new seed each time, so the cache fills and
turns over), the same item again (a cache hit), refusals (a bad option, an unknown product, a
map that does not validate) and the catalogue of products. The resident memory of the server
and of its forkserver (the worker processes are forked from it and end with each job) is read
from ``/proc`` after every tenth of the requests. The cache of finished results (48 items, at
most 64 MB: ``seeds/studio.toml`` [cache]) fills during the first few hundred requests; after
that, flat memory is a ratio near 1 between the last reading and the one half-way. Linux only
(reads ``/proc``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from helpers import descendants  # noqa: E402 - the test helpers, found through the path above


def rss_kib(pid: int) -> int:
    """Resident memory of a process and of every process below it, in KiB."""
    total = 0
    for proc in [pid, *descendants(pid)]:
        try:
            status = Path(f"/proc/{proc}/status").read_text()
        except OSError:
            continue
        found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
        total += int(found.group(1)) if found else 0
    return total


def request(url: str, body: bytes | None = None) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=body), timeout=120) as r:
            r.read()
            return r.status
    except urllib.error.HTTPError as error:
        error.read()
        return error.code


def kinds(base: str, bad_map: bytes):
    """The requests sent in turn: (label, function of the request's number)."""
    return [
        ("new item", lambda i: request(f"{base}api/tanis/dig.svg?seed={10_000 + i}")),
        ("new item", lambda i: request(f"{base}api/tumba/setup.json?seed={20_000 + i}")),
        ("cached", lambda i: request(f"{base}api/tanis/dig.svg?seed=1")),
        ("bad option", lambda i: request(f"{base}api/tanis/dig.svg?style=zigzag{i}")),
        ("no product", lambda i: request(f"{base}api/tanis/nothing{i}.svg")),
        ("bad map", lambda i: request(f"{base}api/realms/validate", bad_map)),
        ("products", lambda i: request(f"{base}api/products")),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000, help="requests to send")
    args = parser.parse_args()
    env = dict(os.environ, PYTHONUNBUFFERED="1",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    server = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--no-open",
                               "--port", "0"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    try:
        line = server.stdout.readline()
        base = re.search(r"(http://\S+/)", line).group(1)
        bad_map = json.dumps({"format": "tombgen/realms.map", "version": 1,
                              "size": [12, 12], "entrances": [], "stone": [], "rooms": [],
                              "findings": []}).encode()
        sends = kinds(base, bad_map)
        step = max(1, args.n // 10)
        counts: dict[int, int] = {}
        samples: list[tuple[int, int]] = []
        start = time.monotonic()
        for i in range(args.n):
            status = sends[i % len(sends)][1](i)
            counts[status] = counts.get(status, 0) + 1
            if (i + 1) % step == 0:
                samples.append((i + 1, rss_kib(server.pid)))
        took = time.monotonic() - start
        print(f"{args.n} requests in {took:.0f} s; answers by status: "
              + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
        print("server and forkserver RSS (MiB) after each tenth: "
              + ", ".join(f"{n}: {kib / 1024:.1f}" for n, kib in samples))
        (_, first), (half_n, half), (_, last) = samples[0], samples[len(samples) // 2 - 1], \
            samples[-1]
        print(f"ratio last / first tenth {last / first:.2f}; last / half ({half_n} requests, "
              f"the result cache full by then) {last / half:.2f}")
    finally:
        server.terminate()
        server.wait(30)


if __name__ == "__main__":
    main()
