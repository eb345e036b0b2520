"""Rebuilds the golden files: ``python tests/golden/rebuild.py``.

For every registered product, two cases in English (seed 7 on A4 in colour, seed 8 on Letter in
mono) and one in French (seed 7 on A4 in colour, ``-fr``; the French rules for Tutankhamen and a
Pharaoh's Wrath setup for Tutan Tumba, so their French-only parts are pinned too) are built and
saved as the scene log (every primitive as a line of text) and the JSON document. The golden
test compares fresh builds with these files; after an intended change, rebuild and review the
diff (`git diff tests/golden`).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

CASES = ((7, "a4", False, "en"), (8, "letter", True, "en"), (7, "a4", False, "fr"))
#: Options of the French cases, by product (the others take the library defaults).
FRENCH = {("tut", "trail"): {"variant": "fr"}, ("tumba", "setup"): {"mode": "advanced"}}


def cases():
    from generator.registry import games

    for game in games():
        for product in game.products:
            for seed, paper, mono, lang in CASES:
                if lang in product.languages:
                    yield game.name, product.kind, seed, paper, mono, lang


def golden_name(game: str, kind: str, seed: int, paper: str, mono: bool, lang: str = "en") -> str:
    return (f"{game}-{kind}-{seed}-{paper}{'-mono' if mono else ''}"
            f"{'' if lang == 'en' else '-' + lang}")


def render_case(game: str, kind: str, seed: int, paper: str, mono: bool,
                lang: str = "en") -> tuple[str, str]:
    """(scene log, JSON text) of one case, each starting with a line saying what made it."""
    from generator.core.envelope import dumps
    from generator.produce import build

    options = FRENCH.get((game, kind), {}) if lang != "en" else {}
    built = build(game, kind, seed, paper=paper, mono=mono, options=options, lang=lang)[0]
    flags = "".join(f" --{k.replace('_', '-')} {v}" for k, v in options.items())
    header = (f"# golden: tombgen {game} {kind}{flags} --seed {seed} --paper {paper}"
              f"{' --mono' if mono else ''}{'' if lang == 'en' else ' --lang ' + lang}; "
              "rebuild with: python tests/golden/rebuild.py\n")
    scene = header + "\n".join(page.log() for page in built.pages) + "\n"
    doc = dumps(built.document())
    return scene, doc


def main() -> None:
    for case in cases():
        name = golden_name(*case)
        scene, doc = render_case(*case)
        (HERE / f"{name}.scene.txt").write_text(scene, encoding="utf-8")
        (HERE / f"{name}.json").write_text(doc, encoding="utf-8")
        print(f"wrote tests/golden/{name}.scene.txt and .json")


if __name__ == "__main__":
    main()
