// The leaderboard (/leaderboard): each game's Elo ratings from its finished tables.

import { api, el, playerUrl } from "./api.js";
import { applyStatic, lang, mountToggle, onLangChange } from "./i18n.js";

const select = document.getElementById("board-game");
const body = document.querySelector("#standings tbody");
const empty = document.getElementById("no-standings");

async function show() {
  const game = select.value;
  const answer = await api.leaderboard(game, lang());
  if (select.value !== game) return; // another game was chosen meanwhile: its answer is the one shown
  body.replaceChildren(...answer.standings.map((row) => el("tr", { "data-name": row.name, class: row.bot ? "bot" : "" },
    el("td", {}, String(row.rank)),
    // a person's name opens their past games; a bot has none of its own
    el("td", {}, row.bot ? row.name : el("a", { href: playerUrl(row.name) }, row.name)), el("td", {}, String(row.rating)),
    el("td", {}, String(row.games)))));
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
