// The HTTP API of docs/web.md, and the small helpers every page needs around it.

import { lang } from "./i18n.js";

/** An API error: the server's {detail, code} with the HTTP status. */
export class ApiError extends Error {
  constructor(status, code, detail) {
    super(detail || `HTTP ${status}`);
    this.status = status;
    this.code = code || "http";
  }
}

async function request(method, path, body) {
  // the server answers (its refusals too) in the page's language, not the browser's
  const init = { method, headers: { Accept: "application/json", "Accept-Language": lang() } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(appUrl(path), init);
  } catch (err) {
    throw new ApiError(0, "network", String(err && err.message ? err.message : err));
  }
  let data = null;
  try {
    data = await response.json();
  } catch (_) {
    data = null;
  }
  if (!response.ok) {
    const detail = data && typeof data.detail === "string" ? data.detail : response.statusText;
    throw new ApiError(response.status, data && data.code, detail);
  }
  return data;
}

export const api = {
  /** The games, their options in the language `lang` when the game has words for them. */
  games: (lang) => request("GET", lang ? `/api/games?lang=${lang}` : "/api/games"),
  /** A page of tables, newest first; `before` is the previous page's `next`. */
  tables: (status, before) => {
    const query = new URLSearchParams();
    if (status) query.set("status", status);
    if (before) query.set("before", before);
    const text = query.toString();
    return request("GET", text ? `/api/tables?${text}` : "/api/tables");
  },
  /** The unfinished tables with a seat anyone may take, newest first. */
  openTables: () => request("GET", "/api/tables?seats=open"),
  /** The summaries of the tables `ids` (at most 20), in one request. */
  tablesOf: (ids) => request("GET", `/api/tables?ids=${ids.map(encodeURIComponent).join(",")}`),
  table: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}`),
  createTable: (body) => request("POST", "/api/tables", body),
  /** Take an open seat of table `id` (the first one open): {id, seat, url}. */
  join: (id) => request("POST", `/api/tables/${encodeURIComponent(id)}/join`, {}),
  name: (id, token, name) => request("POST", `/api/tables/${encodeURIComponent(id)}/name`, { token, name }),
  /** What the search would play for this seat now, at a table with hints. */
  hint: (id, token, version) => request("POST", `/api/tables/${encodeURIComponent(id)}/hint`, { token, version }),
  rematch: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, { token }),
  replay: (id, step, seat, lang) => {
    const query = new URLSearchParams({ step: String(step), lang });
    if (seat !== null && seat !== undefined) query.set("seat", String(seat));
    return request("GET", `/api/tables/${encodeURIComponent(id)}/replay?${query}`);
  },
  /** Start the post-game analysis of a seat's moves (a finished game), as the player of `token`. */
  analyse: (id, seat, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/analysis`, { seat, token }),
  /** Where the analysis of a seat's moves stands, its moves named in `lang` once done. */
  analysis: (id, seat, lang) => request("GET", `/api/tables/${encodeURIComponent(id)}/analysis?seat=${seat}&lang=${lang}`),
  leaderboard: (game, lang) => request("GET", `/api/leaderboard/${encodeURIComponent(game)}?lang=${lang}`),
  /** A page of a player's finished games, newest first (`game`: one game's only). */
  playerGames: (name, game, before, lang) => {
    const query = new URLSearchParams({ lang });
    if (game) query.set("game", game);
    if (before) query.set("before", before);
    return request("GET", `/api/players/${nameSegment(name)}/games?${query}`);
  },
  /** The claimed name this browser is signed in as ({name: null}: none). */
  session: () => request("GET", "/api/session"),
  signIn: (name, password) => request("POST", "/api/session", { name, password }),
  claim: (name, password) => request("POST", "/api/accounts", { name, password }),
  signOut: () => request("DELETE", "/api/session"),
  /** Where the signed-in claimed name is mailed when it is their turn (null: nowhere). */
  setEmail: (email) => request("PUT", "/api/session/email", { email }),
  /** The tables where the signed-in claimed name took a seat, where it is to act first. */
  accountTables: () => request("GET", "/api/session/tables"),
  /** A link of this browser's own to the signed-in claimed name's seat at table `id`. */
  seatLink: (id) => request("POST", `/api/tables/${encodeURIComponent(id)}/link`),
  /** What was said at a finished table (both rooms, in order: chat.js shows it). */
  chat: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}/chat`),
  recordUrl: (id) => appUrl(`/api/tables/${encodeURIComponent(id)}/record`),
};

/** A path of the app ("/api/games", "/t/abc#token=...": the server's paths, and the pages' own)
 * where the app is served: under the page's <base>, "/" or a prefix behind a proxy
 * (server/prefix.py). "/t/abc" stays "/t/abc" without a prefix, and is "/ludo/t/abc" under one. */
export function appUrl(path) {
  const url = new URL(String(path).replace(/^\//, ""), document.baseURI);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** This page's path within the app ("/t/abc", whatever prefix it is served under). */
export function appPath() {
  const base = new URL(document.baseURI).pathname;
  const path = location.pathname;
  return path.startsWith(base) ? `/${path.slice(base.length)}` : path;
}

/** The table id of a page at /t/{id} or /t/{id}/replay. */
export function tableIdFromPath() {
  const parts = appPath().split("/").filter(Boolean);
  return parts[0] === "t" && parts[1] ? decodeURIComponent(parts[1]) : null;
}

/** key=value pairs of the URL fragment (#token=...&step=3). */
export function fragmentParams() {
  return new URLSearchParams(location.hash.replace(/^#/, ""));
}

/** Absolute URL of a path given by the server (to copy and send). */
export function absolute(path) {
  return new URL(appUrl(path), location.origin).href;
}

/** Create an element: el("button", {class: "x", onclick: fn, "aria-label": "..."}, child, ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (name === "class") node.className = value;
    else if (name === "dataset") Object.assign(node.dataset, value);
    else if (value === true) node.setAttribute(name, "");
    else node.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A top-bar toggle's words, which a phone hides behind the toggle's icon (its CSS ::before): the
 * words stay its accessible name. */
export function iconLabel(button, text) {
  button.replaceChildren(el("span", { class: "label" }, text));
  button.setAttribute("aria-label", text);
}

/** A key named in a sentence, "(R)": one capital letter or a key's name, in parentheses. */
const KEY_MARK = /\s?\((?:[A-Z]|Enter|Entrée|Esc|Échap|Space|Espace)\)/g;

/** The nodes of a sentence of the game's words whose keyboard keys, "(R)", are marked
 * `.key-hint`: a touch screen has no keyboard, and app.css hides them there. */
export function keyHints(text) {
  const nodes = [];
  let from = 0;
  for (const match of text.matchAll(KEY_MARK)) {
    nodes.push(text.slice(from, match.index), el("span", { class: "key-hint" }, match[0]));
    from = match.index + match[0].length;
  }
  nodes.push(text.slice(from));
  return nodes.filter((node) => node !== "");
}

/** Load a board's own stylesheet once (`url` beside its module) and wait for it, so that the board
 *  is never drawn unstyled: a first drawing without its layout would flash, and the next one would
 *  make the pieces travel from where the unstyled page had put them. A board awaits it at its top
 *  level; a stylesheet that fails to load is not waited for. */
export function boardStyle(name, url) {
  const found = document.querySelector(`link[data-board="${name}"]`);
  if (found) return found.ready || Promise.resolve();
  const link = el("link", { rel: "stylesheet", href: String(url), "data-board": name });
  link.ready = new Promise((done) => {
    link.addEventListener("load", done, { once: true });
    link.addEventListener("error", done, { once: true });
  });
  document.head.append(link);
  return link.ready;
}

/** A name as one path segment: percent-encoded, and marked with a leading "~" when it is "." or
 * ".." (which browsers resolve as dot segments, even encoded) or starts with "~" itself; the
 * server takes one "~" off (server/players.py). */
export function nameSegment(name) {
  return encodeURIComponent(/^(\.\.?|~.*)$/s.test(name) ? `~${name}` : name);
}

/** The name a segment made by nameSegment names. */
export function nameOfSegment(segment) {
  const name = decodeURIComponent(segment);
  return name.startsWith("~") ? name.slice(1) : name;
}

/** The page of a player's past games. */
export function playerUrl(name) {
  return appUrl(`/players/${nameSegment(name)}`);
}

/** Where this browser remembers the name its player takes at tables. */
export const NAME_KEY = "ludotheque.name";

/** The name this browser's player took at a table (the table page remembers it), or "". */
export function rememberedName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch (_) {
    return "";
  }
}

/** The seat links this browser created, newest first (the lobby's "your tables"). */
const MINE_KEY = "ludotheque.mine";

export function myTables() {
  try {
    const list = JSON.parse(localStorage.getItem(MINE_KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch (_) {
    return [];
  }
}

export function rememberTable(entry) {
  const list = myTables().filter((item) => item.id !== entry.id);
  list.unshift(entry);
  try {
    localStorage.setItem(MINE_KEY, JSON.stringify(list.slice(0, 50)));
  } catch (_) {
    // storage full or disabled: the links are still on screen
  }
}

/** A seat's token at table `id` that this browser holds: its fragment's, else one of the seat
 * links it remembers (null: none). */
export function tokenFor(id) {
  const own = fragmentParams().get("token");
  if (own) return own;
  const mine = myTables().find((item) => item.id === id);
  const url = mine && (mine.seats || []).map((s) => s.url).find((u) => typeof u === "string" && u.includes("#token="));
  return url ? url.split("#token=")[1] : null;
}

export function forgetTable(id) {
  try {
    localStorage.setItem(MINE_KEY, JSON.stringify(myTables().filter((item) => item.id !== id)));
  } catch (_) {
    // nothing to forget
  }
}

/** Copy text to the clipboard; on plain http (no Clipboard API) select a field and copy. */
export async function copyText(text, field) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch (_) {
    // fall through to the selection way
  }
  if (field) {
    field.focus();
    field.select();
    try {
      return document.execCommand("copy");
    } catch (_) {
      return false;
    }
  }
  return false;
}
