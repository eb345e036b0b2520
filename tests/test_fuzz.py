"""Property-based fuzzing of every reader: hostile documents get exit 1 or 2, one message, no
traceback, and nothing is written.

Each reader starts from a real document of its kind (made by tombgen's own commands, or the
shipped map file) and gets it back mutated in one of these ways, each of which makes it
unusable: a hostile text (control character, lone surrogate, bidirectional override,
non-character, 10,001+ characters) as a value or a key anywhere; lists nested past the limit
at any place; the text cut short; bytes that are not UTF-8 spliced in; NaN, Infinity or a
number too large for a float; and, for TOML, raw control characters and invalid escapes. A
last kind, a value replaced by one of another type, may still be a valid document, so for it
only "no traceback, nothing written" is asserted.

The run is deterministic (``derandomize``) with a fixed number of examples per reader, so CI
stays quick: set TOMBGEN_FUZZ_EXAMPLES for a longer hunt (e.g. 2000), and TOMBGEN_FUZZ_SEED to
draw other examples than CI's.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from documents_support import make_documents
from helpers import ROOT
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from generator.cli import main

EXAMPLES = int(os.environ.get("TOMBGEN_FUZZ_EXAMPLES", "12"))
SEED = os.environ.get("TOMBGEN_FUZZ_SEED")
FUZZ = settings(max_examples=EXAMPLES, derandomize=SEED is None, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))

BAD_CHARS = ["\x00", "\x01", "\x07", "\x08", "\x0b", "\x1b", "\x7f", "\x85", "\x9f", "\ud800",
             "\udbff", "\udc00", "\udfff", "\u202a", "\u202e", "\u2066", "\u2069", "\ufffe",
             "\uffff"]


@pytest.fixture(scope="module")
def docs(tmp_path_factory):
    return make_documents(tmp_path_factory.mktemp("fuzz-docs"))


# ------------------------------------------------------------------------------ the readers

#: name → (base document: a format or a file, the command line with {file} and {out})
READERS = {
    "map-toml": (ROOT / "maps" / "realms" / "map-2.toml", "realms validate {file}"),
    "map-json": ("tombgen/realms.map", "realms validate {file}"),
    "map-json-sheet": ("tombgen/realms.map", "realms sheet --map {file} --seed 1 --out {out}"),
    "sheet": ("tombgen/realms.sheet", "validate {file}"),
    "trail": ("tombgen/tut.trail", "tut simulate --trail {file} --games 1 --out {out}"),
    "dig": ("tombgen/tanis.dig", "tanis simulate --dig {file} --games 1 --out {out}"),
    "setup": ("tombgen/tumba.setup", "tumba simulate --setup {file} --games 1 --out {out}"),
    "batch": ("batch.toml", "batch {file} --jobs 1 --out {out}"),
    "realms-score": ("tallies", "realms score {file} --json"),
    "tut-score-set": ("score-set", "tut score-set {file}"),
    "tanis-score": ("tiles", "tanis score {file}"),
    "tumba-board": ("tombgen/tumba.board", "tumba roll 1 2 3 --board {file}"),
    "realms-record": ("tombgen/realms.record", "realms replay {file}"),
    "tumba-record": ("tombgen/tumba.record", "tumba replay {file}"),
    "tut-record": ("tombgen/tut.record", "tut replay {file}"),
    "tanis-record": ("tombgen/tanis.record", "tanis replay {file}"),
    "simulation": ("tombgen/tanis.simulation", "validate {file}"),
    "realms-simulation": ("tombgen/realms.simulation", "validate {file}"),
    "manifest": ("tombgen/batch.manifest", "validate {file}"),
    "score-output": ("tombgen/tanis.score", "validate {file}"),
    "roll-output": ("tombgen/tumba.roll", "validate {file}"),
    "rating": ("tombgen/realms.rating", "validate {file}"),
    "verify-item": ("tombgen/tanis.dig", "verify {file}"),
    "verify-trail": ("tombgen/tut.trail", "verify {file}"),
    "verify-manifest": ("tombgen/batch.manifest", "verify {file}"),
    "tut-simulation": ("tombgen/tut.simulation", "validate {file}"),
    "tumba-simulation": ("tombgen/tumba.simulation", "validate {file}"),
    "tumba-setup-doc": ("tombgen/tumba.setup", "validate {file}"),
    "realms-sheet-doc": ("tombgen/realms.sheet", "validate {file}"),
}


def base_text(docs, what) -> tuple[str, str]:
    """(text, suffix) of a reader's starting document."""
    from documents_support import SCORE_SET, TALLIES, TANIS_TILES

    if isinstance(what, Path):
        return what.read_text(), what.suffix
    inputs = {"tallies": TALLIES, "score-set": SCORE_SET, "tiles": TANIS_TILES}
    if what in inputs:
        return json.dumps(inputs[what]), ".json"
    if what == "batch.toml":
        return ('[batch]\nout = "prints"\n\n[[item]]\ngame = "tumba"\nkind = "setup"\n'
                'mode = "advanced"\ncount = 2\nseed = 4\n', ".toml")
    return docs[what].read_text(), ".json"


# ------------------------------------------------------------------------------ mutations

def hostile_text(draw) -> str:
    if draw(st.integers(0, 5)) == 0:
        return "x" * draw(st.integers(10_001, 30_000))
    bad = draw(st.sampled_from(BAD_CHARS))
    return draw(st.text(max_size=8)) + bad + draw(st.text(max_size=8))


def places(value, path=()):
    """Every place in a parsed document: paths to values (and the document itself)."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from places(item, path + (i,))


def put(doc, path, value):
    if not path:
        return value
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


@st.composite
def json_mutation(draw, text: str) -> tuple[str, bool]:
    """(mutated text, always unusable)."""
    kind = draw(st.sampled_from(["text", "key", "deep", "cut", "bytes", "number", "type",
                                 "huge", "twice", "bom"]))
    if kind == "bom":  # a byte-order mark first (Windows Notepad): read like the document
        return "\ufeff" + text, False
    if kind == "twice":  # a key given twice in one object: refused, naming the key
        doc = json.loads(text)
        holders = [p for p in places(doc) if isinstance(_get(doc, p), dict) and _get(doc, p)]
        target = _get(doc, draw(st.sampled_from(holders)))
        key = draw(st.sampled_from(sorted(target)))
        marker = "ZZ-TWICE-ZZ"
        target[marker] = target[key]
        twice = json.dumps(doc).replace(json.dumps(marker), json.dumps(key), 1)
        return twice, True
    if kind == "huge":  # a count no document holds: a number, or a list made long
        doc = json.loads(text)
        counts = [p for p in places(doc) if p and (type(_get(doc, p)) is int
                                                 or isinstance(_get(doc, p), list))]
        if not counts:
            return text, False
        where = draw(st.sampled_from(counts))
        value = _get(doc, where)
        big = (draw(st.sampled_from([10 ** 9, 2 ** 62, -(10 ** 9)])) if type(value) is int
               else (value or [0]) * draw(st.integers(1000, 20_000)))
        return json.dumps(put(doc, where, big)), False
    if kind == "cut":
        stripped = text.rstrip()
        return stripped[:draw(st.integers(0, len(stripped) - 1))], True
    if kind == "bytes":
        at = draw(st.integers(0, len(text)))
        # bytes written through "surrogateescape": 0xFF, two lone continuation bytes, a lead
        # byte without its continuation, an encoded surrogate
        raw = draw(st.sampled_from(["\udcff", "\udc80\udc80", "\udcc3(", "\udced\udca0\udc80"]))
        return text[:at] + raw + text[at:], True
    doc = json.loads(text)
    where = draw(st.sampled_from(list(places(doc))))
    if kind == "text":
        return json.dumps(put(doc, where, hostile_text(draw))), True
    if kind == "key":
        holders = [p for p in places(doc) if isinstance(_get(doc, p), dict)]
        target = _get(doc, draw(st.sampled_from(holders)))
        target[hostile_text(draw)] = draw(st.integers())
        return json.dumps(doc), True
    if kind in ("deep", "number"):  # spliced in as text (json.dumps would recurse too deep)
        depth = draw(st.integers(65, 100_000))
        bad = "[" * depth + "]" * depth if kind == "deep" else draw(st.sampled_from(
            ["NaN", "Infinity", "-Infinity", "1e999", "9" * 4400]))
        marker = "ZZ-VALUE-HERE-ZZ"
        return json.dumps(put(doc, where, marker)).replace(f'"{marker}"', bad), True
    other = draw(st.sampled_from([None, True, -1, 0, 2 ** 70, 1.5, "", "x", [], {}, [1, "a"]]))
    return json.dumps(put(doc, where, other)), False


def _get(doc, path):
    for key in path:
        doc = doc[key]
    return doc


@st.composite
def toml_mutation(draw, text: str) -> tuple[str, bool]:
    lines = text.splitlines()
    kind = draw(st.sampled_from(["value", "raw", "deep", "bytes", "escape"]))
    at = draw(st.integers(0, len(lines)))
    if kind == "value":  # a hostile text through TOML's own escapes, in a new or existing key
        bad = hostile_text(draw)
        if any(0xD800 <= ord(c) <= 0xDFFF for c in bad):
            bad = bad.replace("\ud800", "\u0000")  # TOML cannot even spell a surrogate
            bad = "".join("\u0001" if 0xD800 <= ord(c) <= 0xDFFF else c for c in bad)
        escaped = json.dumps(bad)  # a JSON string is a TOML basic string here
        keys = [i for i, line in enumerate(lines) if "=" in line and not line.startswith("#")
                and "'''" not in line]
        if keys and draw(st.booleans()):
            i = draw(st.sampled_from(keys))
            lines[i] = lines[i].split("=", 1)[0] + "= " + escaped
        else:
            lines.insert(0, f"zz = {escaped}")
        return "\n".join(lines) + "\n", True
    if kind == "raw":  # a raw control character: no TOML string may hold one
        bad = draw(st.sampled_from(["\x00", "\x01", "\x1b", "\x7f"]))
        line = draw(st.integers(0, len(lines) - 1))
        col = draw(st.integers(0, len(lines[line])))
        lines[line] = lines[line][:col] + bad + lines[line][col:]
        return "\n".join(lines) + "\n", True
    if kind == "deep":
        lines.insert(0, "zz = " + "[" * draw(st.integers(65, 100_000)))
        return "\n".join(lines) + "\n", True
    if kind == "bytes":
        return "\n".join(lines[:at]) + "\udcff\udcfe" + "\n".join(lines[at:]), True
    return "\n".join(lines[:at] + ['zz = "\\ud800"'] + lines[at:]) + "\n", True


# ------------------------------------------------------------------------------ the property

#: The most one hostile document may take: a count no document holds is refused at once,
#: not worked through (a record of a billion players took minutes and gigabytes).
SECONDS = 120


class TooLong(Exception):
    pass


def _too_long(signum, frame):
    raise TooLong(f"a reader worked on one document for more than {SECONDS} s")


def run_reader(command: str, text: str, suffix: str):
    """Runs a reader on ``text`` in a fresh folder; returns (result, files written)."""
    import signal

    folder = Path(tempfile.mkdtemp(prefix="tombgen-fuzz-"))
    try:
        path = folder / f"input{suffix}"
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        if command.startswith("verify") and "manifest" in text[:200]:
            path = path.rename(folder / "manifest.json")  # a batch folder's manifest
        out = folder / "out"
        args = command.format(file=path, out=out).split()
        before = signal.signal(signal.SIGALRM, _too_long)
        signal.alarm(SECONDS)
        try:
            result = CliRunner().invoke(main, args, catch_exceptions=True)
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, before)
        written = sorted(str(p.relative_to(folder)) for p in folder.rglob("*")
                         if p != path)
        return result, written
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def check(result, written, unusable: bool) -> None:
    crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
    assert not crashed, f"traceback: {result.exception!r}"
    assert "Traceback" not in result.output
    assert result.exit_code == 0 or written == [], f"failed, yet wrote {written}"
    errors = [line for line in result.output.splitlines() if line.startswith("tombgen: error")]
    assert len(errors) <= 1, result.output
    if unusable:
        assert result.exit_code in (1, 2), result.output[-500:]
        assert written == [], f"wrote {written}"
        if result.exit_code == 2:
            assert len(errors) == 1, result.output


@pytest.mark.parametrize("reader", sorted(READERS))
def test_every_reader_survives_hostile_documents(docs, reader):
    what, command = READERS[reader]
    text, suffix = base_text(docs, what)
    strategy = toml_mutation(text) if suffix == ".toml" else json_mutation(text)

    @FUZZ
    @given(strategy)
    def hostile(mutated):
        new, unusable = mutated
        check(*run_reader(command, new, suffix), unusable)

    if SEED is not None:
        hostile = seed(int(SEED))(hostile)
    hostile()


@pytest.mark.parametrize("reader", sorted(READERS))
def test_every_reader_refuses_a_file_over_the_size_limit(docs, reader, monkeypatch):
    import generator.core.inputs as inputs

    what, command = READERS[reader]
    text, suffix = base_text(docs, what)
    real = inputs.input_limit
    monkeypatch.setattr(inputs, "input_limit",
                        lambda name: len(text.encode()) if name == "bytes" else real(name))
    result, written = run_reader(command, text + " ", suffix)
    check(result, written, True)
    assert result.exit_code == 2 and "the most tombgen reads" in result.output


# ------------------------------------------------------------------------------ PDF metadata

@st.composite
def keywords_mutation(draw, keywords: str) -> str:
    """A tombgen PDF's keywords, changed: a field's value replaced by a hostile or huge one, a
    field dropped or doubled, the options JSON mutated like any document, or cut short."""
    head, _, options = keywords.partition(", options=")
    fields = head.split(", ")
    kind = draw(st.sampled_from(["value", "drop", "twice", "options", "cut"]))
    if kind == "cut":
        return keywords[:draw(st.integers(0, len(keywords) - 1))]
    if kind == "options":
        return head + ", options=" + draw(json_mutation(options))[0]
    at = draw(st.integers(0, len(fields) - 1))
    if kind == "drop":
        return ", ".join(fields[:at] + fields[at + 1:]) + ", options=" + options
    if kind == "twice":
        return ", ".join(fields[:at + 1] + fields[at:]) + ", options=" + options
    key = fields[at].partition("=")[0] + "=" if "=" in fields[at] else ""
    value = draw(st.one_of(st.sampled_from(["-1", "1e9", "9" * 5000, "99999999999", "", "x",
                                            "yes", "none", "²"]), st.just(hostile_text(draw))))
    fields[at] = key + value
    return ", ".join(fields) + ", options=" + options


@pytest.fixture(scope="module")
def made_pdf(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz-pdf")
    result = CliRunner().invoke(main, ["tanis", "dig", "--seed", "4", "--count", "2",
                                       "--format", "pdf", "--out", str(folder)])
    assert result.exit_code == 0, result.output
    return next(folder.glob("*.pdf"))


def test_verify_survives_hostile_pdf_metadata(made_pdf):
    """A PDF whose metadata keywords no run made: ``verify`` exits 1 or 2 with one line, never
    a traceback (an unknown option in them was a 60-line traceback), and writes nothing."""
    from pypdf import PdfReader, PdfWriter

    meta = dict(PdfReader(made_pdf).metadata)

    @FUZZ
    @given(keywords_mutation(meta["/Keywords"]))
    def hostile(keywords):
        folder = Path(tempfile.mkdtemp(prefix="tombgen-fuzz-pdf-"))
        try:
            path = folder / "changed.pdf"
            writer = PdfWriter(clone_from=str(made_pdf))
            writer.add_metadata({**meta, "/Keywords": keywords})
            writer.write(path)
            result = CliRunner().invoke(main, ["verify", str(path)], catch_exceptions=True)
            written = [p.name for p in folder.iterdir() if p != path]
            check(result, written, keywords != meta["/Keywords"])
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    if SEED is not None:
        hostile = seed(int(SEED))(hostile)
    hostile()


# ------------------------------------------------------------------ the local web page's bodies

def test_the_pages_map_readers_answer_every_hostile_body_with_a_4xx(docs):
    """A map sent to the page (validate, toml, sheet, rate), mutated as any document: the
    answer is 2xx or a 4xx with ``{"problems": [...]}``, never a 500."""
    import sys

    sys.path.insert(0, str(ROOT / "tests" / "studio"))
    from studio_support import studio_client

    text = docs["tombgen/realms.map"].read_text()
    paths = ["/api/realms/validate", "/api/realms/toml", "/api/realms/sheet.json"]
    with studio_client() as client:
        @FUZZ
        @given(json_mutation(text), st.sampled_from(paths))
        def hostile(mutated, path):
            body = mutated[0].encode("utf-8", "surrogateescape")
            answer = client.post(path, content=body,
                                 headers={"content-type": "application/json"})
            assert answer.status_code < 500, answer.text[:500]
            if answer.status_code >= 400:
                assert answer.json()["problems"], answer.text[:500]

        if SEED is not None:
            hostile = seed(int(SEED))(hostile)
        hostile()
