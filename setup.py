"""Build hook: packs the top-level data folders (seeds/, maps/, templates/) into the wheel.

They live at the top of the checkout so that users can find and edit them; inside the wheel they
go to ``generator/_data/`` where :mod:`generator.core.data` looks when there is no checkout.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DATA_DIRS = ("seeds", "maps", "templates")


class BuildWithData(build_py):
    """Copies the data folders next to the built package."""

    def run(self):
        super().run()
        here = Path(__file__).parent
        target = Path(self.build_lib) / "generator" / "_data"
        for name in DATA_DIRS:
            src = here / name
            if src.is_dir():
                shutil.copytree(src, target / name, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__"))


setup(cmdclass={"build_py": BuildWithData})
