// The Gargon board: piles, discard, the round, every seat's hand / cards in play / won pile,
// and the natural ways to act (select cards then play, click a pile to draw, click a colour to
// fight, pass / stop). Everything is drawn from the view's observation; actions sent are always
// the text of an entry of view.legal, never built here.

import { boardStyle, el } from "../../static/js/api.js";
import { bringIntoSight } from "../../static/js/sight.js";
import { tapTips } from "../../static/js/tips.js";
import { LETTERS, cardEl, cardNames, colourChip, legendOf } from "./cards.js";

export { rules } from "./rules.js";

// the board's own stylesheet, served beside this module from the game's folder, before any drawing
await boardStyle("gargon", new URL("./board.css", import.meta.url));

export const strings = {
  en: {
    g_card: "{colour} {creature} {value}, {amulets} amulets",
    g_card_one: "{colour} {creature} {value}, 1 amulet",
    g_card_back: "{colour} {creature}, face down",
    g_hand: "Hand",
    g_your_hand: "Your hand",
    g_in_play: "In play",
    g_won: "Won",
    g_pile: "Pile {n}",
    g_pile_count: "{n} cards, top first", g_pile_count_1: "1 card",
    g_pile_empty: "empty",
    g_draw_from: "Draw from pile {n}",
    g_discard: "Discard ({n})",
    g_round: "Round",
    g_shape: "shape {shape}",
    g_shape_open: "the first player has not played yet",
    g_colours_played: "colours played",
    g_final_round: "Final round: a pile is empty",
    g_open_variant: "Open variant: won cards lie face up",
    g_phase: "Phase: {phase}",
    g_phase_place: "placing",
    g_phase_pass_draw: "drawing after a pass",
    g_phase_fight: "fights",
    g_phase_loser_draw: "a loser draws",
    g_phase_over: "game over",
    g_play_selected: "Play the selected cards",
    g_clear: "Clear",
    g_selected: "Selected: {cards}",
    g_select_hint: "Select one to three cards of your hand, then play them.",
    g_pass: "Pass",
    g_stop: "Stop drawing",
    g_choose_colour: "Choose the colour to fight:",
    g_first: "first player",
    g_passed: "passed",
    g_none: "—",
    g_select_first: "Select the cards to play first.",
    g_fight_in: "Fight in {colour} ({creature})",
    g_tip_back: "Everybody sees its colour ({colour}); only its owner knows its value.",
    g_tip_zero: "A 0 wins only when it is alone in its fight; won, it doubles your {colour} amulets (both 0s: times four).",
    g_tip_strong: "{value}: a strong card to win a fight, but no amulet (no point of its own).",
    g_tip_amulet_one: "{value} in a fight; won, its amulet is worth 1 point.",
    g_tip_amulets: "{value} in a fight; won, its {n} amulets are worth {n} points.",
    g_tip_colour: "{colour} ({creature}): whoever wins the most {colour} cards gets 10 points (5 each when tied).",
    g_tip_pile: "The backs show every card's colour, top first; values stay hidden.",
    g_tip_won: "Won cards: their amulets count at the end, and the most cards of a colour earn 10 points.",
    g_and: " and ",
  },
  fr: {
    g_card: "{creature} {colour} {value}, {amulets} amulettes",
    g_card_one: "{creature} {colour} {value}, 1 amulette",
    g_card_back: "{creature} {colour}, face cachée",
    g_hand: "Main",
    g_your_hand: "Votre main",
    g_in_play: "En jeu",
    g_won: "Remportées",
    g_pile: "Pioche {n}",
    g_pile_count: "{n} cartes, sommet d'abord", g_pile_count_1: "{n} carte",
    g_pile_empty: "vide",
    g_draw_from: "Piocher dans la pioche {n}",
    g_discard: "Défausse ({n})",
    g_round: "Manche",
    g_shape: "rapport {shape}",
    g_shape_open: "le premier joueur n'a pas encore posé",
    g_colours_played: "couleurs jouées",
    g_final_round: "Dernière manche : une pioche est vide",
    g_open_variant: "Variante ouverte : les cartes remportées sont face visible",
    g_phase: "Phase : {phase}",
    g_phase_place: "pose",
    g_phase_pass_draw: "pioche après une passe",
    g_phase_fight: "combats",
    g_phase_loser_draw: "un perdant pioche",
    g_phase_over: "partie terminée",
    g_play_selected: "Poser les cartes choisies",
    g_clear: "Effacer",
    g_selected: "Choisies : {cards}",
    g_select_hint: "Choisissez une à trois cartes de votre main, puis posez-les.",
    g_pass: "Passer",
    g_stop: "Arrêter de piocher",
    g_choose_colour: "Choisissez la couleur du combat :",
    g_first: "premier joueur",
    g_passed: "a passé",
    g_none: "—",
    g_select_first: "Choisissez d'abord les cartes à poser.",
    g_fight_in: "Combat en {colour} ({creature})",
    g_tip_back: "Tout le monde voit sa couleur ({colour}) ; seul son propriétaire connaît sa valeur.",
    g_tip_zero: "Un 0 ne gagne que seul dans son combat ; remporté, il double vos amulettes en {colour} (les deux 0 : fois quatre).",
    g_tip_strong: "{value} : une carte forte pour gagner un combat, mais sans amulette (aucun point par elle-même).",
    g_tip_amulet_one: "{value} au combat ; remportée, son amulette vaut 1 point.",
    g_tip_amulets: "{value} au combat ; remportée, ses {n} amulettes valent {n} points.",
    g_tip_colour: "{colour} ({creature}) : qui remporte le plus de cartes en {colour} gagne 10 points (5 chacun en cas d'égalité).",
    g_tip_pile: "Les dos montrent la couleur de chaque carte, sommet d'abord ; les valeurs restent cachées.",
    g_tip_won: "Cartes remportées : leurs amulettes comptent à la fin, et le plus de cartes d'une couleur rapporte 10 points.",
    g_and: " et ",
  },
};

const sameCards = (a, b) => a.length === b.length && [...a].sort().join(" ") === [...b].sort().join(" ");

/** The entry of `entries` (view.legal or view.refused) playing exactly `cards` (a multiset), or null. */
export function playOf(entries, cards) {
  return (entries || []).find((entry) => entry.kind === "play" && sameCards(entry.cards, cards)) || null;
}

/** The first letter of a sentence in capitals (the rules' reasons start in lower case). */
const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Marks shown beside a seat's name in the shell's seats bar. */
export function seatMarks(view, seat, t) {
  const obs = view.observation;
  const marks = [];
  if (obs && obs.first_player === seat) marks.push(t("g_first"));
  if (obs && obs.passed && obs.passed[seat]) marks.push(t("g_passed"));
  return marks;
}

/** Keys for moves that travel (motion.js): a card face up is itself wherever it goes ("R14",
 *  numbered for the two 0s); a back is its seat, zone and colour, numbered; so a key names nothing
 *  the view does not show. New pieces come from a gone piece of their colour (data-travel-group). */
function travelKeys() {
  const counts = new Map();
  return (text, where) => {
    const base = text.endsWith("?") ? `${where}-${text[0]}` : `c-${text}`;
    const n = (counts.get(base) || 0) + 1;
    counts.set(base, n);
    return `${base}-${n}`;
  };
}

function zone(view, t, seat, name, cards, size, options = {}) {
  const label = el("span", { class: "zone-label", title: options.title || null }, `${t(name)} (${cards.length})`);
  const row = el("div", { class: `cards ${options.fan ? "fan" : ""} ${options.spread ? "spread" : ""}` });
  if (!cards.length) row.append(el("span", { class: "empty" }, t("g_none")));
  for (const card of cards) row.append(cardEl(view, card, t, { size, travel: options.keys && options.keys(card, `s${seat}-${name.slice(2)}`) }));
  return el("div", { class: "zone", "data-zone": name.slice(2), "data-seat": String(seat) }, label, row);
}

/** Cards grouped by colour, in the legend's order (the order of the letters). */
function byColour(cards) {
  return [...cards].sort((a, b) => LETTERS.indexOf(a[0]) - LETTERS.indexOf(b[0]));
}

export function createBoard(root, ui) {
  const { t } = ui;
  let selected = []; // indices into the own hand
  let handKey = "";
  let view = null;
  let keys = travelKeys();
  let turnKinds = ""; // the kinds of decision shown (play, draw, battle...): a new kind is looked at
  tapTips(root);

  /** The legal entries of a kind ("play", "draw", "battle", "pass", "stop"). */
  function legalOf(kind) {
    return (view.legal || []).filter((e) => e.kind === kind);
  }

  function selectedCards() {
    const hand = view.observation.hands[view.seat];
    return selected.map((i) => hand[i]);
  }

  function confirmPlay() {
    const cards = selectedCards();
    const entry = playOf(view.legal, cards);
    if (!entry) {
      const refused = playOf(view.refused, cards);
      ui.notify(refused ? sentence(refused.reason) : t(cards.length ? "g_select_hint" : "g_select_first"), "warn");
      return;
    }
    if (ui.act(entry.action)) selected = [];
  }

  function toggle(index) {
    selected = selected.includes(index) ? selected.filter((i) => i !== index) : [...selected, index];
    draw();
    const again = root.querySelector(`.g-me [data-zone="hand"] .card[data-index="${index}"]`);
    if (again) again.focus();
  }

  function moveButton(action, label) {
    return el("button", { type: "button", class: "move", "data-move": action }, label);
  }

  function pileEl(obs, p) {
    const cards = obs.piles[p];
    const entry = legalOf("draw").find((e) => e.pile === p);
    const can = ui.interactive && Boolean(entry);
    const row = el("div", { class: "cards pile-cards" });
    // keyed from the bottom, so that drawing the top leaves the others' keys as they were
    cards.forEach((card, i) => row.append(cardEl(view, card, t, { size: i === 0 ? "sm" : "xs", top: i === 0, travel: `p${p + 1}-${cards.length - i}` })));
    if (!cards.length) row.append(el("span", { class: "empty" }, t("g_pile_empty")));
    const head = el("span", { class: "zone-label" }, `${t("g_pile", { n: p + 1 })} · ${t("g_pile_count", { n: cards.length })}`);
    const attrs = { class: `g-pile ${can ? "can-draw" : ""}`, "data-pile": String(p + 1), title: t("g_tip_pile") };
    if (!can) return el("div", attrs, head, row);
    return el("button", { ...attrs, type: "button", "data-move": entry.action, "aria-label": `${t("g_draw_from", { n: p + 1 })} (${cards.length})` },
      head, row);
  }

  function centre(obs) {
    const round = el("div", { class: "g-round" },
      el("span", { class: "zone-label" }, `${t("g_round")} · ${t("g_phase", { phase: t(`g_phase_${obs.phase}`) })}`),
      obs.phase === "over" ? null : el("div", { class: "round-line" },
        obs.shape && obs.shape.length ? t("g_shape", { shape: obs.shape.join("+") }) : t("g_shape_open"),
        obs.round_colours.length ? [" · ", t("g_colours_played"), " ", ...obs.round_colours.map((l) => colourChip(view, l, t))] : []),
      obs.final_round && obs.phase !== "over" ? el("div", { class: "flag" }, t("g_final_round")) : null,
      obs.variant === "open" ? el("div", { class: "flag" }, t("g_open_variant")) : null);
    const discard = el("div", { class: "g-discard zone", "data-zone": "discard" },
      el("span", { class: "zone-label" }, t("g_discard", { n: obs.discard.length })),
      el("div", { class: "cards" }, ...obs.discard.map((c) => cardEl(view, c, t, { size: "xs", travel: keys(c, "discard") }))));
    return el("section", { class: "g-centre" }, el("div", { class: "g-piles" }, pileEl(obs, 0), pileEl(obs, 1)), round, discard);
  }

  function seatZone(obs, seat) {
    const me = seat === view.seat;
    const info = (view.seats || [])[seat] || {};
    const name = info.name || `#${seat}`;
    const marks = seatMarks(view, seat, t);
    if (obs.to_act === seat) marks.unshift(t("to_act"));
    const title = el("h3", { class: "seat-title" }, me ? `${name} (${t("you")})` : name,
      marks.length ? el("span", { class: "marks" }, ` · ${marks.join(" · ")}`) : null);
    const lead = seat === leaderFollowed(obs) ? "g-lead" : ""; // (first among the others on a narrow screen: board.css)
    const section = el("section", {
      class: `g-seat ${me ? "g-me" : ""} ${obs.to_act === seat ? "acting" : ""} ${lead}`, "data-seat": String(seat),
      "aria-label": name,
    }, title);
    const inPlay = zone(view, t, seat, "g_in_play", obs.in_play[seat], "md", { keys });
    // won cards side by side, by colour, never covering each other: who has most of a colour counts
    // (the others' as small chips, so that their seats stay short and yours stays in sight)
    const won = zone(view, t, seat, "g_won", byColour(obs.won[seat]), me ? "sm" : "xs", { spread: true, keys, title: t("g_tip_won") });
    // playing, your hand and its buttons come first (what you act on), then your short rows;
    // otherwise your short rows come first (your cards in play when you choose a fight)
    if (me) {
      const canPlay = ui.interactive && legalOf("play").length > 0;
      const buttons = controls(canPlay);
      const hand = ownHand(obs, canPlay);
      if (canPlay) section.append(hand, buttons, inPlay, won);
      else if (buttons.childElementCount) section.append(buttons, inPlay, won, hand);
      else section.append(inPlay, won, hand);
    }
    else section.append(zone(view, t, seat, "g_hand", obs.hands[seat], "sm", { fan: true, keys }), inPlay, won);
    return section;
  }

  function ownHand(obs, canPlay) {
    const hand = obs.hands[view.seat];
    const row = el("div", { class: "cards hand" });
    if (!hand.length) row.append(el("span", { class: "empty" }, t("g_none")));
    hand.forEach((card, i) => {
      const node = cardEl(view, card, t, { size: "lg", button: canPlay, selected: selected.includes(i), travel: keys(card, `s${view.seat}-hand`) });
      node.dataset.index = String(i);
      if (canPlay) node.addEventListener("click", () => toggle(i));
      row.append(node);
    });
    const box = el("div", { class: "zone", "data-zone": "hand", "data-seat": String(view.seat) },
      el("span", { class: "zone-label" }, `${t("g_your_hand")} (${hand.length})`), row);
    return box;
  }

  function controls(canPlay) {
    const bar = el("div", { class: "g-controls" });
    if (canPlay) {
      const cards = selectedCards();
      bar.append(
        el("button", { type: "button", class: "primary", id: "play-selected", onclick: confirmPlay }, t("g_play_selected")),
        el("button", { type: "button", id: "clear-selection", disabled: !cards.length, onclick: () => { selected = []; draw(); } }, t("g_clear")),
        el("span", { class: "hint", "aria-live": "polite" }, cards.length ? t("g_selected", { cards: cardNames(view, cards) }) : t("g_select_hint")),
      );
    }
    const words = { pass: "g_pass", stop: "g_stop" };
    for (const kind of ["pass", "stop"]) {
      for (const e of ui.interactive ? legalOf(kind) : []) bar.append(moveButton(e.action, t(words[kind])));
    }
    const battles = ui.interactive ? legalOf("battle") : [];
    if (battles.length) {
      bar.append(el("div", { class: "g-fight" }, el("span", {}, t("g_choose_colour")),
        ...battles.map((e) => {
          const legend = legendOf(view, e.colour);
          return el("button", { type: "button", class: "colour-choice", "data-move": e.action,
            "aria-label": t("g_fight_in", { colour: legend.name, creature: legend.creature }) },
          colourChip(view, legend.letter));
        })));
    }
    return bar;
  }

  /** The round's first player when this seat is to follow their cards in play, else null. */
  function leaderFollowed(obs) {
    const leader = obs.first_player;
    const following = ui.interactive && leader !== view.seat && legalOf("play").length > 0;
    return following && (obs.in_play[leader] || []).length ? leader : null;
  }

  function seatOrder(obs) {
    const n = obs.players;
    if (view.seat === null || view.seat === undefined) return [...Array(n).keys()];
    // the others clockwise after me, then me at the bottom
    return [...Array(n).keys()].map((k) => (view.seat + 1 + k) % n);
  }

  function draw() {
    const obs = view.observation;
    const hand = view.seat === null || view.seat === undefined ? [] : obs.hands[view.seat];
    if (hand.join(" ") !== handKey) {
      selected = [];
      handKey = hand.join(" ");
    }
    keys = travelKeys();
    const order = seatOrder(obs);
    const others = order.filter((s) => s !== view.seat);
    const seats = el("div", { class: "g-seats" }, ...others.map((s) => seatZone(obs, s)));
    const me = order.includes(view.seat) ? seatZone(obs, view.seat) : null;
    // below the others comes what you choose from, so that it fits a laptop's screen: the piles
    // when you draw, else your own cards (your hand, your cards in play, your won pile)
    const drawing = legalOf("draw").length > 0;
    root.replaceChildren(el("div", { class: `g-board ${drawing && ui.interactive ? "drawing" : ""}` }, seats, ...(drawing ? [centre(obs), me] : [me, centre(obs)])));
    showTurn();
  }

  /** When a decision comes to this seat, what it acts on is brought into sight if it is not. */
  function showTurn() {
    const kinds = [...new Set((ui.interactive ? view.legal || [] : []).map((e) => e.kind))].join(",");
    const began = kinds && kinds !== turnKinds;
    turnKinds = kinds;
    if (!began) return;
    // a draw comes with "stop" (or "pass") under the hand: the piles and those buttons together
    // following, the leader's cards in play (what you follow) with your hand
    const where = kinds.includes("draw") ? [".g-piles", ".g-me .g-controls"]
      : kinds.includes("battle") ? [".g-fight"] : [".g-me [data-zone='hand']", ".g-lead [data-zone='in_play']"];
    // measured on the next frame, once the new drawing is laid out
    requestAnimationFrame(() => bringIntoSight(where.map((w) => root.querySelector(w))));
  }

  return {
    update(next) {
      view = next;
      learnWords(view.legend);
      draw();
    },
    /** What to click first for `action` when no button sends it whole (a hint): the cards of a
     * play in your hand. */
    hintTargets(action) {
      const entry = (view.legal || []).find((e) => e.action === action);
      if (!entry || entry.kind !== "play") return [];
      return [...root.querySelectorAll('.g-me [data-zone="hand"] .card[data-card]')].filter((node) => entry.cards.includes(node.dataset.card));
    },
  };
}

const TOKEN = /\b([WBVRYG])(1[0-5]|[0-9]|\?)(?!\w)/g;
/** Cards named in words ("rouge 14", "rouge ?"), learnt from the legend of the last view shown:
 *  the pattern and the letter of each colour word. */
let wordTokens = null;

function learnWords(legend) {
  if (!legend || !legend.colours) return; // a view that did not change the legend
  const words = legend.colours.filter((c) => c.word && c.word !== c.letter);
  if (!words.length) {
    wordTokens = null;
    return;
  }
  const letters = Object.fromEntries(words.map((c) => [c.word, c.letter]));
  const names = words.map((c) => c.word).sort((a, b) => b.length - a.length).join("|");
  wordTokens = { pattern: new RegExp(`(?<![\\p{L}])(${names}) (1[0-5]|[0-9]|\\?)(?![\\p{L}\\d])`, "gu"), letters };
}

/** Text with every card (R14, R?, rouge 14, rouge ?) drawn as a small chip of its colour. */
export function richText(text) {
  const out = document.createDocumentFragment();
  const found = [...text.matchAll(TOKEN)].map((m) => ({ m, letter: m[1] }));
  if (wordTokens) found.push(...[...text.matchAll(wordTokens.pattern)].map((m) => ({ m, letter: wordTokens.letters[m[1]] })));
  found.sort((a, b) => a.m.index - b.m.index);
  let last = 0;
  for (const { m, letter } of found) {
    if (m.index < last) continue;
    const chip = el("span", { class: `tok c-${letter}` }, m[0]);
    out.append(text.slice(last, m.index));
    last = m.index + m[0].length;
    if (text[last] === ",") { // the comma keeps to its card (a button sets gaps between its pieces)
      out.append(el("span", {}, chip, ","));
      last += 1;
    } else out.append(chip);
  }
  out.append(text.slice(last));
  return out;
}
