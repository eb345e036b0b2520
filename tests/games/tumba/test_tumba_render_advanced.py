"""The Pharaoh's Wrath setup sheet drawn from a hand-made log: every chamber of the board carries
its number and its placer, on its line's side, in the order it was stacked, and the legend says
what those captions mean (in English and French); the standard sheet has neither.

The log is the one of test_tumba_setup_log (2 players, chambers 1-12 on lines 1-12, 13-22 on
lines 1-10, odd chambers by player 1; line 10 cleared for the passage, its chambers 10 and 22
moved to lines 11 and 12), so the board is known by hand:
line n (1-9): #n then #n+12; line 10: the passage; line 11: #11, #10; line 12: #12, #22.
"""

from games.tumba.test_tumba_setup_log import hand_setup

from generator.draw.paper import make_sheet
from generator.draw.scene import Text, apply, walk
from generator.produce import build_one
from generator.registry import game

STACKS = {**{n: [n, n + 12] for n in range(1, 10)}, 10: [], 11: [11, 10], 12: [12, 22]}
LEGEND = {"en": "#n: the n-th chamber placed; Pk: placed by player k.",
          "fr": "#n : la n-ième chambre posée ; Jk : posée par le joueur k."}
PLAYER = {"en": "P", "fr": "J"}


def page_of(setup, lang="en", paper="a4"):
    spec = game("tumba")
    built = build_one(spec, spec.product("setup"), 7, 0, 1, make_sheet(paper, False),
                      {"mode": setup.mode, "players": setup.players}, lang=lang, item=setup)
    return built.pages[0]


def board_texts(page):
    """(text, x on the page) of every word inside the board drawing, in drawing order."""
    return [(item.text, apply(matrix, item.x, item.y)[0]) for item, matrix, names in walk(page)
            if isinstance(item, Text) and "board" in names]


def expected_board(lang):
    """The board's words by hand: the tomb, then per line its number, passage and chambers."""
    words = ["TOMB" if lang == "en" else "TOMBEAU"]
    for n in range(1, 13):
        words.append(str(n))
        if n == 10:
            words.append("passage")
        for chamber in STACKS[n]:
            words += [f"#{chamber}", f"{PLAYER[lang]}{2 - chamber % 2}"]
    return words


def test_every_chamber_shows_its_number_and_placer():
    page = page_of(hand_setup())
    assert [t for t, _ in board_texts(page)] == expected_board("en")


def test_captions_sit_on_their_lines_side_outward_in_stacking_order():
    page = page_of(hand_setup())
    sheet = make_sheet("a4", False)
    middle = sheet.left + sheet.content_width / 2
    where = {t: x for t, x in board_texts(page) if t.startswith("#")}
    for n, stack in STACKS.items():
        offsets = [where[f"#{c}"] - middle for c in stack]
        # odd lines on the left of the tomb, even lines on the right (rulebook board)
        assert all((o < 0) == (n % 2 == 1) for o in offsets), n
        assert [abs(o) for o in offsets] == sorted(abs(o) for o in offsets), n


def test_the_legend_explains_the_captions():
    for lang in ("en", "fr"):
        page = page_of(hand_setup(), lang)
        words = " ".join(item.text for item, _, names in walk(page)
                         if isinstance(item, Text) and "board" not in names)
        # French puts a no-break space before its colons and semicolons
        assert LEGEND[lang] in words.replace("\xa0", " ").replace("\u202f", " "), lang


def test_french_captions_name_the_player_j():
    page = page_of(hand_setup(), "fr")
    assert [t for t, _ in board_texts(page)] == expected_board("fr")


def test_the_standard_sheet_has_no_captions_and_no_legend():
    spec = game("tumba")
    built = build_one(spec, spec.product("setup"), 7, 0, 1, make_sheet("a4", False),
                      {"mode": "standard", "players": 2})
    page = built.pages[0]
    words = [item.text for item, _, _ in walk(page) if isinstance(item, Text)]
    assert not [w for w in words if w.startswith("#") or w in ("P1", "P2")]
    assert LEGEND["en"] not in " ".join(words)
