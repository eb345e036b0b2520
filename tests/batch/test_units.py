"""Batch work units (generator/batch/units.py): what each config item is cut into, how a unit
is named, what makes its bytes, and what building one returns; pinned by hand."""

import pytest
from batch_support import changed, write

from generator.batch.config import load_config
from generator.batch.units import Unit, build_unit, config_units, item_units
from generator.core.errors import BuildError
from generator.runs import Request

CONFIG = ('[[item]]\ngame = "tanis"\nkind = "dig"\ncount = 2\nseed = 7\n\n'
          '[[item]]\ngame = "tanis"\nkind = "aid"\n\n'
          '[[item]]\ngame = "tumba"\nkind = "setup"\nseed = 4\nformat = "json"\n'
          'paper = "letter"\nmono = true\n')


def units(tmp_path) -> list[Unit]:
    return config_units(load_config(write(tmp_path, CONFIG)))


def test_each_item_is_cut_into_its_units(tmp_path):
    config = load_config(write(tmp_path, CONFIG))
    assert [len(item_units(item)) for item in config.items] == [2, 1, 1]
    dig1, dig2, aid, setup = config_units(config)
    assert (dig1.item, dig1.sub, dig2.item, dig2.sub, aid.item, setup.item) == (0, 0, 0, 1, 1, 2)
    r, a = setup.request, aid.request
    assert (r.paper, r.mono, r.formats) == ("letter", True, ("json",))
    assert (a.kind, a.seed, a.count, a.formats) == ("aid", None, 1, ("pdf",))


def test_labels_name_the_item_and_sub_item(tmp_path):
    _dig1, dig2, aid, setup = units(tmp_path)
    assert [u.label() for u in (dig2, aid, setup)] == [
        "item 1.2 (tanis dig, seed 7)", "item 2 (tanis aid)", "item 3.1 (tumba setup, seed 4)"]


def test_derived_seeds_are_the_count_runs(tmp_path):
    dig1, dig2, aid, _ = units(tmp_path)
    # item 1 of a run keeps the seed; item 2 of seed 7 is 172596650 (tests/core/test_rng.py)
    assert (dig1.derived_seed, dig2.derived_seed, aid.derived_seed) == (7, 172596650, None)


def test_only_product_units_of_several_items_with_a_pdf_are_joined(tmp_path):
    dig1, _, aid, setup = units(tmp_path)
    assert (dig1.joined, aid.joined, setup.joined) == (True, False, False)
    assert (dig1.is_aid, aid.is_aid) == (False, True)
    assert changed(dig1, formats=("svg", "json")).joined is False
    assert changed(dig1, count=1).joined is False


def test_the_signature_is_what_makes_the_bytes(tmp_path):
    dig1, dig2, _, setup = units(tmp_path)
    assert dig2.signature() == (
        '{"count":2,"game":"tanis","kind":"dig","lang":"en","mono":false,'
        '"options":{"style":"random"},"paper":"a4","seed":7,"sub":1}')
    assert setup.signature() == (
        '{"count":1,"game":"tumba","kind":"setup","lang":"en","mono":true,'
        '"options":{"mode":"standard","players":4},"paper":"letter","seed":4,"sub":0}')
    assert dig1.signature() != changed(dig1, lang="fr").signature()
    # press colours make other bytes: the signature says so (and only then)
    assert changed(setup, cmyk=True).signature() == (
        '{"cmyk":true,"count":1,"game":"tumba","kind":"setup","lang":"en","mono":true,'
        '"options":{"mode":"standard","players":4},"paper":"letter","seed":4,"sub":0}')


def test_a_unit_of_a_joined_run_returns_its_pdf_part(tmp_path):
    _, dig2, _, _ = units(tmp_path)
    result = build_unit(dig2)
    assert [(n, f, p) for n, f, p, _ in result.files] == [
        ("tanis-dig-7-count-2-2.svg", "svg", 1), ("tanis-dig-7-count-2-2-p2.svg", "svg", 1),
        ("tanis-dig-7-count-2-2.json", "json", 0)]
    assert result.part.startswith(b"%PDF") and result.part_pages == 2
    assert result.validation == {"valid": True, "violations": []}


def test_a_json_only_unit_renders_nothing_and_has_no_part(tmp_path):
    *_, setup = units(tmp_path)
    result = build_unit(setup)
    assert [(n, f, p) for n, f, p, _ in result.files] == [
        ("tumba-setup-4-paper-letter-mono.json", "json", 0)]
    assert (result.part, result.part_pages) == (None, 0)
    assert result.validation == {"valid": True, "violations": []}


def test_a_one_item_unit_carries_its_finished_pdf(tmp_path):
    *_, setup = units(tmp_path)
    result = build_unit(changed(setup, formats=("pdf",)))
    [(name, fmt, pages, data)] = result.files
    assert (name, fmt, pages) == ("tumba-setup-4-paper-letter-mono.pdf", "pdf", 1)
    assert data.startswith(b"%PDF") and result.part is None


def test_a_french_item_makes_french_units(tmp_path):
    config = load_config(write(tmp_path, '[[item]]\ngame = "tanis"\nkind = "dig"\nseed = 2\n'
                                         'lang = "fr"\ncount = 2\n'))
    assert [u.request.lang for u in config_units(config)] == ["fr", "fr"]


def test_a_json_only_unit_draws_no_page(tmp_path, monkeypatch):
    from generator.games.tumba import render

    calls = []
    real = render.render_setup
    monkeypatch.setattr(render, "render_setup", lambda *a: calls.append(a) or real(*a))
    *_, setup = units(tmp_path)
    build_unit(setup)
    assert calls == []
    build_unit(changed(setup, formats=("svg",)))
    assert len(calls) == 1


def test_an_aid_unit_is_one_finished_pdf(tmp_path):
    _, _, aid, _ = units(tmp_path)
    result = build_unit(aid)
    [(name, fmt, pages, data)] = result.files
    assert (name, fmt, pages) == ("tanis-aid-en-poker.pdf", "pdf", 0)
    assert data.startswith(b"%PDF")
    assert (result.part, result.part_pages, result.validation) == (None, 0, None)


def test_an_aid_named_otherwise_than_the_batch_expects_is_a_build_error(tmp_path, monkeypatch):
    from generator.batch import config

    monkeypatch.setattr(config, "aid_file_name", lambda *a: "other.pdf")
    _, _, aid, _ = units(tmp_path)
    with pytest.raises(BuildError) as err:
        build_unit(aid)
    assert str(err.value) == ("aid file tanis-aid-en-poker.pdf: expected other.pdf; batch "
                              "naming is out of date")


def test_an_aid_item_for_every_game_is_one_unit_per_game(tmp_path):
    config = load_config(write(tmp_path, '[[item]]\ngame = "all"\nkind = "aid"\n'
                                         'nup = true\npaper = "letter"\nmono = true\n'))
    options = config.items[0].request.options
    assert config_units(config) == [
        Unit(0, j, Request(game, "aid", None, 1, "letter", True, ("pdf",), "en", options))
        for j, game in enumerate(["realms", "tut", "tanis", "tumba"])]


def test_a_french_unit_is_built_in_french(tmp_path):
    unit = Unit(0, 0, Request("tanis", "dig", 2, 1, "a4", False, ("json",), "fr",
                              {"style": "random"}))
    [(name, fmt, pages, _data)] = build_unit(unit).files
    assert (name, fmt, pages) == ("tanis-dig-2-lang-fr.json", "json", 0)


def test_an_aid_unit_is_made_on_its_paper_in_black_and_white(tmp_path):
    from generator.draw.pdfjoin import read_info

    options = {"lang": "en", "size": "poker", "variant": "en", "bleed": 0.0, "crop": False,
               "nup": True, "backs": False}
    unit = Unit(0, 0, Request("tanis", "aid", None, 1, "letter", True, ("pdf",), "en", options))
    [(name, fmt, pages, data)] = build_unit(unit).files
    assert (name, fmt, pages) == ("tanis-aid-en-poker-nup-letter-mono.pdf", "pdf", 0)
    (tmp_path / name).write_bytes(data)
    assert read_info(tmp_path / name)["Keywords"] == (
        "tombgen, tanis, aid, lang=en, size=poker, variant=en, bleed=0, mono=yes, crop=yes, "
        "nup=yes, paper=letter, backs=no, cmyk=no")
