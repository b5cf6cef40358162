// The replay page's post-game analysis (docs/web.md, "Post-game analysis"): choose a seat, start
// it, follow its progress; then, for each decision of that seat, the win chance before it, the
// move played, the one the search prefers and what the difference cost, the costly ones marked as
// chess sites mark them (?! ? ??), with a small plot of the win chance along the game. Clicking a
// row (or a point) takes the replay to that decision.

import { api, el } from "./api.js";
import { addStrings, lang, t } from "./i18n.js";

addStrings({
  en: {
    an_title: "Analysis",
    an_seat: "Moves of",
    an_start: "Analyse",
    an_running: "Analysing… {done} / {total} decisions",
    an_starting: "Analysing…",
    an_failed: "The analysis stopped; try again.",
    an_players_only: "Only the players of this table (from their seat's link) can start an analysis.",
    an_none: "This seat had no choice to make in this game.",
    an_intro: "The search replays each decision from what this seat knew then (never the others' hidden cards).",
    an_move: "Step",
    an_chance: "Win chance",
    an_played: "Played",
    an_best: "Search prefers",
    an_cost: "Cost",
    an_same: "the same",
    an_plot: "Win chance of {name} along the game",
    an_go: "Go to step {k}, where this move was chosen",
    an_legend: "Marks: ?! inaccuracy (costs {inaccuracy} or more of the win chance) · ? mistake ({mistake}) · ?? blunder ({blunder})",
    an_mark_inaccuracy: "inaccuracy",
    an_mark_mistake: "mistake",
    an_mark_blunder: "blunder",
  },
  fr: {
    an_title: "Analyse",
    an_seat: "Coups de",
    an_start: "Analyser",
    an_running: "Analyse en cours… {done} / {total} décisions",
    an_starting: "Analyse en cours…",
    an_failed: "L'analyse s'est arrêtée ; réessayez.",
    an_players_only: "Seuls les joueurs de cette table (depuis le lien de leur place) peuvent lancer une analyse.",
    an_none: "Cette place n'a eu aucun choix à faire dans cette partie.",
    an_intro: "La recherche rejoue chaque décision à partir de ce que cette place savait alors (jamais les cartes cachées des autres).",
    an_move: "Coup",
    an_chance: "Chance de gagner",
    an_played: "Joué",
    an_best: "La recherche préfère",
    an_cost: "Coût",
    an_same: "le même",
    an_plot: "Chance de gagner de {name} au fil de la partie",
    an_go: "Aller au coup {k}, où ce choix a été fait",
    an_legend: "Marques : ?! imprécision (coûte {inaccuracy} ou plus de la chance de gagner) · ? erreur ({mistake}) · ?? gaffe ({blunder})",
    an_mark_inaccuracy: "imprécision",
    an_mark_mistake: "erreur",
    an_mark_blunder: "gaffe",
  },
});

const SYMBOLS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const POLL_MS = 500;
const SVG = "http://www.w3.org/2000/svg";

/** A share as a percentage in the page's language ("62%", "62 %"). */
function percent(x) {
  const n = Math.round(x * 100);
  return lang() === "fr" ? `${n}\u202f%` : `${n}%`;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/**
 * The analysis panel inside `root`, for the finished game `tableId`. `seatName(s)` names a seat,
 * `go(step)` moves the replay; `seat` is the seat chosen first (the reader's own, when the page
 * was opened from a seat); `token`, a seat's token at this table, lets the reader start an
 * analysis (without one, only those already made are shown). Call `render(view)` with each
 * replay view.
 */
export function mountAnalysis(root, { tableId, seat, seatName, go, token }) {
  let chosen = seat;
  let players = 0;
  let answer = null; // the server's last answer for the chosen seat
  let timer = null;
  let asked = 0; // answers to older questions (another seat, another language) are dropped
  let here = null; // the replay's step: its row is marked

  const select = el("select", { id: "analysis-seat" });
  const button = el("button", { type: "button", id: "analyse", class: "primary" });
  const status = el("p", { id: "analysis-status", class: "muted", "aria-live": "polite" });
  const bar = el("progress", { id: "analysis-progress", max: "1", value: "0", hidden: true });
  const result = el("div", { id: "analysis-result" });
  const heading = el("h2", { id: "analysis-title" });
  const label = el("span");
  root.replaceChildren(heading, el("div", { class: "analysis-controls" },
    el("label", { class: "field inline" }, label, " ", select), button), status, bar, result);
  select.addEventListener("change", () => {
    chosen = Number(select.value);
    answer = null;
    ask();
  });
  button.addEventListener("click", start);

  function setState(state) {
    document.body.dataset.analysis = state;
  }

  async function ask() {
    clearTimeout(timer);
    const mine = ++asked;
    let got;
    try {
      got = await api.analysis(tableId, chosen, lang());
    } catch (err) {
      if (mine === asked) showError(err);
      return;
    }
    if (mine !== asked) return;
    answer = got;
    draw();
    if (got.state === "running") timer = setTimeout(ask, POLL_MS);
  }

  async function start() {
    button.disabled = true;
    try {
      answer = await api.analyse(tableId, chosen, token);
    } catch (err) {
      showError(err);
      return;
    }
    if (answer.state !== "done") draw(); // (done: its moves come with the next answer)
    ask();
  }

  function showError(err) {
    status.textContent = t("error", { message: err.message });
    button.disabled = false;
    setState("error");
  }

  function draw() {
    heading.textContent = t("an_title");
    label.textContent = t("an_seat");
    button.textContent = t("an_start");
    select.replaceChildren(...Array.from({ length: players }, (_, s) =>
      el("option", { value: String(s), selected: s === chosen }, seatName(s))));
    const state = answer ? answer.state : "none";
    const moves = (answer && answer.moves) || [];
    setState(state);
    button.hidden = state === "done" || !token;
    button.disabled = state === "running";
    bar.hidden = state !== "running";
    if (state === "running") {
      const total = answer.total ?? 0;
      status.textContent = total ? t("an_running", { done: answer.done, total }) : t("an_starting");
      bar.max = String(Math.max(1, total));
      bar.value = String(answer.done || 0);
    } else if (state === "failed") {
      status.textContent = t("an_failed");
    } else if (state === "done") {
      status.textContent = moves.length ? t("an_intro") : t("an_none");
    } else {
      status.textContent = token ? t("an_intro") : t("an_players_only");
    }
    result.replaceChildren(...(state === "done" && moves.length ? [plot(moves), rows(moves), legend(answer.marks)] : []));
    markStep();
  }

  function markStep() {
    for (const row of result.querySelectorAll("tr[data-step]")) row.classList.toggle("current", Number(row.dataset.step) === here);
  }

  function rows(moves) {
    const head = el("tr", {}, ...["an_move", "an_chance", "an_played", "an_best", "an_cost"].map((key) => el("th", { scope: "col" }, t(key))), el("th", { scope: "col" }, ""));
    const body = moves.map((m) => {
      const row = el("tr", { class: `analysis-row ${m.mark ? `mark-${m.mark}` : ""}`, "data-step": String(m.step), tabindex: "0",
        title: t("an_go", { k: m.step }) },
      el("td", {}, String(m.step)),
      el("td", {}, percent(m.chance)),
      el("td", {}, m.played_label),
      el("td", {}, m.best === m.played ? el("span", { class: "muted" }, t("an_same")) : m.best_label),
      el("td", {}, m.loss >= 0.005 ? `−${percent(m.loss)}` : ""),
      el("td", { class: "mark" }, m.mark ? el("abbr", { title: t(`an_mark_${m.mark}`) }, SYMBOLS[m.mark]) : ""));
      row.addEventListener("click", () => go(m.step));
      row.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          go(m.step);
        }
      });
      return row;
    });
    return el("div", { class: "table-scroll" }, el("table", { class: "analysis-table" }, el("thead", {}, head), el("tbody", {}, ...body)));
  }

  /** The win chance before each decision, as a line; the marked decisions as dots. */
  function plot(moves) {
    const width = 400, height = 100, pad = 6;
    const x = (i) => pad + (moves.length === 1 ? (width - 2 * pad) / 2 : (i * (width - 2 * pad)) / (moves.length - 1));
    const y = (chance) => pad + (1 - chance) * (height - 2 * pad);
    const name = seatName(chosen);
    const points = moves.map((m, i) => `${x(i).toFixed(1)},${y(m.chance).toFixed(1)}`).join(" ");
    const picture = svg("svg", { class: "analysis-plot", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("an_plot", { name }) },
      svg("title", {}, t("an_plot", { name })),
      svg("line", { class: "half", x1: pad, x2: width - pad, y1: y(0.5), y2: y(0.5) }),
      svg("polyline", { class: "chance", points, fill: "none" }));
    moves.forEach((m, i) => {
      if (!m.mark) return;
      const dot = svg("circle", { class: `mark-${m.mark}`, cx: x(i).toFixed(1), cy: y(m.chance).toFixed(1), r: 4, "data-step": m.step },
        svg("title", {}, `${t("an_move")} ${m.step} · ${SYMBOLS[m.mark]} ${t(`an_mark_${m.mark}`)} · −${percent(m.loss)}`));
      dot.addEventListener("click", () => go(m.step));
      picture.append(dot);
    });
    return picture;
  }

  function legend(marks) {
    const bounds = Object.fromEntries(Object.entries(marks || {}).map(([name, bound]) => [name, percent(bound)]));
    return el("p", { class: "analysis-legend muted" }, t("an_legend", bounds));
  }

  return {
    /** The first replay view: the seats to choose from; where the analysis of the first stands. */
    render(view) {
      if (players) return; // (each step's view: the row of the step is marked by `at`)
      players = view.players;
      if (chosen >= players) chosen = 0;
      ask();
    },
    /** The language changed: the moves are named again. */
    relabel() {
      if (answer && answer.state === "done") ask();
      else draw();
    },
    /** The current step: its row is marked. */
    at(step) {
      here = step;
      markStep();
    },
  };
}
