// Kagoun's rules in short, in English and French: our own summary of the French rulebook (003)
// with the project's rulings (docs/rules/kagoun.md). Static text only.

export const rules = {
  en: `
<h2>Kagoun — the rules in short</h2>
<p>2 to 4 players. Pair cards, chain them, and shout <b>Kagoun!</b> when your chain is worth 10.</p>
<ul>
  <li>A card has two large half-symbols (colours) and, at each end, a line of small symbols with a force;
    some cards print a power (Take, Replay, Draw, Defend) at one end. The deck is reconstructed.</li>
  <li><b>Pairing</b>: your card's end laid beside a target's line; together the two lines must hold exactly
    your card's two large colours. Strength = the two ends' forces; the powers on those two lines fire.</li>
  <li>Each round: refill the river (one card per player) and hands (3); announce in turn (capture a river card,
    steal an opponent's pair extremity or chain end, consolidate, or discard 1–3), then resolve in turn.</li>
  <li>Strongest valid pairing wins a conflict; a same-letter pair always wins; a tied capture discards all;
    a robbed player must defend with a face-down card and wins ties.</li>
  <li>Consolidate: the upper card of a pair joins your chain where its half matches. Each junction is a complete
    symbol: 1 point, 2 each when a colour repeats, +2 with all four colours.</li>
  <li>Callers with 10+ points: the best wins. Callers under 10 are out. The last player left wins (KO).</li>
</ul>
<h3>Playing here</h3>
<ul>
  <li>A card shows at each end its small symbols (colour and shape: yellow disc, blue square, green triangle,
    red diamond), its force and any power (Take: two arrows, Replay: a turning arrow, Draw: a card with a plus, Defend: a shield; its name on hover); the large
    symbols are cut by the card's sides, whole where two chain cards touch. A pair shows its lower card's paired
    end and letter above the upper card.</li>
  <li>To capture, steal or defend: click a card of your hand, then the target's end (marked ✓ with its strength
    when it pairs, ✗ when it does not); the board says what each way of laying your card would do; confirm one.</li>
  <li>To consolidate, or lay your chain again: click the pair (or the card), then a slot at an end of your chain
    (the number is what the chain would be worth). Other choices are buttons on the board.</li>
  <li>Kagoun! is a button of its own; under 10 points the board asks you to confirm.</li>
  <li>In the moves list, a pairing names the two ends laid side by side (a card by its letter, an end by its
    small symbols and force) and says its strength, or that it is <b>not a valid pairing</b> (the two lines do
    not hold your card's two large colours): the card you lay would be discarded.</li>
  <li>Hover a card, a power or a colour (tap it on a phone) to read what it does. At the end, the board says who
    won and why, and counts each chain junction by junction.</li>
</ul>`,
  fr: `
<h2>Kagoun — la règle en bref</h2>
<p>2 à 4 joueurs. Appariez des cartes, enchaînez-les et criez <b>Kagoun !</b> quand votre chaîne vaut 10.</p>
<ul>
  <li>Une carte porte deux demi-grands symboles (couleurs) et, à chaque extrémité, une ligne de petits symboles
    avec une force ; certaines portent un pouvoir (Prendre, Rejouer, Piocher, Défendre). Le jeu est reconstitué.</li>
  <li><b>Appairer</b> : l'extrémité de votre carte contre une ligne de la cible ; à elles deux, les lignes doivent
    reproduire exactement les deux couleurs de votre carte. Puissance = les deux forces ; leurs pouvoirs s'activent.</li>
  <li>Chaque manche : recharge de la rivière (une carte par joueur) et des mains (3) ; annonces dans l'ordre
    (capturer, voler une extrémité de paire ou de chaîne, consolider, défausser 1 à 3), puis résolution.</li>
  <li>La plus forte paire valide gagne ; une paire de même lettre gagne toujours ; une égalité de capture défausse
    tout ; le volé se défend face cachée et gagne les égalités.</li>
  <li>Consolider : la carte supérieure d'une paire rejoint votre chaîne où sa moitié correspond. Chaque jonction
    est un symbole complet : 1 point, 2 chacun si la couleur se répète, +2 avec les quatre couleurs.</li>
  <li>Ceux qui ont crié avec 10 points ou plus : le meilleur gagne. Moins de 10 : hors jeu. Le dernier restant gagne (KO).</li>
</ul>
<h3>Jouer ici</h3>
<ul>
  <li>Une carte montre à chaque extrémité ses petits symboles (couleur et forme : disque jaune, carré bleu,
    triangle vert, losange rouge), sa force et son pouvoir éventuel (Prendre : deux flèches, Rejouer : une flèche qui tourne, Piocher :
    une carte et un plus, Défendre : un bouclier ; son nom au survol) ; les grands symboles sont coupés par les bords de la carte, entiers là où deux cartes de
    la chaîne se touchent. Une paire montre l'extrémité appariée et la lettre de sa carte inférieure au-dessus de
    la carte supérieure.</li>
  <li>Pour capturer, voler ou défendre : cliquez une carte de votre main, puis l'extrémité de la cible (marquée ✓
    avec sa puissance si elle s'apparie, ✗ sinon) ; le plateau dit ce que donnerait chaque façon de poser votre
    carte ; confirmez-en une.</li>
  <li>Pour consolider, ou reposer votre chaîne : cliquez la paire (ou la carte), puis un emplacement à un bout de
    votre chaîne (le nombre est ce que vaudrait la chaîne). Les autres choix sont des boutons du plateau.</li>
  <li>Kagoun ! est un bouton à part ; sous 10 points, le plateau vous demande de confirmer.</li>
  <li>Dans la liste des coups, un appariement nomme les deux bouts posés côte à côte (une carte par sa lettre,
    un bout par ses petits symboles et sa force) et dit sa puissance, ou que c'est un <b>appariement non
    valide</b> (les deux lignes ne reproduisent pas les deux grandes couleurs de votre carte) : la carte posée
    serait défaussée.</li>
  <li>Survolez une carte, un pouvoir ou une couleur (touchez-la sur un téléphone) pour lire ce qu'elle fait. À la
    fin, le plateau dit qui a gagné et pourquoi, et compte chaque chaîne jonction par jonction.</li>
</ul>`,
};
