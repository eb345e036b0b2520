"""The drawing layer: scenes of primitives in millimetres and the backends that write them.

Game code builds scenes with :mod:`generator.draw.scene` only; :mod:`generator.draw.svg` and
:mod:`generator.draw.pdf` import svgwrite and reportlab lazily when a file is written.
"""
