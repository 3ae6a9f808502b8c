"""``regelfrisch --bibliothek BEFEHL …``: the Spiele-Bibliothek from the command line.

Exit codes as everywhere: 0 done, 1 the job failed, 2 the command line is wrong.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from app.model.game_library import (
    LibraryPack,
    LibraryView,
    SourceStore,
    check_folder,
    create_library,
    install,
    install_state,
    pending_updates,
    publish,
    read_library,
    sync,
)
from app.model.game_library_git import LibraryError, Source, parse_source
from app.model.paths import packs_root

USAGE = """\
--bibliothek braucht einen Befehl:
  hinzufuegen URL|ORDNER     eine Bibliothek abonnieren (https-Adresse oder Ordner)
  entfernen URL|ORDNER       ein Abonnement beenden
  aktualisieren              alle Bibliotheken neu laden, Updates nennen
  liste                      alle Spiele aller Bibliotheken
  installieren ID [ueberschreiben]
                             ein Spiel installieren oder aktualisieren
  uebernehmen ID KOPIE       ein eigenes Spiel in eine lokale Kopie einer Bibliothek committen
  neu ORDNER [TITEL]         eine neue Bibliothek aus der Vorlage anlegen
  pruefen ORDNER             die Spiele in einem Bibliotheksordner prüfen, mit Prüf-Hash"""

ARITY = {"hinzufuegen": (1, 1), "entfernen": (1, 1), "aktualisieren": (0, 0), "liste": (0, 0),
         "installieren": (1, 2), "uebernehmen": (2, 2), "neu": (1, 2), "pruefen": (1, 1)}


def run(args: list[str], data: Path, store: SourceStore, out: TextIO, err: TextIO) -> int:
    if not args or args[0] not in ARITY:
        print(USAGE, file=err)
        return 2
    command, rest = args[0], args[1:]
    low, high = ARITY[command]
    if not low <= len(rest) <= high:
        print(f"„{command}“: falsche Zahl von Angaben.\n{USAGE}", file=err)
        return 2
    try:
        return COMMANDS[command](rest, data, store, out)
    except LibraryError as exc:
        print(f"Fehler: {exc}", file=out)
        return 1


def _sources(store: SourceStore) -> list[Source]:
    return [Source(location) for location in store.locations()]


def _add(rest, data, store, out) -> int:
    source = parse_source(rest[0])
    print(f"Lade „{source.label}“ …", file=out)
    sync(source, data)
    view = read_library(source, data)
    locations = store.locations()
    if source.location not in locations:
        store.set_locations([*locations, source.location])
    passing = sum(p.ok for p in view.packs)
    count = len(view.packs)
    print(f"Bibliothek „{view.title}“ abonniert: {count} Spiel{'e' if count != 1 else ''}, "
          f"davon {passing} installierbar.", file=out)
    _print_notices(view, out)
    return 0


def _remove(rest, data, store, out) -> int:
    source = parse_source(rest[0])
    locations = store.locations()
    if source.location not in locations:
        print(f"„{rest[0]}“ ist nicht abonniert.", file=out)
        return 1
    store.set_locations([loc for loc in locations if loc != source.location])
    print(f"Abonnement beendet: {source.label}. Installierte Spiele bleiben.", file=out)
    return 0


def _refresh(rest, data, store, out) -> int:
    sources = _sources(store)
    if not sources:
        print("Noch keine Bibliothek abonniert: regelfrisch --bibliothek hinzufuegen URL",
              file=out)
        return 0
    failed = 0
    views = []
    for source in sources:
        try:
            result = sync(source, data)
        except LibraryError as exc:
            print(f"{source.label}: {exc}", file=out)
            failed += 1
            views.append(read_library(source, data))  # what the cache still has
            continue
        views.append(read_library(source, data))
        print(f"{source.label}: {'neue Fassung geladen' if result.changed else 'nichts Neues'}.",
              file=out)
    for update in pending_updates(views, packs_root(data)):
        note = " (von dir geändert – überschreiben nur mit „ueberschreiben“)" \
            if update.edited_locally else ""
        print(f"Update für „{update.pack.pack_id}“: Fassung {update.pack.version or '–'}{note}."
              f" Installieren: regelfrisch --bibliothek installieren {update.pack.pack_id}",
              file=out)
    return 1 if failed else 0


STATE_TEXT = {"": "", "installed": "installiert", "update": "Update verfügbar",
              "edited": "installiert, von dir geändert", "other": "eigenes Spiel gleichen Namens"}


def _list(rest, data, store, out) -> int:
    sources = _sources(store)
    if not sources:
        print("Noch keine Bibliothek abonniert: regelfrisch --bibliothek hinzufuegen URL",
              file=out)
        return 0
    root = packs_root(data)
    for source in sources:
        view = read_library(source, data)
        print(f"{view.title} ({source.location})", file=out)
        if view.error:
            print(f"  {view.error}", file=out)
        for pack in view.packs:
            _print_pack(pack, install_state(pack, root), out)
        _print_notices(view, out)
    return 0


def _print_pack(pack: LibraryPack, state: str, out) -> None:
    title = f"{pack.title} – Fassung {pack.version or '–'}" + (
        f", von {pack.author}" if pack.author else "")
    print(f"  {pack.pack_id}: {title}", file=out)
    print(f"    {pack.questions} Quizfragen · {pack.check_text} · {pack.review.text}"
          f"{' · ' + STATE_TEXT[state] if state else ''}", file=out)
    print(f"    Letzte Änderung: {pack.last_change_text}", file=out)
    print(f"    Prüf-Hash: {pack.fingerprint}", file=out)
    for problem in pack.problems[:5]:
        print(f"    {problem}", file=out)


def _print_notices(view: LibraryView, out) -> None:
    for notice in view.notices:
        print(f"  übersprungen: {notice}", file=out)


def _install(rest, data, store, out) -> int:
    pack_id = rest[0]
    overwrite = len(rest) == 2
    if overwrite and rest[1] != "ueberschreiben":
        print(f"Unbekannte Angabe „{rest[1]}“; gemeint ist wohl „ueberschreiben“.", file=out)
        return 2
    found = [p for s in _sources(store) for p in read_library(s, data).packs
             if p.pack_id == pack_id]
    if not found:
        print(f"Kein Spiel „{pack_id}“ in den abonnierten Bibliotheken "
              "(regelfrisch --bibliothek liste).", file=out)
        return 1
    if len(found) > 1:
        print(f"„{pack_id}“ gibt es in {len(found)} Bibliotheken; entferne eine davon.",
              file=out)
        return 1
    pack = found[0]
    root = packs_root(data)
    state = install_state(pack, root)
    if state == "installed":
        print(f"„{pack_id}“ ist in dieser Fassung schon installiert.", file=out)
        return 0
    if state in ("edited", "other") and not overwrite:
        why = ("Du hast es nach der Installation geändert"
               if state == "edited" else "Es ist ein eigenes Spiel, nicht aus dieser Bibliothek")
        print(f"„{pack_id}“ ist schon installiert. {why}; überschreiben mit: regelfrisch "
              f"--bibliothek installieren {pack_id} ueberschreiben", file=out)
        return 1
    folder = install(pack, data, root, replace=bool(state))
    print(f"Installiert: „{pack.title}“ (Fassung {pack.version or '–'}) in {folder}.", file=out)
    return 0


def _publish(rest, data, store, out) -> int:
    folder = packs_root(data) / rest[0]
    if not folder.is_dir():
        print(f"Kein eigenes Spiel „{rest[0]}“ in {packs_root(data)}.", file=out)
        return 1
    sha = publish(folder, Path(rest[1]))
    print(f"Übernommen und committet ({sha[:10]}). Hochladen mit deinem git-Programm, z. B.: "
          f"git -C {rest[1]} push", file=out)
    return 0


def _new(rest, data, store, out) -> int:
    folder = create_library(Path(rest[0]), *rest[1:])
    print(f"Neue Bibliothek angelegt: {folder}\nLege Spielordner hinein (oder nutze "
          "„In Bibliothek übernehmen …“) und lade sie mit git auf eine Plattform deiner Wahl.",
          file=out)
    return 0


def _check(rest, data, store, out) -> int:
    folder = Path(rest[0])
    if not folder.is_dir():
        print(f"Den Ordner „{rest[0]}“ gibt es nicht.", file=out)
        return 2
    results = check_folder(folder, data)
    bad = 0
    for pack_id, record in results:
        state = "bestanden" if not record["problems"] else f"{len(record['problems'])} Probleme"
        print(f"{pack_id}: {state}; Prüf-Hash {record['fingerprint']}", file=out)
        for problem in record["problems"]:
            print(f"  {problem}", file=out)
        bad += bool(record["problems"])
    if not results:
        print("Keine Spielordner gefunden (ein Ordner je Spiel mit game.yaml).", file=out)
    return 1 if bad else 0


COMMANDS = {"hinzufuegen": _add, "entfernen": _remove, "aktualisieren": _refresh,
            "liste": _list, "installieren": _install, "uebernehmen": _publish, "neu": _new,
            "pruefen": _check}
