// The table page (/t/{id}#token=...): the generic shell around a game's board. It keeps the view
// the server sent whole, applies each update to it (asking for a whole view again when one is
// missing), and sends back only the text of an entry of view.legal.

import { NAME_KEY, api, appUrl, el, fragmentParams, iconLabel, rememberTable, rememberedName, tableIdFromPath } from "./api.js";
import { addStrings, applyStatic, lang, mountToggle, onLangChange, t } from "./i18n.js";
import { markFresh, snapshot } from "./motion.js";
import { ChatPanel } from "./chat.js";
import { TableSocket } from "./socket.js";
import { mountBell, notifyTurn, renderBell, showTurn, watchOthers } from "./turn.js";
import { clearNotice, loadGame, logAtEnd, notify, renderLog, renderScores, renderSeats, richText, setupRules } from "./view.js";

const $ = (id) => document.getElementById(id);

addStrings({
  en: {
    bad_seat_link: "This link is not a seat of this table (check the link you were sent): you are watching as a spectator.",
    confirm_play: "Play it anyway", confirm_cancel: "Cancel", menu: "Menu",
  },
  fr: {
    bad_seat_link: "Ce lien n'est pas une place de cette table (vérifiez le lien reçu) : vous regardez en spectateur.",
    confirm_play: "Jouer quand même", confirm_cancel: "Annuler", menu: "Menu",
  },
});

const tableId = tableIdFromPath();
let token = fragmentParams().get("token") || null; // null: a spectator (also after a wrong link)

let view = null; // the latest view
let mod = null; // the game's renderer module
let board = null;
let pending = false; // an action was sent on this version and not answered yet
let sentOn = null; // the version the last action (or undo) was sent on
let syncing = false; // a whole view was asked for: updates wait for it
let freshLog = true; // the log must be drawn anew (a whole view came), not only extended
let connection = ["connecting"];
let drawnVersion = null; // the step the board shows

/** Send a legal action of the current view; false (with the reason shown) when it cannot be sent.
 * An action the game asks to confirm (its entry's `confirm`: a call that can make the seat lose)
 * is sent only `confirmed` (a board that asked itself says so); otherwise the moves panel asks. */
function act(action, confirmed = false) {
  if (!view || pending) return false;
  const entry = (view.legal || []).find((e) => e.action === action);
  if (!entry) return false;
  if (entry.confirm && !confirmed) {
    asking = { version: view.version, action };
    renderMoves();
    $("confirm-cancel").focus();
    return false;
  }
  asking = null;
  if (!socket.send({ type: "action", action, version: view.version, token })) {
    notify(t("disconnected"));
    return false;
  }
  pending = true;
  sentOn = view.version;
  clearNotice();
  document.body.dataset.pending = "true";
  for (const button of document.querySelectorAll("[data-action], [data-move]")) button.disabled = true;
  return true;
}

function renderStatus() {
  const [state, seconds] = connection;
  const status = $("status");
  status.dataset.status = state;
  status.textContent = {
    connecting: t("connecting"),
    connected: t("connected"),
    retry: t("reconnecting", { s: seconds }),
    closed: t("disconnected"),
  }[state];
}

/** The action waiting for its confirmation in the moves panel ({version, action}), or null. */
let asking = null;

function renderMoves() {
  const legal = (view && view.legal) || [];
  const box = $("moves");
  if (!legal.length) {
    box.replaceChildren(el("p", { class: "muted" }, t("no_moves")));
    return;
  }
  const waiting = asking && asking.version === view.version ? legal.find((e) => e.action === asking.action) : null;
  box.replaceChildren(...(waiting ? [confirmBox(waiting)] : []), ...legal.map((entry) => el("button", {
    type: "button", class: "move", "data-action": entry.action, "data-confirm": entry.confirm ? "true" : null, // (asks first)
    title: mod && mod.moveTitle ? mod.moveTitle(entry, t) : null, // what a game's marks mean
  }, richText(mod, entry.label || entry.action))));
}

/** The warning of an action to confirm, above the moves: play it anyway, or cancel (also Escape). */
function confirmBox(entry) {
  const cancel = () => {
    asking = null;
    renderMoves();
    $("moves").querySelector(`[data-action="${CSS.escape(entry.action)}"]`)?.focus();
  };
  const box = el("div", { class: "confirm", role: "alertdialog", "aria-describedby": "confirm-text",
    "aria-label": entry.label || entry.action },
  el("p", { id: "confirm-text" }, entry.confirm),
  el("button", { type: "button", id: "confirm-play", class: "primary", onclick: () => act(entry.action, true) },
    t("confirm_play")),
  el("button", { type: "button", id: "confirm-cancel", onclick: cancel }, t("confirm_cancel")));
  box.addEventListener("keydown", (event) => {
    if (event.key === "Escape") cancel();
  });
  return box;
}

/** The seat that played the last action, at a table that allows it, may take it back (or is
told why not: it showed them something hidden). */
function renderUndo() {
  const undo = token !== null && view.undo;
  $("undo-box").hidden = !undo;
  if (!undo) return;
  $("undo").disabled = pending || !undo.allowed;
  $("undo-reason").textContent = undo.reason || "";
}

function undoMove() {
  if (!view || pending || !view.undo || !view.undo.allowed) return;
  if (!socket.send({ type: "undo", version: view.version })) {
    notify(t("disconnected"));
    return;
  }
  pending = true;
  sentOn = view.version;
  clearNotice();
  document.body.dataset.pending = "true";
  renderUndo();
}

/** At a table with hints, the seat to act may ask what the search would play: the move is
named and marked in the moves panel (and its button on the board, when the board has one). */
let hinted = null; // {version, action, text}

function renderHint() {
  const open = token !== null && view.hints && !view.terminal && (view.legal || []).length > 1;
  $("hint-box").hidden = !open;
  const shown = open && hinted !== null && hinted.version === view.version ? hinted : null;
  hintOnBoard = shown && shown.action;
  markHintOnBoard();
  if (!open) return;
  $("hint").disabled = pending || (hinted !== null && hinted.version === view.version);
  $("hint-text").textContent = shown ? shown.text : "";
  for (const button of document.querySelectorAll("#moves [data-action]")) {
    button.classList.toggle("hinted", shown !== null && button.dataset.action === shown.action);
  }
}

/** The hinted action marked on the board too: the elements that send it (data-move), or, for a
move the board builds from several clicks, what it lets one click first (its `hintTargets`, when
it has one). Boards draw themselves again on a click (a card selected): the mark follows. */
let hintOnBoard = null;

function markHintOnBoard() {
  const root = $("board");
  for (const node of root.querySelectorAll(".hinted")) node.classList.remove("hinted");
  if (!hintOnBoard) return;
  const targets = [...root.querySelectorAll(`[data-move="${CSS.escape(hintOnBoard)}"]`)];
  if (!targets.length && board && board.hintTargets) targets.push(...board.hintTargets(hintOnBoard));
  for (const node of targets) node.classList.add("hinted");
}

new MutationObserver(() => {
  if (hintOnBoard) markHintOnBoard();
}).observe($("board"), { childList: true, subtree: true });

async function askHint() {
  if (!view || !view.hints) return;
  const version = view.version;
  hinted = { version, action: null, text: t("hint_thinking") };
  renderHint();
  try {
    const answer = await api.hint(tableId, token, version);
    const chance = Math.round(answer.chance * 100);
    hinted = { version, action: answer.action, text: t("hint_says", { label: answer.label, chance }) };
  } catch (err) {
    hinted = null;
    notify(t("error", { message: err.message }));
  }
  if (view) renderHint();
}

function renderEnd() {
  const end = $("end");
  end.hidden = !view.terminal;
  if (!view.terminal) return;
  renderScores($("scores"), view);
  $("play-again").hidden = token === null;
  const next = $("next-table");
  next.hidden = token !== null || !view.next_id;
  if (view.next_id) next.href = appUrl(`/t/${encodeURIComponent(view.next_id)}`);
  // from a seat, the replay (and its analysis) is that seat's
  const mine = token !== null && Number.isInteger(view.seat)
    ? `#${new URLSearchParams({ seat: String(view.seat), token })}` : "";
  $("replay-link").href = appUrl(`/t/${encodeURIComponent(tableId)}/replay${mine}`);
}

/** A selector finding the focused control again after a re-render (keyboard players keep their place). */
function focusKey() {
  const active = document.activeElement;
  if (!active || active === document.body) return null;
  for (const attr of ["id", "data-action", "data-move", "data-index", "data-lang"]) {
    const value = active.getAttribute(attr);
    if (value) return `[${attr}="${CSS.escape(value)}"]`;
  }
  return null;
}

/** What the chat's lines depend on besides themselves: the reader, the language, the seats' names. */
let chatDrawn = null;

function render() {
  if (!view) return;
  // the layout is read before anything is written: one layout, not one for each read
  const focused = focusKey();
  // the pieces a move brings are animated in; not on the first view, nor when only the language changed
  const moved = drawnVersion !== null && drawnVersion !== view.version;
  const before = moved ? snapshot($("board")) : null;
  const logFollows = logAtEnd($("log"));
  $("title").textContent = `${view.game_name} · ${view.seat === null ? t("spectator") : t("you_are", { name: seatName(view.seat) })}`;
  Object.assign(document.body.dataset, {
    version: String(view.version), terminal: String(view.terminal), seat: String(view.seat), pending: String(pending),
  });
  renderSeats($("seats"), view, mod);
  seatInSight();
  renderClock();
  renderName();
  renderSound();
  renderBell($("notify"), token !== null);
  turnCue();
  $("prompt").textContent = view.prompt || "";
  // on a phone the prompt stays at the top of the screen with the last move under it (app.css);
  // once the game is over, the end section below says how it ended
  const last = view.terminal ? null : (view.log || []).at(-1);
  if (last) $("prompt").append(el("span", { class: "last-move", "aria-hidden": "true" }, richText(mod, last)));
  renderEnd();
  board.update(view);
  const fresh = markFresh($("board"), before);
  if (fresh) document.body.dataset.fresh = String(Number(document.body.dataset.fresh || 0) + fresh); // counted, for tests
  drawnVersion = view.version;
  renderMoves();
  renderUndo();
  renderHint();
  renderLog($("log"), view, mod, freshLog, logFollows);
  freshLog = false;
  chat.context(view.seat, view.terminal);
  const chatKey = JSON.stringify([lang(), view.seat, view.terminal, (view.seats || []).map((seat) => seat.name)]);
  if (chatKey !== chatDrawn) chat.render(); // (names may have changed)
  chatDrawn = chatKey;
  const again = focused && document.querySelector(focused);
  if (again && again !== document.activeElement) again.focus({ preventScroll: true });
}

// -- the player's name: asked for once, remembered by this browser --------------------------------
let nameTried = false; // the remembered name was offered once on this page

async function sendName(name) {
  const error = $("name-error");
  error.hidden = true;
  try {
    await api.name(tableId, token, name);
  } catch (err) {
    error.textContent = t("error", { message: err.message });
    error.hidden = false;
    $("name-form").hidden = false;
    return false;
  }
  try {
    localStorage.setItem(NAME_KEY, name.trim());
  } catch (_) {
    // not remembered: asked again next time
  }
  $("name-form").hidden = true;
  return true;
}

/** A seat without a name takes the one this browser remembers, or asks for one; once the game
 * is over, names are frozen (the server answers 409 name_frozen): nothing to ask or change. */
function renderName() {
  const mine = token !== null && view && view.seat !== null ? (view.seats || [])[view.seat] : null;
  const over = Boolean(view && view.terminal);
  $("rename").hidden = !mine || !mine.named || over;
  if (over) $("name-form").hidden = true;
  if (!mine || mine.named || over) return;
  const remembered = rememberedName();
  if (remembered && !nameTried) {
    nameTried = true;
    sendName(remembered);
    return;
  }
  const form = $("name-form");
  if (form.hidden) {
    form.hidden = false;
    if (!$("name-input").value) $("name-input").value = remembered;
  }
}

// -- a sound on one's turn: off unless asked for, the choice remembered by this browser ------------
const SOUND_KEY = "ludotheque.sound";
let soundOn = (() => {
  try {
    return localStorage.getItem(SOUND_KEY) === "on";
  } catch (_) {
    return false;
  }
})();
let audio = null;
let myTurnBefore = false;
let decidingBefore = false;

function renderSound() {
  const button = $("sound");
  button.hidden = token === null;
  iconLabel(button, soundOn ? t("sound_on") : t("sound_off"));
  button.setAttribute("aria-pressed", String(soundOn));
}

/** A short two-tone beep made on the spot (WebAudio: no sound file). */
function beep() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    for (const [at, freq] of [[0, 660], [0.12, 880]]) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(0.15, now + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.11);
      tone.connect(gain).connect(audio.destination);
      tone.start(now + at);
      tone.stop(now + at + 0.12);
    }
    document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
  } catch (_) {
    // no sound here: the highlighted seat still says it is your turn
  }
}

/** Once when the turn comes to this seat: the sound, if the player asked for it. */
function turnCue() {
  const mine = token !== null && !!view && !view.terminal && view.to_act === view.seat && (view.legal || []).length > 0;
  if (mine && !myTurnBefore && soundOn) beep();
  // a notification for a decision (one with a single legal action is the table's to play: server/played.py)
  const deciding = mine && view.legal.length > 1;
  if (deciding && !decidingBefore) notifyTurn(`${t("your_turn")} · ${view.game_name}`, view.prompt || "", tableId);
  myTurnBefore = mine;
  decidingBefore = deciding;
  showTurn(view.game_name, t("table_n", { id: tableId }), mine); // the tab's title and icon
  document.body.dataset.myTurn = String(mine);
}

// -- the clock and the bot playing for a seat whose player ran out of time or left ------------------
let clock = null; // the last clock message
let clockAt = 0; // when it came (performance.now())

function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 86400) return t("clock_long", { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function renderClock() {
  const zombies = new Set((clock && clock.zombies) || []);
  for (const item of document.querySelectorAll("#seats li[data-seat]")) {
    const seat = Number(item.dataset.seat);
    let timer = item.querySelector(".clock");
    let badge = item.querySelector(".zombie");
    const human = view && (view.seats || [])[seat] && view.seats[seat].kind === "human";
    if (clock && clock.left && human && !view.terminal) {
      let left = clock.left[seat];
      if (clock.to_act === seat && clock.version === view.version) left -= (performance.now() - clockAt) / 1000;
      if (!timer) item.append(timer = el("span", { class: "clock", title: t("time_left") }));
      const text = clockText(left);
      if (timer.textContent !== text) timer.textContent = text; // (redrawn twice a second: only what changed)
      timer.classList.toggle("low", clock.to_act === seat && left < 10);
    } else if (timer) timer.remove();
    renderThinking(item, seat);
    if (zombies.has(seat) && !badge) item.append(badge = el("span", { class: "badge zombie" }, t("zombie_badge")));
    else if (!zombies.has(seat) && badge) badge.remove();
  }
  $("zombie").hidden = !(view && token !== null && zombies.has(view.seat) && !view.terminal);
  const zombieSeats = [...zombies].join(",");
  if (document.body.dataset.zombies !== zombieSeats) document.body.dataset.zombies = zombieSeats;
  // a player who left a table without a clock: the others may let a bot play for them
  const away = ((clock && clock.gone) || []).filter((seat) => view && seat !== view.seat);
  $("away").hidden = !(token !== null && away.length && !view.terminal);
  if (!$("away").hidden) {
    $("away-text").textContent = t("away_other", { name: seatName(away[0]) });
    $("replace-away").dataset.seat = String(away[0]);
  }
}

// -- a bot thinking: its seat says so, with the most it may still take -----------------------------
let thinking = null; // the last "thinking" message
let thinkingAt = 0;

function renderThinking(item, seat) {
  let mark = item.querySelector(".thinking");
  const on = thinking && view && !view.terminal && thinking.seat === seat && thinking.version === view.version;
  if (!on) {
    if (mark) mark.remove();
    return;
  }
  if (!mark) item.append(mark = el("span", { class: "badge thinking", role: "status" }));
  mark.dataset.version = String(thinking.version); // the decision it thinks about
  const left = thinking.seconds - (performance.now() - thinkingAt) / 1000;
  mark.textContent = left >= 0.1 ? t("thinking_left", { s: left.toLocaleString(lang(), { maximumFractionDigits: 1, minimumFractionDigits: 1 }) }) : t("thinking");
}

function onThinking(msg) {
  thinking = msg;
  thinkingAt = performance.now();
  renderClock();
}

setInterval(() => { if (thinking && view && thinking.version === view.version) renderClock(); }, 100);

function onClock(msg) {
  clock = msg;
  clockAt = performance.now();
  renderClock();
}

setInterval(renderClock, 500);

/** On a phone the seats make one line that scrolls sideways: the seat to act is brought into it. */
let actingShown = null;

function seatInSight() {
  if (view.to_act === actingShown) return;
  // measured at the next frame, whose layout it reads: not one layout more in the middle of a drawing
  requestAnimationFrame(() => {
    const chip = $("seats").querySelector(".seat.acting");
    if (!chip || view.to_act === actingShown) return;
    actingShown = view.to_act;
    const bar = $("seats");
    const [inner, outer] = [chip.getBoundingClientRect(), bar.getBoundingClientRect()];
    if (inner.left < outer.left || inner.right > outer.right) bar.scrollLeft += inner.left - outer.left - 8;
  });
}

/** The top bar's menu (shown as such on a phone only, app.css): it closes on Escape, on a click
 * outside it, and once one of its items is used, except a toggle (sound, notifications, language),
 * which stays to show its new state. */
function setupMenu() {
  const button = $("menu-button");
  const menu = $("topbar-menu");
  const open = (yes) => button.setAttribute("aria-expanded", String(yes));
  button.addEventListener("click", () => {
    const opening = button.getAttribute("aria-expanded") !== "true";
    open(opening);
    if (opening) menu.querySelector("a, button:not([hidden])")?.focus();
  });
  menu.addEventListener("click", (event) => {
    const item = event.target.closest("a, button");
    if (item && !item.hasAttribute("aria-pressed")) open(false);
  });
  document.addEventListener("click", (event) => {
    if (!button.contains(event.target) && !menu.contains(event.target)) open(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && button.getAttribute("aria-expanded") === "true") {
      open(false);
      button.focus();
    }
  });
}

function seatName(seat) {
  const info = (view.seats || [])[seat];
  return info ? info.name : String(seat);
}

function show(next) {
  const moved = !view || view.version !== next.version;
  view = next;
  pending = false;
  if (moved && !$("notice").classList.contains("warn")) clearNotice();
  render();
  if (moved) renderClock(); // a bot's "thinking" mark goes with its move, not at the next tick
}

async function onView(next) {
  if (!mod || next.game !== view?.game) {
    mod = await loadGame(next.game);
    board = mod.createBoard($("board"), { t, act, notify, interactive: token !== null });
  }
  syncing = false;
  freshLog = true;
  show(next);
}

/** An update applies to the view of its base step only; otherwise ask for everything again. */
function onUpdate(msg) {
  if (syncing) return;
  if (!view || msg.base !== view.version) {
    syncing = socket.sync();
    return;
  }
  show({
    ...view, ...msg.set, version: msg.version,
    observation: { ...view.observation, ...msg.observation },
    log: view.log.concat(msg.log || []),
  });
}

function onPresence(msg) {
  if (!view) return;
  const connected = new Set(msg.connected || []);
  view.seats = view.seats.map((seat) => ({ ...seat, connected: seat.kind === "bot" || connected.has(seat.seat) }));
  renderSeats($("seats"), view, mod);
  renderClock();
}

function onRematch(msg) {
  if (!view) return;
  view.next_id = msg.next_id;
  renderEnd();
}

let queue = Promise.resolve(); // messages are handled one after the other, in the order they came

function later(handler) {
  return (msg) => {
    queue = queue.then(() => handler(msg)).catch((err) => notify(t("error", { message: String(err) })));
  };
}

const socket = new TableSocket(tableId, token, lang, {
  view: later(onView),
  update: later(onUpdate),
  presence: later(onPresence),
  rematch: later(onRematch),
  clock: later(onClock),
  thinking: later(onThinking),
  chat: later((msg) => chat.receive(msg)), // after the view before it: the names are known
  chat_refused: (msg) => chat.refused(msg),
  refused: later((msg) => {
    pending = false;
    // (after the updates before it) a click that came as the table moved on, e.g. playing this
    // seat's only choice for it, is no news
    if (!(msg.code === "stale" && view && view.version !== sentOn)) {
      notify(t("refused", { message: msg.message || msg.code }));
    }
    render();
  }),
  error: (msg) => {
    if (msg.code !== "bad_token" || token === null) notify(t("error", { message: msg.message || msg.code }));
  },
  final: (code) => {
    if (code !== 4403 || token === null) return;
    // a wrong seat link still shows the table: as a spectator, with a word on why
    token = null;
    history.replaceState(null, "", location.pathname + location.search);
    notify(t("bad_seat_link"), "warn");
    socket.reopen(null);
  },
  status: (state, seconds) => {
    connection = [state, seconds];
    renderStatus();
  },
});

const chat = new ChatPanel($("chat"), {
  tableId, seatName: (seat) => (view ? seatName(seat) : t("seat_n", { n: seat + 1 })),
  send: (msg) => socket.send(msg), toggle: $("chat-toggle"),
  name: () => rememberedName() || null, // a spectator's, as this browser remembers it
});

async function playAgain() {
  const button = $("play-again");
  button.disabled = true;
  try {
    const answer = await api.rematch(tableId, token);
    rememberTable({ id: answer.id, game: view.game, created: new Date().toISOString(),
      seats: [{ seat: view.seat, url: answer.url }], spectator_url: `/t/${answer.id}` });
    location.assign(appUrl(answer.url));
  } catch (err) {
    notify(t("error", { message: err.message }));
    button.disabled = false;
  }
}

// one click handler for every way to act: the moves panel (data-action) and the board (data-move;
// data-confirmed when the board asked for the confirmation itself)
$("app").addEventListener("click", (event) => {
  const target = event.target.closest("[data-action], [data-move]");
  if (!target || target.disabled) return;
  act(target.dataset.action || target.dataset.move, target.dataset.confirmed === "true");
});
$("notice").querySelector(".notice-close").addEventListener("click", clearNotice);
$("play-again").addEventListener("click", playAgain);
$("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  sendName($("name-input").value);
});
$("take-back").addEventListener("click", () => socket.send({ type: "back" }));
$("undo").addEventListener("click", undoMove);
$("hint").addEventListener("click", askHint);
$("replace-away").addEventListener("click", (event) => {
  socket.send({ type: "replace", seat: Number(event.currentTarget.dataset.seat) });
});
$("sound").addEventListener("click", () => {
  soundOn = !soundOn;
  try {
    localStorage.setItem(SOUND_KEY, soundOn ? "on" : "off");
  } catch (_) {
    // on for this page only
  }
  renderSound();
  if (soundOn) beep(); // what it sounds like (and the audio is unlocked by this click)
});
$("rename").addEventListener("click", () => {
  $("name-input").value = view?.seats?.[view.seat]?.name || rememberedName();
  $("name-form").hidden = false;
  $("name-input").focus();
});
mountToggle($("lang"));
setupMenu();
const fillRules = setupRules($("rules-button"), $("rules"), () => mod);
onLangChange((code) => {
  socket.send({ type: "lang", lang: code });
  renderStatus();
  renderSound();
  render();
  applyStatic();
  fillRules();
});
applyStatic();
renderStatus();
renderSound();
mountBell($("notify"), () => token !== null, (text) => notify(text, "warn"));
watchOthers(tableId);
// a hook for manual checks and the browser tests: drop the socket as a network failure would
window.ludotheque = { drop: () => socket.drop(), view: () => view };
socket.connect();
