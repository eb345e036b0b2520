"""The engine's slide stops against a plain re-derivation from the rulebook's wording.

The reference works on tiles in units (no bit masks, no half-unit grid): for each visible tile
and direction it moves the tile half a unit at a time, refuses a path that leaves the box, pushes
a tile, passes over a gap or under a tile, and keeps the first place where an edge of the tile
(across the motion) lies on an edge or halfway line of a tile below that it overlaps — whole
units on the box floor. The engine must offer exactly those first stops, in random games.
"""

from generator.core.play import RandomBot
from generator.core.rng import make_rng
from generator.games.tanis.model import Tile
from generator.games.tanis.rules import IN_DIG, START, Explore, new_state


def tiles_of(state, depth):
    b, step = state.board, state.board.step
    return [Tile(state.pos[t][0] * step, state.pos[t][1] * step, b.size[t][0] * step,
                 b.size[t][1] * step) for t in b.by_level[depth] if state.where[t] == IN_DIG]


def supported(tile, below, box):
    """Every half-unit square of ``tile`` lies on a tile of ``below`` (None = the box floor)."""
    if below is None:
        return True
    x = tile.x
    while x < tile.x + tile.w:
        y = tile.y
        while y < tile.y + tile.h:
            if not any(u.x <= x and x + 0.5 <= u.x + u.w and u.y <= y and y + 0.5 <= u.y + u.h
                       for u in below):
                return False
            y += 0.5
        x += 0.5
    return True


def rests(tile, below, horizontal):
    if below is None:
        return (tile.x if horizontal else tile.y) % 1.0 == 0
    edges = (tile.x, tile.x + tile.w) if horizontal else (tile.y, tile.y + tile.h)
    for u in below:
        if u.overlaps(tile):
            start, size = (u.x, u.w) if horizontal else (u.y, u.h)
            if {start, start + size / 2, start + size} & set(edges):
                return True
    return False


def reference_first_stops(state):
    b = state.board
    box = (b.cols * b.step, b.rows * b.step)
    found = set()
    for t in state.visible:
        depth = b.level[t]
        me = Tile(state.pos[t][0] * b.step, state.pos[t][1] * b.step, b.size[t][0] * b.step,
                  b.size[t][1] * b.step)
        same = [u for u in tiles_of(state, depth) if u != me]
        below = tiles_of(state, depth + 1) if depth + 1 < b.levels else None
        above = [u for d in range(depth) for u in tiles_of(state, d)]
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            k = 1
            while True:
                moved = Tile(me.x + dx * k * 0.5, me.y + dy * k * 0.5, me.w, me.h)
                if (moved.x < 0 or moved.y < 0 or moved.x + moved.w > box[0]
                        or moved.y + moved.h > box[1] or any(moved.overlaps(u) for u in same)
                        or not supported(moved, below, box)
                        or any(moved.overlaps(u) for u in above)):
                    break
                if rests(moved, below, dx != 0):
                    found.add((t, dx * k * 0.5, dy * k * 0.5))
                    break
                k += 1
    return found


def test_engine_first_stops_match_the_reference_in_random_games():
    checked = 0
    for seed in range(40):
        rng = make_rng(seed)
        state = new_state(rng)
        bot = RandomBot()
        while not state.is_over():
            if state.phase == START and state.cards[state.player][0]:
                engine = {(m.tile, m.dx, m.dy) for m in state.legal_moves()
                          if type(m) is Explore}
                assert engine == reference_first_stops(state), seed
                checked += len(engine)
            state.apply(bot.choose(state, rng))
    assert checked > 500
