// The lobby (/): start a table (game, options, who sits where), hand out the links, and list
// the tables — this browser's own and every open, running or finished one.

import { mountAccount, showAccountTables } from "./account.js";
import { absolute, api, appUrl, copyText, el, forgetTable, myTables, playerUrl, rememberTable, rememberedName } from "./api.js";
import { addStrings, applyStatic, lang, mountToggle, onLangChange, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// words for the options every game has; a game's own options come with their words from the
// server (/api/games?lang=), its help text being the fallback
addStrings({
  en: {
    opt_players: "Players", opt_first_player: "First player",
    opt_players_help: "{min} to {max} players", opt_first_player_placeholder: "random",
    opt_first_player_help: "a seat number (1 is the first seat); empty: drawn at random",
    first_player_range: "The first player is a seat from 1 to {n}.",
    more_options: "More options", learn_game: "Learn to play {game}",
  },
  fr: {
    opt_players: "Joueurs", opt_first_player: "Premier joueur",
    opt_players_help: "de {min} à {max} joueurs", opt_first_player_placeholder: "au hasard",
    opt_first_player_help: "un numéro de place (1 pour la première) ; vide : tiré au hasard",
    first_player_range: "Le premier joueur est une place de 1 à {n}.",
    more_options: "Plus d'options", learn_game: "Apprendre à jouer à {game}",
  },
});

let games = [];
let kinds = []; // the chosen kind of each seat, kept when the number of seats changes
let lastCreated = null;
let tutorials = []; // the games with a guided first game: [{game, url}]

const known = (key, fallback) => (t(key) === key ? fallback : t(key));
const currentGame = () => games.find((g) => g.id === $("game").value) || games[0];

function optionInput(game, spec) {
  const id = `opt-${spec.name}`;
  const label = known(`opt_${spec.name}`, spec.label || spec.name);
  const help = spec.name === "players" ? t("opt_players_help", { min: game.min_players, max: game.max_players })
    : known(`opt_${spec.name}_help`, spec.help || "");
  let input;
  if (spec.choices && spec.choices.length) {
    input = el("select", { id, name: spec.name },
      ...spec.choices.map((c) => el("option", { value: String(c), selected: String(c) === String(spec.default) },
        (spec.choice_labels || {})[String(c)] || String(c))));
  } else if (spec.name === "players") {
    input = el("input", { id, name: spec.name, type: "number", min: game.min_players, max: game.max_players,
      value: spec.default ?? game.min_players, inputmode: "numeric" });
    input.addEventListener("input", renderSeatKinds);
  } else {
    const empty = spec.default === null || spec.default === undefined;
    input = el("input", { id, name: spec.name, type: "text", value: "",
      placeholder: empty ? known(`opt_${spec.name}_placeholder`, "") : spec.placeholder || String(spec.default) });
  }
  return el("label", { class: "field" }, el("span", {}, label), input, help ? el("small", { class: "muted" }, help) : null);
}

function playerCount(game) {
  const input = $("opt-players");
  const n = input ? Number.parseInt(input.value, 10) : game.min_players;
  if (!Number.isFinite(n)) return game.min_players;
  return Math.min(game.max_players, Math.max(game.min_players, n));
}

/** The number of players asked for when it is out of the game's range (null when it is fine). */
function requestedPlayers(game) {
  const input = $("opt-players");
  if (!input) return null;
  const text = input.value.trim();
  const n = Number(text);
  if (text !== "" && Number.isInteger(n) && n >= game.min_players && n <= game.max_players) return null;
  return text === "" ? "?" : text;
}

function renderSeatKinds() {
  const game = currentGame();
  const n = playerCount(game);
  while (kinds.length < n) kinds.push(kinds.length === 0 ? "human" : `bot:${game.bots.includes("heuristic") ? "heuristic" : game.bots[0]}`);
  const choices = ["human", "open", ...game.bots.map((b) => `bot:${b}`)];
  const label = (kind) => (kind === "human" ? t("human") : kind === "open" ? t("seat_open")
    : known(`bot_${kind.slice(4)}`, t("bot_other", { name: kind.slice(4) })));
  $("seat-kinds").replaceChildren(...Array.from({ length: n }, (_, seat) => {
    const select = el("select", { id: `seat-${seat}`, "aria-label": t("seat_n", { n: seat + 1 }) },
      ...choices.map((kind) => el("option", { value: kind, selected: kind === kinds[seat] }, label(kind))));
    select.addEventListener("change", () => { kinds[seat] = select.value; });
    return el("li", {}, el("label", { class: "field inline" }, el("span", {}, t("seat_n", { n: seat + 1 })), select));
  }));
}

/** The game's options' fields: the essential ones in sight, then those under "More options". */
const optionFields = () => [...$("options").querySelectorAll("input, select"), ...$("options-more").querySelectorAll("input, select")];
// the number of players and the variants a game marks essential; older servers say nothing of it
const essential = (spec) => spec.essential || spec.name === "players";

function renderForm() {
  const game = currentGame();
  if (!game) return;
  $("game-description").textContent = game.description || "";
  const values = {};
  for (const input of optionFields()) values[input.name] = input.value;
  $("options").replaceChildren(...game.options.filter(essential).map((spec) => optionInput(game, spec)));
  const more = game.options.filter((spec) => !essential(spec));
  $("options-more").replaceChildren(...more.map((spec) => optionInput(game, spec)));
  $("options-more").hidden = !more.length;
  for (const input of optionFields()) {
    if (input.name in values) input.value = values[input.name];
  }
  renderLearnLink();
  renderSeatKinds();
}

/** "Learn to play Gargon": the way to the chosen game's guided first game, when it has one. */
function renderLearnLink() {
  const game = currentGame();
  const tutorial = game && tutorials.find((entry) => entry.game === game.id);
  const link = $("learn-link");
  if (!link) return;
  link.hidden = !tutorial;
  if (!tutorial) return;
  link.href = appUrl(tutorial.url);
  link.textContent = t("learn_game", { game: game.name });
}

function readOptions(game) {
  const options = {};
  for (const spec of game.options) {
    const input = $(`opt-${spec.name}`);
    if (!input) continue;
    const value = input.value.trim();
    if (spec.name === "players") options.players = playerCount(game);
    else if (spec.name === "first_player" && value !== "") options.first_player = Number(value) - 1; // seats count from 1 here
    else if (value !== "") options[spec.name] = value;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  const game = currentGame();
  const button = $("create");
  const error = $("form-error");
  error.hidden = true;
  const wanted = requestedPlayers(game);
  if (wanted !== null) {
    // refused here, with the game's own range, before anything is sent
    error.textContent = t("players_range", { game: game.name, min: game.min_players, max: game.max_players, n: wanted });
    error.hidden = false;
    $("opt-players")?.focus();
    return;
  }
  const first = $("opt-first_player");
  const firstText = first ? first.value.trim() : "";
  if (firstText !== "" && !(Number.isInteger(Number(firstText)) && Number(firstText) >= 1 && Number(firstText) <= playerCount(game))) {
    error.textContent = t("first_player_range", { n: playerCount(game) });
    error.hidden = false;
    first.focus();
    return;
  }
  button.disabled = true;
  button.textContent = t("creating");
  try {
    const n = playerCount(game);
    const body = { game: game.id, options: readOptions(game), seats: kinds.slice(0, n) };
    const mode = $("clock-mode").value;
    const amount = Number.parseInt($("clock-seconds").value, 10);
    // a turn-based table's time is given in days a move; the others' in seconds
    if (mode !== "none") body.clock = { mode, seconds: mode === "days" ? amount * DAY : amount };
    if ($("undo-allowed").checked) body.undo = true;
    if ($("hints-allowed").checked) body.hints = true;
    const answer = await api.createTable(body);
    lastCreated = answer;
    const humans = answer.seats.filter((s) => s.url); // open seats have no link: anyone takes them here
    rememberTable({
      id: answer.id, game: game.id, created: new Date().toISOString(),
      seats: humans.map((s) => ({ seat: s.seat, url: s.url })),
      spectator_url: answer.spectator_url,
    });
    renderMine();
    if (humans.length === 1) {
      // you against bots: straight to your seat (the link stays under "Your tables")
      location.assign(appUrl(humans[0].url));
      return;
    }
    renderCreated();
    loadTables();
    loadOpen();
    // your seat's button comes into sight, with the links to send to the other players below it
    const open = $("open-seat") || $("created");
    open.scrollIntoView({ block: "center" });
    open.focus({ preventScroll: true });
  } catch (err) {
    error.textContent = t("error", { message: err.message });
    error.hidden = false;
  } finally {
    button.disabled = false;
    button.textContent = t("create");
  }
}

function linkRow(label, url) {
  const href = absolute(url);
  const field = el("input", { type: "text", readonly: true, value: href, "aria-label": label, class: "link-field" });
  const copy = el("button", { type: "button", class: "small copy" }, t("copy"));
  copy.addEventListener("click", async () => {
    copy.textContent = (await copyText(href, field)) ? t("copied") : t("copy_failed");
  });
  return el("li", { class: "link-row" }, el("span", { class: "link-label" }, label), field, copy,
    el("a", { href: appUrl(url), class: "button small" }, t("open")));
}

function renderCreated() {
  const answer = lastCreated;
  const box = $("created");
  if (!answer) return;
  const humans = answer.seats.filter((s) => s.url);
  box.replaceChildren(
    el("h3", {}, t("created", { id: answer.id })),
    humans.length ? el("a", { id: "open-seat", class: "button primary", href: appUrl(humans[0].url) }, t("open_seat", { n: humans[0].seat + 1 })) : null,
    el("ul", { class: "links" },
      ...humans.map((s) => linkRow(t("seat_link", { n: s.seat + 1 }), s.url)),
      linkRow(t("spectator_link"), answer.spectator_url)),
  );
  box.hidden = false;
}

function renderMine() {
  const list = myTables();
  $("mine").replaceChildren(...(list.length ? list.map((item) => el("li", { "data-table": item.id },
    el("span", { class: "table-id", title: item.id }, gameName(item.game)),
    ...item.seats.map((s) => el("a", { href: appUrl(s.url), class: "button small" }, t("seat_n", { n: s.seat + 1 }))),
    el("a", { href: appUrl(item.spectator_url || `/t/${item.id}`), class: "button small" }, t("watch")),
    el("button", { type: "button", class: "small", onclick: () => { forgetTable(item.id); renderMine(); } }, t("forget")),
  )) : [el("li", { class: "muted" }, t("no_tables"))]));
}

const LIST_SECONDS = 4; // how often the list of tables is read again
let tables = [];
let next = null; // the cursor of the page after those shown
let paged = false; // the reader asked for more: the list is no longer refreshed under their eyes

/** The first page again (more = false), or the page after those shown. */
async function loadTables(more = false) {
  try {
    const page = await api.tables(null, more ? next : null);
    tables = more ? tables.concat(page.tables || []) : page.tables || [];
    next = page.next || null;
    paged = more;
  } catch (err) {
    $("tables").replaceChildren(el("li", { class: "notice error" }, t("error", { message: err.message })));
    return;
  }
  renderTables();
}

function renderTables() {
  // open and running tables first, then finished ones; newest first within each
  const sorted = [...tables.filter((x) => !x.terminal), ...tables.filter((x) => x.terminal)];
  $("tables").replaceChildren(...(sorted.length ? sorted.map((x) => {
    const status = x.terminal ? t("status_over") : x.version > 0 ? t("status_running") : t("status_open");
    const names = seatNames(x);
    const who = names.join(", ");
    const toAct = !x.terminal && x.to_act !== null && x.to_act !== undefined && x.to_act >= 0;
    const turn = toAct ? ` · ${t("name_to_act", { name: names[x.to_act] ?? t("seat_n", { n: x.to_act + 1 }) })}` : "";
    return el("li", { "data-table": x.id, class: x.terminal ? "over" : "live" },
      el("span", { class: "table-id", title: x.id }, gameName(x.game)), // the id stays in its link and title
      el("span", { class: "who" }, who),
      el("span", { class: "muted" }, `${t("players_n", { n: x.players })} · ${status}${turn}`),
      x.terminal
        ? el("a", { href: appUrl(x.replay_url), class: "button small" }, t("replay"))
        : el("a", { href: appUrl(x.spectator_url), class: "button small" }, t("watch")));
  }) : [el("li", { class: "muted" }, t("no_tables"))]));
  $("more-tables").hidden = !next;
}

/** A game by its name (its id until the list of games is read). */
function gameName(id) {
  const game = games.find((g) => g.id === id);
  return game ? game.name : id;
}

/** Who sits at a table: the players' names, the bots' names, "open seat" for a seat anyone may
 * take, "Seat 2" for a seat nobody named yet. */
function seatNames(x) {
  return (x.seats || []).map((s) => s.name || (s.kind === "bot"
    ? known(`bot_name_${s.bot}`, t("bot_other", { name: s.bot }))
    : s.open ? t("open_seat_badge") : t("seat_n", { n: s.seat + 1 })));
}

/** A table's options in words, as the lobby's form names them: those that differ from the
 * game's defaults (the number of players is said apart), then the table's clock and rules. */
function optionWords(x) {
  const game = games.find((g) => g.id === x.game);
  const words = [];
  for (const [name, value] of Object.entries(x.options || {})) {
    const spec = game && game.options.find((o) => o.name === name);
    if (!spec || name === "players" || String(value) === String(spec.default)) continue;
    const label = known(`opt_${name}`, spec.label || name);
    const shown = name === "first_player" ? t("seat_n", { n: Number(value) + 1 })
      : (spec.choice_labels || {})[String(value)] || (String(value) === String(spec.default) && spec.placeholder) || String(value);
    words.push(`${label}: ${shown}`);
  }
  if (x.clock && x.clock.mode !== "none") {
    words.push(t(`opt_clock_${x.clock.mode}`, { s: x.clock.seconds, d: Math.round(x.clock.seconds / DAY * 10) / 10 }));
  }
  if (x.undo) words.push(t("opt_undo"));
  if (x.hints) words.push(t("opt_hints"));
  return words.join(" · ");
}

// -- open tables: a seat anyone may take ------------------------------------------------------------
let openTables = [];

async function loadOpen() {
  try {
    openTables = (await api.openTables()).tables || [];
  } catch (_) {
    return; // the list stays as it was until the next look
  }
  renderOpen();
}

function renderOpen() {
  $("open-tables").replaceChildren(...(openTables.length ? openTables.map((x) => {
    const free = (x.seats || []).filter((s) => s.open).length;
    const game = games.find((g) => g.id === x.game);
    const options = optionWords(x);
    return el("li", { "data-table": x.id, class: "live" },
      el("span", { class: "table-id" }, game ? game.name : x.game),
      el("span", { class: "who" }, seatNames(x).join(", ")),
      el("span", { class: "muted" }, [t("players_n", { n: x.players }), options,
        free === 1 ? t("free_seat_one") : t("free_seats_n", { n: free })].filter(Boolean).join(" · ")),
      el("button", { type: "button", class: "small primary", "data-join": x.id, onclick: () => join(x) }, t("join")));
  }) : [el("li", { class: "muted" }, t("no_open_tables"))]));
}

/** Take the first open seat of table `x`: its link is remembered under "Your tables", and the
 * page goes to it (the table asks for this browser's name there, as at any seat). */
async function join(x) {
  const error = $("open-error");
  error.hidden = true;
  try {
    const answer = await api.join(x.id);
    rememberTable({ id: answer.id, game: x.game, created: new Date().toISOString(),
      seats: [{ seat: answer.seat, url: answer.url }], spectator_url: x.spectator_url });
    location.assign(appUrl(answer.url));
  } catch (err) {
    error.textContent = t("error", { message: err.message });
    error.hidden = false;
    loadOpen();
  }
}

const DAY = 86400;

/** The clock's amount in the unit of its mode: days for a turn-based table, else seconds. */
function clockUnit() {
  const days = $("clock-mode").value === "days";
  const input = $("clock-seconds");
  if ((input.dataset.unit === "days") === days) return;
  input.dataset.unit = days ? "days" : "seconds";
  Object.assign(input, days ? { min: 1, max: 14, value: 3 } : { min: 5, max: 86400, value: 60 });
  $("clock-unit").textContent = t(days ? "clock_days" : "clock_seconds");
  $("clock-unit").dataset.i18n = days ? "clock_days" : "clock_seconds";
}

let signedIn = null; // the claimed name this browser is signed in as (account.js)

/** Signed in: the claimed name's tables, from any browser. */
function showSignedInTables() {
  $("account-panel").hidden = !signedIn;
  if (signedIn) {
    showAccountTables($("account-tables"), $("account-tables-error"),
      (id) => games.find((g) => g.id === id)?.name || id);
  }
}

/** "My games": the past games of the claimed name this browser is signed in as, else of the name
 * it took at a table, when it took one. */
function showMyGames() {
  const name = signedIn || rememberedName();
  $("to-my-games").hidden = !name;
  if (name) $("to-my-games").href = playerUrl(name);
}

async function start() {
  mountToggle($("lang"));
  applyStatic();
  showMyGames();
  mountAccount($("account"), (name) => {
    signedIn = name;
    showMyGames();
    showSignedInTables();
  });
  $("new-table").addEventListener("submit", create);
  $("clock-mode").addEventListener("change", clockUnit);
  $("refresh").addEventListener("click", () => loadTables());
  $("more-tables").addEventListener("click", () => loadTables(true));
  $("game").addEventListener("change", () => {
    kinds = [];
    // another game: its own defaults, not the last game's values
    $("options").replaceChildren();
    $("options-more").replaceChildren();
    renderForm();
  });
  // back from a table (the page restored from the browser's cache): what changed meanwhile
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    showMyGames();
    renderMine();
    if (!paged) loadTables();
    loadOpen();
  });
  onLangChange(async () => {
    try {
      games = await api.games(lang());  // the games' own words for their options
    } catch (_) {
      // keep the words already shown
    }
    renderForm();
    renderCreated();
    renderMine();
    showSignedInTables();
    renderTables();
    renderOpen();
  });
  renderMine();
  loadTables();
  // the lists keep themselves up to date (unless the reader is paging through older tables)
  const again = () => {
    if (document.hidden) return;
    if (!paged) loadTables();
    loadOpen();
  };
  setInterval(again, LIST_SECONDS * 1000);
  document.addEventListener("visibilitychange", again);
  try {
    games = await api.games(lang());
  } catch (err) {
    $("form-error").textContent = t("error", { message: err.message });
    $("form-error").hidden = false;
    return;
  }
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.id }, g.name)));
  renderForm();
  loadOpen(); // (its options are said in the games' words)
  showSignedInTables(); // (and the signed-in tables' games by their names)
  try {
    tutorials = await (await fetch(appUrl("/api/tutorials"))).json();
  } catch (_) {
    tutorials = []; // no guided first game offered
  }
  renderLearnLink();
}

start();
