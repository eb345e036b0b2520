"""Batch scaling: N sheets (SVG + PDF + JSON) with --jobs 1 and 2, memory for N and 4N, dask.

    python benchmarks/batch_scaling.py [--n 1000] [--product realms:sheet] [--option map=random]
                                       [--skip-dask] [--skip-4n]

Default product: Hidden Realms sheets with random maps when ``realms sheet`` is registered,
else Tanis digs. Every timed run is a fresh process (``--child``), so its peak resident memory
(``ru_maxrss``, main process and the largest worker) belongs to that run alone. Printed:

* wall time for N items with --jobs 1 and --jobs 2, the speed-up (target ≥ 1.8 on 2 cores);
* the per-sheet cost at --jobs 1 against a bare reportlab page drawing the same primitives
  (benchmarks/baseline.py) and against tombgen's own PDF page writer;
* peak memory (main and workers) for N and 4N items, and the main process's peak Python heap
  (tracemalloc) — flat means the joined PDF and the results are streamed, never all held;
* the same N through a dask LocalCluster of 2 single-threaded worker processes.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def default_product() -> tuple[str, str, dict[str, str]]:
    from generator.registry import games

    for spec in games():
        if spec.name == "realms" and any(p.kind == "sheet" for p in spec.products):
            return "realms", "sheet", {"map": "random"}
    return "tanis", "dig", {}


def config_text(game: str, kind: str, options: dict[str, str], n: int) -> str:
    lines = ["[[item]]", f'game = "{game}"', f'kind = "{kind}"', f"count = {n}", "seed = 1"]
    for key, value in options.items():
        lines.append(f"{key} = {int(value) if value.isdigit() else json.dumps(value)}")
    return "\n".join(lines) + "\n"


def child(args) -> None:
    """One timed run in this fresh process; prints a JSON line of measurements."""
    from generator.batch.run import run_batch

    tracing = args.trace
    if tracing:
        import tracemalloc

        tracemalloc.start()
    cluster = None
    address = None
    if args.dask:
        from distributed import LocalCluster

        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                               dashboard_address=":0")
        address = cluster.scheduler_address
    start = time.perf_counter()
    outcome = run_batch(args.config, out=args.out, jobs=None if args.dask else args.jobs,
                        dask=address)
    wall = time.perf_counter() - start
    peak_heap = 0
    if tracing:
        import tracemalloc

        peak_heap = tracemalloc.get_traced_memory()[1]
    if cluster is not None:
        cluster.close()
    size = sum(p.stat().st_size for p in Path(args.out).iterdir() if p.is_file())
    print(json.dumps({
        "wall": wall, "built": outcome.built, "failures": len(outcome.failures),
        "rss_main": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "rss_child": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
        "heap": peak_heap, "bytes": size}))


def run_child(config: Path, n: int, jobs: int, dask: bool = False, trace: bool = False) -> dict:
    out = Path(tempfile.mkdtemp(prefix="tombgen-bench-"))
    cmd = [sys.executable, __file__, "--child", "--config", str(config), "--out", str(out),
           "--jobs", str(jobs)] + (["--dask"] if dask else []) + (["--trace"] if trace else [])
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"benchmark run failed:\n{done.stderr}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    subprocess.run(["rm", "-rf", str(out)], check=True)
    if result["failures"] or result["built"] != n:
        raise SystemExit(f"benchmark run incomplete: {result}")
    return result


def per_sheet_costs(config: Path) -> dict[str, float]:
    """Seconds per sheet, in this process, warm: each stage of one item against bare calls.

    The item has the options the batch item has (the command's defaults filled in).
    """
    from baseline import bare_pdf, flatten
    from timing import per_call

    from generator.batch.config import load_config
    from generator.draw.svg import page_to_svg
    from generator.produce import build, item_pdf

    item = load_config(config).items[0]
    game, kind, opts = item.game, item.kind, item.options
    built = build(game, kind, 1, options=opts)[0]
    prims = flatten(built.pages)
    pages = len(built.pages)
    repeat = 5 if game == "realms" else 20
    return {
        "pages": pages,
        "generate": per_call(lambda: build(game, kind, 1, options=opts, render=False), repeat),
        "build": per_call(lambda: build(game, kind, 1, options=opts), repeat),
        "svg": per_call(lambda: [page_to_svg(p) for p in built.pages], repeat),
        "pdf": per_call(lambda: item_pdf(built), repeat),
        "bare": per_call(lambda: bare_pdf(prims, pages), repeat),
    }


def mb(kib: int) -> str:
    return f"{kib / 1024:7.1f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--product", default=None, help="game:kind (default: see module doc)")
    parser.add_argument("--option", action="append", default=[], help="key=value, repeatable")
    parser.add_argument("--skip-dask", action="store_true")
    parser.add_argument("--skip-4n", action="store_true")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--config", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    parser.add_argument("--jobs", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--dask", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--trace", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    if args.product:
        game, _, kind = args.product.partition(":")
        options = dict(o.split("=", 1) for o in args.option)
    else:
        game, kind, options = default_product()
    n = args.n
    work = Path(tempfile.mkdtemp(prefix="tombgen-bench-cfg-"))
    config = work / "n.toml"
    config.write_text(config_text(game, kind, options, n))
    print(f"{n} × {game} {kind} {options or ''} — SVG + PDF + JSON, {os.cpu_count()} CPUs")

    one = run_child(config, n, 1)
    two = run_child(config, n, 2)
    print(f"--jobs 1   {one['wall']:7.2f} s   {one['wall'] / n * 1000:6.2f} ms/sheet")
    print(f"--jobs 2   {two['wall']:7.2f} s   {two['wall'] / n * 1000:6.2f} ms/sheet   "
          f"speed-up {one['wall'] / two['wall']:.2f}× (target ≥ 1.8×)")

    c = per_sheet_costs(config)
    sheet = one["wall"] / n
    ms = {k: v * 1000 for k, v in c.items() if k != "pages"}
    print(f"per sheet ({c['pages']} page{'s' if c['pages'] != 1 else ''}), warm, one process, "
          "same options: "
          f"generate+validate {ms['generate']:.2f} ms, scene {ms['build'] - ms['generate']:.2f} ms, "
          f"SVG {ms['svg']:.2f} ms, PDF {ms['pdf']:.2f} ms")
    print(f"  bare reportlab drawing the same primitives: {ms['bare']:.2f} ms → tombgen PDF writer "
          f"{c['pdf'] / c['bare']:.2f}×; whole batch item (--jobs 1, all stages, three files "
          f"written, manifest) {sheet * 1000:.2f} ms = {sheet / c['bare']:.1f}× the bare page")

    print(f"peak memory N={n}:  main {mb(two['rss_main'])}  largest worker "
          f"{mb(two['rss_child'])}  (output {two['bytes'] / 1e6:.1f} MB)")
    if not args.skip_4n:
        big = work / "4n.toml"
        big.write_text(config_text(game, kind, options, 4 * n))
        four = run_child(big, 4 * n, 2)
        print(f"peak memory N={4 * n}: main {mb(four['rss_main'])}  largest worker "
              f"{mb(four['rss_child'])}  (output {four['bytes'] / 1e6:.1f} MB); "
              f"main 4N/N {four['rss_main'] / two['rss_main']:.2f}")
        heap_n = run_child(config, n, 2, trace=True)["heap"]
        heap_4n = run_child(big, 4 * n, 2, trace=True)["heap"]
        print(f"main-process Python heap peak (tracemalloc): N {heap_n / 1e6:.1f} MB, "
              f"4N {heap_4n / 1e6:.1f} MB, ratio {heap_4n / max(heap_n, 1):.2f}")
    if not args.skip_dask:
        remote = run_child(config, n, 2, dask=True)
        print(f"dask LocalCluster (2 workers × 1 thread) {remote['wall']:7.2f} s   "
              f"{remote['wall'] / n * 1000:6.2f} ms/sheet   vs --jobs 2 "
              f"{remote['wall'] / two['wall']:.2f}× (cluster started before the clock)")
    subprocess.run(["rm", "-rf", str(work)], check=True)


if __name__ == "__main__":
    main()
