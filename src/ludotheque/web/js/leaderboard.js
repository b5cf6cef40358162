// The leaderboard (/leaderboard): each game's Elo ratings from its finished tables.

import { api, el, playerUrl } from "./api.js";
import { applyStatic, lang, mountToggle, onLangChange } from "./i18n.js";

const select = document.getElementById("board-game");
const empty = document.getElementById("no-standings");

/** One table's rows: a person's name opens their past games; a bot has none of its own. */
function fill(table, rows) {
  table.querySelector("tbody").replaceChildren(...rows.map((row) => el("tr", { "data-name": row.name, class: row.bot ? "bot" : "" },
    el("td", {}, String(row.rank)),
    el("td", {}, row.bot ? row.name : el("a", { href: playerUrl(row.name) }, row.name)), el("td", {}, String(row.rating)),
    el("td", {}, String(row.games)))));
}

async function show() {
  const game = select.value;
  const answer = await api.leaderboard(game, lang());
  if (select.value !== game) return; // another game was chosen meanwhile: its answer is the one shown
  fill(document.getElementById("standings"), answer.standings);
  fill(document.getElementById("bot-standings"), answer.bots);
  empty.hidden = answer.standings.length > 0;
  document.getElementById("standings").dataset.game = game;
}

async function start() {
  mountToggle(document.getElementById("lang"));
  applyStatic();
  const games = await api.games();
  const wanted = new URLSearchParams(location.search).get("game");
  select.replaceChildren(...games.map((g) => el("option", { value: g.id, selected: g.id === wanted }, g.name)));
  select.addEventListener("change", show);
  onLangChange(() => { applyStatic(); show(); });
  await show();
}

start();
