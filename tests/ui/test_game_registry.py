"""The one registry of what each game offers in the window, and the pages' protocol."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from app.model.library import SHIPPED_GAMES
from app.rules.contract import BOARD, CALCULATORS, PRACTICE
from app.rules.registry import GAMES
from app.ui.game_registry import OFFERS, GameUI, offers, registry, ui_for, ui_for_id
from app.ui.page import Page
from app.ui.sections import sections_for


def test_the_registry_is_keyed_by_each_engines_game_class():
    entries = registry()
    assert set(entries) == {type(game) for game in GAMES.values()}
    for game in GAMES.values():
        entry = ui_for(game)
        assert isinstance(entry, GameUI) and entry.game is type(game)
        assert ui_for_id(game.info.id) is entry
    assert set(SHIPPED_GAMES) == set(GAMES) == set(OFFERS)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_what_the_sidebar_knows_before_the_first_frame_is_what_the_entries_have(game_id):
    entry = ui_for_id(game_id)
    assert offers(game_id) == entry.offers(), "OFFERS names exactly what the entry has"
    assert offers(game_id) <= GAMES[game_id].info.provides, "nothing the engine lacks"
    assert {BOARD, CALCULATORS} <= offers(game_id)
    assert entry.fields is not None and entry.help_lines, "the board has fields and keys"
    for page in (entry.board, entry.calculators):
        assert isinstance(page, type) and issubclass(page, QWidget)


def test_an_own_pack_or_unknown_game_offers_nothing():
    assert offers("atlantis", own_pack=True) == frozenset()
    assert ui_for_id("atlantis", own_pack=True) is None
    assert offers("azul") == frozenset() and ui_for_id("azul") is None


def test_only_games_with_a_practice_service_have_practice_situations():
    for game_id in GAMES:
        entry = ui_for_id(game_id)
        assert (PRACTICE in offers(game_id)) == (entry.practice is not None)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_page_of_every_game_speaks_the_page_protocol(window, game_id):
    window.state.select_game(game_id)
    for section in sections_for(window.state.library.game(game_id)):
        view = window.view_for(section.key)
        assert isinstance(view, Page), (game_id, section.key)
        assert isinstance(view.anchors, dict)
        # A search marks words under the text root: it is the page's own and holds its words.
        root = view.text_root()
        assert view.isAncestorOf(root) and root.findChildren(QLabel), (game_id, section.key)
        target = view.focus_target()
        if section.key == "board":
            assert target is not None and target.focusPolicy() != target.focusPolicy().NoFocus
            window.focus_page()
            assert target.hasFocus() or not window.isActiveWindow()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_example_in_a_notation_field_is_a_position_the_engine_reads(window, game_id):
    # A player pastes what the field shows: an unreachable example would be refused.
    import re

    from app.ui.board_page import BoardChrome

    window.state.select_game(game_id)
    page = window.view_for(next(s.key for s in sections_for(window.state.library.game(game_id))
                                if s.offer == BOARD))
    chrome = page.chrome
    assert isinstance(chrome, BoardChrome)
    examples = re.findall(r"„([^“]+)“", chrome.notation.placeholderText())
    if game_id != "survive":  # Survive's trainer positions are long: no example is shown
        assert examples, chrome.notation.placeholderText()
    for example in examples:
        GAMES[game_id].parse_position(example)


def test_own_pack_is_a_typed_field_of_every_library_entry(tmp_path):
    """The window asks ``entry.own_pack`` of every entry (no ``getattr`` probing): shipped
    games and failures say False, an own pack and its failure say True."""
    from app.model.library import FailedGame, LoadedGame
    from app.model.packs import FailedPack, PackGame

    assert LoadedGame.own_pack is False and PackGame.own_pack is True
    assert FailedGame("x", tmp_path, []).own_pack is False
    assert FailedPack("x", tmp_path, []).own_pack is True
