"""generator/clikit.py called in process, with expected values pinned by hand."""
