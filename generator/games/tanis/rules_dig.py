"""Tanis dig rules: what makes a dig valid (the game itself is :mod:`.rules`).

``validate_dig`` reports every violation with its own code; a tile is named as the sheet
numbers it (``layer 2 tile 4``: tiles of a layer count 1, 2, ... in reading order of the surface
view, top row first), with its position:
  ``box-size``        the box is not the size of the rules data
  ``layer-count``     not exactly 4 layers
  ``tile-count``      a layer without exactly 10 tiles
  ``tile-size``       a tile that is not 1 x 2 (either way round)
  ``off-grid``        a coordinate that is not a multiple of 0.5
  ``out-of-box``      a tile reaching outside the box
  ``overlap``         two tiles of one layer overlapping
  ``gap``             part of the box left uncovered in a layer
  ``stacked``         a tile with the same footprint as a tile in the layer right below
"""

from __future__ import annotations

from generator.core.report import Report
from generator.games.tanis.model import Dig, Layer, Tile, data, sheet_numbers


def _is_step(v: float, step: float) -> bool:
    return abs(v / step - round(v / step)) < 1e-9


def _tile_name(depth: int, number: int, tile: Tile) -> str:
    return f"layer {depth + 1} tile {number} at ({tile.x:g}, {tile.y:g})"


def check_layer(layer: Layer, depth: int, box: tuple[int, int], report: Report) -> None:
    """Adds the violations of one layer on its own (count, sizes, bounds, overlaps, gaps)."""
    spec = data()["box"]
    if len(layer) != spec["tiles_per_layer"]:
        report.add("tile-count", f"has {len(layer)} tiles, needs exactly "
                   f"{spec['tiles_per_layer']}", f"layer {depth + 1}")
    sizes = {(spec["tile_short"], spec["tile_long"]), (spec["tile_long"], spec["tile_short"])}
    width, height = box
    number = sheet_numbers(layer)
    for i, t in enumerate(layer):
        name = _tile_name(depth, number[i], t)
        if (t.w, t.h) not in sizes:
            report.add("tile-size", f"is {t.w:g} x {t.h:g}, a tile is 1 x 2", name)
        if not all(_is_step(v, spec["step"]) for v in (t.x, t.y, t.w, t.h)):
            report.add("off-grid", f"coordinates must be multiples of {spec['step']:g}", name)
        if t.x < 0 or t.y < 0 or t.x + t.w > width or t.y + t.h > height:
            report.add("out-of-box", f"reaches outside the {width} x {height} box", name)
    for i, a in enumerate(layer):
        for j in range(i + 1, len(layer)):
            if a.overlaps(layer[j]):
                report.add("overlap", f"overlaps tile {number[j]}",
                           _tile_name(depth, number[i], a))
    uncovered = _uncovered(layer, box, spec["step"])
    if uncovered:
        cells = ", ".join(f"({x:g}, {y:g})" for x, y in uncovered[:6])
        more = f" and {len(uncovered) - 6} more" if len(uncovered) > 6 else ""
        report.add("gap", f"leaves {len(uncovered)} half-unit square(s) uncovered: {cells}{more}",
                   f"layer {depth + 1}")


def _uncovered(layer: Layer, box: tuple[int, int], step: float) -> list[tuple[float, float]]:
    """Half-unit squares of the box no tile covers (centres tested)."""
    width, height = box
    nx, ny = round(width / step), round(height / step)
    out = []
    for j in range(ny):
        for i in range(nx):
            cx, cy = (i + 0.5) * step, (j + 0.5) * step
            if not any(t.x < cx < t.x + t.w and t.y < cy < t.y + t.h for t in layer):
                out.append((i * step, j * step))
    return out


def validate_dig(dig: Dig) -> Report:
    """Every violation of a dig (see module doc for the codes)."""
    spec = data()["box"]
    report = Report("tanis dig")
    box = (spec["width"], spec["height"])
    if tuple(dig.box) != box:
        report.add("box-size", f"box is {dig.box[0]} x {dig.box[1]}, the dig box is "
                   f"{box[0]} x {box[1]}", "box")
    if len(dig.layers) != spec["layers"]:
        report.add("layer-count", f"has {len(dig.layers)} layers, needs exactly {spec['layers']}",
                   "layers")
    for depth, layer in enumerate(dig.layers):
        check_layer(layer, depth, box, report)
    for depth in range(len(dig.layers) - 1):
        below = list(dig.layers[depth + 1])
        number, under = sheet_numbers(dig.layers[depth]), sheet_numbers(below)
        for i, t in enumerate(dig.layers[depth]):
            if t in below:
                report.add("stacked", f"lies exactly on tile {under[below.index(t)]} of layer "
                           f"{depth + 2}", _tile_name(depth, number[i], t))
    return report


def read_dig(path: str) -> Dig:
    """A valid dig from a ``tanis dig`` JSON file (``-`` = stdin).

    Not a tanis dig document or malformed → InputError (exit 2); a dig breaking a rule →
    RuleError (exit 1) carrying the report.
    """
    from generator.validate import read_item

    return read_item(path, "tanis", "dig")
