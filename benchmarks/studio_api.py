"""What the local web page costs over building in process: ``python benchmarks/studio_api.py``.

For each product, the same items (new seeds each round, so nothing is cached) are made twice,
alternating: in this process with the pipeline (``build_one`` + the files of the item, what the
command does without writing), and through the API (``GET /api/<game>/<kind>.svg``, a worker
process per request, through Starlette's test client). Prints the medians and their ratio; the
difference is the price of a killable worker process per job (fork from the forkserver, pickling
the files back). The first API request, sent as the server starts (while its forkserver still loads and warms
the pipeline), is timed on its own.
"""

from __future__ import annotations

import statistics
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CASES = (("tanis", "dig"), ("tumba", "setup"), ("tut", "trail"), ("realms", "sheet"))
ROUNDS = 7


def in_process(game: str, kind: str, seed: int) -> None:
    from generator.draw.paper import make_sheet
    from generator.produce import build_one, item_files, library_defaults
    from generator.registry import game as spec_of

    spec = spec_of(game)
    product = spec.product(kind)
    built = build_one(spec, product, seed, 0, 1, make_sheet("a4", False),
                      library_defaults(product))
    item_files(built, ("svg", "json"))


def main() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from generator.studio.app import make_app

    with TestClient(make_app(hosts=("testserver",))) as client:
        start = time.perf_counter()
        client.get("/api/tumba/setup.svg?seed=1").raise_for_status()
        print(f"first request (the forkserver still warming): {time.perf_counter() - start:.2f} s")
        for game, kind in CASES:
            local, api = [], []
            for r in range(ROUNDS):
                seed = 1000 + r
                start = time.perf_counter()
                in_process(game, kind, seed)
                local.append(time.perf_counter() - start)
                start = time.perf_counter()
                client.get(f"/api/{game}/{kind}.svg?seed={seed + 500}").raise_for_status()
                api.append(time.perf_counter() - start)
            a, b = statistics.median(local), statistics.median(api)
            print(f"{game} {kind}: in process {a * 1000:.0f} ms, API {b * 1000:.0f} ms, "
                  f"ratio {b / a:.2f}")


if __name__ == "__main__":
    main()
