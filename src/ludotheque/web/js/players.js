// A player's page (/players/{name}): the finished games where a seat carries that name, newest
// first, a page at a time, with a link to each replay.

import { ApiError, api, appPath, appUrl, el, nameOfSegment } from "./api.js";
import { applyStatic, lang, mountToggle, onLangChange, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** The name in the address (/players/Zo%C3%A9, /players/~.. for ".."), or null when it cannot
 * be read. */
function nameFromPath() {
  const rest = appPath().replace(/^\/players\//, "");
  try {
    return nameOfSegment(rest);
  } catch (_) {
    return null;
  }
}

const name = nameFromPath();
let games = []; // the entries shown, newest first
let next = null; // the cursor of the page after those shown
let problem = null; // what went wrong, in words

/** A date as the reader writes it: the browser's own locale when it speaks the page's language. */
function when(seconds) {
  const locale = (navigator.languages || []).find((l) => l.slice(0, 2) === lang()) || lang();
  return new Date(seconds * 1000).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}

function resultText(entry) {
  if (!entry.winners || entry.winners.length === 0) return "—";
  return entry.won ? t("won") : t("lost");
}

/** Who sat there, with their scores; the player's own seats stand out. */
function whoCell(entry) {
  const mine = new Set(entry.player_seats);
  const parts = entry.seats.map((s) => {
    const score = entry.scores && entry.scores[s.seat] !== undefined ? String(entry.scores[s.seat]) : null;
    return el("span", { class: entry.winners.includes(s.seat) ? "seat winner" : "seat" },
      mine.has(s.seat) ? el("strong", { class: "me" }, s.name) : s.name,
      score === null ? null : el("span", { class: "score" }, score));
  });
  return el("td", {}, ...parts.flatMap((part, i) => (i ? [" · ", part] : [part])));
}

function render() {
  const title = t("player_games", { name: name ?? "" });
  $("player-title").textContent = title;
  document.title = `${title} · Ludothèque`;
  $("games").querySelector("tbody").replaceChildren(...games.map((entry) => el("tr",
    { "data-table": entry.id, class: entry.won ? "won" : "" },
    el("td", {}, when(entry.created)), el("td", {}, entry.game_name), whoCell(entry),
    el("td", {}, resultText(entry), entry.rated ? null : " ",
      entry.rated ? null : el("span", { class: "muted unrated", title: t("unrated_title") }, `(${t("unrated")})`)),
    el("td", {}, el("a", { href: appUrl(entry.replay_url), class: "button small" }, t("replay"))))));
  $("games").hidden = games.length === 0;
  $("no-games").hidden = games.length > 0 || problem !== null;
  $("games-error").hidden = problem === null;
  $("games-error").textContent = problem ?? "";
  $("more-games").hidden = !next;
}

/** The first page again (more = false), or the page after those shown. */
async function load(more = false) {
  problem = null;
  try {
    if (name === null) throw new ApiError(400, "bad_name");
    const game = $("player-game").value || null;
    const page = await api.playerGames(name, game, more ? next : null, lang());
    if (($("player-game").value || null) !== game) return; // another game was chosen meanwhile
    games = more ? games.concat(page.games) : page.games;
    next = page.next;
  } catch (err) {
    games = [];
    next = null;
    problem = err.code === "bad_name" ? t("bad_player_name") : t("error", { message: err.message });
  }
  render();
}

async function start() {
  mountToggle($("lang"));
  applyStatic();
  const wanted = new URLSearchParams(location.search).get("game") || "";
  const all = el("option", { value: "", "data-i18n": "all_games" }, t("all_games"));
  $("player-game").replaceChildren(all);
  try {
    const list = await api.games();
    $("player-game").append(...list.map((g) => el("option", { value: g.id, selected: g.id === wanted }, g.name)));
  } catch (_) {
    // no filter then: every game's tables are listed
  }
  $("player-game").addEventListener("change", () => load());
  $("more-games").addEventListener("click", () => load(true));
  onLangChange(() => load()); // the seats' names (bots, "Seat 2") come in the reader's language
  await load();
}

start();
