// The public board: live standings and table assignments in big type, read again every two seconds.
import { $, call, eventId, every, standingsHtml, statusLine, tablesHtml } from "./desk.js";

every(2000, async () => {
  const data = await call("GET", `/api/desk/${eventId()}`);
  $("title").textContent = data.champion ? `Champion: ${data.champion}` : `Tournament · ${data.format}`;
  $("status").textContent = statusLine(data);
  $("tables").innerHTML = tablesHtml(data);
  $("standings").innerHTML = standingsHtml(data);
  $("updated").textContent = `Updated ${new Date().toLocaleTimeString()}`;
  document.body.dataset.status = data.status;
});
