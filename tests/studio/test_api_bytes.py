"""The API answers exactly the bytes the command line writes: every product's SVG pages, PDF,
JSON and extra files, a --count run's joined PDF and its items, player aids, and the sheet of a
map sent in the request body (the bytes of ``realms sheet --map FILE`` beside that file)."""

from __future__ import annotations

import json

import pytest

from generator.registry import games

from studio_support import cli_files, finished, one

#: Options of each product's case (not all defaults, so options are seen to pass through).
CASES = {
    ("realms", "sheet"): {"map": "map-2", "players": "2", "start": "easy"},
    ("realms", "map"): {"size": "12", "rating_games": "4"},
    ("tut", "trail"): {"players": "3", "shape": "spiral", "variant": "fr"},
    ("tanis", "dig"): {"style": "classic"},
    ("tumba", "setup"): {"mode": "advanced", "players": "5"},
}
PRODUCTS = [(g.name, p.kind) for g in games() for p in g.products]


def flags(options: dict[str, str]) -> list[str]:
    out = []
    for name, value in options.items():
        flag = "--" + name.replace("_", "-")
        out += [flag] if value == "true" else [flag, value]
    return out


def test_every_product_has_a_case():
    assert sorted(CASES) == sorted(PRODUCTS)


@pytest.mark.parametrize("game, kind", PRODUCTS)
def test_every_file_of_a_product_is_the_commands(client, tmp_path, game, kind):
    options = CASES[(game, kind)]
    written = cli_files(tmp_path, game, kind, "--seed", "5", *flags(options))
    query = {"seed": "5", **options}
    svgs = sorted(n for n in written if n.endswith(".svg"))
    assert svgs, written.keys()
    for page, name in enumerate(sorted(svgs, key=lambda n: (len(n), n)), start=1):
        answer = client.get(f"/api/{game}/{kind}.svg", params={**query, "page": page})
        assert answer.status_code == 200, answer.text
        assert answer.headers["content-type"] == "image/svg+xml"
        assert answer.content == written[name], name
        assert answer.headers["x-tombgen-pages"] == str(len(svgs))
    for name, data in written.items():
        if name.endswith(".svg"):
            continue
        ext = name.rsplit(".", 1)[1]
        answer = client.get(f"/api/{game}/{kind}.{ext}", params=query)
        assert answer.status_code == 200, answer.text
        assert answer.content == data, name
        assert f'filename="{name}"' in answer.headers["content-disposition"]


def test_a_count_run_is_one_pdf_and_its_items(client, tmp_path):
    written = cli_files(tmp_path, "tanis", "dig", "--seed", "9", "--count", "3", "--paper",
                        "letter", "--mono")
    query = {"seed": "9", "count": "3", "paper": "letter", "mono": "true"}
    pdf = client.get("/api/tanis/dig.pdf", params=query)
    assert pdf.content == one(written, "tanis-dig-9*.pdf")
    assert pdf.headers["x-tombgen-items"] == "3"
    svg = client.get("/api/tanis/dig.svg", params={**query, "item": 2, "page": 2})
    assert svg.content == one(written, "tanis-dig-9*-2-p2.svg")
    doc = client.get("/api/tanis/dig.json", params={**query, "item": 3})
    assert doc.content == one(written, "tanis-dig-9*-3.json")
    assert json.loads(doc.content)["item"] == 3


def test_the_headers_say_what_was_made(client):
    answer = client.get("/api/tumba/setup.svg", params={"seed": 21, "mode": "advanced"})
    assert answer.headers["x-tombgen-seed"] == "21"
    assert answer.headers["x-tombgen-command"] == "tombgen tumba setup --mode advanced --seed 21"
    assert answer.headers["x-tombgen-files"] == "svg,pdf,json"


def test_a_seed_is_drawn_when_none_is_given_and_told(client):
    answer = client.get("/api/tumba/setup.json")
    assert answer.status_code == 200
    assert json.loads(answer.content)["seed"] == int(answer.headers["x-tombgen-seed"])


@pytest.mark.parametrize("game, argv, query", [
    ("tanis", [], {}),
    ("tut", ["--variant", "fr", "--size", "tarot", "--nup", "--paper", "letter", "--mono"],
     {"variant": "fr", "size": "tarot", "nup": "true", "paper": "letter", "mono": "true"}),
])
def test_an_aid_is_the_commands(client, tmp_path, game, argv, query):
    (name, data), = cli_files(tmp_path, "aid", game, *argv).items()
    answer = client.get(f"/api/{game}/aid.pdf", params=query)
    assert answer.status_code == 200, answer.text
    assert answer.content == data
    assert f'filename="{name}"' in answer.headers["content-disposition"]
    # the command line that writes this very file
    assert answer.headers["x-tombgen-command"] == " ".join(["tombgen", "aid", game, *argv])
    pages = int(answer.headers["x-tombgen-pages"])
    png = client.get(f"/api/{game}/aid.png", params={**query, "page": pages})
    assert png.headers["content-type"] == "image/png" and png.content[:8] == b"\x89PNG\r\n\x1a\n"


def _edited_map(client) -> dict:
    """map-4 with one more coin pile: a map of one's own, valid."""
    fields = client.get("/api/realms/maps/map-4").json()["map"]
    taken = {(f["x"], f["y"]) for f in fields["findings"]}
    taken |= {tuple(c) for c in fields["stone"]} | {(r["x"], r["y"]) for r in fields["rooms"]}
    spot = next((x, y) for y in range(1, 11) for x in range(1, 11) if (x, y) not in taken)
    fields["findings"].append({"x": spot[0], "y": spot[1], "kind": "coins", "amount": 1})
    fields["name"] = "The Long Crypt"
    return {"format": "tombgen/realms.map", "version": 1, **fields}


def test_the_sheet_of_a_map_in_the_body_is_the_command_beside_its_file(client, tmp_path):
    doc = _edited_map(client)
    toml = client.post("/api/realms/toml", params={"name": "crypt.json"}, json=doc)
    assert toml.status_code == 200
    assert 'filename="crypt.toml"' in toml.headers["content-disposition"]
    (tmp_path / "crypt.toml").write_bytes(toml.content)
    written = cli_files(tmp_path, "realms", "sheet", "--map", "crypt.toml", "--seed", "5",
                        "--players", "2", "--start", "kids")
    query = {"name": "crypt.toml", "seed": "5", "players": "2", "start": "kids"}
    for ext in ("pdf", "json"):
        answer = client.post(f"/api/realms/sheet.{ext}", params=query, content=toml.content)
        assert answer.status_code == 200, answer.text
        assert answer.content == one(written, f"realms-sheet-5*.{ext}")
        # the name the command gives it: the map file's name and a hash of its bytes
        name = answer.headers["content-disposition"].split('"')[1]
        assert written[name] == answer.content and "-map-crypt-" in name
    page2 = client.post("/api/realms/sheet.svg", params={**query, "page": 2}, content=toml.content)
    assert page2.content == one(written, "realms-sheet-5*-p2.svg")
    assert "--map crypt.toml" in page2.headers["x-tombgen-command"]


def test_a_rated_map_document_prints_its_rating_as_the_command_does(client, tmp_path):
    doc = _edited_map(client)
    started = client.post("/api/realms/rate", params={"games": 6, "seed": 2}, json=doc).json()
    doc["rating"] = finished(client, started["job"])["result"]
    (tmp_path / "crypt.json").write_text(json.dumps(doc))
    written = cli_files(tmp_path, "realms", "sheet", "--map", "crypt.json", "--seed", "8")
    answer = client.post("/api/realms/sheet.json", params={"name": "crypt.json", "seed": 8},
                         json=doc)
    assert answer.content == one(written, "realms-sheet-8*.json")
    assert json.loads(answer.content)["rating"]["games"] == 6



def test_a_slow_items_pdf_is_made_with_its_preview(tmp_path):
    """An item that took ``pdf_with_item_seconds`` or more (here 0: every item) gives its PDF
    with its preview: the download is the command's bytes and starts no job; a run of several
    items, or a quick item (the shipped threshold), makes its PDF when asked."""
    from studio_support import studio_client

    with studio_client() as client:
        studio = client.app.state.studio
        studio.preview["pdf_with_item_seconds"] = 0.0
        for game, kind in PRODUCTS:
            options = CASES[(game, kind)]
            (tmp_path / game).mkdir(exist_ok=True)
            written = cli_files(tmp_path / game, game, kind, "--seed", "6", *flags(options))
            query = {"seed": "6", **options}
            assert client.get(f"/api/{game}/{kind}.svg", params={**query, "page": 1}).status_code \
                == 200
            jobs = len(studio.runner.jobs)
            pdf = client.get(f"/api/{game}/{kind}.pdf", params=query)
            assert pdf.status_code == 200 and pdf.content == one(written, "*.pdf"), (game, kind)
            assert len(studio.runner.jobs) == jobs, (game, kind)        # no job: made already
        query = {"seed": "6", "count": "2"}
        client.get("/api/tanis/dig.svg", params={**query, "page": 1})
        jobs = len(studio.runner.jobs)
        client.get("/api/tanis/dig.pdf", params=query)
        assert len(studio.runner.jobs) == jobs + 1
        studio.preview["pdf_with_item_seconds"] = 2.0                   # the shipped value
        client.get("/api/tanis/dig.svg", params={"seed": "7", "page": 1})
        jobs = len(studio.runner.jobs)
        client.get("/api/tanis/dig.pdf", params={"seed": "7"})
        assert len(studio.runner.jobs) == jobs + 1
