"""One text checker for every German word a player reads — content and code alike.

The rules a content file obeys (``regelfrisch --check``) hold for text the program makes too:
engine explanations and refusals, practice situations, the facts texts of worked examples and
the literal strings of the user interface. :func:`check_text` checks one string against them and
returns :class:`~app.model.library.Problem` records; a problem in code names its module and
line (``app/ui/sections.py:120: …``) exactly as a content problem names its file and line.

The rules, each an error:

- **Glossary**: a word the game's ``glossary.yaml`` says to avoid (only for text of that game).
- **Address**: the player is „du“ – never „ihr“/„euch“ nor „Sie“/„Ihnen“.
- **Ruling names**: our rulings are „Auslegungen“ – never „Festlegung“; a code after
  „Auslegung“ must be one of the game's rulings.
- **Known slips**: a list of misspellings that slipped through before („Strandplättchenn“).
- **Number agreement**: „1 Karten“, „2 Karte“.
- **No notation**: the engine's position or move notation stays behind „Für Tüftler“.
- **Item colours**: an item whose name is not confirmed (``confirmed: false`` in
  ``meta.items``) is named with its colour, so the player knows which one is meant.

:func:`check_app` walks every source: random games of every registered engine (explanations
and refusals through the contract), the facts texts of every worked example, the practice
situations, the Survive trainers' texts and every literal German sentence in ``app/``.
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from app.model.avoid_words import AvoidMatcher, avoid_matcher
from app.model.library import Problem, excerpt
from app.model.schema import Game, GlossaryFile

APP_ROOT = Path(__file__).resolve().parent.parent  # the package ``app``
GAME_IDS = ("atlantis", "atacama", "survive")

_L = "A-Za-zÄÖÜäöüß"
_WORD = rf"[{_L}]"


def word_pattern(word: str) -> re.Pattern[str]:
    """``word`` as a whole word, any case (never inside a longer word)."""
    return re.compile(rf"(?<!{_WORD}){re.escape(word)}(?!{_WORD})", re.IGNORECASE)


# -- The rules ------------------------------------------------------------------------------

# Words ending in -t that are not verbs, and third-person forms "ihr" (her) goes with.
_NOT_PLURAL_VERBS = ("mit", "seit", "nicht", "jetzt", "erst", "zuerst", "zuletzt", "oft", "sonst",
                     "bereits", "meist", "selbst", "trotzdem", "ist", "gilt", "hat", "bleibt",
                     "liegt", "steht", "zählt", "fehlt", "gehört", "kommt", "passt", "reicht",
                     "wird")
PLURAL_ADDRESS = (
    re.compile(r"(?<![\wäöüß])(euch|euer|eure|euren|eurem|eurer|eures)(?![\wäöüß])",
               re.IGNORECASE),
    # "ihr legt", "legt ihr" – but not the possessive "ihr Boot", "steht ihr Entdecker", nor the
    # dative "mit ihr ist …".
    re.compile(r"(?<![\wäöüß])[Ii]hr\s+(?!(?:" + "|".join(_NOT_PLURAL_VERBS) + r")\b)"
               r"[a-zäöüß]+t(?![\wäöüß])"),
    re.compile(r"(?<![\wäöüßÄÖÜ])(?!(?i:" + "|".join(_NOT_PLURAL_VERBS) + r")\b)"
               r"[A-Za-zÄÖÜäöüß][a-zäöüß]*t\s+ihr(?![\wäöüß])(?!\s+[A-ZÄÖÜ])"),
)
# The polite form: "Sie"/"Ihnen"/"Ihr…" in the middle of a sentence (at its start "Sie" is
# "she" or "they", which is fine).
FORMAL_ADDRESS = (
    re.compile(r"(?<=[a-zäöüß,] )(Sie|Ihnen|Ihre|Ihren|Ihrem|Ihrer|Ihres)(?![\wäöüß])"),
    re.compile(r"(?<![\wäöüß])Ihnen(?![\wäöüß])"),
)
SINGULAR_ADDRESS = (
    re.compile(r"(?<![\wäöüß])(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)(?![\wäöüß])",
               re.IGNORECASE),
)

# Misspellings that reached players before; each stays on the list so it never comes back.
KNOWN_SLIPS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"{_WORD}+chenn(?!{_WORD})"), "„-chenn“ ist ein Tippfehler („-chen“)"),
    (re.compile(r"(?<![\wäöüß])Schwämme(?![\wäöüß])"), "das sind Badeschwämme – gemeint ist "
                                                       "„Schwimmer“"),
    (word_pattern("Delphin"), "„Delfin“ schreiben wir mit f"),
    (re.compile(r"(?<![\wäöüß])(\w+) \1(?![\wäöüß])"), "ein doppeltes Wort"),
    # ("1 : 1 : 1" is a ratio, not a slip)
    (re.compile(r"(?<=[^\W\d])\s[,.;:](?=\s+\D|\s*$)"), "ein Leerzeichen vor dem Satzzeichen"),
)
_DOUBLE_WORD_OK = frozenset({"die", "das", "der", "sie", "es"})  # "die, die" / "das das" is grammar

RULING_WORD = (re.compile(r"(?<![\wäöüß])[Ff]estlegung(en)?(?![\wäöüß])"),
               "unsere Entscheidungen heißen „Auslegung“")
_RULING_CODE = re.compile(r"(?<![\wäöüß])Auslegung(?:en)?\s+([A-Z]{1,2}\d{1,2})(?![\w])")

# Nouns whose singular and plural differ: (singular, plural).
_NOUNS = (("Karte", "Karten"), ("Punkt", "Punkte"), ("Figur", "Figuren"), ("Lücke", "Lücken"),
          ("Bohrturm", "Bohrtürme"), ("Turm", "Türme"), ("Boot", "Boote"), ("Feld", "Felder"),
          ("Zug", "Züge"), ("Kreatur", "Kreaturen"), ("Person", "Personen"), ("Seite", "Seiten"),
          ("Frage", "Fragen"), ("Beispiel", "Beispiele"), ("Brücke", "Brücken"),
          ("Lieferung", "Lieferungen"), ("Linie", "Linien"), ("Reihe", "Reihen"),
          ("Spalte", "Spalten"), ("Auslegung", "Auslegungen"), ("Falle", "Fallen"),
          ("Stellung", "Stellungen"), ("Runde", "Runden"), ("Schritt", "Schritte"),
          ("Kartenstapel", "Kartenstapel"))
# What names a place or a player by number is not a count: "Feld 1 Karte", "Person 1 Punkte".
# "6 + 1 Türme" adds up to a plural.
_LABEL_BEFORE = (r"(?<!Feld )(?<!Spieler )(?<!Person )(?<!Schritt )(?<!Reihe )(?<!S\. )"
                 r"(?<!Nr\. )(?<!Teil )(?<!\+ )(?<!− )(?<!- )(?<!× )")
_ONE_PLURAL = re.compile(
    _LABEL_BEFORE + r"(?<![\d,.\-−+/:])(?:[−-]\s?)?1\s(" +
    "|".join(p for s, p in _NOUNS if s != p) + rf")(?!{_WORD})")
_MANY_SINGULAR = re.compile(
    _LABEL_BEFORE + r"(?<![\d,.\-/:])(?:[−-]\s?)?(?:[02-9]|\d\d+)\s(" +
    "|".join(s for s, p in _NOUNS if s != p) + rf")(?![{_L}-])")
_ONE_WORD_PLURAL = re.compile(
    r"(?<![\wäöüß])(?:eine|einer|einen)\s(" + "|".join(p for s, p in _NOUNS if s != p)
    + rf")(?!{_WORD})")

# The engines' notation: sections and settings of a position, and multi-part move texts.
NOTATION = (
    re.compile(r"\|\s*[a-d]:\s"),  # Atlantis: "| a: RRS"
    re.compile(r"(?<![\w-])(zug|phase|stapel|ablage|schachtel):[a-zäöü-]"),  # Atlantis settings
    re.compile(r"(?<![\w/])[RSKHAOF][1-7]/[RSKHAOF][1-7](?![\w/])"),  # an Atlantis stack
    re.compile(r"(?<![\w:])\d{1,2}:[RSKHAOF]{1,6}(?![\wäöü])"),  # an Atlantis move "3:HR"
    re.compile(r"(?<![\w-])(spieler|boote|haie|wale|schlangen|land|see|hand|entfernt):\s"
               r"[a-z]"),  # Survive sections
    re.compile(r"(?<![\w-])(ro|bl|ge|gr)\d{1,2}(?![\w])"),  # a Survive explorer "ro3"
    re.compile(r"(?<![\w-])(plan|türme|rechte)="),  # Atacama
)


_QUOTED = re.compile(r"„[^“„]*“")


@dataclass(frozen=True)
class TextRules:
    """What one game's text (or the game-neutral text of the app) must obey."""

    game_id: str = ""
    address: str = "du"
    avoid: tuple[tuple[str, str], ...] = ()  # (the term to use, a variant to avoid)
    ruling_codes: frozenset[str] = frozenset()
    # (name, colour) of each item that must be named with its colour
    coloured_items: tuple[tuple[str, str], ...] = ()
    notation: bool = True  # False for text about notation itself (a NotationError)

    @cached_property
    def avoid_matcher(self) -> AvoidMatcher:
        # Built once per rules: a text costs its own length, whatever the glossary holds.
        return avoid_matcher(self.avoid)

    def without_notation(self) -> TextRules:
        return TextRules(self.game_id, self.address, self.avoid, self.ruling_codes,
                         self.coloured_items, notation=False)


NEUTRAL = TextRules()


def rules_for(game: Game | None, glossary: GlossaryFile | None) -> TextRules:
    """The rules for the text of ``game`` under its ``glossary`` (either may be missing)."""
    if game is None and glossary is None:
        return NEUTRAL
    avoid = tuple((term.term, variant)
                  for term in (glossary.terms if glossary else ()) for variant in term.avoid)
    codes = frozenset(r.code for r in game.content.interpretations) if game else frozenset()
    meta_items = game.content.meta.items if game else ()
    items = tuple((item.name, item.colour_name) for item in meta_items
                  if not item.confirmed and item.colour_name)
    return TextRules(game.id if game else "", glossary.address if glossary else "du", avoid,
                     codes, items)


@dataclass(frozen=True)
class Finding:
    """One problem inside a text: where in the text, and what is wrong."""

    offset: int
    message: str


def findings(text: str, rules: TextRules = NEUTRAL) -> list[Finding]:
    """Every problem in ``text`` under ``rules``, in the order they occur.

    >>> [f.message for f in findings("Nimm 1 Karten, dann legt ihr los.")]  # doctest: +ELLIPSIS
    ['„1 Karten“ – Zahl und Wort passen nicht zusammen ...', '„legt ihr“ spricht mit „ihr“ an...']
    """
    # Quoted notation („3:HR“) is text about notation, shown on purpose; a text about notation
    # itself (a NotationError) may quote the player's input and the syntax in every way.
    quoted = _QUOTED.sub(lambda m: " " * len(m.group(0)), text)
    if not rules.notation:
        text = quoted
    found: list[Finding] = []
    if rules.avoid:
        for offset, words, term in rules.avoid_matcher.find(text):
            found.append(Finding(offset, f"„{words}“ – dieses Spiel sagt {excerpt(term)} "
                                         "(glossary.yaml)."))
    wrong = (PLURAL_ADDRESS + FORMAL_ADDRESS) if rules.address == "du" else SINGULAR_ADDRESS
    other = "ihr" if rules.address == "du" else "du"
    seen: set[int] = set()
    for pattern in wrong:
        for m in pattern.finditer(text):
            if m.start() in seen:
                continue
            seen.add(m.start())
            said = "Sie" if m.group(0)[:1] in "SI" and pattern in FORMAL_ADDRESS else other
            found.append(Finding(m.start(), f"„{m.group(0)}“ spricht mit „{said}“ an; dieses "
                                            f"Spiel sagt „{rules.address}“ (glossary.yaml, "
                                            "address)."))
    pattern, why = RULING_WORD
    for m in pattern.finditer(text):
        found.append(Finding(m.start(), f"„{m.group(0)}“ – {why}."))
    if rules.ruling_codes:
        for m in _RULING_CODE.finditer(text):
            if m.group(1) not in rules.ruling_codes:
                found.append(Finding(m.start(), f"„{m.group(0)}“ – dieses Spiel hat keine "
                                                f"Auslegung {m.group(1)}."))
    for pattern, why in KNOWN_SLIPS:
        for m in pattern.finditer(text):
            if why == "ein doppeltes Wort" and m.group(1).lower() in _DOUBLE_WORD_OK:
                continue
            found.append(Finding(m.start(), f"„{m.group(0).strip()}“ – {why}."))
    for pattern in (_ONE_PLURAL, _MANY_SINGULAR, _ONE_WORD_PLURAL):
        for m in pattern.finditer(text):
            found.append(Finding(m.start(), f"„{m.group(0).strip()}“ – Zahl und Wort passen "
                                            "nicht zusammen (Einzahl/Mehrzahl)."))
    if rules.notation:
        for pattern in NOTATION:
            for m in pattern.finditer(quoted):
                found.append(Finding(m.start(), f"„{m.group(0).strip()}“ ist Notation der "
                                                "Regel-Engine; Spielertext sagt es in Worten "
                                                "(Notation nur unter „Für Tüftler“)."))
    for name, colour in rules.coloured_items:
        names = list(word_pattern(name).finditer(text))
        coloured = re.search(rf"{re.escape(name)}(?: \d)?[“”\"']?\s*\(\s*{re.escape(colour)}"
                             rf"|{re.escape(colour)}\w*\s+{re.escape(name)}", text, re.IGNORECASE)
        if names and not coloured:
            found.append(Finding(names[0].start(), f"„{name}“ ohne Farbe – der Name ist nicht "
                                                   f"bestätigt, also „{name} ({colour})“ "
                                                   "schreiben."))
    return sorted(found, key=lambda f: f.offset)


def check_text(text: str, where: Path | str, line: int | None, rules: TextRules = NEUTRAL,
               context: str = "") -> list[Problem]:
    """The problems of ``text`` as content problems at ``where:line``.

    A multi-line text that starts at ``line`` reports each problem on its own line; ``context``
    (e.g. „Erklärung, Partie 3, Zug 12“) is said before the message.

    >>> [str(p) for p in check_text("Du bekommst 2 Karten.", "app/x.py", 7,
    ...      TextRules(avoid=(("ziehen", "bekommst"),)))]
    ['app/x.py:7: „bekommst“ – dieses Spiel sagt „ziehen“ (glossary.yaml).']
    """
    prefix = f"{context}: " if context else ""
    return [Problem(Path(where), None if line is None else line + text.count("\n", 0, f.offset),
                    prefix + f.message)
            for f in findings(text, rules)]


# -- Where texts come from ------------------------------------------------------------------


@dataclass
class AppTexts:
    """The shipped games' rules for their text, loaded once."""

    rules: dict[str, TextRules] = field(default_factory=dict)

    def for_game(self, game_id: str) -> TextRules:
        return self.rules.get(game_id, NEUTRAL)

    def for_module(self, path: Path) -> TextRules:
        """A module belongs to a game when its path names it (``app/rules/survive/…``,
        ``app/ui/views/atlantis_board_view.py``); every other module is game-neutral."""
        parts = [p.lower() for p in path.with_suffix("").parts]
        for game_id in self.rules:
            if any(part == game_id or part.startswith(game_id + "_") for part in parts):
                return self.rules[game_id]
        return NEUTRAL


def shipped_rules() -> AppTexts:
    """The text rules of every shipped game, from its content folder."""
    from app.model.loader import load_game
    from app.model.paths import content_root
    from app.model.quality import read_glossary

    texts = AppTexts()
    for game_id in GAME_IDS:
        folder = content_root() / game_id
        game = load_game(folder).game
        texts.rules[game_id] = rules_for(game, read_glossary(folder)[0])
    return texts


def relative(path: Path) -> Path:
    """``path`` as ``app/…`` (how a code problem names its module)."""
    try:
        return path.resolve().relative_to(APP_ROOT.parent)
    except ValueError:
        return path


# - literal strings in the source

_GERMAN_HINTS = frozenset(re.findall(r"\S+",
    "der die das den dem des und oder ist sind nicht kein keine du dein deine dich dir ein eine "
    "einen einem mit auf für von zu zum zur im in noch nur wird werden hat hast bist kann kannst "
    "darf darfst wenn dann als auch aus bei nach vor über unter wie was wer hier jetzt schon "
    "alle alles diese dieser dieses sich es gibt"))
# Calls whose string arguments are names for the program, not text for a player.
_NOT_TEXT_CALLS = frozenset({
    "setObjectName", "setStyleSheet", "setProperty", "property", "value", "setValue",
    "contains", "remove", "compile", "match", "search", "sub", "findall", "fullmatch",
    "finditer", "split", "getattr", "setattr", "hasattr", "startswith", "endswith", "debug",
    "info", "warning", "exception", "error", "critical", "getLogger", "import_module",
    "QStandardPaths", "objectName", "findChild", "findChildren", "environ", "get", "pop",
    "setdefault", "strptime", "strftime", "format_exc"})
_WRITES_NOTATION = re.compile(r"notation|^format_|^__(repr|str)__$")
_CSS = re.compile(r"[\w-]+\s*:\s*[^;{}]+;|\{[^}]*\}")


def is_german_sentence(text: str) -> bool:
    """Prose a player may read: several words, at least one a common German word.

    >>> is_german_sentence("Du ziehst 2 Karten."), is_german_sentence("QLabel#title")
    (True, False)
    >>> is_german_sentence("QPushButton { color: red; }"), is_german_sentence("a b c")
    (False, False)
    """
    words = re.findall(rf"{_WORD}+", text)
    if len(words) < 2 or " " not in text.strip():
        return False
    if _CSS.search(text) and not re.search(r"[.!?…]\s*$", text.strip()):
        return False
    return any(w.lower() in _GERMAN_HINTS for w in words) or bool(re.search("[äöüß]", text))


@dataclass(frozen=True)
class Literal:
    """A string written in the source: its text (f-string fields as „…“) and its line."""

    path: Path
    line: int
    text: str
    about_notation: bool  # an argument of a NotationError: notation is its subject


def _call_name(node: ast.AST) -> str:
    if isinstance(node, ast.Call):
        func = node.func
        return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return ""


def literals(path: Path) -> Iterator[Literal]:
    """Every string constant and f-string of ``path`` that is German prose.

    Docstrings, dictionary keys, object names, style sheets, regular expressions and log
    messages are left out.
    """
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, filename=str(path))
    skip: set[int] = set()
    notation_args: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for stmt in body:  # docstrings and strings as comments
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value,
                                                             ast.Constant | ast.JoinedStr):
                    skip.add(id(stmt.value))
        if isinstance(node, ast.Dict):
            skip.update(id(k) for k in node.keys if k is not None)
        elif isinstance(node, ast.Subscript):
            skip.add(id(node.slice))
        elif isinstance(node, ast.Call):
            name = _call_name(node)
            args = [*node.args, *(k.value for k in node.keywords)]
            if name in _NOT_TEXT_CALLS:
                for arg in args:
                    skip.update(id(n) for n in ast.walk(arg))
            elif name.endswith("NotationError"):
                for arg in args:
                    notation_args.update(id(n) for n in ast.walk(arg))
        elif isinstance(node, ast.Compare):  # "if word == 'zeigen'": a key, not a text
            for part in (node.left, *node.comparators):
                skip.update(id(n) for n in ast.walk(part))
        # A function that writes notation (``def notation``, ``format_position``, ``__repr__``)
        # is about notation: formatting lives on the values, not only in notation modules.
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _WRITES_NOTATION.search(
                node.name):
            notation_args.update(id(n) for n in ast.walk(node))
    inner: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            inner.update(id(v) for v in node.values)
            inner.update(id(n) for v in node.values if isinstance(v, ast.FormattedValue)
                         for n in ast.walk(v))
    found: list[Literal] = []
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in inner:
            continue
        text = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        elif isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "…"
                           for v in node.values)
        if text is not None and is_german_sentence(text):
            found.append(Literal(path, node.lineno, text, id(node) in notation_args))
    yield from sorted(found, key=lambda lit: lit.line)


# Modules that read and write the notation and say why a written position cannot be: their
# texts talk to someone who writes notation.
NOTATION_MODULES = frozenset({"notation", "invariants"})


def source_problems(texts: AppTexts, root: Path = APP_ROOT) -> list[Problem]:
    """The problems of every German literal in the modules under ``root``."""
    problems: list[Problem] = []
    for path in sorted(root.rglob("*.py")):
        rules = texts.for_module(relative(path))
        about_notation = path.stem in NOTATION_MODULES
        for lit in literals(path):
            problems += check_text(lit.text, relative(path), lit.line,
                                   rules.without_notation()
                                   if lit.about_notation or about_notation else rules)
    return problems


# - texts the engines make


def _game_texts(game_id: str, games: int, turns: int) -> Iterator[tuple[str, str, bool]]:
    """(context, text, is_notation_text) of random games played through the contract."""
    from app.rules.registry import GAMES

    game = GAMES[game_id]
    rng = random.Random(f"text-check {game_id}")
    seen: set[str] = set()
    for number in range(games):
        state = game.new_game(seed=number, players=rng.choice(game.info.players))
        earlier: list = []
        for turn in range(turns):
            if game.is_over(state):
                break
            moves = list(game.legal_moves(state))
            if not moves:
                break
            # A move that was legal a moment ago is often refused now: that is how every
            # kind of refusal comes up without knowing the game.
            for old in rng.sample(earlier, min(3, len(earlier))):
                try:
                    game.apply(state, old)
                except game.errors.RulesError as err:
                    text = str(err)
                    if text not in seen:
                        seen.add(text)
                        yield f"Ablehnung, Partie {number}, Zug {turn}", text, \
                            isinstance(err, game.errors.NotationError)
            move = rng.choice(moves)
            earlier = [*earlier, move][-12:]
            state, outcome = game.apply(state, move)
            for step in game.explain(outcome).steps:
                if step.text not in seen:
                    seen.add(step.text)
                    yield f"Erklärung, Partie {number}, Zug {turn}", step.text, False


def _survive_trainer_texts(count: int) -> Iterator[tuple[str, str, bool]]:
    """What the Survive trainers say: every removal verdict and every encounter."""
    from app.rules.survive.encounter import resolve_encounter
    from app.rules.survive.generate import random_encounter, random_position
    from app.rules.survive.rules import KIND_BY_SPACE, removal_check

    rng = random.Random("text-check survive trainer")
    seen: set[str] = set()
    for number in range(count):
        state = random_position(rng, players=rng.choice((2, 3, 4)))
        for space in KIND_BY_SPACE:
            _ok, text = removal_check(state, space)
            if text not in seen:
                seen.add(text)
                yield f"Entfernen-Trainer, Stellung {number}, {space.label}", text, False
        creature, contents = random_encounter(rng)
        text = resolve_encounter(creature, contents).reason
        if text not in seen:
            seen.add(text)
            yield f"Begegnung {number}", text, False


def _situation_texts(count: int) -> Iterator[tuple[str, str, bool]]:
    from app.model.situations import make_situation

    for seed in range(count):
        s = make_situation(seed)
        for part in (s.question, s.explanation, *(c.text for c in s.choices)):
            yield f"Übungssituation {seed}", part, False


def _survive_situation_texts(count: int) -> Iterator[tuple[str, str, bool]]:
    """Survive's Übungssituationen of every kind (removal positions come from random play and
    are slow to make: fewer of them)."""
    from app.model import survive_situations

    for kind in survive_situations.KINDS:
        for seed in range(count if kind != "entfernen" else max(1, count // 6)):
            s = survive_situations.make_situation(seed, kind)
            for part in (s.question, s.explanation, *(c.text for c in s.choices)):
                yield f"Übungssituation {kind} {seed}", part, False


_FACT_TEXTS = ("reason", "explanation", "outcome", "end_reason")


def _example_texts(game_id: str) -> Iterator[tuple[str, str, bool]]:
    from app.model.examples import engine_for
    from app.model.loader import load_game
    from app.model.paths import content_root
    from app.rules.errors import RulesError

    engine = engine_for(game_id)
    for example in load_game(content_root() / game_id).game.examples:
        try:
            facts = engine.example_facts(example.position, example.action)
        except RulesError:
            continue  # --check reports it as a content error
        for key in _FACT_TEXTS:
            value = facts.get(key)
            if isinstance(value, str) and value:
                yield f"Beispiel „{example.id}“, {key}", value, False


_PACKAGES = {game_id: Path("app/rules") / game_id for game_id in GAME_IDS}


def _runtime_problems(texts: AppTexts, where: Path, game_id: str,
                      source: Iterable[tuple[str, str, bool]]) -> list[Problem]:
    rules = texts.for_game(game_id)
    problems: list[Problem] = []
    reported: set[str] = set()
    for context, text, about_notation in source:
        for problem in check_text(text, where, None,
                                  rules.without_notation() if about_notation else rules,
                                  context):
            # One report per kind, with the first place it came up: „ro1“ and „bl4“ in the
            # same refusal are one finding.
            message = re.sub(r"[a-z]{2}\d|\d+", "#", problem.message.split(": ", 1)[1])
            if message in reported:
                continue
            reported.add(message)
            problems.append(Problem(problem.file, None,
                                    f"{problem.message} – im Text: „{_short(text)}“"))
    return problems


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Budget:
    """How much of each source to walk: the test uses the default, ``--check`` too."""

    games: int = 12
    turns: int = 400
    situations: int = 60
    trainer_positions: int = 25


Source = Callable[[], Iterable[tuple[str, str, bool]]]


def engine_problems(texts: AppTexts, budget: Budget = Budget()) -> list[Problem]:
    """The problems of everything the engines and the practice situations say."""
    problems: list[Problem] = []
    for game_id in GAME_IDS:
        package = _PACKAGES[game_id]
        problems += _runtime_problems(texts, package, game_id,
                                      _game_texts(game_id, budget.games, budget.turns))
        problems += _runtime_problems(texts, package, game_id, _example_texts(game_id))
    problems += _runtime_problems(texts, Path("app/rules/survive"), "survive",
                                  _survive_trainer_texts(budget.trainer_positions))
    problems += _runtime_problems(texts, Path("app/model/situations.py"), "atlantis",
                                  _situation_texts(budget.situations))
    problems += _runtime_problems(texts, Path("app/model/survive_situations.py"), "survive",
                                  _survive_situation_texts(budget.situations))
    return problems


def check_app(budget: Budget = Budget()) -> list[Problem]:
    """Every text problem of the whole app: its source literals and what it says at run time."""
    texts = shipped_rules()
    return source_problems(texts) + engine_problems(texts, budget)
