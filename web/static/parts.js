// Outremer — the table drawn again part by part. The worker sends the table's HTML with where each
// of its parts lies (render.table_json: "parts", [key, start, end] in the HTML, each one element
// carrying data-part="<key>"; "size", the HTML's length), and where the start tag of each holder
// lies ([key, start, end, "holder"]: an element of the frame carrying data-holder="<key>", whose
// own attributes change from click to click). The page keeps the text of each part and holder's
// tag it shows, and of the rest (the frame around the parts); when the frame is the same, only the
// parts whose text changed are replaced (a part whose start tag alone changed is given its new
// attributes and kept), and a holder whose tag changed is given its new attributes and kept (the
// rest of the table, and where the focus is in it, stay as they are). A part may come or go (the
// frame the same but for it and the white space before it: a Third Crusade's Strategy rows, an item
// of a list such as a Lords of Heaven's player board moved beside the board) where it lies right
// after another part or a holder's start tag, only white space between them: it is put in after
// that part, or first in that holder, or taken out, each with the white space before it.
// Else, and on the first draw or another game, seat or mode, the whole table is drawn.

// What is on screen: the scope it was drawn for, the frame's text, the table's root element and
// how many elements it held, each part's text.
let shown = null;

// What the last draw did (for the click benchmark, static/turns.js): "whole" or "parts", the
// parts replaced, and with ``count`` the elements built and the characters of HTML parsed; of
// the parts replaced, those given new attributes only (``tags``), those that kept some of their
// children (``kept``), those put in or taken out.
export const drawn = { how: "", parts: 0, nodes: 0, chars: 0, tags: 0, kept: 0, added: 0, gone: 0 };

// The holders the last draw kept whose tag changed or that hold a part it drew again, put in or
// took out (a frame that scrolls shows from its start when any of it was drawn again, as when it
// was drawn whole: static/table.js).
export const touched = new Set();

const SVG = "http://www.w3.org/2000/svg";

// The answer's table cut into its frame (the root's own tag and the holders' tags apart), its
// parts and its holders' tags, and for each part what it lies right after, only white space between
// them (["part" or "holder", key, that white space], else null); null when the answer says nothing
// of its parts, or they do not fit its HTML.
function cut(html) {
  const text = html.table;
  const spans = html.parts;
  if (!Array.isArray(spans) || !spans.length || html.size !== text.length) return null;
  const parts = new Map();
  const holders = new Map();
  const after = new Map();
  let frame = "";
  let at = 0;
  let last = null;
  for (const [key, start, end, kind] of spans) {
    const into = kind === "holder" ? holders : parts;
    if (start < at || end > text.length || into.has(key)) return null;
    frame += `${text.slice(at, start)}<!--${kind === "holder" ? "holder " : ""}${key}-->`;
    into.set(key, text.slice(start, end));
    const gap = text.slice(at, start);
    if (kind !== "holder") after.set(key, last && !gap.trim() ? [...last, gap] : null);
    last = [kind === "holder" ? "holder" : "part", key];
    at = end;
  }
  frame += text.slice(at);
  const open = frame.indexOf(">") + 1;
  return { tag: frame.slice(0, open), frame: frame.slice(open), parts, holders, after };
}

// A frame's text without the places of the parts ``keys``, each with the white space before it.
function unmark(frame, keys) {
  for (const key of keys) frame = frame.replace(`<!--${key}-->`, "\u0000").replace(/\s*\u0000/, "");
  return frame;
}

// The white space before a part's place in a frame.
function spaceBefore(frame, key) {
  return /\s*$/.exec(frame.slice(0, frame.indexOf(`<!--${key}-->`)))[0];
}

// A part's element to take out with the white space before it (``space``, the end of the text
// before it): the steps, or null when the page does not hold that white space there.
function removal(old, space) {
  const text = old.previousSibling;
  if (!space) return () => old.remove();
  if (!text || text.nodeType !== Node.TEXT_NODE || !text.data.endsWith(space)) return null;
  return () => {
    text.data = text.data.slice(0, text.data.length - space.length);
    if (!text.data) text.remove();
    old.remove();
  };
}

// ``text`` (one element's HTML) parsed where ``element`` lies (an SVG element's among SVG's): the
// element it gives, not in the page; null when it gives none of ``element``'s kind.
function parse(element, text) {
  const model = document.createElement("template");
  const svg = element.namespaceURI === SVG && element.localName !== "svg";
  model.innerHTML = svg ? `<svg>${text}</svg>` : text;
  const fresh = svg ? model.content.firstElementChild?.firstElementChild : model.content.firstElementChild;
  return fresh && fresh.tagName === element.tagName && fresh.namespaceURI === element.namespaceURI ? fresh : null;
}

// An element's attributes made those of ``fresh`` (an element of its kind), in its order.
function attributes(element, fresh) {
  const names = fresh.getAttributeNames();
  const had = element.getAttributeNames();
  if (had.length !== names.length || had.some((name, i) => name !== names[i])) {
    for (const name of had) element.removeAttribute(name);
  }
  for (const name of names) {
    const value = fresh.getAttribute(name);
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
}

// An element's attributes made those of its new start tag (the root's: a step shown in data-step,
// the phase in a class; a holder's: the key its scroll is kept under; a part's whose start tag
// alone changed): it is kept, with what it holds.
function retag(element, tag) {
  const fresh = parse(element, tag);
  if (!fresh) return false;
  attributes(element, fresh);
  return true;
}

// A part's element made what ``text`` draws, keeping its children that are the same (the same
// nodes from the start and from the end; between them, as many on both sides: each made so in
// turn, else those of ``text`` replace them): a Region's marks where one piece moved or a mark
// came, an Army's Orders where each one's action changed, keep the rest (not a part that holds a
// form's controls or a disclosure). An element that holds the focus is replaced, not changed (the
// page then sends the focus where a redrawn part sends it). How many elements were built (0: none
// could be kept, nothing done).
function patch(element, text) {
  // what a form's controls or a disclosure hold is not in their attributes: drawn anew, as before
  if (element.querySelector("input, select, textarea, details")) return 0;
  const fresh = parse(element, text);
  return fresh ? into(element, fresh) : 0;
}

function into(element, fresh) {
  const old = [...element.childNodes];
  const now = [...fresh.childNodes];
  let head = 0;
  while (head < old.length && head < now.length && old[head].isEqualNode(now[head])) head += 1;
  let tail = 0;
  while (tail < old.length - head && tail < now.length - head
    && old[old.length - 1 - tail].isEqualNode(now[now.length - 1 - tail])) tail += 1;
  if (head + tail === 0 && old.length > 1) return 0;
  attributes(element, fresh);
  const gone = old.slice(head, old.length - tail);
  const come = now.slice(head, now.length - tail);
  let built = 1;
  if (gone.length === come.length) {
    gone.forEach((node, i) => {
      const made = node.nodeType === 1 && come[i].nodeType === 1 && node.tagName === come[i].tagName
        && node.namespaceURI === come[i].namespaceURI && !node.contains(document.activeElement) && into(node, come[i]);
      if (made) built += made;
      else {
        node.replaceWith(come[i]);
        if (come[i].nodeType === 1) built += count(come[i]);
      }
    });
    return built;
  }
  const before = old[old.length - tail] || null;
  for (const node of gone) node.remove();
  for (const node of come) {
    element.insertBefore(node, before);
    if (node.nodeType === 1) built += count(node);
  }
  return built;
}

function count(element) {
  return element.getElementsByTagName("*").length + 1;
}

const byPart = (root, key) => root.querySelector(`[data-part="${CSS.escape(key)}"]`);
const byHolder = (root, key) => root.querySelector(`[data-holder="${CSS.escape(key)}"]`);

// A part's start tag and the rest of its text.
function split(text) {
  const open = text.indexOf(">") + 1;
  return [text.slice(0, open), text.slice(open)];
}

// Draw an answer's table (``html``: its "table", "parts", "size") into ``root``, for ``scope``
// (the game, the seat shown and the mode: another scope draws the whole table). With
// ``counting``, ``drawn`` says how many elements were built (a benchmark's figure).
export function drawTable(root, html, scope, counting = false) {
  const next = cut(html);
  const element = root.firstElementChild;
  let changed = null;
  let retagged = [];
  let added = [];
  let gone = [];
  const removals = [];
  touched.clear();
  if (next && shown && shown.scope === scope && shown.root === element
      && element && element.childElementCount === shown.children) {
    if (shown.frame !== next.frame) {
      // parts that come or go, the frame the same but for them, each new one right after a part
      // or a holder's start tag (put in there, in the frame's order)
      added = [...next.parts.keys()].filter((key) => !shown.parts.has(key));
      gone = [...shown.parts.keys()].filter((key) => !next.parts.has(key));
      const placed = new Set();
      const fits = (key) => {
        const at = next.after.get(key);
        const ok = at && (at[0] === "holder" || shown.parts.has(at[1]) || placed.has(at[1]));
        placed.add(key);
        return ok;
      };
      if ((added.length || gone.length) && added.every(fits)
          && unmark(shown.frame, gone) === unmark(next.frame, added)) changed = [];
    } else changed = [];
    for (const [key, text] of next.parts) {
      if (!changed) break;
      const was = shown.parts.get(key);
      if (was === undefined || was === text) continue;
      const old = byPart(element, key);
      if (!old) { changed = null; break; }
      changed.push([key, old, text, was]);
    }
    for (const key of gone) {
      if (!changed) break;
      const old = byPart(element, key);
      const step = old && removal(old, spaceBefore(shown.frame, key));
      if (step) removals.push([old, step]);
      else changed = null;
    }
    for (const [key, tag] of next.holders) {
      if (!changed) break;
      if (shown.holders.get(key) === tag) continue;
      const holder = byHolder(element, key);
      if (!holder) changed = null;
      else retagged.push([holder, tag]);
    }
  }
  if (changed && (shown.tag === next.tag || retag(element, next.tag))
      && retagged.every(([holder, tag]) => retag(holder, tag))) {
    let nodes = 0;
    let chars = 0;
    let tags = 0;
    let kept = 0;
    const places = [...changed.map(([, old]) => old), ...removals.map(([old]) => old),
      ...added.map((key) => { const [kind, at] = next.after.get(key); return (kind === "holder" ? byHolder : byPart)(element, at); })];
    for (const [holder] of retagged) touched.add(holder);
    for (const holder of element.querySelectorAll("[data-holder]")) {
      if (places.some((place) => place && holder.contains(place))) touched.add(holder);
    }
    for (const [, step] of removals) step();
    for (const [key, old, text, was] of changed) {
      const [tag, rest] = split(text);
      // A part whose start tag alone changed keeps its element; one whose children changed keeps
      // those that did not (but the element that holds the focus is drawn again, as before, so
      // that the focus goes where a redrawn part sends it).
      if (split(was)[1] === rest && !old.contains(document.activeElement) && retag(old, tag)) {
        tags += 1;
        if (counting) { nodes += 1; chars += tag.length; }
        continue;
      }
      const built = old !== document.activeElement && patch(old, text);
      if (built) {
        kept += 1;
        if (counting) { nodes += built; chars += text.length; }
        continue;
      }
      old.outerHTML = text;
      if (counting) {
        nodes += count(byPart(element, key));
        chars += text.length;
      }
    }
    for (const key of added) {
      const [kind, at, space] = next.after.get(key);
      const text = next.parts.get(key);
      if (kind === "holder") byHolder(element, at).insertAdjacentHTML("afterbegin", space + text);
      else byPart(element, at).insertAdjacentHTML("afterend", space + text);
      if (counting) {
        nodes += count(byPart(element, key));
        chars += text.length;
      }
    }
    Object.assign(drawn, { how: "parts", parts: changed.length + added.length + gone.length, nodes, chars,
      tags, kept, added: added.length, gone: gone.length });
  } else {
    root.innerHTML = html.table;
    Object.assign(drawn, { how: "whole", parts: next ? next.parts.size : 0,
      nodes: counting && root.firstElementChild ? count(root.firstElementChild) : 0, chars: html.table.length,
      tags: 0, kept: 0, added: 0, gone: 0 });
  }
  const now = root.firstElementChild;
  shown = next && now ? { ...next, scope, root: now, children: now.childElementCount } : null;
}
