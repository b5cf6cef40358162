// The table's websocket (docs/web.md): hello, then views; reconnects with a growing delay, and
// every reconnection restores the page from the next view, since a view carries everything.

const DELAYS = [0.5, 1, 2, 4, 8, 15];

export class TableSocket {
  /**
   * handlers: view(msg), refused(msg), error(msg), status(state, seconds): state is
   * "connecting" | "connected" | "retry" | "closed".
   */
  constructor(tableId, token, getLang, handlers) {
    this.url = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws/tables/${encodeURIComponent(tableId)}`;
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
      ws.send(JSON.stringify({ type: "hello", token: this.token, lang: this.getLang() }));
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
    } else if (msg.type === "refused") {
      this.handlers.refused(msg);
    } else if (msg.type === "error") {
      this.handlers.error(msg);
    }
  }

  closed(ws, event) {
    if (ws !== this.ws) return;
    this.live = false;
    // 4403 bad token, 4404 no table: retrying cannot help
    if (this.stopped || event.code === 4403 || event.code === 4404) {
      this.stopped = true;
      this.handlers.status("closed");
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
