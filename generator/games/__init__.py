"""One package per game, each with the same files: model, rules, generate, render, bots, cli."""
