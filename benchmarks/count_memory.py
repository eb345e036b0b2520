"""Memory of a ``--count`` run: peak RSS for N items and for 10 N, as a ratio.

Plain script, not a test: ``python benchmarks/count_memory.py [--n N] [--product game:kind]
[--compare CHECKOUT]``. Each run is a fresh ``python -m generator <game> <kind> --count …``
child process; its peak resident memory comes from the kernel (``os.wait4``), so nothing is
sampled. A ``--count`` run writes every item under a temporary name as soon as it is made and
joins the PDF on disk, so the 10 N run should need about the memory of the N run (ratio near
1), and both about that of a single item. The baseline measured in the same script is a bare
``python -c "import generator"`` child: the interpreter and the package, nothing built.

``--compare CHECKOUT`` runs the same commands with another checkout of tombgen on the path
(e.g. a version that kept every item in memory until the end) for a before/after figure.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def peak_rss(args: list[str], path: Path) -> tuple[float, float]:
    """(peak RSS in MiB, seconds) of one child process running ``args``."""
    env = dict(os.environ, PYTHONPATH=str(path))
    start = time.monotonic()
    proc = subprocess.Popen(args, cwd=path, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(args)} failed: {proc.stderr.read().decode()[-500:]}")
    proc.stderr.close()
    return usage.ru_maxrss / 1024, seconds  # ru_maxrss is in KiB on Linux


def measure(path: Path, game: str, kind: str, n: int) -> list[tuple[str, float, float]]:
    rows = [("bare import", *peak_rss([sys.executable, "-c", "import generator"], path))]
    for count in (1, n, 10 * n):
        out = Path(tempfile.mkdtemp(prefix="tombgen-mem-"))
        try:
            rss, took = peak_rss([sys.executable, "-m", "generator", game, kind, "--seed", "1",
                                  "--count", str(count), "--out", str(out)], path)
        finally:
            shutil.rmtree(out, ignore_errors=True)
        rows.append((f"--count {count}", rss, took))
    return rows


def show(title: str, rows: list[tuple[str, float, float]]) -> None:
    print(title)
    base = rows[0][1]
    for label, rss, took in rows:
        print(f"  {label:<14} peak RSS {rss:7.1f} MiB  ({rss / base:4.2f} x bare)  {took:6.1f} s")
    n_rss, ten_rss = rows[2][1], rows[3][1]
    print(f"  10 N / N peak RSS ratio: {ten_rss / n_rss:.3f}   "
          f"(above the bare import: {(ten_rss - base) / max(n_rss - base, 0.1):.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100, help="N (the second run makes 10 N)")
    parser.add_argument("--product", default="tanis:dig", help="game:kind (default tanis:dig)")
    parser.add_argument("--compare", type=Path, default=None,
                        help="another tombgen checkout to measure the same way")
    args = parser.parse_args()
    game, kind = args.product.split(":")
    print(f"CPUs {os.cpu_count()}, load {os.getloadavg()[0]:.2f}; {game} {kind}, N = {args.n}")
    show("this checkout", measure(ROOT, game, kind, args.n))
    if args.compare is not None:
        show(f"{args.compare}", measure(args.compare.resolve(), game, kind, args.n))


if __name__ == "__main__":
    main()
