"""Rebuilds the golden files: ``python tests/golden/rebuild.py``.

For every registered product, two cases in English (seed 7 on A4 in colour, seed 8 on Letter in
mono) and one in French (seed 7 on A4 in colour, ``-fr``; the French rules for Tutankhamen and a
Pharaoh's Wrath setup for Tutan Tumba, so their French-only parts are pinned too), then one case
per mode of a product the cases above miss (``MODES``: the English Pharaoh's Wrath setup, the
classic Tanis dig, the spiral and meander trails, the easy and kids starts, a sheet on a
generated map, the two-player handicap sheets, a hard generated map). Each is saved as the scene
log (every primitive as a line of text) and the JSON document. The golden test compares fresh
builds with these files.

Each scene log starts with two lines: what made it, and what a person checked on the rendered
sheet (``reviewed.toml``, by golden name). A golden without a review note is refused. After an
intended change, rebuild, review the diff (``git diff tests/golden``), LOOK at every changed
case (``python tests/golden/rebuild.py --render DIR`` writes their PDFs) and update its note.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

CASES = ((7, "a4", False, "en"), (8, "letter", True, "en"), (7, "a4", False, "fr"))
#: Options of the French cases, by product (the others take the library defaults).
FRENCH = {("tut", "trail"): {"variant": "fr"}, ("tumba", "setup"): {"mode": "advanced"}}
#: One case for each mode the cases above leave out: (game, kind, seed, paper, mono, options).
MODES = (
    ("tumba", "setup", 9, "a4", False, {"mode": "advanced", "players": 5}),
    ("tanis", "dig", 7, "letter", False, {"style": "classic"}),
    ("tut", "trail", 7, "a4", False, {"shape": "spiral"}),
    ("tut", "trail", 7, "letter", True, {"shape": "meander", "players": 6}),
    ("realms", "sheet", 7, "a4", False, {"start": "easy"}),
    ("realms", "sheet", 7, "letter", True, {"start": "kids"}),
    ("realms", "sheet", 7, "a4", False, {"map": "random", "rating_games": 0}),
    ("realms", "sheet", 7, "a4", False, {"map": "map-3,map-1", "players": 2}),
    ("realms", "map", 7, "a4", False, {"size": "16x16", "rating_games": 0}),
)
REVIEWED = HERE / "reviewed.toml"


def cases():
    """Every golden case: (game, kind, seed, paper, mono, lang, options)."""
    from generator.registry import games

    for game in games():
        for product in game.products:
            for seed, paper, mono, lang in CASES:
                if lang in product.languages:
                    options = FRENCH.get((game.name, product.kind), {}) if lang != "en" else {}
                    yield game.name, product.kind, seed, paper, mono, lang, options
    for game, kind, seed, paper, mono, options in MODES:
        yield game, kind, seed, paper, mono, "en", options


def golden_name(game: str, kind: str, seed: int, paper: str, mono: bool, lang: str = "en",
                options: dict | None = None) -> str:
    """The base cases keep their short names; a mode case adds its options (French cases' own
    options are implied by ``-fr``)."""
    extra = "" if lang != "en" else "".join(
        f"-{k.replace('_', '-')}-{str(v).replace(',', '+')}" for k, v in (options or {}).items())
    return (f"{game}-{kind}-{seed}-{paper}{'-mono' if mono else ''}"
            f"{'' if lang == 'en' else '-' + lang}{extra}")


def review_notes() -> dict[str, str]:
    """What a person checked on each golden's rendered sheet, by golden name."""
    return tomllib.loads(REVIEWED.read_text(encoding="utf-8"))


def command(game, kind, seed, paper, mono, lang="en", options=None) -> str:
    flags = "".join(f" --{k.replace('_', '-')} {v}" for k, v in (options or {}).items())
    return (f"tombgen {game} {kind}{flags} --seed {seed} --paper {paper}"
            f"{' --mono' if mono else ''}{'' if lang == 'en' else ' --lang ' + lang}")


def build_case(game, kind, seed, paper, mono, lang="en", options=None):
    from generator.produce import build

    return build(game, kind, seed, paper=paper, mono=mono, options=dict(options or {}),
                 lang=lang)[0]


def render_case(game: str, kind: str, seed: int, paper: str, mono: bool,
                lang: str = "en", options: dict | None = None) -> tuple[str, str]:
    """(scene log, JSON text) of one case; the log starts with what made it and its review."""
    from generator.core.envelope import dumps

    case = (game, kind, seed, paper, mono, lang, options)
    built = build_case(*case)
    note = review_notes().get(golden_name(*case))
    if not note:
        raise SystemExit(f"tests/golden/reviewed.toml: no review note for {golden_name(*case)}; "
                         "render it (--render DIR), look at it, and say what you checked")
    header = (f"# golden: {command(*case)}; rebuild with: python tests/golden/rebuild.py\n"
              f"# reviewed: {note}\n")
    scene = header + "\n".join(page.log() for page in built.pages) + "\n"
    doc = dumps(built.document())
    return scene, doc


def render_pdfs(folder: Path) -> None:
    """Writes every case's PDF to ``folder`` to be looked at (not part of the goldens)."""
    from generator.produce import render_files

    folder.mkdir(parents=True, exist_ok=True)
    for case in cases():
        for _name, _, _, data in render_files([build_case(*case)], ("pdf",)):
            (folder / f"{golden_name(*case)}.pdf").write_bytes(data)
    print(f"wrote the PDF of every case to {folder}")


def main(argv: list[str]) -> None:
    if argv[:1] == ["--render"] and len(argv) == 2:
        render_pdfs(Path(argv[1]))
        return
    for case in cases():
        name = golden_name(*case)
        scene, doc = render_case(*case)
        (HERE / f"{name}.scene.txt").write_text(scene, encoding="utf-8")
        (HERE / f"{name}.json").write_text(doc, encoding="utf-8")
        print(f"wrote tests/golden/{name}.scene.txt and .json")


if __name__ == "__main__":
    main(sys.argv[1:])
