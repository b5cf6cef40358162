// The replay page (/t/{id}/replay#step=k&seat=s): a finished game move by move, as a spectator
// or as one seat saw it, with the same board as the table page.

import { mountAnalysis } from "./analysis.js";
import { api, appUrl, fragmentParams, tableIdFromPath, tokenFor } from "./api.js";
import { ChatPanel } from "./chat.js";
import { addStrings, applyStatic, lang, mountToggle, onLangChange, t } from "./i18n.js";
import { loadGame, renderScores, renderSeats, renderStepLog, setupRules } from "./view.js";

const $ = (id) => document.getElementById(id);
const tableId = tableIdFromPath();

// the replay's own words: a step whose log says nothing (the deal) is still named
addStrings({
  en: { step_start: "The game begins: everything is set out." },
  fr: { step_start: "La partie commence : tout est mis en place." },
});

let step = 0;
let steps = null; // known after the first answer
let seat = null; // null: the spectator
let view = null;
let mod = null;
let board = null;
let request = 0; // answers to older requests are dropped
let analysis = null; // the analysis panel, once the game is known
const token = tokenFor(tableId); // a seat's token here: its player may start an analysis
let ownSeat = null; // the seat of the player who opened the page from their table (with its token)

function readFragment() {
  const params = fragmentParams();
  const s = Number.parseInt(params.get("step") || "", 10);
  step = Number.isFinite(s) && s >= 0 ? s : null;
  const who = Number.parseInt(params.get("seat") || "", 10);
  seat = Number.isFinite(who) && who >= 0 ? who : null;
}

function writeFragment() {
  const params = new URLSearchParams({ step: String(step) });
  if (seat !== null) params.set("seat", String(seat));
  if (token !== null) params.set("token", token);
  // the whole path: a bare "#..." would be read against the page's <base>, another page
  history.replaceState(null, "", `${location.pathname}${location.search}#${params}`);
}

function showError(message) {
  $("notice").querySelector(".notice-text").textContent = message;
  $("notice").hidden = false;
}

async function go(target) {
  if (steps !== null) target = Math.max(0, Math.min(steps, target));
  const mine = ++request;
  let answer;
  try {
    answer = await api.replay(tableId, target, seat, lang());
  } catch (err) {
    if (mine !== request) return;
    if (err.status === 409) showError(t("not_over"));
    else if (err.status === 404) showError(t("no_such_table"));
    else showError(t("error", { message: err.message }));
    document.body.dataset.error = err.code;
    return;
  }
  if (mine !== request) return;
  $("notice").hidden = true;
  steps = answer.steps;
  step = Math.max(0, Math.min(steps, target));
  view = answer;
  if (!mod) {
    mod = await loadGame(answer.game);
    board = mod.createBoard($("board"), { t, act: () => false, notify: showError, interactive: false });
    // the reader's own moves first, when the page was opened from a seat
    analysis = mountAnalysis($("analysis"), { tableId, seat: seat ?? 0, go, token,
      seatName: (s) => (view.seats[s] && view.seats[s].name) || String(s + 1) });
    $("analysis").hidden = false;
  }
  writeFragment();
  render();
}

function renderSeatChoice() {
  const select = $("view-as");
  const players = view ? view.players : 0;
  const options = [["", t("spectator")], ...Array.from({ length: players }, (_, s) => [String(s), view.seats[s]?.name || String(s)])];
  select.replaceChildren(...options.map(([value, label]) => {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = label;
    option.selected = value === (seat === null ? "" : String(seat));
    return option;
  }));
}

function render() {
  if (!view) return;
  document.body.dataset.step = String(step);
  document.body.dataset.steps = String(steps);
  document.title = `${view.game_name} · ${t("replay_title")} · ${tableId}`;
  $("title").textContent = `${view.game_name} · ${t("replay_title")}`;
  $("step").textContent = t("step_of", { k: step, n: steps });
  const slider = $("slider");
  slider.max = String(steps);
  slider.value = String(step);
  $("first").disabled = $("prev").disabled = step <= 0;
  $("next").disabled = $("last").disabled = step >= steps;
  renderSeatChoice();
  renderSeats($("seats"), view, mod);
  $("prompt").textContent = view.prompt || "";
  $("end").hidden = !view.scores;
  // "You won" only for the player whose seat's link opened the page, at their own seat (not for
  // whoever looks at the game as one of its seats)
  const mine = ownSeat !== null && seat === ownSeat;
  renderScores($("scores"), !mine && view.scores ? { ...view, scores: { ...view.scores, outcome: null } } : view);
  board.update(view);
  renderStepLog($("log"), view, mod, go);
  analysis.render(view);
  analysis.at(step);
  chat.at(step); // what was said up to this step
}

// what was said at the table, shown up to the replay's step (read only)
const chat = new ChatPanel($("chat"), { tableId, seatName: (s) => view?.seats[s]?.name || String(s + 1) });
api.chat(tableId).then((answer) => chat.setLines(answer.messages)).catch(() => {
  // no chat (a game not over says so elsewhere)
});

function start() {
  mountToggle($("lang"));
  applyStatic();
  $("download").href = api.recordUrl(tableId);
  $("download").setAttribute("download", `${tableId}.json`);
  $("back").href = appUrl(`/t/${encodeURIComponent(tableId)}`);
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(step - 1));
  $("next").addEventListener("click", () => go(step + 1));
  $("last").addEventListener("click", () => go(steps ?? 1e9));
  $("slider").addEventListener("input", (e) => go(Number(e.target.value)));
  $("view-as").addEventListener("change", (e) => {
    seat = e.target.value === "" ? null : Number(e.target.value);
    go(step);
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps ?? 0 };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]);
    }
  });
  const fillRules = setupRules($("rules-button"), $("rules"), () => mod);
  onLangChange(() => {
    go(step);
    chat.render();
    if (analysis) analysis.relabel();
    fillRules();
  });
  readFragment();
  if (token !== null) ownSeat = seat;
  // no step given: start at the beginning
  go(step ?? 0);
}

start();
