"""Hidden Realms rating player: games per second on one core, and the same strength.

Plain script, not a test: ``python benchmarks/realms_quick.py [GAMES] [--maps N]
[--base CHECKOUT] [--speed-games S]``.

- strength: on map-1 ... map-4 and N generated maps (default 4; map i from
  ``derive_seed(77, i)``), GAMES games each (default 100; game i's dice from
  ``derive_seed(1, i)``, as ``realms simulate --seed 1``) played by the rating player as it
  plays, and by the same player valuing every candidate move on a played copy of the sheet
  (the way it worked before its Prospect, kept for this: ``QuickBot(played=True)``): the games
  that came out move for move the same, and both medians with their 95% intervals.
- speed: CPU seconds of this process for S games (default 40) on map-1 by each, as games per
  second (target: 100 for the rating player) and their ratio, measured side by side, the load
  average printed next to them (other work on the machine slows both).
- ``--base CHECKOUT``: the same S games timed in another checkout (its own code and data, in a
  child process), e.g. the one before a change, for the ratio against it.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from generator.core.play import make_bot, play
from generator.core.rng import derive_seed, make_rng
from generator.core.stats import median_interval
from generator.games.realms.bots import BOTS, RATING_PLAYER
from generator.games.realms.bots.quick import QuickBot
from generator.games.realms.generate import generate_map
from generator.games.realms.mapfile import builtin_maps, load_map
from generator.games.realms.rules import SeededDice, State

TIMER = """
import sys, time
sys.path.insert(0, sys.argv[1])
from generator.games.realms.mapfile import load_map
from generator.games.realms.simulate import play_one
m = load_map("map-1")
play_one(m, 1, "quick")
start = time.process_time()
for i in range(int(sys.argv[2])):
    play_one(m, 10_000 + i, "quick")
print(time.process_time() - start)
"""


def game(m, seed: int, bot) -> State:
    state = State(m, SeededDice(seed, 1), 1)
    play(state, [bot], make_rng(derive_seed(seed, 1)))
    return state


def strength(maps: list[tuple[str, object]], games: int) -> None:
    print(f"strength: {games} games a map, seeds derive_seed(1, i)")
    for name, m in maps:
        fast, slow, same = [], [], 0
        for i in range(games):
            seed = derive_seed(1, i)
            a = game(m, seed, make_bot(BOTS, RATING_PLAYER))
            b = game(m, seed, QuickBot(played=True))
            fast.append(a.scores()[0])
            slow.append(b.scores()[0])
            same += a.history == b.history
        (fl, fh), (sl, sh) = median_interval(fast), median_interval(slow)
        print(f"  {name:<24} the same game {same}/{games}; median {statistics.median(fast):g} "
              f"(95% {fl:g}-{fh:g}) against {statistics.median(slow):g} (95% {sl:g}-{sh:g}) "
              f"valued on played copies")


def cpu_rate(bot_of, games: int) -> float:
    m = load_map("map-1")
    game(m, 1, bot_of())
    start = time.process_time()
    for i in range(games):
        game(m, 10_000 + i, bot_of())
    return games / (time.process_time() - start)


def main() -> None:
    args = sys.argv[1:]

    def opt(name: str, default: str) -> str:
        return args[args.index(name) + 1] if name in args else default

    games = int(next((a for a in args if a.isdigit() and
                      args[args.index(a) - 1] not in ("--maps", "--speed-games")), 100))
    n = int(opt("--maps", "4"))
    speed_games = int(opt("--speed-games", "40"))
    maps = [(name, load_map(name)) for name in builtin_maps()]
    maps += [(f"generated {i}", generate_map(make_rng(derive_seed(77, i)))[0]) for i in range(n)]
    load = os.getloadavg()[0]
    fast = cpu_rate(lambda: make_bot(BOTS, RATING_PLAYER), speed_games)
    slow = cpu_rate(lambda: QuickBot(played=True), speed_games)
    print(f"speed on map-1, {speed_games} games, CPU time of one process (load average "
          f"{load:.2f} on {os.cpu_count()} CPUs, {os.getloadavg()[0]:.2f} after): "
          f"{RATING_PLAYER} {fast:.1f} games/s (target 100), valued on played copies "
          f"{slow:.1f} games/s: {fast / slow:.2f}x")
    if "--base" in args:
        base = opt("--base", "")
        out = subprocess.run([sys.executable, "-c", TIMER, base, str(speed_games)],
                             capture_output=True, text=True, check=True, cwd=base)
        rate = speed_games / float(out.stdout.strip())
        again = cpu_rate(lambda: make_bot(BOTS, RATING_PLAYER), speed_games)
        print(f"  {base} (its own code and data): {rate:.1f} games/s; this checkout again "
              f"{again:.1f} games/s: {again / rate:.2f}x")
    strength(maps, games)


if __name__ == "__main__":
    main()
