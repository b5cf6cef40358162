"""Research adapters (the optional extra ``research``): PettingZoo, Gymnasium and OpenSpiel
environments over any registered game that declares an encoding (``Game.encoding``). Each
adapter is its own module, imported only when used: none of their libraries is needed to play."""
