// The Kagoun board: the river, every seat's pairs (upper card over lower card), chain and
// announcement, and the own hand (every seat's, when the view shows every hand: a replay), with
// every card drawn as a card: its letter, its two large halves by colour, and at each end its
// line of small symbols, its force and any power icon.
// Card faces come from the view's legend (printed data, public). Every legal action is reached
// from the shell's moves panel (a button with data-action="<notation>" per entry of view.legal).

import { el } from "/static/js/api.js";

export { rules } from "./rules.js";

if (!document.querySelector("link[data-board='kagoun']")) {
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./board.css", import.meta.url).href, "data-board": "kagoun" }));
}

export const strings = {
  en: { k_river: "River", k_hand: "Your hand", k_seat_hand: "Hand ({n})", k_pairs: "Pairs", k_chain: "Chain", k_points: "{n} points", k_points_0: "0 points", k_points_1: "1 point",
        k_pile: "Pile {n} · discard {d}", k_round: "Round {n}", k_called: "Kagoun!", k_out: "out",
        k_hidden: "face-down card", k_first: "first player", k_loose: "To lay again" },
  fr: { k_river: "Rivière", k_hand: "Votre main", k_seat_hand: "Main ({n})", k_pairs: "Paires", k_chain: "Chaîne", k_points: "{n} points", k_points_0: "0 point", k_points_1: "1 point",
        k_pile: "Pioche {n} · défausse {d}", k_round: "Manche {n}", k_called: "Kagoun !", k_out: "éliminé",
        k_hidden: "carte face cachée", k_first: "premier joueur", k_loose: "À reposer" },
};

const ICONS = { take: "⇄", replay: "↻", draw: "✚", defend: "♜" };

/** An announced action ("steal", ...) in the reader's words, from the view's legend. */
function announcedWords(view, action) {
  return ((view.legend || {}).announced || {})[action] || action;
}

/** A card drawn from its name ("M1", "M1~" turned; "M1a" marks line a as the paired one). */
export function cardEl(view, name, opts = {}) {
  const id = name.slice(0, 2);
  const turned = name.endsWith("~");
  const face = ((view.legend || {}).cards || {})[id];
  if (!face) return el("span", { class: "k-card k-back", title: name }, name);
  const halves = turned ? [face.halves[1], face.halves[0]] : face.halves;
  const ends = turned ? [[face.ends[1], "b"], [face.ends[0], "a"]] : [[face.ends[0], "a"], [face.ends[1], "b"]];
  const band = ([end, key]) => el("div", { class: `k-band ${opts.paired === key ? "k-paired" : ""}`, "data-end": key },
    el("span", { class: "k-smalls" }, ...end.small.map((c) => el("span", { class: `k-dot c-${c}`, title: c }))),
    el("span", { class: "k-force" }, String(end.force)),
    face.power && face.power_end === key ? el("span", { class: "k-power", title: ((view.legend || {}).powers || {})[face.power] || face.power }, ICONS[face.power] || "*") : null);
  return el("div", { class: `k-card ${opts.small ? "k-sm" : ""}`, "data-card": name, title: name },
    band(ends[0]),
    el("div", { class: "k-centre" },
      el("span", { class: `k-half k-left c-${halves[0]}`, title: halves[0] }, halves[0]),
      el("span", { class: "k-letter" }, name.replace("~", "")),
      el("span", { class: `k-half k-right c-${halves[1]}`, title: halves[1] }, halves[1])),
    band(ends[1]));
}

export function createBoard(root, ui) {
  const { t } = ui;
  let view = null;

  function pairEl(pair) {
    const [upper, lower] = pair;
    return el("div", { class: "k-pair" },
      cardEl(view, lower.slice(0, 2), { small: true, paired: lower[2] }),
      cardEl(view, upper.slice(0, 2), { small: true, paired: upper[2] }));
  }

  /** Another seat's cards, when the view shows every hand (the replay of a finished game). */
  function handRow(obs, seat) {
    const cards = obs.hands[seat];
    return el("div", { class: "k-row", "data-zone": "hand", "data-seat": String(seat) },
      el("span", { class: "zone-label" }, t("k_seat_hand", { n: cards.length })),
      ...cards.map((c) => cardEl(view, c, { small: true })));
  }

  function seatEl(obs, seat) {
    const info = (view.seats || [])[seat] || {};
    const marks = [];
    if (seat === obs.first_player) marks.push(t("k_first"));
    if (obs.called[seat]) marks.push(t("k_called"));
    if (!obs.active[seat]) marks.push(t("k_out"));
    const ann = obs.announced[seat];
    return el("section", { class: `k-seat ${obs.phase_seat === seat ? "acting" : ""}`, "data-seat": String(seat) },
      el("h3", {}, `${info.name || "#" + seat}${seat === view.seat ? " (" + t("you") + ")" : ""}`,
        marks.length ? el("span", { class: "marks" }, " · " + marks.join(" · ")) : null,
        el("span", { class: "k-pts" }, " · " + t(obs.points[seat] <= 1 ? `k_points_${obs.points[seat]}` : "k_points", { n: obs.points[seat] }))),
      el("div", { class: "k-row" }, el("span", { class: "zone-label" }, t("k_pairs")),
        ...obs.pairs[seat].map(pairEl)),
      el("div", { class: "k-row k-chain" }, el("span", { class: "zone-label" }, t("k_chain")),
        ...obs.chains[seat].map((c) => cardEl(view, c, { small: true }))),
      obs.loose && obs.loose.length && obs.phase_seat === seat
        ? el("div", { class: "k-row", "data-zone": "loose" }, el("span", { class: "zone-label" }, t("k_loose")),
          ...obs.loose.map((c) => cardEl(view, c, { small: true }))) : null,
      obs.hands && seat !== view.seat ? handRow(obs, seat) : null,
      ann ? el("div", { class: "k-ann" }, `${announcedWords(view, ann.action)}${ann.target ? " → " + ann.target : ""} `,
        ann.target ? (ann.card ? cardEl(view, ann.card.slice(0, 2), { small: true, paired: ann.card[2] })
                               : el("span", { class: "k-card k-back k-sm" }, t("k_hidden"))) : null) : null);
  }

  function draw() {
    const obs = view.observation;
    const centre = el("section", { class: "k-centre-zone" },
      el("div", { class: "zone-label" }, `${t("k_round", { n: obs.round })} · ${t("k_pile", { n: obs.pile_size, d: obs.discard.length })}`),
      el("div", { class: "k-row", "data-zone": "river" }, el("span", { class: "zone-label" }, t("k_river")),
        ...obs.river.map((c) => cardEl(view, c))));
    const seats = [...Array(obs.players).keys()].map((s) => seatEl(obs, s));
    const hand = view.seat === null || view.seat === undefined ? null
      : el("section", { class: "k-hand", "data-zone": "hand", "data-seat": String(view.seat) },
        el("span", { class: "zone-label" }, t("k_hand")),
        el("div", { class: "k-row" }, ...obs.hand.map((c) => cardEl(view, c))));
    root.replaceChildren(el("div", { class: "k-board" }, centre, ...seats, hand));
  }

  return {
    update(next) {
      view = next;
      draw();
    },
  };
}
