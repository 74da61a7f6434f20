// A new event: the settings of `pitch tournament create`, then the director's password and links.
import { $, call, dropEvent, esc, heldEvents, holdEvent } from "./desk.js";

async function presets() {
  const data = await call("GET", "/api/presets?rules=false");
  $("preset").innerHTML += data.presets.map((p) => `<option value="${p.name}">${p.name}: ${p.title}</option>`).join("");
}

function number(id) {
  const v = $(id).value.trim();
  return v === "" ? undefined : Number(v);
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const options = {};
  for (const line of $("options").value.split("\n")) {
    const [k, ...rest] = line.split("=");
    if (k.trim()) options[k.trim()] = rest.join("=").trim();
  }
  const body = { format: $("format").value, verify: $("verify").value, options,
    preset: $("preset").value || undefined, table_size: number("table-size"), advance: number("advance"),
    section_size: number("section-size"), clock: number("clock") };
  try {
    const made = await call("POST", "/api/desk", body);
    holdEvent(made.id, made.password);
    showHeld();
    $("password").value = made.password;
    $("director-link").href = made.director_link;
    $("board-link").href = made.board_link;
    $("created").hidden = false;
    $("create").hidden = true;
  } catch (e) {
    $("create-error").textContent = e.message;
  }
}

/** "Your events": the events this browser holds, as their passwords open them. */
async function showHeld() {
  const held = heldEvents();
  if (!held.length) { $("mine").innerHTML = '<p class="muted">None yet: the events you create or open as director are listed here, in this browser only.</p>'; return; }
  const keys = Object.fromEntries(held.map((e) => [e.id, e.password]));
  const { events } = await call("POST", "/api/desk/mine", { events: held });
  $("mine").innerHTML = `<ul class="links" id="mine-list">${events.map((e) => `<li data-event="${esc(e.id)}"${e.archived ? ' data-archived="yes"' : ""}>${e.error
    ? `<span class="muted">${esc(e.id)}: ${esc(e.error)}</span>`
    : `<a href="/desk/${esc(e.id)}/director#key=${encodeURIComponent(keys[e.id] || "")}">${esc(e.format)} · ${esc(e.rules)} · ${e.entrants} entrant(s)</a> <span>${esc(e.status)}${e.archived ? " · archived" : ""}</span>
      · created ${esc(new Date(e.created_at * 1000).toLocaleString())}`}
    <button type="button" class="drop" data-event="${esc(e.id)}">Forget</button></li>`).join("")}</ul>`;
}

$("mine").addEventListener("click", (event) => {
  const b = event.target.closest("button.drop");
  if (!b) return;
  dropEvent(b.dataset.event);
  showHeld().catch((e) => { $("mine").textContent = e.message; });
});
showHeld().catch((e) => { $("mine").textContent = e.message; });
$("create").addEventListener("submit", create);
presets().catch((e) => { $("create-error").textContent = e.message; });
