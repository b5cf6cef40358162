// The table's websocket (docs/web.md): hello, then a whole view, then updates (what changed since
// a step), presence and rematch messages. Reconnects with a growing delay; every connection starts
// with a whole view, so a reconnection restores the page.

import { absolute } from "./api.js";

const DELAYS = [0.5, 1, 2, 4, 8, 15];
// 4400 a bad hello, 4403 bad token, 4404 no table, 4409 rules this server no longer plays:
// retrying cannot help. (4408 too slow, 4429 too fast, 4503 crowded, 1011 a server bug: it can.)
const FINAL = new Set([4400, 4403, 4404, 4409]);

export class TableSocket {
  /**
   * handlers: view(msg), update(msg), presence(msg), rematch(msg), refused(msg), error(msg),
   * chat(msg), chat_refused(msg) (what was said, a message of ours refused: chat.js),
   * status(state, seconds): state is "connecting" | "connected" | "retry" | "closed";
   * final(code), optional: the server closed for good (4403: the token is not a seat here).
   */
  constructor(tableId, token, getLang, handlers) {
    this.url = absolute(`/ws/tables/${encodeURIComponent(tableId)}`).replace(/^http/, "ws");
    this.token = token;
    this.getLang = getLang;
    this.handlers = handlers;
    this.attempt = 0;
    this.stopped = false;
    this.ws = null;
    this.timer = null;
  }

  connect() {
    if (this.stopped) return;
    this.handlers.status("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token, lang: this.getLang(), chat: true }));
    });
    ws.addEventListener("message", (event) => this.receive(event.data));
    ws.addEventListener("close", (event) => this.closed(ws, event));
  }

  receive(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch (_) {
      return;
    }
    if (msg.type === "view") {
      if (this.attempt !== 0 || !this.live) this.handlers.status("connected");
      this.attempt = 0;
      this.live = true;
      this.handlers.view(msg);
    } else if (["update", "presence", "rematch", "clock", "thinking", "refused", "error", "chat", "chat_refused"].includes(msg.type)) {
      this.handlers[msg.type](msg);
    }
  }

  /** Connect again as someone else (``null``: a spectator) after the server closed for good. */
  reopen(token) {
    this.token = token;
    this.stopped = false;
    this.attempt = 0;
    this.connect();
  }

  /** Ask for a whole view (the page missed an update). */
  sync() {
    return this.send({ type: "sync" });
  }

  closed(ws, event) {
    if (ws !== this.ws) return;
    this.live = false;
    if (this.stopped || FINAL.has(event.code)) {
      this.stopped = true;
      this.handlers.status("closed");
      if (this.handlers.final) this.handlers.final(event.code);
      return;
    }
    const delay = DELAYS[Math.min(this.attempt, DELAYS.length - 1)];
    this.attempt += 1;
    this.handlers.status("retry", delay);
    this.timer = setTimeout(() => this.connect(), delay * 1000);
  }

  /** Send a message; false when the socket is not open (the caller shows why). */
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** Drop the connection as a network failure would (the reconnection logic takes over). */
  drop() {
    if (this.ws) this.ws.close(4000, "dropped");
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close(1000, "bye");
  }
}
