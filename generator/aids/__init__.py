"""Player aids: reference cards computed from the rules data and engines, in English and French.

Each game package has ``aid.py`` with ``build_aid(cat, variant) -> Aid``: the card content
(:mod:`generator.draw.content`), every table computed from the game's data or engine, every
sentence taken from the text catalogue (:mod:`generator.core.i18n`). :mod:`generator.aids.build`
turns it into a PDF: :mod:`~generator.aids.cards` measures and lays out the cards as planned by
:mod:`~generator.aids.paginate`, :mod:`~generator.aids.impose` puts them on sheets, with the backs
of :mod:`~generator.aids.backs`.
"""
