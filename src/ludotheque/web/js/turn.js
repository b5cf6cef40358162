// "Your turn, anywhere" (issue 33): the tab says when this page's seat is to act (its title and
// icon), and how many of the other tables this browser holds seats at wait for it too; with the
// bell on, a notification when the turn comes while the page is out of sight.

import { api, iconLabel, myTables } from "./api.js";
import { t } from "./i18n.js";

/** The page's icon, a card on a card; `turn` adds the dot that says "your turn". An SVG data
 * URL: no file to fetch, and the Content-Security-Policy allows data: images. */
function icon(turn) {
  const dot = turn ? '<circle cx="24" cy="8" r="7" fill="#e4572e" stroke="#fff" stroke-width="2"/>' : "";
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
    + '<rect x="3" y="6" width="17" height="23" rx="3" fill="#f4efe3" stroke="#2d4a6b" stroke-width="2"/>'
    + `<rect x="11" y="3" width="17" height="23" rx="3" fill="#2d4a6b"/>${dot}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

let shown = { game: "", table: "", mine: false };
let others = 0; // the other tables of this browser where its seat is to act

function paint() {
  const count = others ? `(${others}) ` : "";
  document.title = shown.mine ? `${count}● ${t("your_turn")} · ${shown.game}` : `${count}${shown.game} · ${shown.table}`;
  let link = document.querySelector('link[rel="icon"]');
  if (!link) document.head.append(link = Object.assign(document.createElement("link"), { rel: "icon" }));
  const href = icon(shown.mine);
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  document.body.dataset.othersToAct = String(others); // (for tests)
}

/** The title and icon: `game` (its name) and `table` ("Table X") in the page's words, and
 * whether this page's seat is to act. */
export function showTurn(game, table, mine) {
  shown = { game, table, mine };
  paint();
}

// -- the other tables this browser holds seats at ----------------------------------------------------
// Asked in one request for at most 20 of them (the newest the lobby's "Your tables" keeps), every
// OTHERS_SECONDS: a page costs the server one read of a few rows now and then, whatever the
// number of tables (finished ones are not asked again).
const OTHERS_SECONDS = 20;
const MAX_OTHERS = 20;
const over = new Set();

/** The seats this browser holds at each table it remembers, but `here`. */
function held(here) {
  const seats = new Map();
  for (const item of myTables()) {
    if (item.id === here || over.has(item.id) || seats.size >= MAX_OTHERS) continue;
    const mine = (item.seats || []).filter((s) => typeof s.url === "string" && s.url.includes("#token=")).map((s) => s.seat);
    if (mine.length) seats.set(item.id, new Set(mine));
  }
  return seats;
}

async function countOthers(here) {
  const seats = held(here);
  if (!seats.size) return;
  let tables;
  try {
    tables = (await api.tablesOf([...seats.keys()])).tables || [];
  } catch (_) {
    return; // said again at the next look
  }
  let waiting = 0;
  for (const summary of tables) {
    if (summary.terminal) over.add(summary.id);
    else if (seats.get(summary.id)?.has(summary.to_act)) waiting += 1;
  }
  if (waiting !== others) {
    others = waiting;
    paint();
  }
}

/** Keep counting the other tables that wait for this browser's player. */
export function watchOthers(here) {
  countOthers(here);
  setInterval(() => countOthers(here), OTHERS_SECONDS * 1000);
}

// -- notifications: asked for with the bell (a click: browsers ask permission only then) ------------
const NOTIFY_KEY = "ludotheque.notify";
const supported = () => typeof window.Notification === "function";
let notifyOn = (() => {
  try {
    return localStorage.getItem(NOTIFY_KEY) === "on";
  } catch (_) {
    return false;
  }
})();

function remember() {
  try {
    localStorage.setItem(NOTIFY_KEY, notifyOn ? "on" : "off");
  } catch (_) {
    // on for this page only
  }
}

/** The bell's words and state (hidden where the browser has no notifications, or for a spectator). */
export function renderBell(button, seated) {
  button.hidden = !seated || !supported();
  const on = notifyOn && supported() && Notification.permission === "granted";
  iconLabel(button, on ? t("notify_on") : t("notify_off"));
  button.title = t("notify_title");
  button.setAttribute("aria-pressed", String(on));
}

/** The bell turns notifications on or off; turning them on asks the browser's permission (from
 * this click) when it was never asked; `refused(text)` says why they stay off. */
export function mountBell(button, seated, refused) {
  button.addEventListener("click", async () => {
    notifyOn = !notifyOn;
    if (notifyOn && supported() && Notification.permission === "default") {
      try {
        await Notification.requestPermission();
      } catch (_) {
        // taken as a refusal below
      }
    }
    if (notifyOn && (!supported() || Notification.permission !== "granted")) {
      notifyOn = false;
      refused(t("notify_blocked"));
    }
    remember();
    renderBell(button, seated());
  });
  renderBell(button, seated());
}

/** When the turn comes to this page's seat: a notification, only if the page is out of sight, the
 * player turned the bell on and the browser allows it. */
export function notifyTurn(title, body, tag) {
  if (!notifyOn || !document.hidden || !supported() || Notification.permission !== "granted") return;
  try {
    const note = new Notification(title, { body, tag, icon: icon(true) });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch (_) {
    // some browsers allow notifications only from a service worker: the title still says it
  }
}
