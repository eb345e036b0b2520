"""`generator.batch.assemble` on its own: the part spool's file format, a record cut short by a
kill, the order in which an item's PDF is fed and opened, its metadata, and which items are
joined. Parts are short byte strings and the PDF target a recorder, so nothing is rendered.

Fast on purpose: these are the tests mutation testing runs for the module (tests/mutation.py).
The spool's bytes and the metadata are pinned by hand.
"""

from __future__ import annotations

import re

import pytest
from batch_support import an_item, changed

import generator
from generator.batch.assemble import (
    SPOOL_DIR,
    Assembly,
    PartSpool,
    joined_items,
    unit_part_key,
)
from generator.batch.units import Unit, item_units
from generator.core.output import OutputError


def item(count=3, formats=("pdf",), kind="setup", paper="a4", mono=False, index=0, seed=9):
    return an_item(index, 1, "tumba", kind, seed, count, paper, mono, formats,
                {"mode": "standard", "players": 4})


def key(unit: Unit) -> bytes:
    return unit_part_key(unit).encode()


class Target:
    """Stands for the joined PDF: records what is done to it."""

    def __init__(self, log):
        self.log, self.pages = log, 0
        log.append("open")

    def add(self, data):
        self.log.append(data)
        self.pages += 1

    def finish(self, **metadata):
        self.log.append(metadata)
        return 1234, "f" * 64

    def abort(self):
        self.log.append("abort")


# ---- part keys -----------------------------------------------------------------------------------

def test_a_part_key_names_the_version_and_everything_that_makes_the_bytes(monkeypatch):
    first, second = item_units(item(count=2))
    assert re.fullmatch(r"[0-9a-f]{40}", unit_part_key(first))
    assert unit_part_key(first) == unit_part_key(item_units(item(count=2))[0])
    others = {unit_part_key(u) for u in (
        second, changed(first, options={"mode": "advanced", "players": 4}),
        changed(first, paper="letter"), changed(first, mono=True), changed(first, lang="fr"),
        changed(first, seed=10), changed(first, count=3))}
    assert len(others) == 7 and unit_part_key(first) not in others
    before = unit_part_key(first)
    monkeypatch.setattr(generator, "GENERATOR", "tombgen 0.0.1")
    assert unit_part_key(first) != before


# ---- the spool --------------------------------------------------------------------------------

def test_parts_are_appended_to_one_file_in_a_format_read_back_by_the_next_run(tmp_path):
    a, b, c = item_units(item())
    spool = PartSpool(tmp_path, "tumba-setup-9.pdf")
    assert spool.path == tmp_path / ".tombgen-parts" / "tumba-setup-9.pdf.spool"
    assert SPOOL_DIR == ".tombgen-parts"
    assert spool.load() == set() and spool.end == 0 and not spool.has(a)
    spool.put(b, b"second")
    spool.put(a, b"first\n")
    assert spool.path.read_bytes() == (b"TOMBGEN-PART " + key(b) + b" 6\nsecond\n" +
                                       b"TOMBGEN-PART " + key(a) + b" 6\nfirst\n\n")
    assert spool.has(a) and spool.has(b) and not spool.has(c)
    assert spool.read(a) == b"first\n" and spool.read(b) == b"second"  # through the open file
    spool.close()
    assert spool.handle is None
    again = PartSpool(tmp_path, "tumba-setup-9.pdf")
    assert again.load() == {unit_part_key(a), unit_part_key(b)}
    assert again.end == len(spool.path.read_bytes()) == spool.end
    assert again.read(b) == b"second" and again.read(a) == b"first\n"  # file opened to read
    again.put(c, b"")
    again.close()
    assert spool.path.read_bytes().endswith(b"TOMBGEN-PART " + key(c) + b" 0\n\n")
    assert PartSpool(tmp_path, "tumba-setup-9.pdf").load() == {unit_part_key(u) for u in (a, b, c)}


@pytest.mark.parametrize("tail", [b"TOMBGEN-PART %s 6\nsec", b"TOMBGEN-PART %s 6\nsecondX",
                                  b"TOMBGEN-PART %s 6\nsecond", b"TOMBGEN-PART %s",
                                  b"TOMBGEN-PART %s 6\n"])
def test_a_record_cut_short_by_a_kill_is_dropped_and_overwritten(tmp_path, tail):
    a, b, c = item_units(item())
    whole = b"TOMBGEN-PART " + key(a) + b" 5\nfirst\n"
    path = tmp_path / SPOOL_DIR / "x.pdf.spool"
    path.parent.mkdir()
    path.write_bytes(whole + tail.replace(b"%s", key(b)))
    spool = PartSpool(tmp_path, "x.pdf")
    assert spool.load() == {unit_part_key(a)} and spool.end == len(whole)
    spool.put(c, b"third")
    spool.close()
    assert path.read_bytes() == whole + b"TOMBGEN-PART " + key(c) + b" 5\nthird\n"


def test_a_spool_that_does_not_start_with_a_record_holds_nothing(tmp_path):
    a, b, _ = item_units(item())
    path = tmp_path / SPOOL_DIR / "x.pdf.spool"
    path.parent.mkdir()
    path.write_bytes(b"junk\nTOMBGEN-PART " + key(a) + b" 1\nA\n")
    spool = PartSpool(tmp_path, "x.pdf")
    assert spool.load() == set() and spool.end == 0
    spool.put(b, b"B")
    spool.close()
    assert path.read_bytes() == b"TOMBGEN-PART " + key(b) + b" 1\nB\n"


def test_drop_removes_the_spool_and_its_folder_once_empty(tmp_path):
    a, b, _ = item_units(item())
    one, two = PartSpool(tmp_path, "one.pdf"), PartSpool(tmp_path, "two.pdf")
    one.put(a, b"1")
    two.put(b, b"2")
    one.drop()
    assert one.handle is None and not one.path.exists()
    assert two.path.exists()  # another item's spool: the folder stays
    two.drop()
    assert not (tmp_path / SPOOL_DIR).exists()
    PartSpool(tmp_path, "never.pdf").drop()  # nothing to delete


def test_a_spool_that_cannot_be_written_is_an_output_error(tmp_path):
    (tmp_path / SPOOL_DIR).write_text("a file where the folder goes")
    spool = PartSpool(tmp_path, "x.pdf")
    with pytest.raises(OutputError) as caught:
        spool.put(item_units(item())[0], b"data")
    assert caught.value.message.startswith(f"{spool.path}: cannot write: ")


def test_a_spool_whose_write_fails_is_an_output_error(tmp_path):
    spool = PartSpool(tmp_path, "x.pdf")
    a, b, _ = item_units(item())
    spool.put(a, b"1")
    spool.handle.close()
    spool.handle = open(spool.path, "rb", buffering=0)  # noqa: SIM115 - read-only on purpose
    with pytest.raises(OutputError) as caught:
        spool.put(b, b"2")
    assert caught.value.message.startswith(f"{spool.path}: cannot write: ")
    spool.close()


# ---- assembling -------------------------------------------------------------------------------

def test_parts_are_joined_in_order_and_the_file_opened_once_two_in_a_row_are_in():
    log = []
    assembly = Assembly(item(count=4), lambda: Target(log))
    assert assembly.add(2, b"P3") is False and log == []
    assert assembly.add(0, b"P1") is False and log == []  # part 2 missing: not opened yet
    assert assembly.add(1, b"P2") is False
    assert log == ["open", b"P1", b"P2", b"P3"] and assembly.next == 3
    assert assembly.held == {}
    assert assembly.add(3, b"P4") is True
    assert log == ["open", b"P1", b"P2", b"P3", b"P4"] and assembly.target.pages == 4


def test_the_first_part_alone_does_not_open_the_file():
    log = []
    assembly = Assembly(item(count=2), lambda: Target(log))
    assert assembly.add(0, b"P1") is False and log == [] and assembly.next == 0
    assert assembly.add(1, b"P2") is True and log == ["open", b"P1", b"P2"]


def test_the_last_part_alone_opens_the_file():
    log = []
    assembly = Assembly(item(count=2), lambda: Target(log))
    assert assembly.add(1, b"P2") is False and log == []
    assert assembly.add(0, b"P1") is True
    assert log == ["open", b"P1", b"P2"]


def test_parts_go_through_the_spool_and_parts_already_on_disk_count(tmp_path):
    it = item(count=3)
    units = item_units(it)
    spool = PartSpool(tmp_path, "tumba-setup-9.pdf")
    spool.put(units[1], b"P2")  # left by an earlier run
    log = []
    assembly = Assembly(it, lambda: Target(log), spool, {1})
    assert assembly.pump() is False and log == []
    assert assembly.add(0, b"P1") is False  # P1 from the call, P2 read from the spool
    assert log == ["open", b"P1", b"P2"] and assembly.held == {}
    assert spool.has(units[0])
    assert assembly.add(2, b"P3") is True and log[-1] == b"P3"
    spool.close()
    resumed = Assembly(it, lambda: Target(log), PartSpool(tmp_path, "tumba-setup-9.pdf"),
                       {0, 1, 2})
    resumed.spool.load()
    log.clear()
    assert resumed.pump() is True
    assert log == ["open", b"P1", b"P2", b"P3"]


def test_finish_gives_pages_size_and_hash_with_the_runs_metadata_and_drops_the_spool(tmp_path):
    it = an_item(0, 1, "tumba", "setup", 9, 2, "letter", True, ("pdf",),
              {"mode": "standard", "players": 4}, lang="fr")
    spool = PartSpool(tmp_path, "x.pdf")
    log = []
    assembly = Assembly(it, lambda: Target(log), spool)
    assembly.add(0, b"P1")
    assert assembly.add(1, b"P2") is True
    assert assembly.finish() == (2, 1234, "f" * 64)
    metadata = log[-1]
    assert metadata["title"] == "tombgen tumba setup 9"
    assert metadata["keywords"] == ("tombgen, tumba, setup, seed=9, count=2, paper=letter, "
                                    'mono=yes, lang=fr, options={"mode":"standard","players":4}')
    assert metadata["subject"] == ("tumba setup --count 2 --paper letter --mono --lang fr · "
                                   f"graine 9 · 2 exemplaires · {generator.GENERATOR}")
    assert not spool.path.exists() and not (tmp_path / SPOOL_DIR).exists()


def test_finish_without_a_spool():
    log = []
    assembly = Assembly(item(count=2), lambda: Target(log))
    assembly.add(0, b"P1")
    assembly.add(1, b"P2")
    assert assembly.finish() == (2, 1234, "f" * 64)
    assert log[-1]["keywords"].startswith("tombgen, tumba, setup, seed=9, count=2, paper=a4, "
                                          "mono=no, lang=en, options=")


def test_abort_drops_the_unfinished_pdf_and_keeps_the_spool(tmp_path):
    spool = PartSpool(tmp_path, "x.pdf")
    log = []
    assembly = Assembly(item(count=3), lambda: Target(log), spool)
    assembly.add(0, b"P1")
    assembly.add(1, b"P2")
    assembly.abort()
    assert log[-1] == "abort" and spool.handle is None and spool.path.exists()
    held = Assembly(item(count=3), lambda: Target(log))
    held.add(2, b"P3")
    held.abort()
    assert held.held == {} and log[-1] == "abort"  # nothing was opened: nothing more to abort


def test_only_product_items_of_several_with_a_pdf_are_joined():
    items = [item(index=0, count=2), item(index=1, count=1), item(index=2, count=2,
             formats=("svg", "json")), item(index=3, count=2, kind="aid"),
             item(index=4, count=3, formats=("json", "pdf"))]
    assert joined_items(items) == {0: items[0], 4: items[4]}
