// Outremer — notices: why a link or a saved game could not be opened.

import { $ } from "./page.js";

export const BAD_LINK = "This link does not hold a game that can be opened";

export function showNotice({ title, message, detail = "", back = null }) {
  $("notice-title").textContent = title;
  $("notice-message").textContent = message;
  $("notice-detail").textContent = detail;
  const backButton = $("notice-back");
  backButton.hidden = !back;
  backButton.onclick = back;
  const notice = $("notice");
  notice.hidden = false;
  document.body.dataset.notice = "on";
  notice.focus();
}

export function hideNotice() {
  $("notice").hidden = true;
  delete document.body.dataset.notice;
}

export function explainBadLink(error, code) {
  if (code === "") return "The link ends where its game code should begin: part of it was probably lost when it was copied.";
  if (error && error.message) return error.message;
  return "The link may have been cut short or changed, or it was made by another version of Outremer.";
}
