// HTTP calls of docs/protocol.md and the tables this browser keeps (ids and secrets) in localStorage.

/** One JSON request (with extra ``headers``); an error answer throws an Error with the server's
 * one-line message and the answer's ``status``. */
export async function api(method, path, body, headers = {}) {
  const init = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const reply = await fetch(path, init);
  let data = null;
  try { data = await reply.json(); } catch { data = null; }
  if (!reply.ok) {
    const error = new Error((data && data.error) || `${reply.status} ${reply.statusText}`);
    error.status = reply.status;
    throw error;
  }
  return data;
}

const KEY = "pitchkit.tables";

/** The tables this browser created, joined or watches, newest first. */
export function myTables() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch { return []; }
}

/** Remember (or update) a table: merged by id, moved to the front. */
export function keepTable(entry) {
  const list = myTables();
  const old = list.find((t) => t.id === entry.id) || {};
  const merged = { ...old, ...entry, seen: Date.now() };
  localStorage.setItem(KEY, JSON.stringify([merged, ...list.filter((t) => t.id !== entry.id)].slice(0, 50)));
  return merged;
}

/** Forget a table. */
export function forgetTable(id) {
  localStorage.setItem(KEY, JSON.stringify(myTables().filter((t) => t.id !== id)));
}

/** What this browser knows of one table, or an empty object. */
export function knownTable(id) {
  return myTables().find((t) => t.id === id) || {};
}

/** Text made safe for HTML. */
export function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/** The player's name, remembered between tables. */
export function myName() { return localStorage.getItem("pitchkit.name") || ""; }
export function setMyName(name) { localStorage.setItem("pitchkit.name", name); }

/** A link to hand out, with its Copy button (see :func:`copyLink`). */
export function linkRow(label, link) {
  return `<li><span>${esc(label)}</span> <input readonly value="${esc(link)}" aria-label="${esc(label)} link">` +
    ` <button type="button" class="copy" data-copy="${esc(link)}">Copy</button></li>`;
}

/** Copy a link button's ``data-copy`` (the input before it, where the clipboard is refused), and say
 * so on the button for a moment. */
export async function copyLink(button) {
  try {
    await navigator.clipboard.writeText(button.dataset.copy);
  } catch {
    button.previousElementSibling.select();
    document.execCommand("copy");
  }
  button.textContent = "Copied";
  setTimeout(() => { button.textContent = "Copy"; }, 1500);
}
