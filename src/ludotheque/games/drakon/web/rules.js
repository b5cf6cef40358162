// Drakon's rules in short, in English and French: our summary of the French rulebook (004), with
// the project's rulings in docs/rules/drakon.md. Static text only: no data from the network.

export const rules = {
  en: `
<h2>Drakon — the rules in short</h2>
<p>2 to 6 players. Heroes caught in the dragon's lair: the first whose coins are worth 10 gold in all wins at once
(each coin is worth 1 to 3).</p>
<h3>Your turn: one of</h3>
<ul>
  <li><b>Lay a room</b> from your hand next to a room in play, turned as you like, never with two arrows
    facing each other; then draw a tile (while the pile lasts).</li>
  <li><b>Move your hero</b> through an arrow of its room into the next room, whose effect then acts.</li>
</ul>
<p>Whoever can do neither passes; when nobody can act, the most gold wins.</p>
<h3>Drakon</h3>
<p>Set down by whoever lays the first Drakon's movements room. A hero on Drakon's room goes back to
Start and loses a coin at random.</p>
<h3>Rooms</h3>
<p>Find a coin, Lose a coin, Steal a coin (clockwise / anticlockwise), Destroy a room, Drakon's movements,
Moving room, Magic harp (pulls in heroes from rooms pointing at it), Magic exchange, Map room, Passkey
(leave through any side), Mind control, Rotate a room, Violent wind (the next move goes two rooms),
Teleport (leave to any room), Escape (your hero steps onto it when you lay it).</p>
<h3>Heroes! (a variant)</h3>
<p>Each hero has an ability to use once a game, in your turn, before or after your action: the Amazon
moves one room more, the Barbarian pushes a hero in his room and takes a tile from its player, the Dwarf
changes tiles of his hand, the Knight keeps a coin he would lose, the Thief steals a coin in his room or
swaps one with the treasure, the Wizard goes through a wall.</p>
<h3>Playing here</h3>
<ul>
  <li>What to do is written above your tiles, with the buttons of the decision.</li>
  <li><b>Lay a room</b>: click a tile of your hand, turn it with <i>Turn</i> (or the R key), then click a
    highlighted free spot of the map.</li>
  <li><b>Move</b>: click a highlighted room. Rooms' choices (a room to destroy or turn, where Drakon goes, a
    hero to move) are highlighted rooms too; the other choices are buttons above your tiles.</li>
  <li><b>The map</b> comes to your hero when your turn begins. Drag it, use the arrow buttons at its edges
    (a glowing one leads to highlighted rooms), the arrow keys, or + and − to zoom; ⌂ brings back your hero,
    ⤢ shows the whole dungeon.</li>
  <li><b>What is it?</b> Point at a room, a hero or the dragon, or tap it on a phone, or reach it with
    the arrow keys: what it does shows on the map. Your hero's chip beside your purse says its ability.</li>
  <li><b>Abilities</b>: the ⚡ button asks for your hero's ability in this turn; its choices then show on
    the board, now or once your action is done. Without it, your turn simply ends after your action and
    the ability stays for later.</li>
  <li>Your coins show their value; the others' lie face down until the end, which says who won, why, and
    each purse's coins.</li>
</ul>`,
  fr: `
<h2>Drakon — les règles en bref</h2>
<p>2 à 6 joueurs. Des héros prisonniers de l'antre du dragon : la première personne dont les pièces valent
10 en tout gagne immédiatement (chaque pièce vaut 1 à 3).</p>
<h3>À votre tour, au choix</h3>
<ul>
  <li><b>Poser une salle</b> de votre main à côté d'une salle en jeu, dans le sens de votre choix, sans
    jamais deux flèches en vis-à-vis ; puis piocher une salle (tant qu'il en reste).</li>
  <li><b>Bouger votre héros</b> par une flèche de sa salle vers la salle voisine, dont l'effet s'applique.</li>
</ul>
<p>Qui ne peut faire ni l'un ni l'autre passe ; quand plus personne ne peut jouer, le plus d'or l'emporte.</p>
<h3>Drakon</h3>
<p>Posé par qui pose la première salle Mouvements de Drakon. Un héros sur la salle de Drakon retourne au
Départ et perd une pièce au hasard.</p>
<h3>Salles</h3>
<p>Trouver une pièce, Perdre une pièce, Vol de pièce (sens horaire / anti-horaire), Détruire une salle,
Mouvements de Drakon, Salle mobile, Harpe magique (attire les héros des salles pointant vers elle),
Échange magique, Salle des cartes, Passe-partout (sortie par n'importe quel côté), Contrôle de l'esprit,
Pivoter une salle, Vent violent (le prochain déplacement est de deux salles), Téléportation (sortie vers
n'importe quelle salle), Évasion (votre héros s'y place quand vous la posez).</p>
<h3>Héros ! (une variante)</h3>
<p>Chaque héros a une compétence à utiliser une fois par partie, à son tour, avant ou après son action :
l'Amazone se déplace d'une salle de plus, le Barbare pousse un héros de sa salle et prend une tuile à son
joueur, le Nain change des tuiles de sa main, le Chevalier garde une pièce qu'il allait perdre, le Voleur
vole une pièce dans sa salle ou en échange une avec le trésor, le Magicien passe à travers un mur.</p>
<h3>Jouer ici</h3>
<ul>
  <li>Ce qu'il faut faire est écrit au-dessus de vos tuiles, avec les boutons de la décision.</li>
  <li><b>Poser une salle</b> : cliquez une tuile de votre main, tournez-la avec <i>Tourner</i> (ou la touche
    R), puis cliquez un emplacement libre en surbrillance sur le plan.</li>
  <li><b>Se déplacer</b> : cliquez une salle en surbrillance. Les choix des salles (une salle à détruire ou à
    pivoter, où va Drakon, un héros à déplacer) sont aussi des salles en surbrillance ; les autres choix sont
    des boutons au-dessus de vos tuiles.</li>
  <li><b>Le plan</b> vient sur votre héros quand votre tour commence. Faites-le glisser, utilisez les
    flèches de ses bords (une flèche lumineuse mène aux salles en surbrillance), les flèches du clavier, ou
    + et − pour zoomer ; ⌂ revient à votre héros, ⤢ montre tout le repaire.</li>
  <li><b>Qu'est-ce que c'est ?</b> Pointez une salle, un héros ou le dragon, touchez-le sur un téléphone, ou
    atteignez-le avec les flèches du clavier : ce qu'il fait s'affiche sur le plan. La pastille de votre
    héros, près de votre bourse, dit sa compétence.</li>
  <li><b>Compétences</b> : le bouton ⚡ demande la compétence de votre héros pour ce tour ; ses choix
    s'affichent alors sur le plateau, maintenant ou une fois votre action faite. Sans lui, votre tour finit
    simplement après votre action, et la compétence reste pour plus tard.</li>
  <li>Vos pièces montrent leur valeur ; celles des autres restent face cachée jusqu'à la fin, qui dit qui a
    gagné, pourquoi, et les pièces de chaque bourse.</li>
</ul>`,
};
