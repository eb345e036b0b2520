"""The pipeline's build and write side (generator/produce.py): the files of a run, their names,
pages and summaries, the PDF metadata `tombgen verify` reads, the JSON's item numbering and a
product's extra files, all pinned by hand."""

import json
import re
from pathlib import Path

import pytest

from generator import GENERATOR
from generator.core.errors import BuildError, InputError, shown
from generator.draw.paper import make_sheet
from generator.games.realms import products as realms_products
from generator.games.tanis import render as tanis_render
from generator.produce import (
    RunInfo,
    Written,
    build,
    build_one,
    options_json,
    pdf_metadata,
    pdf_name,
    produce,
    render_files,
)
from generator.registry import game

DIG = RunInfo("tanis", "dig", 5, 0, 1, {"style": "random"})


# ---- names and metadata --------------------------------------------------------------------------

def test_pdf_names():
    assert pdf_name(DIG) == "tanis-dig-5.pdf"
    assert pdf_name(DIG, "letter", True) == "tanis-dig-5-paper-letter-mono.pdf"


def test_options_as_compact_sorted_json_keeping_accents():
    assert options_json({"b": 1, "a": "é"}) == '{"a":"é","b":1}'


def test_pdf_metadata_of_one_item():
    assert pdf_metadata(DIG, 1, make_sheet("letter", True)) == (
        "tombgen tanis dig 5", f"tanis dig --paper letter --mono · seed 5 · {GENERATOR}",
        ("tombgen", "tanis", "dig", "seed=5", "count=1", "paper=letter", "mono=yes", "lang=en",
         'options={"style":"random"}'))


def test_pdf_metadata_of_a_count_run_names_every_item():
    # item 2 of the run stands for the run: the metadata is the run's, from item 1
    item2 = RunInfo("tanis", "dig", 5, 1, 3, {"style": "random"})
    assert pdf_metadata(item2, 3, make_sheet("a4", False)) == (
        "tombgen tanis dig 5", f"tanis dig --count 3 · seed 5 · 3 items · {GENERATOR}",
        ("tombgen", "tanis", "dig", "seed=5", "count=3", "paper=a4", "mono=no", "lang=en",
         'options={"style":"random"}'))


def test_pdf_metadata_without_a_sheet_is_the_a4_colour_command():
    french = RunInfo("tanis", "dig", 5, 0, 1, {"style": "classic"}, "fr")
    assert pdf_metadata(french, 1, None) == (
        "tombgen tanis dig 5", f"tanis dig --style classic --lang fr · graine 5 · {GENERATOR}",
        ("tombgen", "tanis", "dig", "seed=5", "count=1", "lang=fr",
         'options={"style":"classic"}'))


# ---- a run's files -------------------------------------------------------------------------------

def test_a_count_run_writes_each_item_and_one_pdf_of_every_page(tmp_path):
    written = produce("tanis", "dig", 5, count=2, out=tmp_path, paper="letter", mono=True)
    stem = "tanis-dig-5-count-2-paper-letter-mono"
    assert [(w.path.name, w.fmt, w.pages, w.written) for w in written] == [
        (f"{stem}-1.svg", "svg", 1, True), (f"{stem}-1-p2.svg", "svg", 1, True),
        (f"{stem}-1.json", "json", 0, True),
        (f"{stem}-2.svg", "svg", 1, True), (f"{stem}-2-p2.svg", "svg", 1, True),
        (f"{stem}-2.json", "json", 0, True),
        (f"{stem}.pdf", "pdf", 4, True)]                 # 2 pages a dig (pattern, score pad)
    assert all(w.size == w.path.stat().st_size for w in written)
    again = produce("tanis", "dig", 5, count=2, out=tmp_path, paper="letter", mono=True,
                    formats=("pdf", "json"))
    assert [(w.path.name, w.written) for w in again] == [
        (f"{stem}-1.json", False), (f"{stem}-2.json", False), (f"{stem}.pdf", False)]


def test_summaries_say_written_or_unchanged_with_pages_and_size(tmp_path):
    [svg, _svg2, doc, pdf] = produce("tanis", "dig", 5, out=tmp_path)
    kb = f"{pdf.size / 1024:.1f}"
    assert pdf.summary() == f"wrote {tmp_path}/tanis-dig-5.pdf (pdf, 2 pages, {kb} kB)"
    assert re.fullmatch(rf"wrote {tmp_path}/tanis-dig-5\.svg \(svg, 1 page, \d+\.\d kB\)",
                        svg.summary())
    assert re.fullmatch(rf"wrote {tmp_path}/tanis-dig-5\.json \(json, \d+\.\d kB\)",
                        doc.summary())
    again = produce("tanis", "dig", 5, out=tmp_path, formats=("pdf",))
    assert again[0].summary() == f"unchanged {tmp_path}/tanis-dig-5.pdf (pdf, 2 pages, {kb} kB)"


def test_json_only_renders_nothing(tmp_path, monkeypatch):
    calls = []
    real = tanis_render.render_dig
    monkeypatch.setattr(tanis_render, "render_dig", lambda *a: calls.append(a) or real(*a))
    produce("tanis", "dig", 5, out=tmp_path, formats=("json",))
    assert calls == [] and [p.name for p in tmp_path.iterdir()] == ["tanis-dig-5.json"]
    produce("tanis", "dig", 6, out=tmp_path, formats=("svg",))
    assert len(calls) == 1


def test_a_run_does_not_replace_other_content_unless_forced(tmp_path):
    (tmp_path / "tanis-dig-5.json").write_text("mine")
    with pytest.raises(Exception) as err:
        produce("tanis", "dig", 5, out=tmp_path)
    assert "tanis-dig-5.json" in str(err.value)
    assert (tmp_path / "tanis-dig-5.json").read_text() == "mine"
    produce("tanis", "dig", 5, out=tmp_path, force=True)
    assert json.loads((tmp_path / "tanis-dig-5.json").read_text())["seed"] == 5


def test_a_count_below_one_is_refused():
    with pytest.raises(InputError) as err:
        build("tanis", "dig", 5, count=0)
    assert str(err.value) == "--count 0: must be 1 or more"


@pytest.mark.parametrize("make", [build, produce])
def test_a_count_over_the_limit_is_refused(make, tmp_path):
    with pytest.raises(InputError) as err:
        make("tanis", "dig", 5, count=1001, **({"out": tmp_path} if make is produce else {}))
    assert str(err.value).startswith("--count 1001: at most 1,000 (seeds/limits.toml [run] "
                                     "count)")


@pytest.mark.parametrize("make", [build, produce])
def test_a_language_the_product_lacks_is_refused(make, tmp_path):
    with pytest.raises(InputError) as err:
        make("tanis", "dig", 5, lang="de", **({"out": tmp_path} if make is produce else {}))
    assert str(err.value) == ("--lang de: tanis dig sheets are printed in en, fr only so far; "
                              "use --lang en")
    assert list(tmp_path.iterdir()) == []


# ---- built items ---------------------------------------------------------------------------------

def test_build_defaults_to_a4_in_colour_in_english():
    [b] = build("tanis", "dig", 5)
    assert (b.sheet.paper, b.sheet.theme.mono, b.info.lang) == ("a4", False, "en")
    assert len(b.pages) == 2 and b.report.ok


def test_build_one_renders_in_english_by_default():
    spec = game("tanis")
    sheet = make_sheet("a4", False)
    b = build_one(spec, spec.product("dig"), 5, 0, 1, sheet, {"style": "random"})
    assert b.info.lang == "en" and len(b.pages) == 2 and b.sheet is sheet
    assert b.pages[0].footer == f"tanis dig · seed 5 · {GENERATOR}"


@pytest.mark.parametrize("count", [2, 3])
def test_the_json_of_a_count_run_numbers_its_item(count):
    built = build("tanis", "dig", 5, count=count, render=False)
    assert [(b.document()["item"], b.document()["count"]) for b in built] == [
        (i, count) for i in range(1, count + 1)]
    assert "item" not in build("tanis", "dig", 5, render=False)[0].document()


def test_extra_files_come_with_each_item_whatever_the_formats():
    built = build("realms", "map", 7, count=2, options={"rating_games": 0}, render=False)
    files = render_files(built, ("json",))
    assert [(n, f, p) for n, f, p, _ in files] == [
        ("realms-map-7-rating-games-0-count-2-1.json", "json", 0),
        ("realms-map-7-rating-games-0-count-2-1.toml", "toml", 0),
        ("realms-map-7-rating-games-0-count-2-2.json", "json", 0),
        ("realms-map-7-rating-games-0-count-2-2.toml", "toml", 0)]
    toml = files[1][3]
    assert isinstance(toml, bytes) and toml.decode("utf-8").startswith("# ")
    [one] = build("realms", "map", 7, options={"rating_games": 0}, render=False)
    assert [n for n, *_ in render_files([one], ())] == ["realms-map-7-rating-games-0.toml"]


@pytest.mark.parametrize("ext", ["svg", "json", "pdf", "tar.gz", ""])
def test_an_extra_file_may_not_take_a_format_s_extension(monkeypatch, ext):
    monkeypatch.setattr(realms_products, "map_item_files", lambda item: [(ext, "x")])
    built = build("realms", "map", 7, options={"rating_games": 0}, render=False)
    with pytest.raises(BuildError) as err:
        render_files(built, ("json",))
    assert str(err.value) == (f"realms map: extra file extension {shown(ext)} must be letters and "
                              "digits, and not svg, pdf or json")


def test_extra_file_text_is_written_as_utf8(monkeypatch):
    monkeypatch.setattr(realms_products, "map_item_files",
                        lambda item: [("txt", "é"), ("bin", b"\x00\xff")])
    built = build("realms", "map", 7, options={"rating_games": 0}, render=False)
    files = render_files(built, ())
    assert [(n, f, p, d) for n, f, p, d in files] == [
        ("realms-map-7-rating-games-0.txt", "txt", 0, "é".encode()),
        ("realms-map-7-rating-games-0.bin", "bin", 0, b"\x00\xff")]


def test_render_files_of_one_item_and_of_a_count_run():
    one = build("tanis", "dig", 5, paper="letter", mono=True)
    files = render_files(one, ("pdf", "svg"))
    assert [(n, f, p) for n, f, p, _ in files] == [
        ("tanis-dig-5-paper-letter-mono.svg", "svg", 1),
        ("tanis-dig-5-paper-letter-mono-p2.svg", "svg", 1),
        ("tanis-dig-5-paper-letter-mono.pdf", "pdf", 2)]
    assert b"<title>tombgen tanis dig 5</title>" in files[0][3]
    # the one-item PDF carries the run's keywords, its paper and theme among them
    assert b'/Keywords (tombgen, tanis, dig, seed=5, count=1, paper=letter, mono=yes, lang=en, ' \
        b'options={"style":"random"})' in files[2][3]
    two = render_files(build("tanis", "dig", 5, count=2, mono=True), ("pdf",))
    assert [(n, f, p) for n, f, p, _ in two] == [("tanis-dig-5-count-2-mono.pdf", "pdf", 4)]
    assert b"count=2" in two[0][3] and b"mono=yes" in two[0][3]


def test_an_unrendered_item_has_no_pages():
    assert build("tanis", "dig", 5, render=False)[0].pages == []


def test_the_pdf_subject_of_a_count_run_keeps_the_theme():
    item = RunInfo("tanis", "dig", 5, 0, 3, {"style": "random"})
    assert pdf_metadata(item, 3, make_sheet("a4", True))[1] == (
        f"tanis dig --count 3 --mono · seed 5 · 3 items · {GENERATOR}")


@pytest.mark.parametrize("written, expected", [
    (Written(Path("x.pdf"), "pdf", 2, 102400), "wrote x.pdf (pdf, 2 pages, 100.0 kB)"),
    (Written(Path("x.svg"), "svg", 1, 1536, False), "unchanged x.svg (svg, 1 page, 1.5 kB)"),
    (Written(Path("x.json"), "json", 0, 51), "wrote x.json (json, 0.0 kB)")])
def test_summaries_by_hand(written, expected):
    assert written.summary() == expected


def test_files_go_to_output_by_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    produce("tanis", "dig", 5, formats=("json",))
    assert [p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.json")] == [
        "output/tanis-dig-5.json"]


def test_a_count_run_meeting_other_content_is_refused_and_leaves_nothing(tmp_path):
    (tmp_path / "tanis-dig-5-count-2-2.json").write_text("mine")
    with pytest.raises(InputError) as err:
        produce("tanis", "dig", 5, count=2, out=tmp_path)
    assert "tanis-dig-5-count-2-2.json" in str(err.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tanis-dig-5-count-2-2.json"]
    assert (tmp_path / "tanis-dig-5-count-2-2.json").read_text() == "mine"


# ---- what the fast mutation run of this module showed untested ---------------------------------

def test_produce_refuses_a_count_below_one_too(tmp_path):
    with pytest.raises(InputError) as err:
        produce("tanis", "dig", 5, count=0, out=tmp_path / "out")
    assert str(err.value) == "--count 0: must be 1 or more"
    assert not (tmp_path / "out").exists()


def test_the_language_reaches_every_item_of_build_and_produce(tmp_path):
    built = build("tumba", "setup", 5, count=2, lang="fr", render=False)
    assert [b.info.lang for b in built] == ["fr", "fr"]
    sheet = make_sheet("a4", False)
    spec = game("tumba")
    one = build_one(spec, spec.product("setup"), 5, 0, 1, sheet,
                    {"mode": "standard", "players": 4}, lang="fr")
    assert one.info.lang == "fr"
    assert one.pages[0].footer == f"tumba setup --lang fr · graine 5 · {GENERATOR}"
    produce("tumba", "setup", 5, out=tmp_path, formats=("json",), lang="fr")
    assert json.loads((tmp_path / "tumba-setup-5-lang-fr.json").read_text())["lang"] == "fr"


def test_a_distinct_product_gets_the_runs_options():
    # Tanis digs of a --count run are drawn apart (its `distinct` role), with the run's style
    assert [b.item.style for b in build("tanis", "dig", 5, count=2, render=False,
                                        options={"style": "classic"})] == ["classic", "classic"]


def test_library_defaults_are_generates_own_where_it_has_one():
    # `realms map` plays 1,000 rating games from the command, none from a library call;
    # an option generate does not take keeps its declared default
    realms = game("realms")
    assert realms.product("map").defaults()["rating_games"] == 1000
    assert build("realms", "map", 7, render=False)[0].info.options["rating_games"] == 0
    assert build("tumba", "setup", 5, render=False)[0].info.options == \
        {"mode": "standard", "players": 4}


def test_the_footer_is_muted_and_its_short_form_keeps_black_and_white():
    path = "/home/someone/" + "very-long-folder-name/" * 6 + "club-night.toml"
    info = RunInfo("realms", "sheet", 21, 1, 3, {"map": path, "players": 4}, "en")
    from generator.produce import footer_line

    line, _ = footer_line(info, make_sheet("letter", True))
    assert line.text == (f"realms sheet --map club-night.toml --players 4 --count 3 --paper "
                         f"letter --mono · seed 21 · item 2 of 3 · {GENERATOR}")
    assert line.fill == "#404040"   # seeds/print.toml [mono] muted
    assert footer_line(DIG, make_sheet("a4", False))[0].fill == "#555555"   # [colour] muted


def test_a_footer_that_fits_in_no_form_is_an_error(monkeypatch):
    import generator.draw.text as text_module
    from generator.produce import footer_line

    def never(*args, **kwargs):
        raise BuildError("does not fit")

    monkeypatch.setattr(text_module, "text", never)
    info = RunInfo("tanis", "dig", 5, 1, 3, {"style": "random"}, "en")
    with pytest.raises(BuildError) as err:
        footer_line(info, make_sheet("a4", False))
    assert str(err.value) == ('the footer does not fit the page: "tanis dig · seed 5 · item 2 of '
                              f"3 · {GENERATOR} · more options than this line holds: see the PDF "
                              'metadata or the JSON"')


def test_render_files_joins_any_item_of_a_count_run_and_writes_a_one_item_run_directly():
    from generator.draw.pdfjoin import join
    from generator.produce import item_pdf, join_metadata

    one = build("tumba", "setup", 5)
    [(_, _, _, data)] = render_files(one, ("pdf",))
    assert data == item_pdf(one[0])
    second = build("tumba", "setup", 5, count=2)[1:]
    [(name, _, pages, data)] = render_files(second, ("pdf",))
    assert (name, pages) == ("tumba-setup-5-count-2.pdf", 1)
    assert data == join([item_pdf(second[0])], **join_metadata(second[0].info, 1,
                                                                second[0].sheet))
    assert b"count=1" in data and b"paper=a4, mono=no" in data


def test_a_count_runs_pdf_records_its_paper_and_theme(tmp_path):
    produce("tumba", "setup", 5, count=2, out=tmp_path, formats=("pdf",), paper="letter",
            mono=True)
    data = (tmp_path / "tumba-setup-5-count-2-paper-letter-mono.pdf").read_bytes()
    assert b"/Keywords (tombgen, tumba, setup, seed=5, count=2, paper=letter, mono=yes, " \
        b"lang=en, " in data
