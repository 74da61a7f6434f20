// A new event: the settings of `pitch tournament create`, then the director's password and links.
import { $, call } from "./desk.js";

async function presets() {
  const data = await call("GET", "/api/presets");
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
    $("password").value = made.password;
    $("director-link").href = made.director_link;
    $("board-link").href = made.board_link;
    $("created").hidden = false;
    $("create").hidden = true;
  } catch (e) {
    $("create-error").textContent = e.message;
  }
}

$("create").addEventListener("submit", create);
presets().catch((e) => { $("create-error").textContent = e.message; });
