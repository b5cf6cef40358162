// Gargon's rules in short, in English and French: our own summary of the French rulebook (000,
// authoritative) and its translations (001, 002), with the project's rulings (docs/rules/gargon.md).
// Static text only: no data from the network is inserted here.

export const rules = {
  en: `
<h2>Gargon — the rules in short</h2>
<p>3 to 5 players. Win creature cards carrying amulets; the most points wins.</p>
<h3>The cards</h3>
<ul>
  <li>102 cards in six colours, one creature each: <b>W</b> white dragon, <b>B</b> blue pegasus,
    <b>V</b> violet gargoyle, <b>R</b> red phoenix, <b>Y</b> yellow manticore, <b>G</b> green fairy.</li>
  <li>Values 0 to 15 in every colour (15 is the strongest), with two 0s per colour.</li>
  <li>Cards 1 to 12 carry 1 to 5 amulets (fewer on stronger cards); 0 and 13 to 15 carry none.</li>
  <li>Backs show the colour: everybody sees the colours of every hand and of both piles, card by card.
    Values stay hidden.</li>
  <li>Ten cards each; the rest makes two draw piles of the same size.</li>
</ul>
<h3>1. Placing</h3>
<ul>
  <li>The first player lays 1 to 3 cards face down in one of five shapes: one card; two of one colour;
    two of two colours; three in two colours (2+1); three in three colours. Never three of one colour.</li>
  <li>Then, clockwise, each other player <b>follows</b> or <b>passes</b>.</li>
  <li>Follow: lay as many cards, in the same shape, in any colours. The last player of the round (the one
    just before the first player) may only use colours already laid this round.</li>
  <li>Pass: draw 1 to 3 cards into your hand, one at a time, from the top of either pile (mixing piles
    is allowed); you may stop after one or two. A player who passed sits out this round's fights.</li>
</ul>
<h3>2. Fights</h3>
<ul>
  <li>All cards in play are turned face up. The first player picks one of his colours in play; that colour
    is fought out completely:</li>
  <li><b>A</b> — nobody else has that colour: he takes his card(s).</li>
  <li><b>B</b> — several players have it: each fights with his highest card of it; the highest value takes its
    card, the other fighting cards are discarded, and each loser at once draws one card (clockwise from the
    first player). Repeat while several players still hold the colour.</li>
  <li><b>C</b> — a card left alone after a fight goes to its owner.</li>
  <li>A 0 is won only alone (A or C). When two players each have a 0 of the chosen colour in play, both 0s
    are discarded and nobody draws for them.</li>
  <li>The first player keeps choosing while he has cards in play; then the next player clockwise with cards
    in play chooses, and so on. Won cards lie face down before their winner (face up in the open variant).</li>
  <li>Next round: the next player clockwise who holds cards becomes the first player.</li>
</ul>
<h3>End and scoring</h3>
<ul>
  <li>When the last card of either pile is drawn, the round is played out, then the game ends. Cards left
    in hand score nothing.</li>
  <li>In each colour, the player with the most won cards gets +10; players tied for most get +5 each.</li>
  <li>Each amulet on a won card is one point. One 0 of a colour doubles that colour's amulets; both 0s
    multiply them by four.</li>
  <li>The highest total wins; equal highest totals share the win.</li>
</ul>
<h3>Playing here</h3>
<p>Select cards in your hand (click or keyboard) and press <i>Play</i>; click a pile to draw; click a colour
to fight; or use any button of the <i>Moves</i> list.</p>
<p>Hover a card, a colour or a pile (tap it on a phone) to read what it does. Cards slide from where they were
to where they go, so that the bots' moves can be followed; on a phone the prompt and the last move stay at the
top of the screen.</p>`,
  fr: `
<h2>Gargon — les règles en bref</h2>
<p>3 à 5 joueurs. Remportez des cartes de créatures portant des amulettes ; le plus de points l'emporte.</p>
<h3>Les cartes</h3>
<ul>
  <li>102 cartes en six couleurs, chacune une créature : dragon <b>blanc</b>, pégase <b>bleu</b>,
    gargouille <b>violet</b>, phénix <b>rouge</b>, manticore <b>jaune</b>, fée <b>vert</b>. Sur une carte,
    la couleur s'écrit en toutes lettres.</li>
  <li>Valeurs de 0 à 15 dans chaque couleur (15 est la plus forte), avec deux 0 par couleur.</li>
  <li>Les cartes de 1 à 12 portent de 1 à 5 amulettes (moins sur les plus fortes) ; le 0 et les cartes de
    13 à 15 n'en ont aucune.</li>
  <li>Le dos montre la couleur : chacun voit les couleurs de toutes les mains et des deux pioches, carte par
    carte. Les valeurs restent cachées.</li>
  <li>Dix cartes chacun ; le reste forme deux pioches de même taille.</li>
</ul>
<h3>1. La pose</h3>
<ul>
  <li>Le premier joueur pose face cachée 1 à 3 cartes selon l'un des cinq rapports : une carte ; deux d'une
    couleur ; deux de deux couleurs ; trois en deux couleurs (2+1) ; trois en trois couleurs. Jamais trois
    cartes d'une même couleur.</li>
  <li>Puis, dans le sens horaire, chaque autre joueur <b>suit</b> ou <b>passe</b>.</li>
  <li>Suivre : poser autant de cartes, selon le même rapport, dans les couleurs de son choix. Le dernier
    joueur de la manche (celui qui précède le premier joueur) ne peut utiliser que des couleurs déjà posées
    dans la manche.</li>
  <li>Passer : prendre en main 1 à 3 cartes, une à la fois, au sommet de l'une ou l'autre pioche (on peut
    mélanger) ; on peut s'arrêter après une ou deux. Qui a passé ne prend pas part aux combats de la
    manche.</li>
</ul>
<h3>2. Les combats</h3>
<ul>
  <li>Toutes les cartes posées sont retournées. Le premier joueur choisit l'une de ses couleurs en jeu ;
    cette couleur est combattue jusqu'au bout :</li>
  <li><b>A</b> — personne d'autre n'a cette couleur : il prend sa ou ses cartes.</li>
  <li><b>B</b> — plusieurs joueurs l'ont : chacun combat avec sa plus forte carte de cette couleur ; la plus
    haute valeur remporte sa carte, les autres cartes du combat sont défaussées et chaque perdant pioche
    aussitôt une carte (dans le sens horaire à partir du premier joueur). On recommence tant que plusieurs
    joueurs ont encore la couleur.</li>
  <li><b>C</b> — une carte restée seule après un combat revient à son propriétaire.</li>
  <li>Un 0 ne se gagne que seul (A ou C). Si deux joueurs ont chacun un 0 de la couleur choisie en jeu, les
    deux 0 sont défaussés et personne ne pioche pour eux.</li>
  <li>Le premier joueur choisit tant qu'il a des cartes en jeu ; ensuite le joueur suivant dans le sens
    horaire ayant des cartes en jeu choisit, et ainsi de suite. Les cartes gagnées restent face cachée
    devant leur gagnant (face visible dans la variante ouverte).</li>
  <li>Manche suivante : le joueur suivant dans le sens horaire qui a des cartes en main devient premier
    joueur.</li>
</ul>
<h3>Fin et décompte</h3>
<ul>
  <li>Quand la dernière carte de l'une des pioches est tirée, on termine la manche, puis la partie s'arrête.
    Les cartes restées en main ne rapportent rien.</li>
  <li>Dans chaque couleur, le joueur qui a remporté le plus de cartes gagne +10 ; les joueurs à égalité en
    tête gagnent +5 chacun.</li>
  <li>Chaque amulette d'une carte remportée vaut un point. Un 0 d'une couleur double les amulettes de cette
    couleur ; les deux 0 les multiplient par quatre.</li>
  <li>Le plus grand total gagne ; les ex æquo en tête partagent la victoire.</li>
</ul>
<h3>Jouer ici</h3>
<p>Choisissez des cartes de votre main (clic ou clavier) puis <i>Poser</i> ; cliquez sur une pioche pour
piocher ; cliquez sur une couleur pour la combattre ; ou utilisez un bouton de la liste <i>Coups</i>.</p>
<p>Survolez une carte, une couleur ou une pioche (touchez-la sur un téléphone) pour lire ce qu'elle fait. Les
cartes glissent d'où elles étaient vers où elles vont, pour suivre les coups des robots ; sur un téléphone, la
consigne et le dernier coup restent en haut de l'écran.</p>`,
};
