"""Every word the Tutankhamen trail sheet prints, by key, in one place.

The sheet's renderers never write a sentence themselves: they call :func:`say` with a key and
the values to fill in. Names of pieces (Scarab, Chaise, Masque de pharaon…) are not here: they
belong to each edition and come from ``seeds/tut.toml`` through the model. Keys are dotted like
the text catalogue of the player aids, so moving these strings there is a copy.
"""

from __future__ import annotations

STRINGS = {
    "title": "{game} — trail layout",
    "subtitle": "{shape} · {players} players · {variant} rules · seed {seed}",
    "shape.custom": "custom",
    "intro": ("Lay the {tiles} tiles face up exactly as drawn, one tile per cell. A tile touches "
              "only the tiles just before and after it, so the trail can be followed without "
              "numbers; the line joins them in order from the start S to the pyramid. "
              "{rules}, {players} players, {coins} {unit} each."),
    "unit.coins": "coins",
    "unit.track": "points on the score track",
    "assumed": ("Assumed: {mm} mm tiles on a table of {w} × {h} tiles ({cw} × {ch} cm). If your "
                "tiles are not {mm} mm, lay them cell by cell all the same: the table then "
                "needs {w} × {h} of your tiles (change tile_mm and table in seeds/tut.toml, "
                "or --table)."),
    "order.below": ("Laying order (1 is the first tile after the start; the rulebook lays them "
                    "from the pyramid back, {last} to 1)"),
    "order.beside": "Laying order (1 = first)",
    "order.compact": ("Laying order (1 is the first tile after the start; R, B, G: red, blue, "
                      "green; then the value; pictograms named in the index below)"),
    "index.head": "Sort the box first: tick each set once all its tiles are found",
    "index.kind": "{name} {value}",
    "index.colour": "{colour} ({letter})",
    "index.specials": "Special tiles",
    "index.special": "{name} ×{count}: {numbers}",
    "index.king": "{name}: on the pyramid",
    "index.count": ("Count: {numbered} numbered tiles ({sets} sets) + {gold} {gold_name} + "
                    "{pharaoh} {pharaoh_name} = {trail} tiles on the trail; {king} on the "
                    "pyramid. S: the tokens start next to tile 1."),
    "colour.red": "red",
    "colour.blue": "blue",
    "colour.green": "green",
    "balance.head": ("Seat balance on this trail: {games} games of {bot} bots, win rates with "
                     "95% intervals; seat 1 moves first; games last {rounds} rounds on average"),
    "balance.seat": "Seat {seat}: {rate}%",
    "balance.interval": "{lo}–{hi}% · random {ref}%",
    "balance.no_ref": "{lo}–{hi}%",
    "balance.fair": ("No measurable imbalance: every seat's interval overlaps the same seat's "
                     "rate on random trails ({ref_games} games each, same bots)."),
    "balance.unfair": ("Unbalanced: {seats} than on random trails ({ref_games} games each, "
                       "same bots)."),
    "balance.off": "seat {seat} wins {direction} often",
    "balance.more": "more",
    "balance.less": "less",
    "balance.unknown": "No reference measured for {players} players: no verdict.",
}


def say(key: str, **values) -> str:
    """The sheet's text for ``key`` with ``values`` filled in."""
    return STRINGS[key].format(**values)
