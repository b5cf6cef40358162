// The chat of a table (docs/web.md, "Chat"): one panel for every game's table page, and read-only
// in the replay. What people write is only ever set as text (never HTML). Quick phrases are sent
// as keys and read in each reader's language. A reader may mute an author, on this browser only.
// On a phone the panel is folded behind a button of the top bar that counts what is unread.

import { el } from "./api.js";
import { addStrings, lang, t } from "./i18n.js";

export const PHRASES = ["hello", "gl", "gg", "wp", "thanks", "wait"];
const LENGTH = 280; // server/limits.py CHAT_LENGTH

addStrings({
  en: {
    chat: "Chat", chat_send: "Send", chat_empty: "Nothing said yet.",
    chat_to_players: "To the players", chat_to_spectators: "To the spectators",
    chat_room_spectators: "Spectators' room: the players read it once the game is over",
    chat_a_spectator: "A spectator", chat_mute: "Mute", chat_unmute: "Unmute", chat_muted: "(muted)",
    chat_mute_title: "Hide what {name} says, on this page",
    phrase_hello: "Hello!", phrase_gl: "Good luck!", phrase_gg: "Good game!", phrase_wp: "Nice move!",
    phrase_thanks: "Thanks!", phrase_wait: "One moment, please",
  },
  fr: {
    chat: "Discussion", chat_send: "Envoyer", chat_empty: "Rien n'a encore été dit.",
    chat_to_players: "Aux joueurs", chat_to_spectators: "Aux spectateurs",
    chat_room_spectators: "Salon des spectateurs : les joueurs le lisent une fois la partie finie",
    chat_a_spectator: "Un spectateur", chat_mute: "Masquer", chat_unmute: "Afficher", chat_muted: "(masqué)",
    chat_mute_title: "Masquer ce que dit {name}, sur cette page",
    phrase_hello: "Bonjour !", phrase_gl: "Bonne chance !", phrase_gg: "Bien joué !", phrase_wp: "Joli coup !",
    phrase_thanks: "Merci !", phrase_wait: "Un instant, s'il vous plaît",
  },
});

export class ChatPanel {
  /**
   * root: the panel's element (emptied and filled here); tableId: whose mutes to remember;
   * seatName(seat): a player's name as the page shows it; send(message): false when it could not
   * be sent (null: a replay, read only); toggle: the top bar's button that unfolds the panel on a
   * phone; name(): a spectator's name to send with their words (or null).
   */
  constructor(root, { tableId, seatName, send = null, toggle = null, name = () => null }) {
    Object.assign(this, { root, seatName, sendMessage: send, toggle, name });
    this.muteKey = `ludotheque.muted.${tableId}`;
    this.lines = new Map(); // id -> line
    this.you = null; // our own author key: nothing of ours to mute
    this.seat = null;
    this.terminal = false;
    this.upto = Infinity; // a replay shows what was said up to its step
    this.seen = 0; // the last line the reader had in sight
    this.muted = new Set(this.load());
    this.list = el("ol", { class: "chat-lines", "aria-live": "polite" });
    this.error = el("p", { class: "notice error chat-error", role: "alert", hidden: true });
    this.room = el("select", { class: "chat-room", hidden: true });
    this.input = el("input", { class: "chat-input", type: "text", maxlength: String(LENGTH), autocomplete: "off" });
    this.phrases = el("div", { class: "chat-phrases" });
    this.title = el("h2", {});
    this.form = el("form", { class: "chat-form", onsubmit: (event) => {
      event.preventDefault();
      if (this.input.value.trim() && this.say({ text: this.input.value })) this.input.value = "";
    } }, this.room, this.input, el("button", { type: "submit", class: "primary chat-send" }));
    this.close = el("button", { type: "button", class: "small chat-close", onclick: () => this.fold(true) });
    const writable = send !== null;
    root.replaceChildren(el("div", { class: "chat-head" }, this.title, writable ? this.close : null), this.list,
      writable ? this.phrases : null, writable ? this.form : null, this.error);
    if (toggle) toggle.addEventListener("click", () => this.fold(document.body.dataset.chat === "open"));
    this.render();
  }

  load() {
    try {
      return JSON.parse(localStorage.getItem(this.muteKey) || "[]");
    } catch (_) {
      return [];
    }
  }

  /** A `chat` message of the socket: the whole chat the reader reads (`reset`), or new lines. */
  receive(msg) {
    if (msg.reset) {
      this.lines.clear();
      this.you = msg.you ?? this.you;
    }
    for (const line of msg.messages || []) this.lines.set(line.id, line);
    if (msg.reset && this.seen === 0) this.seen = this.lastId(); // the history is not news
    this.root.dataset.heard = "true"; // (for tests: the chat came)
    this.render();
  }

  /** The lines of a replay, all at once (shown up to its step: `at`). */
  setLines(lines) {
    this.receive({ reset: true, messages: lines });
  }

  at(step) {
    this.upto = step;
    this.render();
  }

  refused(msg) {
    this.error.textContent = msg.message || msg.code;
    this.error.hidden = false;
  }

  /** Who reads: their seat (null: a spectator), and whether the game is over (the rooms open);
   *  drawn at the next `render`. */
  context(seat, terminal) {
    this.seat = seat;
    this.terminal = terminal;
  }

  say(fields) {
    const message = { type: "chat", ...fields };
    if (this.terminal) message.room = this.room.value;
    const name = this.seat === null ? this.name() : null;
    if (name) message.name = name;
    this.error.hidden = true;
    if (!this.sendMessage(message)) {
      this.refused({ message: t("disconnected") });
      return false;
    }
    return true;
  }

  fold(folded) {
    document.body.dataset.chat = folded ? "folded" : "open";
    if (!folded) this.input.focus({ preventScroll: true });
    this.render();
  }

  mute(author) {
    if (this.muted.has(author)) this.muted.delete(author);
    else this.muted.add(author);
    try {
      localStorage.setItem(this.muteKey, JSON.stringify([...this.muted]));
    } catch (_) {
      // muted on this page only
    }
    this.render();
  }

  lastId() {
    return Math.max(0, ...this.lines.keys());
  }

  who(line) {
    return line.seat !== null && line.seat !== undefined ? this.seatName(line.seat) : line.name || t("chat_a_spectator");
  }

  row(line) {
    const mine = line.author === this.you;
    const muted = !mine && this.muted.has(line.author);
    const who = this.who(line);
    const words = muted ? t("chat_muted") : line.phrase ? t(`phrase_${line.phrase}`) : line.text;
    const classes = ["chat-line", `room-${line.room}`, line.seat === null ? "by-spectator" : "by-player"];
    if (mine) classes.push("mine");
    if (muted) classes.push("muted");
    return el("li", {
      class: classes.join(" "), "data-id": String(line.id), "data-room": line.room, "data-author": line.author,
      title: line.room === "spectators" ? t("chat_room_spectators") : null,
    }, el("b", { class: "who" }, who), " ", el("span", { class: "words" }, words),
    mine || this.sendMessage === null ? null : el("button", {
      type: "button", class: "small chat-mute", title: t("chat_mute_title", { name: who }),
      onclick: () => this.mute(line.author),
    }, t(muted ? "chat_unmute" : "chat_mute")));
  }

  render() {
    this.renderControls();
    const shown = [...this.lines.values()].filter((line) => line.step <= this.upto).sort((a, b) => a.id - b.id);
    const bottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 30;
    this.list.replaceChildren(...(shown.length ? shown.map((line) => this.row(line))
      : [el("li", { class: "muted chat-none" }, t("chat_empty"))]));
    if (bottom) this.list.scrollTop = this.list.scrollHeight; // follows the talk, unless read higher up
    this.renderToggle(shown);
  }

  /** The panel's own words and controls, drawn again only when the language or the reader's
   *  rooms change (a keyboard reader keeps their place among them). */
  renderControls() {
    const key = `${lang()} ${this.seat} ${this.terminal}`;
    if (key === this.controls) return;
    this.controls = key;
    this.title.textContent = t("chat");
    this.close.textContent = t("close");
    this.form.querySelector(".chat-send").textContent = t("chat_send");
    this.phrases.replaceChildren(...PHRASES.map((key) => el("button", {
      type: "button", class: "small chat-phrase", "data-phrase": key, onclick: () => this.say({ phrase: key }),
    }, t(`phrase_${key}`))));
    const own = this.seat === null ? "spectators" : "players";
    const chosen = this.room.value || own;
    this.room.replaceChildren(...["players", "spectators"].map((room) => el("option", {
      value: room, selected: room === chosen,
    }, t(`chat_to_${room}`))));
    this.room.hidden = !this.terminal; // the rooms open at the end (server/chat.py)
    this.input.placeholder = t(`chat_to_${own}`);
    this.input.setAttribute("aria-label", t(`chat_to_${own}`));
  }

  /** The top bar's button (phones): the chat's name and how many lines came since it was read. */
  renderToggle(shown) {
    if (!this.toggle) return;
    const open = this.root.getClientRects().length > 0; // in sight: unfolded, or a wide screen
    if (open) this.seen = Math.max(this.seen, this.lastId());
    const unread = shown.filter((line) => line.id > this.seen && line.author !== this.you
      && !this.muted.has(line.author)).length;
    this.toggle.setAttribute("aria-expanded", String(document.body.dataset.chat === "open"));
    this.toggle.replaceChildren(t("chat"), unread ? el("span", { class: "chat-unread" }, String(unread)) : "");
    this.toggle.dataset.unread = String(unread);
  }
}
