// Drakon's rules in short, in English and French: our summary of the French rulebook (004), with
// the project's rulings in docs/rules/drakon.md. Static text only: no data from the network.

export const rules = {
  en: `
<h2>Drakon — the rules in short</h2>
<p>2 to 6 players. Heroes caught in the dragon's lair: the first to hold 10 gold wins at once.</p>
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
<p>On the board: choose a tile of your hand, turn it (R), click a highlighted spot; click a highlighted
room to move there. Drag to pan, wheel or +/− to zoom.</p>`,
  fr: `
<h2>Drakon — les règles en bref</h2>
<p>2 à 6 joueurs. Des héros prisonniers de l'antre du dragon : le premier à posséder 10 pièces d'or gagne
immédiatement.</p>
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
<p>Sur le plateau : choisissez une tuile de votre main, tournez-la (R), cliquez un emplacement en
surbrillance ; cliquez une salle en surbrillance pour y aller. Glisser pour déplacer, molette ou +/− pour
zoomer.</p>`,
};
