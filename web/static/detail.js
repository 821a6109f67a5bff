// Outremer — card details: the panel that shows a card's words (hover, focus or tap).

import { $ } from "./page.js";

export function showDetail(element, open) {
  const panel = $("card-detail");
  $("detail-title").textContent = element.dataset.detailTitle;
  $("detail-meta").textContent = element.dataset.detailMeta || "";
  $("detail-text").textContent = element.dataset.detailText || "";
  $("detail-why").textContent = element.dataset.detailWhy ? `Not playable now: ${element.dataset.detailWhy}` : "";
  $("detail-why").hidden = !element.dataset.detailWhy;
  panel.dataset.filled = "yes";
  if (open) panel.dataset.open = "yes";
}

// A card's details stay only while the card is still to be seen (on the table, in the log):
// an unrelated step that took it away takes its details away too.
export function forgetGoneDetail() {
  const panel = $("card-detail");
  if (!panel.dataset.filled) return;
  const title = $("detail-title").textContent;
  const meta = $("detail-meta").textContent;
  for (const el of document.querySelectorAll("#table [data-detail-title], #log [data-detail-title]")) {
    if (el.dataset.detailTitle === title && (el.dataset.detailMeta || "") === meta) return;
  }
  clearDetail();
}

export function clearDetail() {
  const panel = $("card-detail");
  $("detail-title").textContent = "Card details";
  $("detail-meta").textContent = "";
  $("detail-text").textContent = "Point at a card, or tab to it, or tap it, to read it here.";
  $("detail-why").textContent = "";
  $("detail-why").hidden = true;
  delete panel.dataset.filled;
  closeDetail();
}

export function closeDetail() {
  delete $("card-detail").dataset.open;
}
