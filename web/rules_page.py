"""The rules pages (``rules/<game id>.html``): our own rules reference, where every log line's
rule link leads.

Built by build.py under CPython from three sources:

- ``web/rules/<game id>.md`` — the reference, written by us in a small Markdown (see
  :func:`markdown`). A heading ``## Title {#key}`` (or ``###``) opens a section whose anchor is
  ``render.rule_anchor(key)``; the keys the engine cites (the game's ``rules.py``, ``RULEBOOK``)
  each have one. A line ``::: name args`` is replaced by a block generated from the game's data
  (tables, the card reference, the table's legend: see :func:`blocks`), so that they cannot
  drift from what the engine plays. ``[[key]]`` links to another section or to a ruling.
- the game's data: ``cards.toml`` and the Territory Chart (Levantine); the deployment tables,
  the maps, the decks and the victory levels (Crusader Kingdoms).
- ``docs/rulings/<game id>.md`` — the rulings, each rendered in full under its id.
- ``bench/`` — the figures of the section "How even is it?": the game's balance chart, drawn by
  ``web/balance_chart.py`` (the docs' chart too), with the command that measured it.

The printed rulebooks (``shared/rules/``) are our source for the mechanics; nothing of their
text is shipped.
"""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup

import balance_chart
import render
from rules_blocks import table

HEADING = re.compile(r"^(#{2,3})\s+(.+?)\s*\{#([^}\s]+)\}\s*$")
DIRECTIVE = re.compile(r"^:::\s*([\w-]+)\s*(.*)$")


# ------------------------------------------------------------------------- the little Markdown
def _inline(text: str, refs: dict[str, str] | None = None) -> str:
    out = html.escape(text, quote=False)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)
    out = re.sub(r"(?<![\w*])\*([^*\n]+)\*(?!\w)", r"<em>\1</em>", out)
    out = re.sub(r"\[([^\[\]]+)\]\((#[\w-]+|https?://[^\s)]+)\)", r'<a href="\2">\1</a>', out)
    if refs is not None:

        def ref(m: re.Match) -> str:
            key = m.group(1)
            if key not in refs:
                raise KeyError(f"[[{key}]] names no section or ruling")
            return f'<a href="#{render.rule_anchor(key)}">{html.escape(refs[key], quote=False)}</a>'

        out = re.sub(r"\[\[([^\[\]]+)\]\]", ref, out)
    return out


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def markdown(text: str, refs: dict[str, str] | None = None, generate: Callable[[str, str], str] | None = None) -> str:
    """Our little Markdown: paragraphs, bullet and numbered lists, pipe tables, emphasis, code,
    links, ``[[key]]`` cross references and ``::: name args`` generated blocks."""
    blocks: list[str] = []
    para: list[str] = []
    items: list[str] = []
    kind = ""
    rows: list[str] = []

    def flush():
        nonlocal kind
        if para:
            blocks.append(f"<p>{_inline(' '.join(para), refs)}</p>")
            para.clear()
        if items:
            tag = "ol" if kind == "ol" else "ul"
            blocks.append(f"<{tag}>" + "".join(f"<li>{_inline(i, refs)}</li>" for i in items) + f"</{tag}>")
            items.clear()
        if rows:
            head, *body = [_cells(r) for r in rows if not re.match(r"^\|?[\s:|-]+\|?$", r.strip())]
            blocks.append(
                table([Markup(_inline(c, refs)) for c in head], [[Markup(_inline(c, refs)) for c in r] for r in body])
            )
            rows.clear()

    for line in text.splitlines():
        stripped = line.strip()
        directive = DIRECTIVE.match(stripped)
        bullet = re.match(r"^[-*] (.*)", stripped)
        number = re.match(r"^\d+\. (.*)", stripped)
        if not stripped:
            flush()
        elif directive and generate is not None:
            flush()
            blocks.append(generate(directive.group(1), directive.group(2).strip()))
        elif stripped.startswith("|"):
            if para or items:
                flush()
            rows.append(stripped)
        elif bullet or number:
            if para or rows or (items and kind != ("ul" if bullet else "ol")):
                flush()
            kind = "ul" if bullet else "ol"
            marker = bullet or number
            assert marker is not None
            items.append(marker.group(1))
        elif items and line.startswith("  "):
            items[-1] += " " + stripped
        else:
            if items or rows:
                flush()
            para.append(stripped)
    flush()
    return "\n".join(blocks)


def rulings(doc: str) -> dict[str, tuple[str, str]]:
    """id -> (title, HTML) from a rulings document's ``## <id> — <title>`` sections."""
    found = {}
    parts = re.split(r"(?m)^## ", doc)
    for part in parts[1:]:
        head, _, body = part.partition("\n")
        match = re.match(r"(\S+)\s+[—-]\s+(.*)", head.strip())
        if match:
            found[match.group(1)] = (match.group(2), markdown(body))
    return found


# ------------------------------------------------------------------------- the reference source
@dataclass
class Section:
    key: str
    level: int
    title: str
    source: str = ""
    html: str = ""
    children: list[Section] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return render.rule_anchor(self.key)

    @property
    def number(self) -> str:
        """The rule number shown beside the title (Crusader Kingdoms' keys are numbered)."""
        return self.key if re.match(r"^\d+(\.\d+)*$", self.key) else ""


def parse(text: str) -> tuple[str, list[Section]]:
    """(the text before the first section, the sections in order: ``##`` with their ``###``)."""
    intro: list[str] = []
    top: list[Section] = []
    current: Section | None = None
    for line in text.splitlines():
        m = HEADING.match(line)
        if m:
            section = Section(key=m.group(3), level=len(m.group(1)), title=m.group(2))
            if section.level == 2 or not top:
                top.append(section)
            else:
                top[-1].children.append(section)
            current = section
        elif line.startswith("#"):
            raise ValueError(f"a heading without an id: {line!r} (write ## Title {{#key}})")
        elif current is None:
            intro.append(line)
        else:
            current.source += line + "\n"
    return "\n".join(intro), top


def all_sections(top: list[Section]) -> list[Section]:
    return [s for t in top for s in (t, *t.children)]


def source_file(root: Path, game_id: str) -> Path:
    return root / "web" / "rules" / f"{game_id}.md"


# ------------------------------------------------------------------------- generated blocks
def blocks(game_id: str) -> dict[str, Callable[[str], str]]:
    """The blocks a game's reference may generate with ``::: name args``."""
    module = importlib.import_module(f"rules_blocks.{render.module_name(game_id)}")
    return module.BLOCKS


# ------------------------------------------------------------------------- how even is it?
def balance(game_id: str, root: Path) -> dict:
    """The section "How even is it?": the game's balance chart (inline SVG, its figures in its
    ``<desc>``), what it shows, the commands that measured it and every figure in a table."""
    chart = balance_chart.balance(game_id, root / "bench")
    rows = [
        [label, balance_chart.pct(share), f"{balance_chart.pct(i[0])} – {balance_chart.pct(i[1])}" if i else "—"]
        for label, share, i in chart.rows
    ]
    return {
        "svg": Markup(chart.svg(standalone=False, ident="balance-chart")),
        "about": chart.about,
        # A command breaks only between its words (never at the hyphen of an option).
        "commands": [
            Markup(
                "<code>"
                + " ".join(f'<span class="nobr">{html.escape(w, quote=False)}</span>' for w in c.split(" "))
                + "</code>"
            )
            for c in chart.commands
        ],
        "sources": [f"bench/{s}" for s in chart.sources],
        "table": Markup(
            table(
                ["", "Share of the games", "95% interval"],
                rows,
                caption="The figures of the chart",
                cls="balance-table",
            )
        ),
    }


# ------------------------------------------------------------------------- the page
def reference(game_id: str, root: Path) -> tuple[str, list[Section], dict[str, tuple[str, str]]]:
    """Our reference of one game, rendered: (intro HTML, sections with HTML, rulings)."""
    rules = importlib.import_module(f"outremer.games.{render.module_name(game_id)}.rules")
    text = source_file(root, game_id).read_text(encoding="utf-8")
    intro, top = parse(text)
    sections = all_sections(top)
    doc_file = root / "docs" / "rulings" / f"{game_id}.md"
    written = rulings(doc_file.read_text(encoding="utf-8")) if doc_file.exists() else {}
    refs = {s.key: s.title for s in sections}
    refs.update({k: k for k in getattr(rules, "RULINGS", {})})
    generators = blocks(game_id)

    def generate(name: str, args: str) -> str:
        if name not in generators:
            raise KeyError(f"{game_id}: '::: {name}' is no generated block ({', '.join(sorted(generators))})")
        return generators[name](args)

    for s in sections:
        s.html = markdown(s.source, refs, generate)
    return markdown(intro, refs, generate), top, written


def page(game: dict, root: Path) -> str:
    """The rules page of one game (``game``: its catalog entry)."""
    rules = importlib.import_module(f"outremer.games.{render.module_name(game['id'])}.rules")
    intro, top, written = reference(game["id"], root)
    ruling_titles: dict[str, str] = dict(getattr(rules, "RULINGS", {}))
    ruled = [
        {"key": k, "anchor": render.rule_anchor(k), "title": t, "html": written.get(k, ("", ""))[1]}
        for k, t in ruling_titles.items()
    ]
    return render.render(
        "site/rules.html",
        {
            "game": game,
            "intro": Markup(intro),
            "sections": top,
            "rulings": ruled,
            "balance": balance(game["id"], root),
            "stylesheets": blocks_styles(game["id"]),
            "page_class": getattr(
                importlib.import_module(f"rules_blocks.{render.module_name(game['id'])}"), "PAGE_CLASS", ""
            ),
        },
    )


def blocks_styles(game_id: str) -> list[str]:
    """The table's own style sheets the legend needs besides style.css."""
    module = importlib.import_module(f"rules_blocks.{render.module_name(game_id)}")
    return list(getattr(module, "STYLESHEETS", []))
