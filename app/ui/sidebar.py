"""How wide the sidebar is: as wide as its names need, with the „Nachlesen“ count's room
kept free from the start.

The width depends on the text size, the section names and how many items each countable
section has — never on how many of them are marked right now. So the first mark (a
„Wusste ich nicht“ in the quiz) does not push the page sideways, nor does the tenth or the
last one taken back (issue #27).
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QListWidget, QStyleOptionViewItem, QWidget

from app.ui.section_delegate import badge_room

# Which refresher section shows the marks of which kind of content.
MARKED_KINDS = {"turn": "step", "numbers": "number", "pitfalls": "pitfall",
                "interpretations": "interpretation", "variants": "variant"}
# A count the badge room always holds: two digits, so a game's sections need the same room
# whether it has 9 pitfalls or 12 (switching games does not move the page either).
ROOMY_COUNT = 99


def most_marks(kinds: dict[str, str]) -> dict[str, int]:
    """The largest count each countable section can show: all its items marked.

    ``kinds`` maps every markable id of a game to its kind (``linkable_ids``).
    """
    per_kind: dict[str, int] = {}
    for kind in kinds.values():
        per_kind[kind] = per_kind.get(kind, 0) + 1
    return {section: per_kind.get(kind, 0) for section, kind in MARKED_KINDS.items()}


def item_text_margins(listing: QListWidget) -> tuple[int, int]:
    """Pixels left and right of an item's name: padding, icon and its gaps (from the style,
    so the sheet's item padding is what counts).

    Asking the style makes PySide build ``QStyle`` and its enums (≈ 7 ms); the window's
    first frame uses the margins remembered from the last start instead (``MainWindow``)."""
    from PySide6.QtWidgets import QStyle

    listing.ensurePolished()  # the sheet's ::item padding counts only once it is styled
    option = QStyleOptionViewItem()
    option.initFrom(listing)
    option.features |= (QStyleOptionViewItem.ViewItemFeature.HasDecoration
                        | QStyleOptionViewItem.ViewItemFeature.HasDisplay)
    option.decorationSize = listing.iconSize()
    option.text = "M"
    option.font = listing.font()
    option.rect = QRect(0, 0, 1000, 40)
    text = listing.style().subElementRect(QStyle.SubElement.SE_ItemViewItemText, option,
                                          listing)
    if not text.isValid() or text.width() <= 0:  # a style that does not say: Fusion's numbers
        return 8 + listing.iconSize().width() + 6, 8
    return text.left(), option.rect.right() - text.right()


def list_width(listing: QListWidget, sections: list[tuple[str, str]],
               most: dict[str, int], margins: tuple[int, int] | None = None) -> int:
    """The list's width that shows every name whole, bold as when chosen, with the room of
    its largest possible count badge — with the list's scroll bar and focus frame present.

    ``sections``: (key, name) in list order; ``most``: the largest count per section key.
    """
    font = listing.font()
    bold = QFont(font)
    bold.setWeight(QFont.Weight.DemiBold)  # the sheet's ::item:selected weight
    metrics = QFontMetrics(bold)
    left, right = margins or item_text_margins(listing)
    widest = 0
    for key, name in sections:
        count = most.get(key, 0)
        room = badge_room(font, max(count, ROOMY_COUNT)) if count else 0
        widest = max(widest, left + metrics.horizontalAdvance(name) + right + room)
    # The focus frame (1 px each side, style.qss) and the scroll bar when the list is too
    # long for a small window: both take from the items' width, so both are kept.
    bar = listing.verticalScrollBar().sizeHint().width()
    return widest + 2 + bar


def sidebar_width(sidebar: QWidget, list_needs: int, others: list[int]) -> int:
    """The sidebar's fixed width: what its list needs (``list_width``) or the widest of
    ``others`` (title, game switcher), plus the sidebar's margins."""
    margins = sidebar.layout().contentsMargins()
    return max(list_needs, *others) + margins.left() + margins.right()


class ItemMargins:
    """The section list's text margins for :func:`list_width`.

    Measuring them asks the style (``item_text_margins``). The window's first frame uses the
    margins remembered from the last start instead; right after that frame they are measured
    and remembered, and ``check`` says whether the frame's were wrong (a new style or
    sheet), so the sidebar is fitted once more. The first start ever measures at once.
    """

    def __init__(self, listing: QListWidget, settings):
        self.listing, self.settings = listing, settings
        self.before_first_frame = True
        self.used: tuple[int, int] | None = None

    def get(self) -> tuple[int, int]:
        remembered = self.settings.item_margins \
            if self.before_first_frame and self.settings is not None else None
        self.used = remembered or item_text_margins(self.listing)
        return self.used

    def check(self) -> bool:
        """Measure now and remember; True when the margins used so far were not these."""
        self.before_first_frame = False
        measured = item_text_margins(self.listing)
        if self.settings is not None and self.settings.item_margins != measured:
            self.settings.item_margins = measured
        return self.used is not None and self.used != measured
