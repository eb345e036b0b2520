"""Player aids: reference cards computed from the rules data and engines, in English and French.

Each game package has ``aid.py`` with ``build_aid(cat, variant) -> Aid``
(:mod:`generator.draw.content`): the card content, every
table computed from the game's data or engine, every sentence taken from the language catalogue
(``templates/aids/i18n/<lang>.toml``). :mod:`generator.aids.build` turns it into a PDF.
"""
