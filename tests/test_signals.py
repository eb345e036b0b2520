"""Signals: worker processes never outlive their parent, and a stopped run leaves nothing
partial under a final name.

Each case starts a real ``python -m generator`` run with worker processes, waits until the
workers are there, signals the parent, and checks that 2 seconds later no worker is left
(SIGKILL: the kernel's parent-death signal, or the workers' watchdog; SIGTERM and Ctrl-C: the
run stops them itself), the exit code (130 for Ctrl-C, 143 for SIGTERM) and its one line.
"""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from helpers import ROOT

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="finds worker processes through /proc")


def children(pid: int) -> set[int]:
    kids = set()
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as handle:
                kids.update(int(k) for k in handle.read().split())
        except OSError:
            pass
    return kids


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(") ")[1][0] != "Z"  # a zombie has ended
    except OSError:
        return False


def start(*args: str) -> subprocess.Popen:
    # a shell may have told its background jobs to ignore Ctrl-C: give the run the default
    return subprocess.Popen([sys.executable, "-m", "generator", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def workers_of(proc: subprocess.Popen, count: int = 2, wait: float = 60) -> set[int]:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        kids = children(proc.pid)
        if len(kids) >= count:
            time.sleep(0.3)  # let them take work
            return children(proc.pid)
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    raise AssertionError(f"no workers appeared: {proc.communicate()}")


def batch_config(tmp_path) -> list[str]:
    config = tmp_path / "big.toml"
    config.write_text('[[item]]\ngame = "tanis"\nkind = "dig"\ncount = 400\nseed = 3\n')
    return ["batch", str(config), "--jobs", "2", "--out", str(tmp_path / "out")]


def simulation(tmp_path) -> list[str]:
    return ["tanis", "simulate", "--games", "20000", "--seed", "2", "--jobs", "2", "--out",
            str(tmp_path / "sim")]


def check_nothing_partial(folder) -> None:
    if not folder.exists():
        return
    for path in folder.iterdir():
        if path.name.startswith(".") or not path.is_file():
            continue
        data = path.read_bytes()
        if path.suffix == ".json":
            json.loads(data)
        elif path.suffix == ".svg":
            assert data.rstrip().endswith(b"</svg>"), path
        elif path.suffix == ".pdf":
            assert data.rstrip().endswith(b"%%EOF"), path


@pytest.mark.parametrize("make", [batch_config, simulation], ids=["batch", "simulate"])
@pytest.mark.parametrize("signum, code", [(signal.SIGKILL, -9), (signal.SIGTERM, 143),
                                          (signal.SIGINT, 130)],
                         ids=["SIGKILL", "SIGTERM", "SIGINT"])
def test_no_worker_outlives_its_parent(tmp_path, make, signum, code):
    proc = start(*make(tmp_path))
    kids = workers_of(proc)
    proc.send_signal(signum)
    try:
        _, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:  # a run that hangs instead of stopping: a failure
        proc.kill()
        for kid in kids:
            if alive(kid):
                os.kill(kid, signal.SIGKILL)
        raise
    time.sleep(2)
    assert [k for k in kids if alive(k)] == [], "workers outlived their parent"
    assert proc.returncode == code
    if signum != signal.SIGKILL:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("tombgen: stopped (") and \
            "Traceback" not in err, err
    check_nothing_partial(tmp_path / "out")
    check_nothing_partial(tmp_path / "sim")


def test_ctrl_c_in_a_count_run_leaves_no_file(tmp_path):
    out = tmp_path / "out"
    proc = start("tanis", "dig", "--seed", "4", "--count", "300", "--out", str(out))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(
            p.name.endswith(".part") for p in (out.iterdir() if out.exists() else [])):
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err.strip().splitlines() == ["tombgen: stopped (Ctrl-C); unfinished files were "
                                        "removed, nothing partial is left under a final name"]
    assert not out.exists() or list(out.iterdir()) == []
