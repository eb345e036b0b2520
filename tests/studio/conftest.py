"""Studio test fixtures: one app per module, its helpers importable (studio_support)."""

import sys
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from studio_support import studio_client  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with studio_client() as opened:
        yield opened
