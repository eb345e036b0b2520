"""Deciding what goes on which card: whole blocks, headings kept with what follows them.

The aid is cut into *units* (the title, each section heading, each block) whose heights were
measured at the card's text width. :func:`paginate` fills the text areas (*slots*: one per card,
or a page's columns) in reading order:

- a paragraph, a term or a list never splits: it moves whole to the next slot, under its section's
  heading marked "(continued)";
- a heading stays with the start of what follows it (a whole block, or a table's header row and
  its first rows), the title with the first heading, and a paragraph marked ``keep`` (one that
  introduces what follows) with the start of the next block;
- a table that fits a card moves whole too; a longer one splits between rows: every part repeats
  the header row and the table's note, and a part on a new card is headed "<section> (continued)";
  it starts on a fresh card when that takes no more cards but fewer parts;
- a section marked ``new_card`` starts on a card of its own (a column of its own on a page with
  columns);
- anything that cannot fit an empty slot is a :class:`BuildError` naming its catalogue key.

Pure Python: heights come in, a :class:`Plan` (pages → slots → pieces) goes out.
"""

from __future__ import annotations

from typing import NamedTuple

from generator.core.errors import BuildError
from generator.draw.content import Aid, Table

#: A table part never holds fewer rows than this, unless the table is shorter (no lone rows).
MIN_ROWS = 2
#: A long table starts where at least this many of its rows fit with it, else on a new card.
FIRST_ROWS = 6


class Heights(NamedTuple):
    """Measured heights in mm (margins included) at the slot width."""

    title: float
    headings: tuple[float, ...]          # per section
    continued: tuple[float, ...]         # per section: its "(continued)" heading
    blocks: tuple[tuple[float, ...], ...]  # per section, per block: the whole block
    rows: dict                           # (section, block) -> (header + fixed part, row heights)


class Title(NamedTuple):
    pass


class Heading(NamedTuple):
    section: int
    continued: bool = False


class Whole(NamedTuple):
    section: int
    block: int


class Part(NamedTuple):
    """Rows ``start`` to ``end`` (exclusive) of a table, with its header row and note."""

    section: int
    block: int
    start: int
    end: int


Piece = Title | Heading | Whole | Part


class Plan(NamedTuple):
    pages: list[list[list[Piece]]]  # pages → slots → pieces

    def page_of_section(self, section: int) -> int:
        """1-based page where the section's heading is."""
        for number, page in enumerate(self.pages, start=1):
            for slot in page:
                if Heading(section) in slot:
                    return number
        raise KeyError(section)


class Packer:
    """Fills slots of ``capacity`` mm, ``per_page`` slots a page, in reading order."""

    def __init__(self, aid: Aid, heights: Heights, capacity: float, per_page: int, size_name: str):
        self.aid, self.h, self.capacity, self.per_page = aid, heights, capacity, per_page
        self.size_name = size_name
        self.pages: list[list[list[Piece]]] = [[[]]]
        self.used = 0.0
        self.split: set[tuple[int, int]] = set()   # tables split although they would fit a card

    # ---- slots -----------------------------------------------------------------------------

    @property
    def slot(self) -> list[Piece]:
        return self.pages[-1][-1]

    def room(self) -> float:
        return self.capacity - self.used

    def next_slot(self) -> None:
        if len(self.pages[-1]) < self.per_page:
            self.pages[-1].append([])
        else:
            self.pages.append([[]])
        self.used = 0.0

    def fresh(self) -> None:
        """A text area of its own: the next card, or the next column of a page."""
        if self.slot:
            self.next_slot()

    def put(self, piece: Piece, height: float) -> None:
        self.slot.append(piece)
        self.used += height

    def fits(self, height: float, key: str) -> None:
        """Moves to a fresh slot when ``height`` does not fit here; errors if it fits nowhere."""
        if height > self.capacity:
            raise BuildError(f"{key!r} is {height:.1f} mm tall but a {self.size_name} card holds "
                             f"{self.capacity:.1f} mm of text: shorten the string in the text "
                             "catalogue or choose a larger --size")
        if height > self.room():
            self.next_slot()

    def lead_in(self, s: int, need: float, key: str) -> None:
        """Makes room for ``need`` mm of section ``s``: here, or in a new slot headed
        "<section> (continued)" (when the heading fits there too)."""
        if need <= self.room():
            return
        self.fits(need, key)
        if self.h.continued[s] + need <= self.capacity:
            self.put(Heading(s, continued=True), self.h.continued[s])

    # ---- units -----------------------------------------------------------------------------

    def whole(self, s: int, b: int) -> bool:
        """Whether table ``b`` of section ``s`` stays whole: it fits a card under its heading."""
        fixed, rows = self.h.rows[(s, b)]
        heading = max(self.h.headings[s], self.h.continued[s])
        return (s, b) not in self.split and fixed + sum(rows) + heading <= self.capacity

    def start(self, s: int, b: int) -> float:
        """Height of the least that must follow a heading: a whole block, a whole table that
        fits a card, or the header and first rows of a longer table."""
        block = self.aid.sections[s].blocks[b]
        if isinstance(block, Table):
            fixed, rows = self.h.rows[(s, b)]
            if self.whole(s, b):
                return fixed + sum(rows)
            first = fixed + sum(rows[:FIRST_ROWS])
            return first if first + self.h.headings[s] <= self.capacity else fixed + sum(rows[:MIN_ROWS])
        height = self.h.blocks[s][b]
        if getattr(block, "keep", False) and b + 1 < len(self.aid.sections[s].blocks):
            height += self.start(s, b + 1)
        return height

    def lead(self, s: int) -> float:
        """A section's heading (the title too, for the first) with the start of its first block.
        A first table that would fit a card but not under the title is split instead."""
        section = self.aid.sections[s]
        head = self.h.headings[s] + (self.h.title if s == 0 else 0.0)
        if not section.blocks:
            return head
        if (head + self.start(s, 0) > self.capacity and isinstance(section.blocks[0], Table)
                and self.whole(s, 0)):
            self.split.add((s, 0))
        return head + self.start(s, 0)

    def parts(self, s: int, b: int, first_room: float) -> int | None:
        """How many parts table ``b`` takes when its first part has ``first_room`` mm; None
        when that part would hold fewer than its first rows (it would move on anyway)."""
        fixed, rows = self.h.rows[(s, b)]
        rooms, count, i = first_room - fixed, 0, 0
        while i < len(rows):
            total, j = 0.0, i
            while j < len(rows) and total + rows[j] <= rooms:
                total += rows[j]
                j += 1
            if j - i < (min(FIRST_ROWS, len(rows)) if count == 0 else 1):
                return None
            count, i = count + 1, j
            rooms = self.capacity - self.h.continued[s] - fixed
        return count

    def prefer_fresh(self, s: int, b: int, lead: bool) -> bool:
        """Whether what starts at block ``b`` (with its heading when ``lead``) should start on a
        fresh card: it ends with a table split over cards, and starting afresh takes no more
        cards but splits the table in fewer parts (no scrap of rows at the foot of a card)."""
        blocks = self.aid.sections[s].blocks
        if not self.slot or b >= len(blocks):
            return False
        k = b
        while k + 1 < len(blocks) and getattr(blocks[k], "keep", False):
            k += 1
        if not isinstance(blocks[k], Table) or self.whole(s, k):
            return False
        before = sum(self.h.blocks[s][i] for i in range(b, k))
        here = self.parts(s, k, self.room() - before - (self.h.headings[s] if lead else 0.0))
        fresh = self.parts(s, k, self.capacity - before - (self.h.headings[s] if lead
                                                           else self.h.continued[s]))
        return here is not None and fresh is not None and 1 + fresh <= here

    def run(self) -> Plan:
        sections = self.aid.sections
        for s, section in enumerate(sections):
            if section.new_card:
                self.fresh()
            elif self.prefer_fresh(s, 0, lead=True):
                self.next_slot()
            self.fits(self.lead(s), section.blocks[0].key if section.blocks else section.key)
            if s == 0:
                self.put(Title(), self.h.title)
            self.put(Heading(s), self.h.headings[s])
            for b, block in enumerate(section.blocks):
                chained = b > 0 and getattr(section.blocks[b - 1], "keep", False)
                if b > 0 and not chained and self.prefer_fresh(s, b, lead=False):
                    self.next_slot()
                    self.put(Heading(s, continued=True), self.h.continued[s])
                if isinstance(block, Table):
                    self.table(s, b, block)
                else:
                    self.lead_in(s, self.start(s, b), block.key)
                    self.put(Whole(s, b), self.h.blocks[s][b])
        return Plan(self.pages)

    def table(self, s: int, b: int, block: Table) -> None:
        fixed, rows = self.h.rows[(s, b)]
        whole = fixed + sum(rows)
        if self.whole(s, b):                     # a table that fits a card is never split
            self.lead_in(s, whole, block.key)
            self.put(Part(s, b, 0, len(rows)), whole)
            return
        start = 0
        while start < len(rows):
            need = fixed + sum(rows[start:start + MIN_ROWS]) if start else self.start(s, b)
            if start > 0 or need > self.room():
                # a new slot: the part is headed "<section> (continued)" and its header row
                self.next_slot()
                if self.h.continued[s] + need > self.capacity:
                    self.fits(self.h.continued[s] + need, block.key)
                self.put(Heading(s, continued=True), self.h.continued[s])
            end = self._fill(start, rows, fixed, block.key)
            self.put(Part(s, b, start, end), fixed + sum(rows[start:end]))
            start = end

    def _fill(self, start: int, rows: tuple[float, ...], fixed: float, key: str) -> int:
        """The end of the part starting at ``start`` in the room left (no lone last row)."""
        room, end, total = self.room() - fixed, start, 0.0
        while end < len(rows) and total + rows[end] <= room:
            total += rows[end]
            end += 1
        if end == start:
            raise BuildError(f"{key!r} row {start + 1} does not fit a {self.size_name} card; "
                             "shorten its text in the text catalogue or choose a larger --size")
        left = len(rows) - end
        if 0 < left < MIN_ROWS and end - start > MIN_ROWS:
            end -= MIN_ROWS - left
        return end


def paginate(aid: Aid, heights: Heights, capacity: float, per_page: int, size_name: str) -> Plan:
    """The cards of ``aid``: which pieces go in which slot of which page (see module doc)."""
    return Packer(aid, heights, capacity, per_page, size_name).run()
