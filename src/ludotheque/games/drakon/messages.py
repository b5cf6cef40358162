"""Drakon's player-facing words in English and French: the rooms (the rulebook's names, 004,
"Descriptions des salles"), the heroes, what happened, what to do, and the labels of actions.
``render`` puts them together; nothing here knows a position."""

# mypyc: compile

from __future__ import annotations

from typing import Any

from ...core.words import language, pick

LANGUAGES = ("en", "fr")

#: Per language, by the notation's room word: (name, short mark for the terminal grid, what it does).
ROOMS: dict[str, dict[str, tuple[str, str, str]]] = {
    "en": {
        "start": ("Start", "Sta", "where the heroes begin"),
        "room": ("Room", "", "no effect"),
        "destroy": ("Destroy a room", "Dst", "remove a room with no figure"),
        "drakon": ("Drakon's movements", "Drk", "move Drakon up to three rooms"),
        "escape": ("Escape", "Esc", "your hero steps onto it when you lay it"),
        "find": ("Find a coin", "$+", "take a coin from the treasure"),
        "moving": ("Moving room", "Mov", "move this room elsewhere"),
        "lose": ("Lose a coin", "$-", "a coin goes back to the treasure"),
        "harp": ("Magic harp", "Hrp", "pulls in heroes from rooms pointing at it"),
        "exchange": ("Magic exchange", "Exc", "swap a room for a tile of your hand"),
        "map": ("Map room", "Map", "take a tile from an opponent's hand"),
        "passkey": ("Passkey", "Key", "leave it through any side"),
        "mind": ("Mind control", "Mnd", "move an opponent's hero"),
        "rotate": ("Rotate a room", "Rot", "turn a room"),
        "steal-left": ("Steal a coin, clockwise", "St>", "a coin from the player on your left"),
        "steal-right": ("Steal a coin, anticlockwise", "<St", "a coin from the player on your right"),
        "wind": ("Violent wind", "Wnd", "the next move goes two rooms"),
        "teleport": ("Teleport", "Tel", "leave it to any room"),
    },
    "fr": {
        "start": ("Départ", "Dép", "les héros y commencent"),
        "room": ("Salle neutre", "", "aucun effet"),
        "destroy": ("Détruire une salle", "Dét", "retirer une salle sans personnage"),
        "drakon": ("Mouvements de Drakon", "Drk", "déplacer Drakon de trois salles au plus"),
        "escape": ("Évasion", "Éva", "votre héros s'y place quand vous la posez"),
        "find": ("Trouver une pièce", "$+", "prendre une pièce dans le trésor"),
        "moving": ("Salle mobile", "Mob", "déplacer cette salle ailleurs"),
        "lose": ("Perdre une pièce", "$-", "une pièce retourne au trésor"),
        "harp": ("Harpe magique", "Hrp", "attire les héros des salles pointant vers elle"),
        "exchange": ("Échange magique", "Éch", "échanger une salle contre une tuile de sa main"),
        "map": ("Salle des cartes", "Crt", "prendre une tuile dans la main d'un adversaire"),
        "passkey": ("Passe-partout", "PP", "en sortir par n'importe quel côté"),
        "mind": ("Contrôle de l'esprit", "Esp", "déplacer le héros d'un adversaire"),
        "rotate": ("Pivoter une salle", "Piv", "faire pivoter une salle"),
        "steal-left": ("Vol de pièce, sens horaire", "Vo>", "une pièce du joueur à votre gauche"),
        "steal-right": ("Vol de pièce, sens anti-horaire", "<Vo", "une pièce du joueur à votre droite"),
        "wind": ("Vent violent", "Vnt", "le prochain déplacement est de deux salles"),
        "teleport": ("Téléportation", "Tél", "en sortir vers n'importe quelle salle"),
    },
}

#: Per language, by the notation's hero word: (name, with its article, initial on the grid,
#: "of" the hero: French contracts "de le" to "du").
HEROES: dict[str, dict[str, tuple[str, str, str, str]]] = {
    "en": {
        "amazon": ("Amazon", "the Amazon", "A", "of the Amazon"),
        "barbarian": ("Barbarian", "the Barbarian", "B", "of the Barbarian"),
        "dwarf": ("Dwarf", "the Dwarf", "D", "of the Dwarf"),
        "knight": ("Knight", "the Knight", "K", "of the Knight"),
        "thief": ("Thief", "the Thief", "T", "of the Thief"),
        "wizard": ("Wizard", "the Wizard", "W", "of the Wizard"),
    },
    "fr": {
        "amazon": ("Amazone", "l'Amazone", "A", "de l'Amazone"),
        "barbarian": ("Barbare", "le Barbare", "B", "du Barbare"),
        "dwarf": ("Nain", "le Nain", "N", "du Nain"),
        "knight": ("Chevalier", "le Chevalier", "C", "du Chevalier"),
        "thief": ("Voleur", "le Voleur", "V", "du Voleur"),
        "wizard": ("Magicien", "le Magicien", "M", "du Magicien"),
    },
}

#: The sides N E S W as each language writes them.
SIDES = {"en": "NESW", "fr": "NESO"}

#: Where a cell lies, as players see the board: north up, counted in rooms from the Start
#: (``place``: a noun, ``where``: after a verb or a room). The coordinates stay in the notation.
PLACES: dict[str, dict[str, str]] = {
    "en": {
        "start": "the Start", "at_start": "on the Start", "room": "the room {where}",
        "free": "the free spot {where}", "where": "{offsets} of the Start", "join": ", ",
        "north": "{n} north", "east": "{n} east", "south": "{n} south", "west": "{n} west",
    },
    "fr": {
        "start": "le Départ", "at_start": "au Départ", "room": "la salle {where}",
        "free": "l'emplacement libre {where}", "where": "à {offsets} du Départ", "join": ", ",
        "north": "{n} au nord", "east": "{n} à l'est", "south": "{n} au sud", "west": "{n} à l'ouest",
    },
}

#: A room's arrows in words, by side N E S W (the notation writes ``NE``).
ARROWS: dict[str, dict[str, Any]] = {
    "en": {"one": "arrow {sides}", "many": "arrows {sides}", "all": "arrows on all four sides",
           "and": "and", "sides": ("north", "east", "south", "west")},
    "fr": {"one": "flèche {sides}", "many": "flèches {sides}", "all": "flèches des quatre côtés",
           "and": "et", "sides": ("au nord", "à l'est", "au sud", "à l'ouest")},
}

#: Per language and event kind: (third person, second person). ``{who}`` is the seat's name.
EVENTS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "place": ("{who} lays {room} {where}", "You lay {room} {where}"),
        "draw": ("{who} draws a tile", "You draw a tile"),
        "move": ("{who} moves {hero} to {place}", "You move {hero} to {place}"),
        "pull": ("The Magic harp {where} pulls in {hero}", "The Magic harp {where} pulls in {hero}"),
        "caught": ("Drakon catches {hero} ({who}): back to Start",
                   "Drakon catches {hero} (you): back to Start"),
        "coin": ("{who} finds a coin", "You find a coin"),
        "lose": ("{who} loses a coin", "You lose a coin"),
        "steal": ("{who} steals a coin from {other}", "You steal a coin from {other}"),
        "destroy": ("{who} destroys {room} {where}", "You destroy {room} {where}"),
        "drakon": ("{who} sends Drakon to {place}", "You send Drakon to {place}"),
        "relocate": ("{who} moves the Moving room {where} ({arrows})",
                     "You move the Moving room {where} ({arrows})"),
        "stay": ("{who} leaves the Moving room where it is", "You leave the Moving room where it is"),
        "exchange": ("{who} swaps {old} {where} for {room}", "You swap {old} {where} for {room}"),
        "map": ("{who} looks into {other}'s hand (Map room)", "You look into {other}'s hand (Map room)"),
        "take": ("{who} takes a tile at random from {other}'s hand",
                 "You take a tile at random from {other}'s hand"),
        "rotate": ("{who} turns {place} {turn}: now {room}",
                   "You turn {place} {turn}: now {room}"),
        "mind": ("{who} controls the mind {hero_of}", "You control the mind {hero_of}"),
        "mind_stay": ("{who} controls the mind {hero_of}, who cannot move",
                      "You control the mind {hero_of}, who cannot move"),
        "hero": ("{who} sends {hero} first this round", "You send {hero} first this round"),
        "pass": ("{who} passes", "You pass"),
        "escape": ("{hero} ({who}) steps onto the Escape {where}",
                   "{hero} (you) steps onto the Escape {where}"),
        "win": ("{names} {wins}", "{names} {wins}"),
        "stuck": ("Nobody can lay a room or move a hero: the most gold wins",
                  "Nobody can lay a room or move a hero: the most gold wins"),
        "limit": ("The turn limit is reached: the most gold wins",
                  "The turn limit is reached: the most gold wins"),
        "ability": ("{who} uses the ability {hero_of}", "You use the ability {hero_of}"),
        "knight": ("{hero} ({who}) keeps a coin", "{hero} (you) keeps a coin"),
        "dwarf": ("{who} discards {n} tiles and draws {m}", "You discard {n} tiles and draw {m}"),
        "swap": ("{who} swaps a coin with the treasure", "You swap a coin with the treasure"),
    },
    "fr": {
        "place": ("{who} pose {room} {where}", "Vous posez {room} {where}"),
        "draw": ("{who} pioche une salle", "Vous piochez une salle"),
        "move": ("{who} déplace {hero} vers {place}", "Vous déplacez {hero} vers {place}"),
        "pull": ("La Harpe magique {where} attire {hero}", "La Harpe magique {where} attire {hero}"),
        "caught": ("Drakon attrape {hero} ({who}) : retour au Départ",
                   "Drakon attrape {hero} (vous) : retour au Départ"),
        "coin": ("{who} trouve une pièce", "Vous trouvez une pièce"),
        "lose": ("{who} perd une pièce", "Vous perdez une pièce"),
        "steal": ("{who} vole une pièce à {other}", "Vous volez une pièce à {other}"),
        "destroy": ("{who} détruit {room} {where}", "Vous détruisez {room} {where}"),
        "drakon": ("{who} envoie Drakon vers {place}", "Vous envoyez Drakon vers {place}"),
        "relocate": ("{who} déplace la Salle mobile {where} ({arrows})",
                     "Vous déplacez la Salle mobile {where} ({arrows})"),
        "stay": ("{who} laisse la Salle mobile en place", "Vous laissez la Salle mobile en place"),
        "exchange": ("{who} échange {old} {where} contre {room}",
                     "Vous échangez {old} {where} contre {room}"),
        "map": ("{who} fouille la main de {other} (Salle des cartes)",
                "Vous fouillez la main de {other} (Salle des cartes)"),
        "take": ("{who} prend une tuile au hasard dans la main de {other}",
                 "Vous prenez une tuile au hasard dans la main de {other}"),
        "rotate": ("{who} pivote {place} {turn} : désormais {room}",
                   "Vous pivotez {place} {turn} : désormais {room}"),
        "mind": ("{who} contrôle l'esprit {hero_of}", "Vous contrôlez l'esprit {hero_of}"),
        "mind_stay": ("{who} contrôle l'esprit {hero_of}, qui ne peut pas bouger",
                      "Vous contrôlez l'esprit {hero_of}, qui ne peut pas bouger"),
        "hero": ("{who} fait jouer {hero} en premier cette manche",
                 "Vous faites jouer {hero} en premier cette manche"),
        "pass": ("{who} passe", "Vous passez"),
        "escape": ("{hero} ({who}) se réfugie dans l'Évasion {where}",
                   "{hero} (vous) se réfugie dans l'Évasion {where}"),
        "win": ("{names} {wins}", "{names} {wins}"),
        "stuck": ("Personne ne peut plus poser de salle ni bouger : le plus d'or l'emporte",
                  "Personne ne peut plus poser de salle ni bouger : le plus d'or l'emporte"),
        "limit": ("La limite de tours est atteinte : le plus d'or l'emporte",
                  "La limite de tours est atteinte : le plus d'or l'emporte"),
        "ability": ("{who} utilise la compétence {hero_of}", "Vous utilisez la compétence {hero_of}"),
        "knight": ("{hero} ({who}) garde sa pièce", "{hero} (vous) garde sa pièce"),
        "dwarf": ("{who} défausse {n} tuiles et en pioche {m}",
                  "Vous défaussez {n} tuiles et en piochez {m}"),
        "swap": ("{who} échange une pièce avec le trésor", "Vous échangez une pièce avec le trésor"),
    },
}

#: Events whose other seat is the reader (``{who}`` acts on you).
EVENTS_ON_YOU: dict[str, dict[str, str]] = {
    "en": {"steal": "{who} steals a coin from you", "map": "{who} looks into your hand (Map room)",
           "take": "{who} takes a tile at random from your hand"},
    "fr": {"steal": "{who} vous vole une pièce", "map": "{who} fouille votre main (Salle des cartes)",
           "take": "{who} prend une tuile au hasard dans votre main"},
}

#: What the seat to act is asked, by step name (``steps.NAMES``).
PROMPTS: dict[str, dict[str, str]] = {
    "en": {
        "turn": "Your turn with {hero}: lay a room from your hand, or move your hero",
        "hero": "Choose which of your heroes acts first this round",
        "harp": "Two Magic harps pull {hero}: choose which one",
        "destroy": "Destroy a room: choose a room with no figure on it (not Start)",
        "drakon-set": "Set Drakon down on a room with no hero",
        "drakon-move": "Move Drakon up to three rooms (or leave him where he is)",
        "moving": "Moving room: choose where it goes, or leave it",
        "exchange": "Magic exchange: swap a room with no figure for a tile of your hand",
        "map": "Map room: choose whose hand to take a tile from",
        "rotate": "Rotate a room: choose a room and how to turn it",
        "mind": "Mind control: move an opponent's hero",
        "ability": "Use the ability {hero_of} now, or end your turn",
        "knight": "{hero} may keep the coin (once a game)",
        "dwarf": "The Dwarf: discard the tiles you want, then draw",
        "chance": "Chance decides",
        "over": "The game is over",
    },
    "fr": {
        "turn": "À vous avec {hero} : posez une salle de votre main, ou déplacez votre héros",
        "hero": "Choisissez lequel de vos héros joue en premier cette manche",
        "harp": "Deux Harpes magiques attirent {hero} : choisissez laquelle",
        "destroy": "Détruire une salle : choisissez une salle sans personnage (pas le Départ)",
        "drakon-set": "Posez Drakon sur une salle sans héros",
        "drakon-move": "Déplacez Drakon de trois salles au plus (ou laissez-le)",
        "moving": "Salle mobile : choisissez où elle va, ou laissez-la",
        "exchange": "Échange magique : échangez une salle sans personnage contre une tuile de votre main",
        "map": "Salle des cartes : choisissez dans quelle main prendre une tuile",
        "rotate": "Pivoter une salle : choisissez une salle et le sens",
        "mind": "Contrôle de l'esprit : déplacez le héros d'un adversaire",
        "ability": "Utilisez maintenant la compétence {hero_of}, ou finissez votre tour",
        "knight": "{hero} peut garder la pièce (une fois par partie)",
        "dwarf": "Le Nain : défaussez les tuiles que vous voulez, puis piochez",
        "chance": "Le hasard décide",
        "over": "La partie est terminée",
    },
}

#: Labels of actions, by family.
ACTIONS: dict[str, dict[str, str]] = {
    "en": {
        "pass": "Pass", "stay": "Leave the Moving room where it is",
        "coin": "A coin of {n} gold", "tile": "A tile: {room}",
        "map": "Take a tile at random from {who}'s hand", "hero": "{hero} acts first",
        "move": "Move to {place}{room}", "harp": "Be pulled onto {place}{room}",
        "destroy": "Destroy {place} — {room}", "drakon-set": "Set Drakon down on {place}{room}",
        "drakon": "Drakon to {place}{room}", "drakon_stay": "Drakon stays on {place}{room}",
        "rotate": "Turn {place} {turn} — {room}",
        "mind": "Move {hero} to {place}{room}", "mind_stay": "{hero} cannot move: it stays",
        "relocate": "Move the Moving room to {place} ({arrows})",
        "place": "Lay {room} on {place}", "exchange": "Swap {place} — {old} — for {room}",
        "end": "End your turn", "keep": "Keep the coin", "let": "Let it go",
        "dwarf": "The Dwarf: discard and draw", "draw": "Draw", "discard": "Discard {room}",
        "swap": "Swap a coin of {n} gold with the treasure",
        "thief": "Steal a coin from {hero}'s player", "thief_seat": "Steal a coin from {who} ({hero})",
        "amazon": "The Amazon goes on to {place}{room}",
        "wizard": "The Wizard goes through a wall to {place}{room}",
        "push": "Push {hero} to {place}{room}", "push_stay": "{hero} cannot move: take a tile",
    },
    "fr": {
        "pass": "Passer", "stay": "Laisser la Salle mobile en place",
        "coin": "Une pièce de valeur {n}", "tile": "Une tuile : {room}",
        "map": "Prendre une tuile au hasard dans la main de {who}", "hero": "{hero} joue en premier",
        "move": "Aller vers {place}{room}", "harp": "Être attiré vers {place}{room}",
        "destroy": "Détruire {place} — {room}",
        "drakon-set": "Poser Drakon sur {place}{room}",
        "drakon": "Drakon vers {place}{room}", "drakon_stay": "Drakon reste sur {place}{room}",
        "rotate": "Pivoter {place} {turn} — {room}",
        "mind": "Déplacer {hero} vers {place}{room}",
        "mind_stay": "{hero} ne peut pas bouger et reste en place",
        "relocate": "Déplacer la Salle mobile vers {place} ({arrows})",
        "place": "Poser {room} sur {place}", "exchange": "Échanger {place} — {old} — contre {room}",
        "end": "Finir votre tour", "keep": "Garder la pièce", "let": "La laisser partir",
        "dwarf": "Le Nain : défausser et piocher", "draw": "Piocher", "discard": "Défausser {room}",
        "swap": "Échanger une pièce de valeur {n} avec le trésor",
        "thief": "Voler une pièce au joueur {hero_of}", "thief_seat": "Voler une pièce à {who} ({hero})",
        "amazon": "L'Amazone continue vers {place}{room}",
        "wizard": "Le Magicien passe par n'importe quelle porte vers {place}{room}",
        "push": "Pousser {hero} vers {place}{room}",
        "push_stay": "{hero} ne peut pas bouger : prendre une tuile",
    },
}

#: Other words of the board, the score sheet and the end.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "you": "you", "and": "and",
        "turn_cw": "a quarter turn clockwise", "turn_half": "a half turn",
        "turn_ccw": "a quarter turn anticlockwise",
        "player": "Player", "hero_head": "Hero", "where": "Room", "tiles": "Tiles",
        "coins": "Coins", "gold": "Gold",
        "first": "first", "to_act": "to act", "partner": "team {t}",
        "hidden": "?",
        "hand": "Your hand: ", "hand_empty": "Your hand is empty",
        "new_in_hand": "Into your hand: {tiles}",
        "pile": "Draw pile: {n} tiles", "treasure": "Treasure: {n} coins", "gone": "out of the game: {n}",
        "pile_1": "Draw pile: {n} tile", "treasure_1": "Treasure: {n} coin", "goal_coins_1": "Goal: {n} coin",
        "goal_gold": "Goal: {n} gold", "goal_coins": "Goal: {n} coins",
        "goal_escape": "Goal: {n} gold, then reach an Escape or a Teleport",
        "drakon_aside": "Drakon is set aside", "drakon_at": "Drakon: {cell}",
        "cropped": "Shown: x {a0}..{a1}, y {b0}..{b1} (around the heroes) of x {x0}..{x1}, y {y0}..{y1}",
        "legend_heroes": "Heroes: ",
        "legend_rooms": "Rooms: ",
        "coins_row": "Coins", "gold_row": "Gold",
        "result_row": "Result", "won": "wins", "lost": "—",
        "winner": "Winner: {names}", "winners": "Winners (shared): {names}",
        "wins_1": "wins", "wins_n": "win", "wins_you": "win",
        "you_mark": "(you)", "coin_of": "a coin of {n} gold",
        "destroy_head": "Destroy the room at", "rotate_head": "Turn {turn} the room at",
        "exchange_head": "Swap for {room} the room at",
        "input_help": "type a number from the list, or an action such as: place find 1,0 NE, "
                      "move 0,1, pass (rooms x,y from Start; sides N E S W)",
    },
    "fr": {
        "you": "vous", "and": "et",
        "turn_cw": "d'un quart de tour (sens horaire)", "turn_half": "d'un demi-tour",
        "turn_ccw": "d'un quart de tour (sens anti-horaire)",
        "player": "Joueur", "hero_head": "Héros", "where": "Salle", "tiles": "Tuiles",
        "coins": "Pièces", "gold": "Or",
        "first": "premier", "to_act": "à jouer", "partner": "équipe {t}",
        "hidden": "?",
        "hand": "Votre main : ", "hand_empty": "Votre main est vide",
        "new_in_hand": "Dans votre main : {tiles}",
        "pile": "Pioche : {n} salles", "treasure": "Trésor : {n} pièces", "gone": "hors jeu : {n}",
        "pile_1": "Pioche : {n} salle", "treasure_1": "Trésor : {n} pièce",
        "goal_coins_1": "Objectif : {n} pièce",
        "goal_gold": "Objectif : {n} pièces d'or", "goal_coins": "Objectif : {n} pièces",
        "goal_escape": "Objectif : {n} pièces d'or, puis atteindre une Évasion ou une Téléportation",
        "drakon_aside": "Drakon est mis de côté", "drakon_at": "Drakon : {cell}",
        "cropped": "Affiché : x {a0}..{a1}, y {b0}..{b1} (autour des héros) sur x {x0}..{x1}, y {y0}..{y1}",
        "legend_heroes": "Héros : ",
        "legend_rooms": "Salles : ",
        "coins_row": "Pièces", "gold_row": "Or",
        "result_row": "Résultat", "won": "gagne", "lost": "—",
        "winner": "Vainqueur : {names}", "winners": "Vainqueurs (ex æquo) : {names}",
        "wins_1": "gagne", "wins_n": "gagnent", "wins_you": "gagnez",
        "you_mark": "(vous)", "coin_of": "une pièce de valeur {n}",
        "destroy_head": "Détruire la salle en", "rotate_head": "Pivoter {turn} la salle en",
        "exchange_head": "Échanger contre {room} la salle en",
        "input_help": "tapez un numéro de la liste, ou une action comme : poser trouver 1,0 NE, "
                      "aller 0,1, passer (salles x,y depuis le Départ ; côtés N E S O)",
    },
}


def word(key: str, lang: str = "en", **params: Any) -> str:
    """One of the words above in ``lang`` (English when the language is unknown); with a count
    ``n`` of one (zero or one in French) its singular ``key_1`` when there is one."""
    table = pick(WORDS, lang)
    n = params.get("n")
    if isinstance(n, int) and (n == 1 or (n == 0 and language(lang) == "fr")) and f"{key}_1" in table:
        key = f"{key}_1"
    return table[key].format(**params)
