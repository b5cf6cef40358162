// The guided first game (/learn/<game>): a short scripted game on the game's own board. The server
// sends the learner's view after k steps with the move expected now (docs/web.md, "Guided first
// games"); the board is the table's, but a move other than the expected one is refused here with
// an explanation (nothing is sent, nothing changes), and the other seats' scripted moves follow one
// another at a walking pace, or after "Next" when they come with a note.

import { appPath, appUrl, el, fragmentParams } from "./api.js";
import { addStrings, applyStatic, lang, mountToggle, onLangChange, t } from "./i18n.js";
import { markFresh, snapshot } from "./motion.js";
import { clearBand } from "./sight.js";
import { clearNotice, loadGame, notify, renderLog, renderScores, renderSeats, richText, setupRules } from "./view.js";

addStrings({
  en: {
    learn_title: "Learn to play", learn_next: "Next", learn_restart: "Start again", learn_real_game: "Play a real game",
    learn_step: "step {k} of {n}", learn_forced: "Play it", learn_page_title: "{game} · learn to play",
    learn_wrong: "Not this move in this lesson. {task}", learn_error: "The lesson could not be loaded: {message}",
  },
  fr: {
    learn_title: "Apprendre à jouer", learn_next: "Suite", learn_restart: "Recommencer", learn_real_game: "Jouer une vraie partie",
    learn_step: "étape {k} sur {n}", learn_forced: "Le jouer", learn_page_title: "{game} · apprendre à jouer",
    learn_wrong: "Pas ce coup-là dans cette leçon. {task}", learn_error: "Impossible de charger la leçon : {message}",
  },
});

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(appPath().split("/").filter(Boolean)[1] || "");
// the pause before another seat's scripted move (a test may shorten it: #pause=ms)
const PAUSE = Math.max(0, Number.parseInt(fragmentParams().get("pause") ?? "900", 10) || 0);

let data = null; // the server's answer for the step shown
let mod = null;
let board = null;
let busy = false; // a step is being fetched
let timer = null;
let shownStep = null;

async function fetchStep(k) {
  const response = await fetch(appUrl(`/api/tutorials/${encodeURIComponent(gameId)}/steps/${k}?lang=${lang()}`),
    { headers: { Accept: "application/json" } });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error((body && body.detail) || response.statusText);
  return body;
}

/** The step `k`, fetched and drawn; the next scripted move is then scheduled. */
let asked = 0; // the last step asked for: an older answer arriving late is dropped

async function go(k) {
  clearTimeout(timer);
  const ticket = ++asked;
  busy = true;
  document.body.dataset.busy = "true";
  $("coach-next").hidden = true; // (one click, one step)
  let next;
  try {
    next = await fetchStep(k);
  } catch (err) {
    if (ticket === asked) notify(t("learn_error", { message: err.message }));
    return;
  } finally {
    if (ticket === asked) {
      busy = false;
      document.body.dataset.busy = "false";
    }
  }
  if (ticket !== asked) return;
  data = next;
  if (!mod) {
    mod = await loadGame(data.view.game);
    board = mod.createBoard($("board"), { t, act, notify, interactive: true });
  }
  render();
  schedule();
}

/** The board calls this with the text of a legal action: only the expected one goes on. */
function act(action) {
  if (!data || busy || !data.expect) return false;
  if (action !== data.expect) {
    notify(data.wrong || t("learn_wrong", { task: data.task || "" }), "warn");
    return false;
  }
  clearNotice();
  for (const button of document.querySelectorAll("[data-action], [data-move]")) button.disabled = true;
  go(data.step + 1);
  return true;
}

function schedule() {
  const next = $("coach-next");
  next.hidden = true;
  if (data.done) return;
  if (data.expect) {
    // a move with no other choice is played for the player, as at a table: they read, then go on
    if ((data.view.legal || []).length === 1) {
      next.textContent = t("learn_forced");
      next.hidden = false;
      next.onclick = () => act(data.expect);
    }
    return;
  }
  if (data.note) {
    next.textContent = t("learn_next");
    next.hidden = false;
    next.onclick = () => go(data.step + 1);
    return;
  }
  timer = setTimeout(() => go(data.step + 1), PAUSE);
}

function paragraphs(text) {
  return (text || "").split(/\n\n+/).filter(Boolean).map((part) => el("p", {}, part));
}

function renderCoach() {
  $("coach-step").textContent = t("learn_step", { k: Math.min(data.step + 1, data.steps), n: data.steps });
  $("coach-note").replaceChildren(...paragraphs(data.note));
  $("coach-task").hidden = !data.task;
  $("coach-task").textContent = data.task || "";
  $("coach-lobby").hidden = !data.done;
  Object.assign(document.body.dataset, { step: String(data.step), expect: data.expect || "", done: String(data.done) });
  // on a phone the coach is pinned to the bottom: what it points at must scroll clear of it
  const coach = $("coach");
  const pinned = getComputedStyle(coach).position === "fixed";
  const height = pinned ? `${coach.offsetHeight}px` : "0px";
  document.documentElement.style.setProperty("--coach-height", height);
  document.documentElement.style.scrollPaddingBottom = height;
}

/** The board's elements for the expected move: its own button (data-move) and what the step names. */
let pointed = []; // what highlight() pointed at, in the step's order

function highlight() {
  for (const node of document.querySelectorAll(".learn-target")) node.classList.remove("learn-target");
  pointed = [];
  if (!data || !data.expect) return pointed;
  const selectors = [`[data-move="${CSS.escape(data.expect)}"]`, ...(data.highlight || [])];
  const found = [];
  for (const selector of selectors) {
    for (const node of $("board").querySelectorAll(selector)) {
      node.classList.add("learn-target");
      found.push(node);
    }
  }
  pointed = found;
  return found;
}

function renderMoves() {
  const legal = data.view.legal || [];
  $("moves").replaceChildren(...(legal.length ? legal.map((entry) => el("button", {
    type: "button", class: "move", "data-action": entry.action, title: entry.action,
  }, richText(mod, entry.label || entry.action))) : [el("p", { class: "muted" }, t("no_moves"))]));
}

function render() {
  const view = data.view;
  document.title = t("learn_page_title", { game: data.game_name });
  $("title").textContent = t("learn_page_title", { game: data.game_name });
  renderSeats($("seats"), view, mod);
  $("prompt").textContent = view.prompt || "";
  $("end").hidden = !view.terminal;
  if (view.terminal) renderScores($("scores"), view);
  const moved = shownStep !== null && shownStep !== data.step;
  const before = moved ? snapshot($("board")) : null;
  board.update(view);
  markFresh($("board"), before);
  renderMoves();
  renderLog($("log"), view, mod, !moved || data.step < shownStep);
  shownStep = data.step;
  renderCoach();
  bringNext(highlight());
}

/** Once the board has its size (a board may lay itself out after drawing), bring into sight the
 * first thing to click that is not picked yet, or the scores at the end. */
function bringNext(targets) {
  const shown = data;
  requestAnimationFrame(() => requestAnimationFrame(() => {
    if (data !== shown) return;
    const next = targets.find((node) => node.isConnected && node.getAttribute("aria-pressed") !== "true"
      && !node.classList.contains("selected"));
    if (next && !inSight(next)) centre(next);
    else if (!next && data.done) $("end").scrollIntoView({ block: "nearest" });
  }));
}

/** Whether an element is wholly in the part of the screen nothing covers (on a phone: under the
 * held prompt, above the coach's sheet). */
function inSight(node) {
  const box = node.getBoundingClientRect();
  const [top, bottom] = clearBand($("coach"));
  return box.top >= top && box.bottom <= bottom;
}

/** The element scrolled to the middle of the uncovered part of the screen: what it belongs to (a
 * card whose end is pointed at, a slot's neighbours) shows around it, not cut by the sheet. */
function centre(node) {
  const box = node.getBoundingClientRect();
  const [top, bottom] = clearBand($("coach"));
  window.scrollBy({ top: (box.top + box.bottom) / 2 - (top + bottom) / 2, behavior: "instant" });
  if (!inSight(node)) node.scrollIntoView({ block: "nearest" }); // (taller than the band, or a box that scrolls)
}

// the board redraws itself as the learner picks (a card, a tile): point again at what is expected
new MutationObserver(() => {
  if (data && data.expect && !$("board").querySelector(".learn-target")) bringNext(highlight());
}).observe($("board"), { childList: true, subtree: true });
// the board's size may change after it is drawn (its stylesheet arriving, a map fitting itself)
new ResizeObserver(() => {
  if (data && data.expect) bringNext(pointed);
}).observe($("board"));

$("app").addEventListener("click", (event) => {
  const target = event.target.closest("[data-action], [data-move]");
  if (!target || target.disabled) return;
  act(target.dataset.action || target.dataset.move);
});
$("notice").querySelector(".notice-close").addEventListener("click", clearNotice);
$("coach-restart").addEventListener("click", () => {
  shownStep = null;
  go(0);
});
mountToggle($("lang"));
const fillRules = setupRules($("rules-button"), $("rules"), () => mod);
onLangChange(() => {
  applyStatic();
  fillRules();
  if (data) {
    shownStep = null; // the log is drawn anew in the other language
    go(data.step);
  }
});
applyStatic();
// a hook for the browser tests: the step shown, as the server sent it
window.ludotheque = { step: () => data };
go(0);
