// Every string of the shell in English and French. The game's own words (log, prompt, labels,
// score sheet, legend) come from the server already in the view's language; a game renderer
// adds its own strings with addStrings().

const STORE_KEY = "ludotheque.lang";
export const LANGS = ["en", "fr"];

const STRINGS = {
  en: {
    brand: "Ludothèque",
    lang_toggle: "Language",
    // lobby
    new_table: "Start a table",
    game: "Game",
    options: "Options",
    seats: "Seats",
    seat_n: "Seat {n}",
    human: "Human",
    bot_random: "Bot: random",
    bot_heuristic: "Bot: heuristic",
    bot_ismcts: "Bot: search, medium (thinks ahead half a second)",
    "bot_ismcts-hard": "Bot: search, strong (thinks ahead 3 seconds)",
    bot_expert: "Bot: expert (1 second; guided by a trained network where the game ships one)",
    bot_other: "Bot: {name}",
    bot_name_random: "Random bot",
    bot_name_heuristic: "Heuristic bot",
    bot_name_ismcts: "Search bot",
    "bot_name_ismcts-hard": "Strong search bot",
    bot_name_expert: "Expert bot",
    create: "Create the table",
    creating: "Creating…",
    created: "Table {id} is ready",
    seat_link: "Private link of seat {n}",
    spectator_link: "Spectator link",
    copy: "Copy",
    copied: "Copied",
    copy_failed: "Select the link and copy it by hand",
    open_seat: "Open my seat ({n})",
    open: "Open",
    watch: "Watch",
    replay: "Replay",
    tables: "Tables",
    your_tables: "Your tables",
    refresh: "Refresh",
    more_tables: "More tables",
    no_tables: "No table yet.",
    status_running: "running",
    status_open: "waiting for the first move",
    status_over: "over",
    name_to_act: "{name} to act",
    players_n: "{n} players",
    forget: "Forget",
    // table
    connecting: "Connecting…",
    connected: "Connected",
    reconnecting: "Connection lost; reconnecting in {s} s…",
    disconnected: "Disconnected",
    spectator: "Spectator",
    you_are: "You are {name}",
    you: "you",
    moves: "Moves",
    no_moves: "Nothing to do now.",
    log: "Log",
    rules: "Rules",
    close: "Close",
    scores: "Scores",
    play_again: "Play again",
    next_table: "Go to the next table",
    watch_replay: "Watch the replay",
    refused: "Refused: {message}",
    error: "Error: {message}",
    to_act: "to act",
    passed: "passed",
    bot: "bot",
    online: "connected",
    offline: "not connected",
    table_n: "Table {id}",
    your_name: "Your name",
    name_help: "How the other players see you (1 to 24 characters); this browser remembers it.",
    name_save: "Take this seat",
    rename: "Change my name",
    clock: "Clock",
    clock_none: "none",
    clock_move: "per move",
    clock_game: "per game",
    clock_seconds: "Seconds",
    clock_days_mode: "turn-based (days a move)",
    clock_days: "Days a move",
    table_rules: "At this table",
    undo_allowed: "Players may take back a move (one that showed them nothing hidden, before anyone else plays)",
    hints_allowed: "Players may ask the search bot for a hint (the game is then not rated)",
    hint: "Hint",
    hint_title: "What would the search bot play? (from what you see only)",
    hint_thinking: "The search bot is thinking…",
    hint_says: "The search bot would play: {label} (its estimate of your win chance: {chance} %)",
    undo: "Take back my move",
    zombie_badge: "a bot plays for them",
    thinking: "thinking…",
    thinking_left: "thinking… {s} s",
    zombie_me: "You ran out of time or were away: a bot is playing for you.",
    take_back: "Take my seat back",
    away_other: "{name} has left the table. A bot can play for them until they come back.",
    replace_away: "Let a bot play for them",
    time_left: "time left",
    sound_on: "Sound on my turn: on",
    sound_off: "Sound on my turn: off",
    your_turn: "Your turn",
    notify_on: "Notify me on my turn: on",
    notify_off: "Notify me on my turn: off",
    notify_title: "A notification when it is your turn and this page is not in sight",
    notify_blocked: "This browser does not allow this page notifications: allow them in its site settings.",
    // open seats
    seat_open: "Open: anyone may join",
    open_seat_badge: "open seat",
    open_tables: "Open tables",
    no_open_tables: "No table has an open seat.",
    join: "Join",
    free_seats_n: "{n} open seats",
    free_seat_one: "1 open seat",
    opt_clock_move: "clock: {s} s a move",
    opt_clock_game: "clock: {s} s a game",
    opt_clock_days: "turn-based: {d} days a move",
    clock_long: "{d} d {h} h",
    opt_undo: "moves may be taken back",
    opt_hints: "hints",
    // replay
    replay_title: "Replay",
    first: "« First",
    prev: "‹ Previous",
    next: "Next ›",
    last: "Last »",
    step_of: "Step {k} / {n}",
    step_slider: "Step",
    view_as: "View as",
    download: "Download the record",
    not_over: "This game is not over yet: its replay opens once it has ended.",
    back_to_table: "Back to the table",
    no_such_table: "No such table.",
    no_table_title: "No such table",
    no_table_text: "There is no table at this address: check the link you were sent, or start a new table.",
    to_lobby: "Go to the lobby",
    players_range: "{game} is played by {min} to {max} players, not {n}.",
    leaderboard: "Leaderboard",
    leaderboard_text: "Elo ratings from finished tables: players by the name they claimed (from the games they played signed in), bots at fixed levels. "
      + "A game counts when at least two people played it, each from their own internet connection and at one seat: "
      + "friends sharing one connection play unrated, as do games against bots alone or with hints.",
    rank: "#", player: "Player", rating: "Rating", games_played: "Games",
    no_standings: "No claimed name has a rated game yet.",
    bots_standings: "Bots", bot: "Bot",
    // a player's games
    my_games: "My games",
    player_games: "{name}'s games",
    player_games_text: "The finished tables where a seat carries this name, newest first.",
    all_games: "All games",
    date: "Date", players_col: "Players", result: "Result", won: "Won", lost: "Lost",
    unrated: "not rated",
    unrated_title: "Not counted on the leaderboard: a game counts when at least two people played it, "
      + "each from their own internet connection and at one seat, without hints.",
    more_games: "More games",
    no_games: "No finished game under this name yet.",
    bad_player_name: "This is not a name a player can take: 1 to 24 characters of plain text.",
  },
  fr: {
    brand: "Ludothèque",
    lang_toggle: "Langue",
    new_table: "Ouvrir une table",
    game: "Jeu",
    options: "Options",
    seats: "Places",
    seat_n: "Joueur {n}",
    human: "Humain",
    bot_random: "Robot : aléatoire",
    bot_heuristic: "Robot : heuristique",
    bot_ismcts: "Robot : chercheur, moyen (réfléchit une demi-seconde)",
    "bot_ismcts-hard": "Robot : chercheur, fort (réfléchit 3 secondes)",
    bot_expert: "Robot : expert (1 seconde ; guidé par un réseau entraîné quand le jeu en livre un)",
    bot_other: "Robot : {name}",
    bot_name_random: "Robot aléatoire",
    bot_name_heuristic: "Robot heuristique",
    bot_name_ismcts: "Robot chercheur",
    "bot_name_ismcts-hard": "Robot chercheur fort",
    bot_name_expert: "Robot expert",
    create: "Créer la table",
    creating: "Création…",
    created: "La table {id} est prête",
    seat_link: "Lien privé de la place {n}",
    spectator_link: "Lien spectateur",
    copy: "Copier",
    copied: "Copié",
    copy_failed: "Sélectionnez le lien et copiez-le à la main",
    open_seat: "Ouvrir ma place ({n})",
    open: "Ouvrir",
    watch: "Regarder",
    replay: "Revoir",
    tables: "Tables",
    your_tables: "Vos tables",
    refresh: "Actualiser",
    more_tables: "Plus de tables",
    no_tables: "Aucune table pour l'instant.",
    status_running: "en cours",
    status_open: "en attente du premier coup",
    status_over: "terminée",
    name_to_act: "à {name} de jouer",
    players_n: "{n} joueurs",
    forget: "Oublier",
    connecting: "Connexion…",
    connected: "Connecté",
    reconnecting: "Connexion perdue ; nouvel essai dans {s} s…",
    disconnected: "Déconnecté",
    spectator: "Spectateur",
    you_are: "Vous êtes {name}",
    you: "vous",
    moves: "Coups",
    no_moves: "Rien à faire pour l'instant.",
    log: "Journal",
    rules: "Règles",
    close: "Fermer",
    scores: "Scores",
    play_again: "Rejouer",
    next_table: "Aller à la table suivante",
    watch_replay: "Revoir la partie",
    refused: "Refusé : {message}",
    error: "Erreur : {message}",
    to_act: "à jouer",
    passed: "a passé",
    bot: "robot",
    online: "connecté",
    offline: "non connecté",
    table_n: "Table {id}",
    your_name: "Votre nom",
    name_help: "Ce que les autres joueurs voient de vous (1 à 24 caractères) ; ce navigateur s'en souvient.",
    name_save: "Prendre cette place",
    rename: "Changer de nom",
    clock: "Horloge",
    clock_none: "aucune",
    clock_move: "par coup",
    clock_game: "par partie",
    clock_seconds: "Secondes",
    clock_days_mode: "au tour par tour (jours par coup)",
    clock_days: "Jours par coup",
    table_rules: "À cette table",
    undo_allowed: "Les joueurs peuvent reprendre un coup (qui ne leur a rien montré de caché, avant que quelqu'un d'autre ne joue)",
    hints_allowed: "Les joueurs peuvent demander conseil au robot chercheur (la partie n'est alors pas classée)",
    hint: "Conseil",
    hint_title: "Que jouerait le robot chercheur ? (d'après ce que vous voyez seulement)",
    hint_thinking: "Le robot chercheur réfléchit…",
    hint_says: "Le robot chercheur jouerait : {label} (son estimation de vos chances de gagner : {chance} %)",
    undo: "Reprendre mon coup",
    zombie_badge: "un robot joue à sa place",
    thinking: "réfléchit…",
    thinking_left: "réfléchit… {s} s",
    zombie_me: "Votre temps est écoulé ou vous étiez absent : un robot joue à votre place.",
    take_back: "Reprendre ma place",
    away_other: "{name} a quitté la table. Un robot peut jouer à sa place jusqu'à son retour.",
    replace_away: "Laisser un robot jouer à sa place",
    time_left: "temps restant",
    sound_on: "Son à mon tour : activé",
    sound_off: "Son à mon tour : désactivé",
    your_turn: "À vous",
    notify_on: "Me prévenir à mon tour : oui",
    notify_off: "Me prévenir à mon tour : non",
    notify_title: "Une notification quand c'est à vous et que cette page n'est pas en vue",
    notify_blocked: "Ce navigateur n'autorise pas les notifications de cette page : autorisez-les dans ses réglages du site.",
    // places libres
    seat_open: "Libre : n'importe qui peut la prendre",
    open_seat_badge: "place libre",
    open_tables: "Tables avec des places libres",
    no_open_tables: "Aucune table n'a de place libre.",
    join: "Rejoindre",
    free_seats_n: "{n} places libres",
    free_seat_one: "1 place libre",
    opt_clock_move: "pendule : {s} s par coup",
    opt_clock_game: "pendule : {s} s par partie",
    opt_clock_days: "au tour par tour : {d} jours par coup",
    clock_long: "{d} j {h} h",
    opt_undo: "coups repris permis",
    opt_hints: "conseils",
    replay_title: "Revoir la partie",
    first: "« Début",
    prev: "‹ Précédent",
    next: "Suivant ›",
    last: "Fin »",
    step_of: "Coup {k} / {n}",
    step_slider: "Coup",
    view_as: "Vue de",
    download: "Télécharger l'enregistrement",
    not_over: "Cette partie n'est pas terminée : on pourra la revoir une fois finie.",
    back_to_table: "Retour à la table",
    no_such_table: "Cette table n'existe pas.",
    no_table_title: "Table introuvable",
    no_table_text: "Il n'y a pas de table à cette adresse : vérifiez le lien reçu, ou ouvrez une nouvelle table.",
    to_lobby: "Aller à l'accueil",
    players_range: "{game} se joue de {min} à {max} joueurs, pas {n}.",
    leaderboard: "Classement",
    leaderboard_text: "Classement Elo des parties terminées : les joueurs par le nom qu'ils ont réservé (les parties jouées connectés), les robots à des niveaux fixes. "
      + "Une partie compte quand au moins deux personnes l'ont jouée, chacune depuis sa propre connexion internet et à une seule place : "
      + "des amis qui partagent une connexion jouent hors classement, comme les parties contre des robots seuls ou avec conseils.",
    rank: "#", player: "Joueur", rating: "Cote", games_played: "Parties",
    no_standings: "Aucun nom réservé n'a encore de partie classée.",
    bots_standings: "Robots", bot: "Robot",
    my_games: "Mes parties",
    player_games: "Parties de {name}",
    player_games_text: "Les tables terminées où une place porte ce nom, les plus récentes d'abord.",
    all_games: "Tous les jeux",
    date: "Date", players_col: "Joueurs", result: "Résultat", won: "Gagné", lost: "Perdu",
    unrated: "hors classement",
    unrated_title: "Pas comptée au classement : une partie compte quand au moins deux personnes l'ont jouée, "
      + "chacune depuis sa propre connexion internet et à une seule place, sans conseils.",
    more_games: "Plus de parties",
    no_games: "Aucune partie terminée sous ce nom pour l'instant.",
    bad_player_name: "Ce n'est pas un nom qu'un joueur peut prendre : de 1 à 24 caractères de texte simple.",
  },
};

const listeners = [];

function initialLang() {
  try {
    const saved = localStorage.getItem(STORE_KEY);
    if (LANGS.includes(saved)) return saved;
  } catch (_) {
    // storage may be disabled: fall back to the browser's language
  }
  const wanted = (navigator.languages || [navigator.language || "en"]).map((l) => String(l).slice(0, 2));
  return wanted.find((l) => LANGS.includes(l)) || "en";
}

let current = initialLang();

export function lang() {
  return current;
}

/** Add strings (e.g. a game renderer's) without overriding the shell's. */
export function addStrings(table) {
  for (const code of LANGS) Object.assign(STRINGS[code], table[code] || {});
}

/** Whether a count takes the singular: one (and zero in French: "0 carte"). */
const singular = (n) => n === 1 || (n === 0 && current === "fr");

/** The string `key` in the current language, with {name} placeholders filled from params; with a
 * count `n` that takes the singular, `key_1` when the table has it ("1 card", not "1 cards"). */
export function t(key, params = {}) {
  const one = singular(params.n) && (STRINGS[current][`${key}_1`] ?? STRINGS.en[`${key}_1`]);
  const text = one || (STRINGS[current][key] ?? STRINGS.en[key] ?? key);
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

export function onLangChange(fn) {
  listeners.push(fn);
}

export function setLang(code) {
  if (!LANGS.includes(code) || code === current) return;
  current = code;
  try {
    localStorage.setItem(STORE_KEY, code);
  } catch (_) {
    // not remembered, still switched
  }
  applyStatic();
  for (const fn of listeners) fn(code);
}

/** Fill the static elements of a page: data-i18n (text), data-i18n-aria (aria-label). */
export function applyStatic(root = document) {
  document.documentElement.lang = current;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const button of root.querySelectorAll(".lang-toggle button")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === current));
  }
}

/** The visible EN/FR switch: two buttons inside `container`. */
export function mountToggle(container) {
  container.classList.add("lang-toggle");
  container.setAttribute("role", "group");
  container.dataset.i18nAria = "lang_toggle";
  container.replaceChildren(
    ...LANGS.map((code) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.lang = code;
      button.textContent = code.toUpperCase();
      button.setAttribute("aria-pressed", String(code === current));
      button.addEventListener("click", () => setLang(code));
      return button;
    }),
  );
  applyStatic();
}
