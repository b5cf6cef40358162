"""The command's own words for players (the games' words live in each game's render module)."""

from __future__ import annotations

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "{game} — you play seat {seat} (of {players})",
        "title_seed": "{game} — you play seat {seat} (of {players}) · seed {seed}",
        "seed_was": "This deal was seed {seed} (shown now: the seed reveals every card).",
        "you": "You",
        "bots_line": "Bots: {bots}",
        "happened": "What happened",
        "your_turn": "Your turn",
        "choices": "Your choices — type a number or the action itself (help, quit)",
        "ask": "Your choice: ",
        "your_hand": "Your hand: ",
        "bots_count": "--bots: give one bot name for every bot seat, or a list of {n} (seats {seats}); "
                      "got {got}",
        "bad_seat": "--seat must be a seat from 0 to {last}; got {seat}",
        "cannot_write": "cannot write {path}: {reason}",
        "yes": "yes", "no": "no", "drawn_at_random": "drawn at random", "in_all": "{n} in all",
        "game_default": "the game's", "players_range": "{low} to {high} players",
        "options_head": "Options (play/simulate -o NAME=VALUE):",
        "bots_head": "Bots (--bots NAME):",
        "compact": "{n} choices: type one as shown (e.g. {example}), or 'more'",
        "more_groups": "and {n} more lines ('more')",
        "more_left": "{n} more lines: 'more' again; or type a number or an action",
        "more_end": "End of the list: type a number or an action ('more' starts again)",
        "out_of_range": "{n} is not in the list: choose a number from 1 to {max}",
        "not_numbered": "nothing is numbered here: type an action as shown, or 'more' to number them",
        "empty_input": "type a number from the list, or an action such as {example}",
        "forced": "Only one choice, played for you: {action}",
        "enter_default": "Enter: {action}",
        "elided": "… more in 'board'",
        "map_left": "Map, page {page} of {pages}: 'map' again for the next",
        "map_end": "Map, page {page} of {pages} (the last): type your choice",
        "illegal": "not allowed: {reason}",
        "malformed": "not understood: {reason}",
        "chosen": "→ {action}",
        "help": "Type the number of a choice, or the action as listed or in notation (any case). "
                "'more' numbers the choices, 'board' shows the whole table ('map' the whole dungeon in "
                "Drakon), 'help' shows this, 'quit' leaves the game.",
        "game_over": "Game over",
        "final_table": "Final table",
        "scores": "Scores",
        "eof": "End of input: the game is left unfinished.",
        "interrupted": "Interrupted: the game is left unfinished.",
        "quit": "You leave the game.",
        "confirm_ask": "{action} anyway? (yes / no): ",
        "confirm_no": "Not played: choose again.",
        "saved": "Record saved to {path} — replay it with: ludotheque replay {path}",
        "save_ask": "Save the record? File name (Enter to skip): ",
        "save_hint": "To keep a game, play with --save FILE; replay it with: ludotheque replay FILE",
        "start": "Starting position",
        "record": "{game} · {players} players · {origin}",
        "seeded": "seed {seed}",
        "from_setup": "explicit setup",
        "not_over": "Not finished: {name} to act. Legal: {legal}",
        "refused": "Action {index} ({action}) refused: {message}",
        "result_same": "Same result as recorded.",
        "result_differs": "The recorded result differs: {recorded}",
    },
    "fr": {
        "title": "{game} — vous jouez à la place {seat} (sur {players})",
        "title_seed": "{game} — vous jouez à la place {seat} (sur {players}) · graine {seed}",
        "seed_was": "Cette donne était la graine {seed} (montrée maintenant : la graine révèle "
                    "toutes les cartes).",
        "you": "Vous",
        "bots_line": "Robots : {bots}",
        "happened": "Ce qui s'est passé",
        "your_turn": "À vous",
        "choices": "Vos choix — tapez un numéro ou l'action elle-même (aide, quitter)",
        "ask": "Votre choix : ",
        "your_hand": "Votre main : ",
        "bots_count": "--bots : donnez un nom de robot pour toutes les places de robots, ou une liste "
                      "de {n} (places {seats}) ; reçu {got}",
        "bad_seat": "--seat doit être une place de 0 à {last} ; reçu {seat}",
        "cannot_write": "impossible d'écrire {path} : {reason}",
        "yes": "yes", "no": "no", "drawn_at_random": "tiré au hasard", "in_all": "{n} en tout",
        "game_default": "selon le jeu", "players_range": "{low} à {high} joueurs",
        "options_head": "Options (play/simulate -o NOM=VALEUR) :",
        "bots_head": "Robots (--bots NOM) :",
        "compact": "{n} choix : tapez-en un comme affiché (p. ex. {example}) ou « plus »",
        "more_groups": "et {n} lignes de plus (« plus »)",
        "more_left": "encore {n} lignes : « plus » à nouveau ; ou tapez un numéro ou une action",
        "more_end": "Fin de la liste : tapez un numéro ou une action (« plus » recommence)",
        "out_of_range": "{n} n'est pas dans la liste : choisissez un numéro de 1 à {max}",
        "not_numbered": "rien n'est numéroté ici : tapez une action comme affiché, ou « plus »",
        "empty_input": "tapez un numéro de la liste, ou une action comme {example}",
        "forced": "Un seul choix, joué pour vous : {action}",
        "enter_default": "Entrée : {action}",
        "elided": "… la suite avec « plateau »",
        "map_left": "Plan, page {page} sur {pages} : « plan » à nouveau pour la suivante",
        "map_end": "Plan, page {page} sur {pages} (la dernière) : tapez votre choix",
        "illegal": "interdit : {reason}",
        "malformed": "incompris : {reason}",
        "chosen": "→ {action}",
        "help": "Tapez le numéro d'un choix, ou l'action telle qu'affichée (en français ou dans la "
                "notation, majuscules ou minuscules). « plus » numérote les choix, « plateau » montre toute "
                "la table (« plan » tout le donjon de Drakon), « aide » affiche cette aide, « quitter » "
                "quitte la partie.",
        "game_over": "Fin de la partie",
        "final_table": "Table finale",
        "scores": "Décompte",
        "eof": "Fin de l'entrée : la partie reste inachevée.",
        "interrupted": "Interrompu : la partie reste inachevée.",
        "quit": "Vous quittez la partie.",
        "confirm_ask": "{action} quand même ? (oui / non) : ",
        "confirm_no": "Pas joué : choisissez à nouveau.",
        "saved": "Partie enregistrée dans {path} — pour la revoir : ludotheque replay {path}",
        "save_ask": "Enregistrer la partie ? Nom de fichier (Entrée pour ignorer) : ",
        "save_hint": "Pour garder une partie, jouez avec --save FICHIER ; "
                     "revoyez-la avec : ludotheque replay FICHIER",
        "start": "Position de départ",
        "record": "{game} · {players} joueurs · {origin}",
        "seeded": "graine {seed}",
        "from_setup": "position explicite",
        "not_over": "Partie inachevée : {name} doit jouer. Actions permises : {legal}",
        "refused": "Action {index} ({action}) refusée : {message}",
        "result_same": "Même résultat que celui enregistré.",
        "result_differs": "Le résultat enregistré diffère : {recorded}",
    },
}


#: Bots by name, in each language: (name, what it does in a line), every bot of the registry
#: (``bots/registry.py``: a test checks it). A bot not listed is shown by its name and the first
#: line of its class's docstring. The names given here are accepted by ``--bots`` too.
BOTS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "random": ("random", "plays any legal move, drawn at random: for testing and beginners"),
        "heuristic": ("heuristic", "the game's own bot: plays by rules of thumb that an average "
                                   "player follows, fast and fair (sees only its own seat)"),
        "ismcts": ("ismcts", "looks ahead: a tree search over positions drawn again from what its "
                             "seat sees (never the hidden cards), half a second a move"),
        "ismcts-hard": ("ismcts-hard", "looks further ahead: the same search, 3 seconds a move"),
        "expert": ("expert", "plays with a trained network: the search guided by what it learnt "
                             "by playing itself, 1 second a move (the game's own knowledge "
                             "where no network is shipped for the table)"),
    },
    "fr": {
        "random": ("hasard", "joue un coup permis tiré au hasard : pour les essais et les débutants"),
        "heuristic": ("heuristique", "le robot propre au jeu : joue selon des règles simples d'un "
                                     "joueur moyen, vite et sans tricher (ne voit que sa place)"),
        "ismcts": ("chercheur", "regarde plus loin : une recherche arborescente sur des positions "
                                "retirées de ce que voit sa place (jamais les cartes cachées), "
                                "une demi-seconde par coup"),
        "ismcts-hard": ("chercheur-fort", "regarde encore plus loin : la même recherche, "
                                          "3 secondes par coup"),
        "expert": ("expert", "joue avec un réseau entraîné : la recherche guidée par ce qu'il a "
                             "appris en jouant contre lui-même, 1 seconde par coup (le savoir "
                             "propre au jeu quand aucun réseau n'est livré pour la table)"),
    },
}


def bot_word(name: str, lang: str = "en") -> str:
    """A bot's name in ``lang`` (``heuristique``); an unknown bot keeps its own name."""
    return BOTS.get(lang, BOTS["en"]).get(name, (name, ""))[0]


def bot_of_word(word: str) -> str:
    """The bot a name in any language names (``hasard``: ``random``); an unknown word is kept,
    for the registry to refuse with the list of bots."""
    for names in BOTS.values():
        for bot, (shown, _) in names.items():
            if shown == word:
                return bot
    return word


def bot_help(name: str, lang: str = "en", doc: str | None = None) -> str:
    """What bot ``name`` does, in a line (``doc``: its docstring, for a bot not listed)."""
    known = BOTS.get(lang, BOTS["en"]).get(name)
    if known is not None:
        return known[1]
    return (doc or "").strip().splitlines()[0] if doc and doc.strip() else ""


def colon(lang: str = "en") -> str:
    """``: `` in English, `` : `` in French (a space before a colon)."""
    return " : " if lang == "fr" else ": "


def say(key: str, lang: str = "en", **params: object) -> str:
    """The command's word ``key`` in ``lang`` (English when unknown)."""
    return _WORDS.get(lang, _WORDS["en"])[key].format(**params)
