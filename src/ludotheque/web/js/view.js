// Pieces of a view shared by the table and the replay pages: the game's renderer module, the
// seats bar, the log, the score table and the rules panel.

import { appUrl, el } from "./api.js";
import { addStrings, lang, t } from "./i18n.js";

const loaded = new Map();

/** The board module of a game (board.js in the game's own folder, served at /games/<id>/), or
 *  the plain fallback for a game that brings none. */
/** The page's notice (the element #notice with a .notice-text inside): an error by default. */
export function notify(message, kind = "error") {
  const box = document.getElementById("notice");
  box.className = `notice ${kind}`;
  box.querySelector(".notice-text").textContent = message;
  box.hidden = false;
}

export function clearNotice() {
  document.getElementById("notice").hidden = true;
}

export async function loadGame(gameId) {
  const id = /^[a-z0-9_-]+$/.test(gameId || "") ? gameId : "";
  if (!loaded.has(id)) {
    let mod;
    try {
      if (!id) throw new Error("no game");
      mod = await import(appUrl(`/games/${id}/board.js`));
    } catch (_) {
      mod = await import("./games/fallback.js");
    }
    if (mod.strings) addStrings(mod.strings);
    loaded.set(id, mod);
  }
  return loaded.get(id);
}

/** Text with the game's tokens (e.g. cards) drawn as chips, when the renderer knows them. */
export function richText(mod, text) {
  return mod.richText ? mod.richText(text) : document.createTextNode(text);
}

export function renderSeats(container, view, mod) {
  const items = (view.seats || []).map((seat) => {
    const me = seat.seat === view.seat;
    const marks = mod.seatMarks ? mod.seatMarks(view, seat.seat, t) : [];
    if (view.to_act === seat.seat) marks.unshift(t("to_act"));
    // a bot's name says its kind in the reader's words ("Robot heuristique"): the badge says only "bot"
    const kind = seat.kind === "bot" ? t("bot") : seat.open ? t("open_seat_badge") : null; // (a seat anyone may take)
    const online = seat.kind === "bot" || seat.connected;
    const presence = !view.replay && seat.connected !== null; // a replay shows no one as here
    return el("li", {
      class: `seat ${me ? "me" : ""} ${view.to_act === seat.seat ? "acting" : ""}`,
      "data-seat": String(seat.seat),
      "aria-current": view.to_act === seat.seat ? "true" : null,
    },
    presence ? el("span", { class: `dot ${online ? "on" : "off"}`, title: online ? t("online") : t("offline"), role: "img",
      "aria-label": online ? t("online") : t("offline") }) : null,
    el("b", {}, me ? `${seat.name} (${t("you")})` : seat.name),
    kind ? el("span", { class: "badge" }, kind) : null,
    marks.length ? el("span", { class: "marks" }, marks.join(" · ")) : null);
  });
  container.replaceChildren(...items);
}

/** Whether the log's box shows its end (the reader did not scroll up to read). A layout read: a
 *  page drawing several parts makes it before it writes any (one layout, not one for each read). */
export function logAtEnd(list) {
  const box = list.parentElement;
  return !box || !list.childElementCount || box.scrollHeight - box.scrollTop - box.clientHeight < 40;
}

/** The log; with fresh false, only the lines beyond those already shown are added. `atEnd`:
 *  logAtEnd(list), read before the page changed (read here when not given). */
export function renderLog(list, view, mod, fresh = true, atEnd = logAtEnd(list)) {
  const lines = view.log || [];
  const box = list.parentElement;
  const shown = list.childElementCount;
  // the newest line comes into sight when lines are added, unless the reader scrolled up to read
  const grew = lines.length !== shown;
  const line = (text) => el("li", {}, richText(mod, text));
  if (fresh || lines.length < shown) list.replaceChildren(...lines.map(line));
  else {
    // the new lines come in with a short animation (none under prefers-reduced-motion)
    const added = lines.slice(shown).map(line);
    for (const item of added) {
      item.classList.add("fresh");
      item.addEventListener("animationend", () => item.classList.remove("fresh"), { once: true });
    }
    list.append(...added);
  }
  // (at the next frame, whose layout it reads: not one layout more in the middle of a drawing)
  if (box && grew && atEnd) requestAnimationFrame(() => { box.scrollTop = box.scrollHeight; });
}

/** A replay's log: one entry per step (entry 0: the deal), the current one marked; clicking an
 *  entry goes to its step. */
export function renderStepLog(list, view, mod, go) {
  const entries = view.log_steps || [];
  list.replaceChildren(...entries.map((lines, step) => {
    const item = el("li", { "data-step": String(step), class: step === view.step ? "current" : null,
      "aria-current": step === view.step ? "step" : null },
    el("button", { type: "button", class: "step-link", "aria-label": t("step_of", { k: step, n: view.steps }) },
      String(step)),
    ...(lines.length ? lines : [step === 0 ? t("step_start") : "—"]).map((line) => el("span", { class: "line" }, richText(mod, line))));
    item.querySelector("button").addEventListener("click", () => go(step));
    return item;
  }));
  // the current entry comes into sight inside the log's own box: the page itself stays where it
  // is (scrollIntoView would scroll the page to the log, far below the board on a phone)
  const current = list.querySelector("li.current");
  const box = list.parentElement;
  if (current && box) {
    const top = current.offsetTop - list.offsetTop;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + current.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + current.offsetHeight - box.clientHeight;
  }
}

/** The end of a game, said once: for a seat, whether it won ("You won"), who won and why, then
 *  the score sheet (headers, rows of cells with \n line breaks; the winners' columns marked, the
 *  row equal to `totals` in bold). On a phone the sheet is laid out seat by seat (no sideways
 *  scrolling: app.css shows one layout or the other). */
export function renderScores(container, view) {
  const scores = view.scores;
  if (!scores) {
    container.replaceChildren();
    return;
  }
  const won = new Set(scores.won || []);
  const totals = (scores.totals || []).map(Number);
  const isTotals = (row) => totals.length && row.length === totals.length + 1 && row.slice(1).every((cell, i) => Number(cell) === totals[i]);
  const last = scores.rows.length - 1;
  const seatClass = (i) => (won.has(i) ? "won" : null);
  const head = el("thead", {}, el("tr", {}, ...scores.headers.map((h, i) => el("th", { scope: "col", class: i ? seatClass(i - 1) : null }, h))));
  const body = el("tbody", {}, ...scores.rows.map((row, r) => el("tr", { class: r === last && isTotals(row) ? "totals-row" : null },
    el("th", { scope: "row" }, row[0]),
    ...row.slice(1).map((cell, i) => el("td", { "data-seat": String(i), class: seatClass(i) }, cell)))));
  const box = el("div", { class: "table-scroll", tabindex: "0" }, el("table", { class: "scores" }, head, body));
  // seat by seat: each seat's column as a list of the sheet's rows
  const bySeat = el("div", { class: "sheet-seats" }, ...scores.headers.slice(1).map((name, i) => el("section", {
    class: `sheet-seat ${won.has(i) ? "won" : ""}`, "data-seat": String(i) },
  el("h3", {}, name),
  el("dl", {}, ...scores.rows.flatMap((row, r) => [
    el("dt", {}, row[0] || scores.headers[0]), el("dd", { class: r === last && isTotals(row) ? "total" : null }, row[i + 1])])))));
  const outcome = scores.outcome
    ? el("p", { class: `outcome ${won.has(view.seat) ? "won" : "lost"}` }, scores.outcome) : null;
  container.replaceChildren(...[outcome,
    el("p", { class: "winners" }, scores.winners || ""),
    scores.reason ? el("p", { class: "reason" }, sentence(scores.reason)) : null,
    box, bySeat].filter(Boolean));
  // a table wider than its box says so (an arrow, shadows: app.css) until it is scrolled to its end
  const mark = () => box.classList.toggle("more", box.scrollWidth - box.scrollLeft - box.clientWidth > 2);
  box.addEventListener("scroll", mark, { passive: true });
  if (window.ResizeObserver) new ResizeObserver(mark).observe(box);
  mark();
}

/** A reason (a clause: "the goal of 10 gold reached first") as a sentence of its own. */
function sentence(text) {
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!]$/.test(text) ? "" : ".");
}

/** The rules panel (a dialog-like aside) opened and closed by `button`. */
export function setupRules(button, panel, getMod) {
  const body = panel.querySelector(".rules-body");
  const fill = () => {
    const mod = getMod();
    body.innerHTML = mod && mod.rules ? mod.rules[lang()] || mod.rules.en : "";
  };
  const close = () => {
    panel.hidden = true;
    button.setAttribute("aria-expanded", "false");
    button.focus();
  };
  button.addEventListener("click", () => {
    if (!panel.hidden) return close();
    fill();
    panel.hidden = false;
    button.setAttribute("aria-expanded", "true");
    panel.querySelector(".close").focus();
  });
  panel.querySelector(".close").addEventListener("click", close);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !panel.hidden) close();
  });
  return fill;
}
