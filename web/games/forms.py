"""The composer forms of any game's table (``table/_compose.html``, ``static/compose.js``).

A composer builds ONE legal action out of several choices where listing every combination would
make hundreds of buttons: one field per argument of a verb's actions, offering the values the
legal actions take.
"""

from __future__ import annotations

from collections.abc import Callable


def compose_form(verb: str, acts: list[dict], fields: list[tuple[str, str, Callable | None]], submit: str) -> dict:
    """A composer for ``acts`` (entries with ``args``: the action's words after the verb), one field
    per ``(label, "select"|"number", name)``; it starts on the first action (compose.js keeps the
    choice legal as it changes). ``name`` turns a value into the words a select shows."""
    first = acts[0]
    out = []
    for arg, (label, kind, name) in enumerate(fields):
        values = sorted({a["args"][arg] for a in acts})
        if kind == "select":
            options = [{"value": v, "label": name(v) if name else str(v)} for v in values]
            out.append({"arg": arg, "label": label, "kind": "select", "options": options, "value": first["args"][arg]})
        else:
            out.append(
                {
                    "arg": arg,
                    "label": label,
                    "kind": "number" if max(values) > min(values) else "hidden",
                    "min": min(values),
                    "max": max(values),
                    "value": first["args"][arg],
                }
            )
    return {"verb": verb, "fields": out, "act": first, "submit": submit}


def lesson_first(snapshot: dict, composed: dict[str, list]) -> None:
    """Where a running lesson asks the viewing seat for an action a composer builds (the
    snapshot's ``lesson``: its step to take), that action first among the composer's, so that the
    form starts on it (see ``compose_form``) and the learner finds the lesson's choice made."""
    group = (snapshot.get("lesson") or {}).get("group") or []
    ahead = group[-1]["do"] if group and group[-1].get("mine") else None
    if ahead:
        for acts in composed.values():
            acts.sort(key=lambda a: a["text"] != ahead)  # stable: the others keep their order
