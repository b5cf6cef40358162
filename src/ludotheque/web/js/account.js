// A claimed name in the top bar (server/accounts.py): signed out, a form to sign in or to claim
// the name typed; signed in, the name and "Sign out". Playing needs none of it.

import { api, appUrl, el, rememberTable } from "./api.js";
import { addStrings, onLangChange, t } from "./i18n.js";

addStrings({
  en: {
    account: "Your name", account_name: "Name", account_password: "Password", sign_in: "Sign in",
    claim_name: "Claim this name", sign_out: "Sign out", signed_in_as: "Signed in as {name}",
    account_help: "Claim a name so that only you can play under it, and be ranked. Playing needs no account.",
    account_tables: "Your tables, in every browser", my_turn_badge: "Your turn", play_here: "Play here",
    account_seat: "seat {n}", no_account_tables: "No table taken under this name yet.",
    email_me: "Mail me", email: "E-mail", save: "Save", email_saved: "Saved.", email_none: "No mails.",
    email_help: "At a turn-based table, a mail when it is your turn and each day your move waits (if this server sends mail). Empty: none.",
  },
  fr: {
    account: "Votre nom", account_name: "Nom", account_password: "Mot de passe", sign_in: "Se connecter",
    claim_name: "Réserver ce nom", sign_out: "Se déconnecter", signed_in_as: "Connecté en tant que {name}",
    account_help: "Réservez un nom pour être seul à jouer sous ce nom, et être classé. Jouer ne demande aucun compte.",
    account_tables: "Vos tables, dans tous vos navigateurs", my_turn_badge: "À vous", play_here: "Jouer ici",
    account_seat: "place {n}", no_account_tables: "Aucune table prise sous ce nom pour l'instant.",
    email_me: "M'écrire", email: "Adresse électronique", save: "Enregistrer", email_saved: "Enregistré.",
    email_none: "Aucun courriel.",
    email_help: "À une table au tour par tour, un courriel quand c'est à vous et chaque jour où votre coup attend (si ce serveur envoie des courriels). Vide : aucun.",
  },
});

/** Mount the control in `container`; `onChange(name | null)` hears who is signed in (at once too). */
export async function mountAccount(container, onChange = () => {}) {
  let name = null;
  try {
    name = (await api.session()).name;
  } catch (_) {
    name = null; // the server could not say: shown as signed out
  }
  const draw = () => {
    container.replaceChildren(name ? signedIn() : signedOut());
    container.dataset.signedIn = name || "";
  };
  const changed = (next) => {
    name = next;
    draw();
    onChange(name);
  };

  function signedIn() {
    const error = el("p", { class: "error", role: "alert" });
    const save = async (event) => {
      event.preventDefault();
      error.textContent = "";
      try {
        const answer = await api.setEmail(event.target.querySelector("#account-email").value.trim() || null);
        error.textContent = t(answer.email ? "email_saved" : "email_none");
      } catch (err) {
        error.textContent = err.message;
      }
    };
    return el("span", { class: "account" }, el("span", { class: "account-name" }, t("signed_in_as", { name })),
      el("details", { class: "account" }, el("summary", { id: "account-mail" }, t("email_me")),
        el("form", { class: "account-form", onsubmit: save }, el("p", { class: "muted" }, t("email_help")),
          el("label", { class: "field" }, el("span", {}, t("email")),
            el("input", { id: "account-email", type: "email", autocomplete: "email", maxlength: 254 })),
          el("div", { class: "actions" }, el("button", { type: "submit", class: "primary" }, t("save"))), error)),
      el("button", { type: "button", id: "sign-out", onclick: async () => changed((await api.signOut()).name) },
        t("sign_out")));
  }

  function signedOut() {
    const field = (id, type, label, autocomplete) => el("label", { class: "field" }, el("span", {}, label),
      el("input", { id, type, autocomplete, required: true, maxlength: type === "password" ? 128 : 24 }));
    const error = el("p", { class: "error", role: "alert", id: "account-error" });
    const send = (call) => async (event) => {
      event.preventDefault();
      const form = event.target.closest("form");
      error.textContent = "";
      try {
        changed((await call(form.querySelector("#account-name").value, form.querySelector("#account-password").value)).name);
      } catch (err) {
        error.textContent = err.message; // the server's words, in the page's language
      }
    };
    return el("details", { class: "account" }, el("summary", { id: "account-open" }, t("sign_in")),
      el("form", { class: "account-form", onsubmit: send(api.signIn) },
        el("p", { class: "muted" }, t("account_help")),
        field("account-name", "text", t("account_name"), "username"),
        field("account-password", "password", t("account_password"), "current-password"),
        el("div", { class: "actions" }, el("button", { type: "submit", id: "sign-in", class: "primary" }, t("sign_in")),
          el("button", { type: "button", id: "claim-name", onclick: send(api.claim) }, t("claim_name"))),
        error));
  }

  draw();
  onLangChange(draw);
  onChange(name);
}

/** The tables the signed-in claimed name sat at, in any browser, where it is to act first, in
 * `list`; "Play here" gives this browser a link of its own to the seat and opens it. `gameName`
 * names a game by its id. */
export async function showAccountTables(list, error, gameName) {
  error.hidden = true;
  let answer;
  try {
    answer = await api.accountTables();
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
    return;
  }
  const play = async (entry) => {
    try {
      const link = await api.seatLink(entry.id);
      rememberTable({ id: entry.id, game: entry.game, seats: [{ seat: link.seat, url: link.url }],
        spectator_url: entry.spectator_url });
      location.href = appUrl(link.url);
    } catch (err) {
      error.textContent = err.message;
      error.hidden = false;
    }
  };
  list.replaceChildren(...(answer.tables.length ? answer.tables.map((entry) => el("li",
    { "data-table": entry.id, class: entry.my_turn ? "my-turn" : "" },
    el("span", {}, `${gameName(entry.game)} · ${t("account_seat", { n: entry.seat + 1 })}`),
    entry.my_turn ? el("strong", { class: "badge" }, t("my_turn_badge")) : null,
    entry.terminal
      ? el("a", { href: appUrl(entry.replay_url), class: "button small" }, t("replay"))
      : el("button", { type: "button", class: "small primary", onclick: () => play(entry) }, t("play_here"))))
    : [el("li", { class: "muted" }, t("no_account_tables"))]));
}
