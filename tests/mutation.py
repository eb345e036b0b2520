"""Mutation testing on demand: how many small planted bugs the tests catch, module by module.

    python tests/mutation.py                       # every module of MODULE_TESTS
    python tests/mutation.py generator/games/tumba/rules_roll.py [...] [--jobs 2] [--show]

Not part of the test suite and not run in CI: a full run takes several minutes (see
tests/README.md). For each module, mutmut (the ``test`` extra) writes every mutant of the module
(an operator, a comparison, a number, a string, a call argument changed one at a time) and runs,
for each mutant, only the tests of ``MODULE_TESTS[module]`` that call the mutated function
(mutmut finds those in a first, instrumented run). A mutant is *killed* when some test fails,
*survives* when all pass, *untested* when no listed test reaches it; a *timeout* (the tests
hang or loop) counts as caught.

Surviving mutants that cannot change any behaviour are listed in tests/mutation_equivalent.toml
(function, the line before and after, and why), and are left out of the score:

    score = (killed + timeouts) / (mutants - equivalent)

Each module runs in its own copy of the checkout under build/mutation/<module>/, so the
worktree is never touched; ``--keep`` leaves the copies for ``mutmut show`` / ``mutmut browse``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT_FILE = ROOT / "tests" / "mutation_equivalent.toml"
COPIED = ("generator", "seeds", "maps", "templates", "tests", "docs", "README.md")

#: The test files that reach each game's engine, shared by its engine modules.
TANIS_ENGINE = [
    "tests/games/tanis/test_engine_invariants.py",
    "tests/games/tanis/test_engine_conformance.py",
    "tests/games/tanis/test_engine_games.py",
    "tests/games/tanis/test_engine_moves.py",
    "tests/games/tanis/test_engine_visibility.py",
    "tests/games/tanis/test_flip.py",
    "tests/games/tanis/test_slide_reference.py",
    "tests/games/tanis/test_records.py",
]
REALMS_ENGINE = [
    "tests/games/realms/test_realms_legal.py",
    "tests/games/realms/test_realms_engine.py",
    "tests/games/realms/test_realms_wand_path.py",
    "tests/games/realms/test_realms_placement.py",
    "tests/games/realms/test_realms_backpack.py",
    "tests/games/realms/test_realms_rules_last.py",
    "tests/games/realms/test_realms_example.py",
    "tests/games/realms/test_realms_conformance.py",
    "tests/games/realms/test_realms_tile_table.py",
]
TUMBA_ENGINE = [
    "tests/games/tumba/test_tumba_engine.py",
    "tests/games/tumba/test_tumba_readings.py",
    "tests/games/tumba/test_tumba_rules.py",
    "tests/games/tumba/test_tumba_advanced.py",
    "tests/games/tumba/test_tumba_incineration.py",
    "tests/games/tumba/test_tumba_board.py",
    "tests/games/tumba/test_tumba_rolls.py",
    "tests/games/tumba/test_tumba_roll_powers.py",
    "tests/games/tumba/test_tumba_conformance.py",
]


#: module -> the test files that check it (mutmut narrows them further, per mutated function)
MODULE_TESTS: dict[str, list[str]] = {
    "generator/games/realms/rules/scoring.py": [
        "tests/games/realms/test_realms_scoring.py",
        "tests/games/realms/test_realms_achievements.py",
        "tests/games/realms/test_realms_example.py",
        "tests/games/realms/test_realms_score_document.py",
        "tests/games/realms/test_realms_placement.py",
    ],
    "generator/games/realms/rules/map.py": [
        "tests/games/realms/test_realms_maps.py",
        "tests/games/realms/test_realms_map_checks.py",
    ],
    "generator/games/realms/rules/holdings.py": [
        "tests/games/realms/test_realms_scoring.py",
        "tests/games/realms/test_realms_achievements.py",
    ],
    "generator/games/tut/rules_scoring.py": [
        "tests/games/tut/test_scoring.py",
        "tests/games/tut/test_scoring_referee.py",
        "tests/games/tut/test_score_set_document.py",
        "tests/games/tut/test_engine.py",
    ],
    "generator/games/tut/rules.py": [
        "tests/games/tut/test_engine.py",
        "tests/games/tut/test_engine_state.py",
        "tests/games/tut/test_records.py",
        "tests/games/tut/test_conformance.py",
    ],
    "generator/games/tut/rules_trail.py": [
        "tests/games/tut/test_trail_checks.py",
    ],
    "generator/games/tanis/rules_scoring.py": [
        "tests/games/tanis/test_score.py",
        "tests/games/tanis/test_score_validate.py",
    ],
    "generator/games/tanis/rules_dig.py": [
        "tests/games/tanis/test_dig.py",
        "tests/games/tanis/test_dig_checks.py",
    ],
    "generator/games/tanis/rules_board.py": [
        "tests/games/tanis/test_dig_checks.py",
        "tests/games/tanis/test_engine_moves.py",
    ],
    "generator/games/tanis/rules.py": TANIS_ENGINE,
    "generator/games/tanis/rules_slide.py": TANIS_ENGINE,
    "generator/games/tanis/rules_invariants.py": TANIS_ENGINE,
    "generator/games/tumba/rules_roll.py": [
        "tests/games/tumba/test_tumba_rolls.py",
        "tests/games/tumba/test_tumba_roll_powers.py",
        "tests/games/tumba/test_tumba_roll_document.py",
    ],
    "generator/games/tumba/rules_setup.py": [
        "tests/games/tumba/test_tumba_setup.py",
        "tests/games/tumba/test_tumba_setup_log.py",
    ],
    # the engines of Hidden Realms and Tutan Tumba: rule paths, refusals word for word,
    # invariants, conformance over seeded positions (no bot games: they reach the same code)
    "generator/games/realms/rules/__init__.py": REALMS_ENGINE,
    "generator/games/realms/rules/legal.py": REALMS_ENGINE,
    "generator/games/realms/rules/sheet.py": REALMS_ENGINE,
    "generator/games/realms/rules/board.py": REALMS_ENGINE,
    "generator/games/realms/rules/dice.py": ["tests/games/realms/test_realms_dice.py", *REALMS_ENGINE],
    "generator/games/realms/rules/constants.py": REALMS_ENGINE,
    "generator/games/realms/rules/moves.py": REALMS_ENGINE,
    # game records: the shared part (the header, the move codec, the replay, the record folder)
    # and Tutan Tumba's, the one game whose record module holds no more than its format
    "generator/core/records.py": [
        "tests/core/test_records.py",
        "tests/test_records.py",
        "tests/games/tumba/test_tumba_records.py",
        "tests/games/tut/test_records.py",
        "tests/games/tanis/test_records.py",
        "tests/games/null/test_null.py",
    ],
    "generator/games/tumba/records.py": [
        "tests/games/tumba/test_tumba_records.py",
        "tests/games/tumba/test_tumba_play.py",
        "tests/test_records.py",
    ],
    "generator/games/tumba/rules.py": TUMBA_ENGINE,
    "generator/games/tumba/rules_board.py": TUMBA_ENGINE,
    "generator/games/tumba/rules_why.py": TUMBA_ENGINE,
    # the pipeline: build, validate, render, name and write a run
    "generator/produce.py": [
        "tests/test_produce.py",
        "tests/test_gate.py",
        "tests/test_cli.py",
        "tests/test_footer.py",
        "tests/test_limits.py",
    ],
    "generator/runs.py": [
        "tests/test_runs.py",
        "tests/test_footer.py",
        "tests/test_limits.py",
        "tests/test_naming.py",
        "tests/test_cli.py",
        "tests/batch/test_config.py",
    ],
    # tombgen validate: which checker a document goes to, and the report it returns
    "generator/validate.py": [
        "tests/test_validate_module.py",
    ],
    "generator/core/report.py": [
        "tests/test_validate_module.py",
    ],
    # batches: config, units, the manifest and resuming, the run, verify
    "generator/batch/config.py": [
        "tests/batch/test_config_unit.py",
        "tests/batch/test_config.py",
    ],
    "generator/batch/units.py": [
        "tests/batch/test_units.py",
    ],
    "generator/batch/manifest.py": [
        "tests/batch/test_manifest_unit.py",
        "tests/batch/test_manifest_document.py",
    ],
    "generator/batch/run.py": [
        "tests/batch/test_run_unit.py",
    ],
    "generator/batch/assemble.py": [
        "tests/batch/test_assemble_unit.py",
        "tests/batch/test_run_unit.py",
    ],
    "generator/batch/verify.py": [
        "tests/batch/test_verify_unit.py",
    ],
    "generator/batch/lock.py": [
        "tests/batch/test_lock.py",
        "tests/batch/test_overwrite_lock.py",
    ],
    # the command line: commands made from the registry, and where their failures end
    "generator/clikit.py": [
        "tests/test_clikit_unit.py",
        "tests/test_cli.py",
        "tests/test_naming.py",
        "tests/test_simulate.py",
    ],
    "generator/guard.py": [
        "tests/test_guard_unit.py",
        "tests/test_cli.py",
    ],
    "generator/registry.py": [
        "tests/test_registry_unit.py",
        "tests/test_cli.py",
        "tests/test_naming.py",
        "tests/test_runs.py",
        "tests/test_validate_module.py",
    ],
}

CAUGHT = {"killed", "timeout", "segfault", "suspicious", "caught by type check"}
UNTESTED = {"no tests", "not checked", "skipped"}


@dataclass
class Result:
    """One module's run: mutmut's status per mutant, the survivors' diffs, the time taken."""

    module: str
    status: dict[str, str]
    diffs: dict[str, str] = field(default_factory=dict)
    equivalent: dict[str, str] = field(default_factory=dict)   # mutant -> reason
    seconds: float = 0.0

    def count(self, *statuses: str) -> int:
        return sum(1 for s in self.status.values() if s in statuses)

    @property
    def caught(self) -> int:
        return sum(1 for s in self.status.values() if s in CAUGHT)

    @property
    def missed(self) -> list[str]:
        """Mutants no test caught and not judged equivalent."""
        return [m for m, s in self.status.items()
                if s not in CAUGHT and m not in self.equivalent]

    @property
    def score(self) -> float:
        counted = len(self.status) - len(self.equivalent)
        return self.caught / counted if counted else 1.0


def slug(module: str) -> str:
    return module.removeprefix("generator/").removesuffix(".py").replace("/", "-")


def prepare(module: str, tests: list[str], work: Path) -> None:
    """A fresh copy of the checkout in ``work`` whose pyproject tells mutmut what to do."""
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for name in COPIED:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, work / name, ignore=ignore)
        else:
            shutil.copy2(ROOT / name, work / name)
    config = (ROOT / "pyproject.toml").read_text(encoding="utf-8") + f"""
[tool.mutmut]
source_paths = ["generator"]
only_mutate = [{json.dumps(module)}]
pytest_add_cli_args_test_selection = {json.dumps(tests)}
pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "no:randomly"]
also_copy = ["seeds", "maps", "templates", "docs", "README.md"]
"""
    (work / "pyproject.toml").write_text(config, encoding="utf-8")


class RunFailed(Exception):
    """mutmut could not run a module (its tests fail or cannot be collected unmutated)."""


def mutmut(work: Path, *args: str, log=None) -> str:
    """Runs mutmut's command line with this interpreter in ``work``; its output (or a log)."""
    code = "import sys; from mutmut.__main__ import cli; sys.argv[0] = 'mutmut'; cli()"
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run([sys.executable, "-c", code, *args], cwd=work, env=env, text=True,
                          stdout=log or subprocess.PIPE, stderr=subprocess.STDOUT)
    if proc.returncode != 0:
        where = f" (log: {log.name})" if log else ""
        raise RunFailed(f"tests/mutation.py: mutmut {' '.join(args)} failed in {work}{where}\n"
                        f"{proc.stdout or ''}")
    return proc.stdout or ""


DIFFS = """
import json, sys
from mutmut.mutation.diff_apply import get_diff_for_mutant
path, names = sys.argv[1], sys.argv[2:]
print(json.dumps({n: get_diff_for_mutant(n, path=path) for n in names}))
"""


def run_module(module: str, tests: list[str], jobs: int, base: Path) -> Result:
    """Mutates one module and runs its tests against every mutant."""
    work = base / slug(module)
    prepare(module, tests, work)
    start = time.monotonic()
    with open(work / "mutmut.log", "w", encoding="utf-8") as log:
        mutmut(work, "run", "--max-children", str(jobs), log=log)
    seconds = time.monotonic() - start
    status = {}
    for line in mutmut(work, "results", "--all", "true").splitlines():
        name, sep, state = line.strip().rpartition(": ")
        if sep and name.startswith("generator."):
            status[name] = state
    result = Result(module, status, seconds=seconds)
    left = [m for m, s in status.items() if s not in CAUGHT]
    if left:
        proc = subprocess.run([sys.executable, "-c", DIFFS, module, *left], cwd=work, text=True,
                              capture_output=True, check=True)
        result.diffs = json.loads(proc.stdout)
    return result


# ---- equivalent mutants -------------------------------------------------------------------------

def function_of(mutant: str) -> str:
    """``generator.x.y.xǁPowerǁto_json__mutmut_3`` -> ``Power.to_json``."""
    name = mutant.rpartition(".")[2].rpartition("__mutmut_")[0]
    if name.startswith("xǁ"):
        return name[2:].replace("ǁ", ".")
    return name.removeprefix("x_")


def changed_lines(diff: str) -> tuple[str, str]:
    """The removed and the added lines of a mutant's diff, stripped and joined."""
    lines = diff.splitlines()[2:]
    old = " ".join(x[1:].strip() for x in lines if x.startswith("-"))
    new = " ".join(x[1:].strip() for x in lines if x.startswith("+"))
    return old, new


def load_equivalent() -> list[dict]:
    if not EQUIVALENT_FILE.exists():
        return []
    return tomllib.loads(EQUIVALENT_FILE.read_text(encoding="utf-8")).get("equivalent", [])


def mark_equivalent(result: Result, entries: list[dict]) -> list[dict]:
    """Marks the survivors matching an entry (``after`` is one line or a list of the mutants of
    that line); returns the entries of this module that matched nothing (stale: the code
    changed, or the mutant is killed now)."""
    mine = [e for e in entries if e["module"] == result.module]
    used = set()
    for mutant, diff in result.diffs.items():
        old, new = changed_lines(diff)
        for i, e in enumerate(mine):
            afters = [e["after"]] if isinstance(e["after"], str) else e["after"]
            if e["function"] == function_of(mutant) and e["before"] == old and new in afters:
                result.equivalent[mutant] = e["reason"]
                used.add(i)
                break
    return [e for i, e in enumerate(mine) if i not in used]


# ---- report --------------------------------------------------------------------------------------

def table(results: list[Result]) -> str:
    head = ("| module | mutants | killed | survived | untested | timeouts | equivalent | score "
            "| time |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    rows = [f"| `{r.module.removeprefix('generator/games/')}` | {len(r.status)} | "
            f"{r.count('killed')} | {r.count('survived')} | {r.count(*UNTESTED)} | "
            f"{r.count('timeout')} | {len(r.equivalent)} | {100 * r.score:.1f}% | "
            f"{r.seconds:.0f} s |" for r in results]
    return "\n".join([head, *rows])


def write_json(results: list[Result], path: Path) -> None:
    """The statuses so far (rewritten after each module, so a long run keeps what it did)."""
    path.write_text(json.dumps(
        {r.module: {"status": r.status, "equivalent": r.equivalent, "seconds": r.seconds,
                    "diffs": {m: r.diffs.get(m, "") for m in r.missed}}
         for r in results}, indent=1), encoding="utf-8")


def show_missed(result: Result, diffs: bool) -> None:
    """Each mutant of a module left alive (and not judged equivalent), with its diff."""
    for mutant in result.missed:
        state = result.status[mutant]
        print(f"\n{state}: {mutant}" + (f"\n{result.diffs.get(mutant, '')}" if diffs else ""),
              flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="modules to mutate (default: all of "
                        "MODULE_TESTS)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="mutants tested at once (default: the CPU count)")
    parser.add_argument("--show", action="store_true",
                        help="print the diff of every mutant left alive")
    parser.add_argument("--keep", action="store_true",
                        help="keep build/mutation/<module>/ for mutmut show/browse")
    parser.add_argument("--tests", nargs="+", metavar="FILE",
                        help="run these test files instead of the module's (one module only)")
    parser.add_argument("--json", metavar="FILE", help="also write the statuses as JSON")
    args = parser.parse_args(argv)
    modules = args.modules or list(MODULE_TESTS)
    unknown = [m for m in modules if m not in MODULE_TESTS]
    if unknown:
        parser.error(f"no test files listed for {', '.join(unknown)}; add the module to "
                     "MODULE_TESTS in tests/mutation.py")
    if args.tests and len(modules) != 1:
        parser.error("--tests needs exactly one module")
    for module in modules:   # before anything runs: a long run must not stop half-way
        missing = [t for t in args.tests or MODULE_TESTS[module] if not (ROOT / t).exists()]
        if missing:
            parser.error(f"{module}: test file(s) {', '.join(missing)} do not exist; fix "
                         "MODULE_TESTS")
    base = ROOT / "build" / "mutation"
    entries, results, stale = load_equivalent(), [], []
    start = time.monotonic()
    print(f"mutation testing {len(modules)} module(s) with {args.jobs} job(s) on "
          f"{os.cpu_count()} CPU(s), load {os.getloadavg()[0]:.1f}", flush=True)
    failed = []
    for module in modules:
        try:
            result = run_module(module, args.tests or MODULE_TESTS[module], args.jobs, base)
        except RunFailed as exc:   # the other modules still run; the copy stays to look into
            print(exc, flush=True)
            failed.append(module)
            continue
        stale += mark_equivalent(result, entries)
        results.append(result)
        print(f"{module}: {len(result.status)} mutants, {result.caught} caught, "
              f"{len(result.equivalent)} equivalent, score {100 * result.score:.1f}% "
              f"({result.seconds:.0f} s)", flush=True)
        show_missed(result, args.show)   # now, not after the last module: a run can be long
        if args.json:
            write_json(results, Path(args.json))
        if not args.keep:
            shutil.rmtree(base / slug(module), ignore_errors=True)
    print()
    print(table(results))
    total = time.monotonic() - start
    print(f"\ntotal {total:.0f} s ({total / 60:.1f} min) with {args.jobs} job(s)")
    for e in stale:
        print(f"\nstale entry in {EQUIVALENT_FILE.name}: {e['module']} {e['function']}: "
              f"{e['before']!r} -> {e['after']!r} matched no surviving mutant")
    for module in failed:
        print(f"\nnot measured: {module} (mutmut could not run it; see above)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
