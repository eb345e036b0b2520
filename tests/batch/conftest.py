"""Batch test fixtures: the fault-injection module must be importable by worker processes."""

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
