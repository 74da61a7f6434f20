// How to play: the rules sheet of a table (the one `pitch rules` prints, for the table's own
// options) with a glossary, in a dialog opened from a button; and the glossary's words marked
// where the page tells what happens, each with its meaning as a tooltip.
import { esc } from "./api.js";
import { TERMS } from "./glossary.js";

const patterns = TERMS.map((t) => [t, new RegExp(t.words, "g")]);

/** The terms worth explaining under a table's ``options`` (every rule value by option name). */
export function termsFor(options) {
  const o = options || {};
  return TERMS.filter((t) => !t.when || t.when(o));
}

/** ``text`` as HTML with each glossary word of the table's ``options`` in an ``<abbr>`` whose title
 * is its meaning; with ``seen`` (a Set of term ids shared by several texts, such as the lines of
 * one log) only a term's first appearance is marked. */
export function termsHtml(text, options, seen = null) {
  const str = String(text);
  const wanted = new Set(termsFor(options).map((t) => t.id));
  const found = [];
  for (const [term, re] of patterns) {
    if (!wanted.has(term.id) || (seen && seen.has(term.id))) continue;
    re.lastIndex = 0;
    for (let m = re.exec(str); m; m = re.exec(str)) {
      if (m[0]) found.push({ term, start: m.index, end: m.index + m[0].length });
      if (!m[0]) re.lastIndex += 1;
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  let html = "";
  let at = 0;
  const marked = new Set();
  for (const f of found) {
    if (f.start < at || marked.has(f.term.id)) continue;
    html += esc(str.slice(at, f.start)) +
      `<abbr class="term" data-term="${f.term.id}" title="${esc(`${f.term.term}: ${f.term.text}`)}">${esc(str.slice(f.start, f.end))}</abbr>`;
    at = f.end;
    marked.add(f.term.id);
    if (seen) seen.add(f.term.id);
  }
  return html + esc(str.slice(at));
}

/** The glossary of the table's ``options`` as a definition list. */
export function glossaryHtml(options) {
  const items = termsFor(options).map((t) => `<div id="term-${t.id}" tabindex="-1"><dt><dfn>${esc(t.term)}</dfn></dt><dd>${esc(t.text)}</dd></div>`);
  return `<h3 id="words-h">Words used at the table</h3><dl class="glossary" aria-labelledby="words-h">${items.join("")}</dl>`;
}

/** A rules sheet (``GET /api/tables/{id}/rules`` or ``POST /api/rules``): its first line, then each
 * section ("- " starts a list item). */
export function sheetHtml(sheet) {
  const sections = sheet.sections.map((s) => {
    const paras = [];
    let items = [];
    const flush = () => { if (items.length) paras.push(`<ul>${items.join("")}</ul>`); items = []; };
    for (const p of s.paragraphs) {
      if (p.startsWith("- ")) { items.push(`<li>${esc(p.slice(2))}</li>`); continue; }
      flush();
      paras.push(`<p>${esc(p)}</p>`);
    }
    flush();
    return `<h3>${esc(s.heading)}</h3>${paras.join("")}`;
  }).join("");
  return `<p class="sheet-title"><b>${esc(sheet.game_name || "")}</b>${sheet.players ? ` \u00b7 ${sheet.players} players` : ""}` +
    `<br><span class="muted">${esc(sheet.title || sheet.rules || "")}</span></p>${sections}`;
}

/** How to play for a table: what it changes from its preset (``changed``: HTML), its rules sheet
 * and the glossary of its ``options``. */
export function howToHtml(sheet, options, changed = "") {
  return `${changed}${sheetHtml(sheet)}${glossaryHtml(options)}`;
}

/** The How to play dialog (``#howto``, its content in ``#rules``) opened by ``#howto-btn``;
 * ``load``: an async function that gives its content when it opens (``null``: keep what is there).
 * A glossary word marked in the page (a tap where there is no hover) opens it at that word. */
export function setupHowTo(load = null) {
  const $ = (id) => document.getElementById(id);
  const dialog = $("howto");
  const button = $("howto-btn");
  if (!dialog || !button) return;
  let opener = button;
  const open = async (term = null) => {
    // the focus goes back where it was (the button, or the dialog a word was tapped in) on closing
    if (!dialog.open) {
      const was = document.activeElement;
      opener = was && was !== document.body && !dialog.contains(was) ? was : button;
      dialog.showModal();
    }
    if (load) {
      $("rules").setAttribute("aria-busy", "true");
      try {
        const html = await load();
        if (html !== null) $("rules").innerHTML = html;
      } catch (e) {
        $("rules").innerHTML = `<p class="error" role="alert">${esc(e.message)}</p>`;
      }
      $("rules").removeAttribute("aria-busy");
    }
    const target = term && $(`term-${term}`);
    if (target) { target.scrollIntoView({ block: "center" }); target.focus(); }
  };
  button.addEventListener("click", () => open());
  dialog.addEventListener("close", () => { if (opener && document.contains(opener)) opener.focus(); });
  dialog.addEventListener("click", (e) => { if (e.target.closest("button.close")) dialog.close(); });
  document.addEventListener("click", (e) => {
    const term = e.target.closest && e.target.closest("abbr.term");
    if (!term || dialog.contains(term)) return;
    open(term.dataset.term);
  });
}
