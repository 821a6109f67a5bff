"""The rules pages (``rules/<game id>.html``): where every log line's rule link leads.

Built by build.py under CPython, from what the engine says about each rule key (the
game's ``rules.py``: ``RULEBOOK`` sections and ``RULINGS`` ids with their titles), the
rulebook's text (``web/rules/<game id>.txt``) and the rulings document
(``docs/rulings/<game id>.md``).  Every key gets an anchor ``render.rule_anchor(key)``:
a rulebook section shows the rulebook's own words for it, a ruling its full text.
"""

from __future__ import annotations

import html
import importlib
import re
from pathlib import Path

import render

EXCERPT_LIMIT = 1600


def _heading_pattern(words: list[str], upper: bool) -> re.Pattern:
    joined = r"\s+".join(re.escape(w) for w in words)
    if upper:
        return re.compile(r"\b" + joined + r"\b")
    return re.compile(r"(?m)^[\s\[\]…]*" + joined + r"\b", re.IGNORECASE)


def find_heading(text: str, title: str) -> re.Match | None:
    """Where a section titled ``title`` begins in a rulebook's text, if it can be found."""
    if ":" in title:  # "Optional rule: Strike at Egypt"
        found = find_heading(text, title.replace(":", ""))
        return found or find_heading(text, title.split(":", 1)[1])
    words = title.replace("(", " ").replace(")", " ").split()
    if not words:
        return None
    upper = [w.upper() for w in words]
    found = _heading_pattern(upper, True).search(text)
    if found:
        return found
    for size in range(len(words), 0, -1):
        if size == 1 and not re.match(r"^\d", words[0]):
            break
        found = _heading_pattern(words[:size], False).search(text)
        if found:
            return found
    return None


def rulebook_sections(text: str, titles: dict[str, str]) -> dict[str, str]:
    """key -> the rulebook's words for that section (from its heading to the next one)."""
    starts = {}
    for key, title in titles.items():
        found = find_heading(text, title)
        if found:
            starts[key] = found.start()
    boundaries = sorted(set(starts.values()))
    # Other all-capital headings of a one-line rulebook end a section too.
    boundaries += [m.start() for m in re.finditer(r"(?<=[.:)] )[A-Z]{3,}(?: [A-Z]{2,})*(?= [A-Z][a-z])", text)]
    boundaries = sorted(set(boundaries))
    sections = {}
    for key, start in starts.items():
        end = next((b for b in boundaries if b > start), len(text))
        excerpt = text[start:end].strip()
        if len(excerpt) > EXCERPT_LIMIT:
            excerpt = excerpt[:EXCERPT_LIMIT].rsplit(" ", 1)[0] + " …"
        sections[key] = excerpt
    return sections


def _inline(text: str) -> str:
    out = html.escape(text, quote=False)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)
    out = re.sub(r"(?<![\w*])\*([^*\n]+)\*(?!\w)", r"<em>\1</em>", out)
    return out


def markdown(text: str) -> str:
    """The little Markdown our rulings use: paragraphs, bullet lists, emphasis, code."""
    blocks, para, items = [], [], []

    def flush():
        if para:
            blocks.append(f"<p>{_inline(' '.join(para))}</p>")
            para.clear()
        if items:
            blocks.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + "</ul>")
            items.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            flush()
        elif re.match(r"^[-*] ", stripped):
            if para:
                blocks.append(f"<p>{_inline(' '.join(para))}</p>")
                para.clear()
            items.append(stripped[2:])
        elif items and line.startswith("  "):
            items[-1] += " " + stripped
        else:
            if items:
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


def page(game: dict, root: Path) -> str:
    """The rules page of one game (``game``: its catalog entry)."""
    module = importlib.import_module(f"outremer.games.{render.module_name(game['id'])}.rules")
    book_titles: dict[str, str] = dict(getattr(module, "RULEBOOK", {}))
    ruling_titles: dict[str, str] = dict(getattr(module, "RULINGS", {}))
    book_file = root / "web" / "rules" / f"{game['id']}.txt"
    book = book_file.read_text(encoding="utf-8") if book_file.exists() else ""
    excerpts = rulebook_sections(book, book_titles) if book else {}
    doc_file = root / "docs" / "rulings" / f"{game['id']}.md"
    written = rulings(doc_file.read_text(encoding="utf-8")) if doc_file.exists() else {}
    sections = [{"key": k, "anchor": render.rule_anchor(k), "title": t, "text": excerpts.get(k)}
                for k, t in book_titles.items()]
    ruled = [{"key": k, "anchor": render.rule_anchor(k), "title": t,
              "html": written.get(k, ("", ""))[1]} for k, t in ruling_titles.items()]
    # The whole rulebook, broken into paragraphs at its headings.
    cuts = sorted({0, *(m.start() for k in book_titles if (m := find_heading(book, book_titles[k])))})
    paragraphs = []
    for start, end in zip(cuts, cuts[1:] + [len(book)]):
        chunk = book[start:end].strip()
        paragraphs += [p.strip() for p in re.split(r"\n\s*\n", chunk) if p.strip()]
    return render.render("site/rules.html", {
        "game": game, "sections": sections, "rulings": ruled, "rulebook": paragraphs,
    })
