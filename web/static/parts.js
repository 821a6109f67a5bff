// Outremer — the table drawn again part by part. The worker sends the table's HTML with where each
// of its parts lies (render.table_json: "parts", [key, start, end] in the HTML, each one element
// carrying data-part="<key>"; "size", the HTML's length), and where the start tag of each holder
// lies ([key, start, end, "holder"]: an element of the frame carrying data-holder="<key>", whose
// own attributes change from click to click). The page keeps the text of each part and holder's
// tag it shows, and of the rest (the frame around the parts); when the frame is the same, only the
// parts whose text changed are replaced, and a holder whose tag changed is given its new
// attributes and kept (the rest of the table, and where the focus is in it, stay as they are);
// parts that come or go (an item of a list) are put in or taken out alone; else, and on the first
// draw or another game, seat or mode, the whole table is drawn.

// What is on screen: the scope it was drawn for, the frame's text, the table's root element and
// how many elements it held, each part's text.
let shown = null;

// What the last draw did (for the click benchmark, static/turns.js): "whole" or "parts", the
// parts replaced, and with ``count`` the elements built and the characters of HTML parsed.
export const drawn = { how: "", parts: 0, nodes: 0, chars: 0 };

// The holders the last draw kept whose tag changed or that hold a part it replaced (a frame that
// scrolls shows from its start when any of it was drawn again, as when it was drawn whole:
// static/table.js).
export const touched = new Set();

// The answer's table cut into its frame (the root's own tag and the holders' tags apart), its
// parts and its holders' tags; null when the answer says nothing of its parts, or they do not fit
// its HTML.
function cut(html) {
  const text = html.table;
  const spans = html.parts;
  if (!Array.isArray(spans) || !spans.length || html.size !== text.length) return null;
  const parts = new Map();
  const holders = new Map();
  let frame = "";
  let at = 0;
  for (const [key, start, end, kind] of spans) {
    const into = kind === "holder" ? holders : parts;
    if (start < at || end > text.length || into.has(key)) return null;
    frame += `${text.slice(at, start)}<!--${kind === "holder" ? "holder " : ""}${key}-->`;
    into.set(key, text.slice(start, end));
    at = end;
  }
  frame += text.slice(at);
  const open = frame.indexOf(">") + 1;
  return { tag: frame.slice(0, open), frame: frame.slice(open), parts, holders };
}

// The frame with the placeholders of ``keys`` taken out, each with the white space before it.
function without(frame, keys) {
  for (const key of keys) frame = frame.replace(`<!--${key}-->`, "\u0000").replace(/\s*\u0000/, "");
  return frame;
}

// When the frames differ only by parts that come or go (a list whose items come and go: a player
// board moved out of its list), the steps that make the table on screen the new one: each part gone
// removed with the white space before it, each new one put in with the white space before it, in
// front of the white space before the next part (each step gives the element it changed and the
// part it put in); null when it cannot be done so.
function comings(next, element) {
  const gone = [...shown.parts.keys()].filter((key) => !next.parts.has(key));
  const come = [...next.parts.keys()].filter((key) => !shown.parts.has(key));
  if (!gone.length && !come.length) return null;
  if (without(shown.frame, gone) !== without(next.frame, come)) return null;
  const steps = [];
  for (const key of gone) {
    const old = element.querySelector(`[data-part="${CSS.escape(key)}"]`);
    const space = old && old.previousSibling;
    if (!old || !space || space.nodeType !== Node.TEXT_NODE || space.data.trim()) return null;
    steps.push(() => { const holder = old.parentElement; space.remove(); old.remove(); return [holder, null]; });
  }
  for (const key of come) {
    const at = next.frame.indexOf(`<!--${key}-->`);
    const before = /\s*$/.exec(next.frame.slice(0, at))[0];
    const after = /^(\s*)<!--([^>]*)-->/.exec(next.frame.slice(at + key.length + 7));
    if (!before || !after || !shown.parts.has(after[2]) || !next.parts.has(after[2])) return null;
    const following = element.querySelector(`[data-part="${CSS.escape(after[2])}"]`);
    const space = following && following.previousSibling;
    if (!space || space.nodeType !== Node.TEXT_NODE || space.data !== after[1]) return null;
    steps.push(() => {
      const range = document.createRange();
      range.selectNodeContents(following.parentElement);  // parsed where it goes (an SVG's child as SVG)
      const fresh = range.createContextualFragment(next.parts.get(key)).firstElementChild;
      space.before(document.createTextNode(before), fresh);
      return [fresh.parentElement, fresh];
    });
  }
  return steps;
}

// An element's attributes made those of its new start tag (the root's: a step shown in data-step,
// the phase in a class; a holder's: the key its scroll is kept under): it holds parts, and is kept.
function retag(element, tag) {
  const model = document.createElement("template");
  model.innerHTML = tag;
  const fresh = model.content.firstElementChild;
  if (!fresh || fresh.tagName !== element.tagName) return false;
  for (const name of element.getAttributeNames()) if (!fresh.hasAttribute(name)) element.removeAttribute(name);
  for (const name of fresh.getAttributeNames()) element.setAttribute(name, fresh.getAttribute(name));
  return true;
}

function count(element) {
  return element.getElementsByTagName("*").length + 1;
}

// Draw an answer's table (``html``: its "table", "parts", "size") into ``root``, for ``scope``
// (the game, the seat shown and the mode: another scope draws the whole table). With
// ``counting``, ``drawn`` says how many elements were built (a benchmark's figure).
export function drawTable(root, html, scope, counting = false) {
  const next = cut(html);
  const element = root.firstElementChild;
  let changed = null;
  let retagged = [];
  touched.clear();
  let moves = [];
  const same = next && shown && shown.scope === scope && shown.root === element && element
    && element.childElementCount === shown.children;
  if (same && shown.frame !== next.frame) moves = comings(next, element) || null;
  if (same && moves) {
    changed = [];
    for (const [key, text] of next.parts) {
      if (shown.parts.get(key) === text || !shown.parts.has(key)) continue;
      const old = element.querySelector(`[data-part="${CSS.escape(key)}"]`);
      if (!old) { changed = null; break; }
      changed.push([key, old, text]);
    }
    for (const [key, tag] of next.holders) {
      if (!changed) break;
      if (shown.holders.get(key) === tag) continue;
      const holder = element.querySelector(`[data-holder="${CSS.escape(key)}"]`);
      if (!holder) changed = null;
      else retagged.push([holder, tag]);
    }
  }
  if (changed && (shown.tag === next.tag || retag(element, next.tag))
      && retagged.every(([holder, tag]) => retag(holder, tag))) {
    let nodes = 0;
    let chars = 0;
    const moved = moves.map((step) => step());
    for (const [holder] of retagged) touched.add(holder);
    for (const holder of element.querySelectorAll("[data-holder]")) {
      if (touched.has(holder)) continue;
      if (changed.some(([, old]) => holder.contains(old)) || retagged.some(([inner]) => holder.contains(inner))
          || moved.some(([inner]) => holder.contains(inner))) touched.add(holder);
    }
    for (const [, fresh] of moved) {
      if (counting && fresh) {
        nodes += count(fresh);
        chars += next.parts.get(fresh.dataset.part).length;
      }
    }
    for (const [key, old, text] of changed) {
      old.outerHTML = text;
      if (counting) {
        nodes += count(element.querySelector(`[data-part="${CSS.escape(key)}"]`));
        chars += text.length;
      }
    }
    Object.assign(drawn, { how: "parts", parts: changed.length + moved.filter(([, fresh]) => fresh).length, nodes, chars });
  } else {
    root.innerHTML = html.table;
    Object.assign(drawn, { how: "whole", parts: next ? next.parts.size : 0,
      nodes: counting && root.firstElementChild ? count(root.firstElementChild) : 0, chars: html.table.length });
  }
  const now = root.firstElementChild;
  shown = next && now ? { ...next, scope, root: now, children: now.childElementCount } : null;
}
