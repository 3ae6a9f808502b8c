"""A move's report as the contract's explanation: one step per thing that happened.

Each step carries the rulings it rests on (``S1`` … ``S14``, the codes of the content's
„Auslegungen“); the Survive source has no page numbers, so there are no pages to cite. The
rule that decided the move (``Report.reason``) joins the steps after the first one, unless a
step already says it.

>>> from app.rules.survive.notation import parse_move, parse_position
>>> from app.rules.survive.rules import apply
>>> state = parse_position("spieler: ro bl ge; zug: ro entfernen; weg: j5 i4; "
...                        "land: f3 ro1 bl2 ge3; wale: j5")
>>> _, report = apply(state, parse_move("entferne f3 boot", state))
>>> for step in explain(report).steps:
...     print(step.text, step.pages)
f3 (Strand) wird entfernt. ()
Erlaubt: f3 ist Strand, Strand ist an der Reihe, und das Plättchen grenzt ans Meer. ()
Rot, Blau und Gelb fallen dort ins Meer und schwimmen jetzt. ()
Ein Boot taucht auf f3 auf; an Bord: Rot, Blau und Gelb. ('S9',)
"""

from __future__ import annotations

from app.rules.contract import Explanation, Step
from app.rules.errors import RulesError
from app.rules.survive.rules import Report


def explain(report: Report) -> Explanation:
    """The German steps of ``report``, each with the rulings it rests on."""
    if not isinstance(report, Report):
        raise RulesError(f"Erklären lässt sich nur der Bericht eines Zuges, kein "
                         f"{type(report).__name__}.", code="no_report")
    steps = [Step(note.text, note.sources) for note in report.notes]
    if report.reason and all(step.text != report.reason for step in steps):
        steps.insert(min(1, len(steps)), Step(report.reason, report.reason_sources))
    return Explanation(tuple(steps))
