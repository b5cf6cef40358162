"""``ludotheque report``: each game end to end on a small run with variants side by side, a
corrected components file, a sweep, the CSV tables, bad input refused with a message, and the
page opened in Chromium with its plots, in English and in French."""

from __future__ import annotations

import hashlib
import json
from csv import DictReader
from pathlib import Path
from typing import Any

import pytest

from ludotheque.cli.testing import CliRunner
from ludotheque.core.registry import get_game
from ludotheque.sim.report_words import FIGURES

runner = CliRunner()

#: Games a column in the reports made once for the module: few (a small run is what is tested)
GAMES = 10
#: A variant for each game: (game, options of the second column)
VARIANTS = {"gargon": "variant=open", "drakon": "heroes=yes", "kagoun": "capture_ties=first"}


def report(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(["report", *args], env={"COLUMNS": "120"})
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def kagoun_deck(folder: Path, force: int = 7) -> Path:
    """The package's Kagoun deck with card C2's first force changed (shipped: 2)."""
    import ludotheque.games.kagoun as kagoun

    deck = json.loads((Path(kagoun.__path__[0]) / "data" / "deck-reconstructed.json").read_text("utf-8"))
    deck["cards"][5]["ends"][0]["force"] = force  # the sixth card of the file is C2
    path = folder / "my-deck.json"
    path.write_text(json.dumps(deck), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each game's report, GAMES games a column, base game and one variant, in English (Kagoun's on
    a deck of its own, from a path); Gargon's again in French, with no JSON."""
    folder = tmp_path_factory.mktemp("reports")
    made = {}
    own = {"kagoun": ["--components", str(kagoun_deck(folder))]}
    for game_id, variant in VARIANTS.items():
        page, data = folder / f"{game_id}.html", folder / f"{game_id}.json"
        code, out, err = report(game_id, "--games", str(GAMES), "--seed", "2", "--variants", variant,
                                *own.get(game_id, []),
                                "-o", str(page), "--json", str(data), "--lang", "en")
        assert code == 0, out + err
        made[game_id] = page
    french = folder / "gargon-fr.html"
    assert report("gargon", "--games", str(GAMES), "--seed", "2", "--variants", VARIANTS["gargon"],
                  "-o", str(french), "--lang", "fr", "--csv", str(folder / "gargon-csv"))[0] == 0
    made["gargon-fr"] = french
    return made


@pytest.mark.parametrize("game_id", list(VARIANTS))
def test_report_end_to_end_each_game_base_and_variant_side_by_side(pages: dict[str, Path],
                                                                    game_id: str) -> None:
    data = json.loads(pages[game_id].with_suffix(".json").read_text(encoding="utf-8"))
    assert data["game"] == game_id and data["games"] == GAMES and data["seed"] == 2
    base, variant = data["variants"]
    assert base["options"] == {} and " ".join(f"{k}={v}" for k, v in variant["options"].items()) == \
        VARIANTS[game_id]
    own = set(get_game(game_id).report_figures().words("en"))
    for column in (base, variant):
        figures = column["figures"]
        assert {"seat_advantage", "length_actions"} | own <= set(figures)
        assert abs(sum(s["wins"] for s in figures["seat_advantage"]["rows"]) - GAMES) < 1e-9
        assert abs(sum(t["wins"] for t in figures["turn_order"]["rows"]) - GAMES) < 1e-9
        # every key the game names is listed, 0 when it never happened
        assert set(figures["ending"]["shares"]) >= set(get_game(game_id).report_figures()
                                                        .words("en")["ending"][2])
        assert sum(s["count"] for s in figures["ending"]["shares"].values()) == GAMES
        assert all(figure["too_few"] for figure in figures.values())  # so few games: too few
    page = pages[game_id].read_text(encoding="utf-8")
    assert page.count("<svg") == len(base["figures"])
    # one set of bins for both columns of each histogram, and the variant tested against the base
    for name, figure in base["figures"].items():
        if "histogram" in figure:
            assert figure["histogram"]["edges"] == variant["figures"][name]["histogram"]["edges"]
    assert "versus_base" in variant["figures"]["ending"] and "versus_base" not in base["figures"]["ending"]
    for fetch in ("<script", "<link", " src=", "url(http", 'href="http'):  # nothing fetched
        assert fetch not in page


def test_report_plays_a_kagoun_deck_from_a_path_named_after_its_file(pages: dict[str, Path]) -> None:
    data = json.loads(pages["kagoun"].with_suffix(".json").read_text(encoding="utf-8"))
    (box,) = data["components"]
    assert box["name"] == "my-deck" and data["variants"][0]["box"] == "my-deck"
    assert box["sha256"] == hashlib.sha256(Path(box["path"]).read_bytes()).hexdigest()
    assert box["differences"]["rows"] == [{"key": "C2", "shipped": "Y/B (a: B 2, b: G 2 defend)",
                                           "box": "Y/B (a: B 7, b: G 2 defend)"}]
    page = pages["kagoun"].read_text(encoding="utf-8")
    assert "the first is the box my-deck" in page and "<th>my-deck</th>" in page
    assert "base game" not in page and "as it comes" not in page
    assert "warning\">⚠ my-deck" not in page  # 52 cards, as published: no warning


def test_the_footer_names_the_json_only_when_one_was_written(pages: dict[str, Path]) -> None:
    assert "the numbers are in " + str(pages["drakon"].with_suffix(".json")) in \
        pages["drakon"].read_text(encoding="utf-8")
    french = pages["gargon-fr"].read_text(encoding="utf-8")  # written without --json
    assert "<footer>Produit par « ludotheque report ».</footer>" in french and "JSON" not in french


def test_report_rotates_mixed_bots_over_the_seats_in_whole_rounds(tmp_path: Path) -> None:
    data = tmp_path / "r.json"
    code, out, err = report("gargon", "--games", "4", "--seed", "1", "--players", "3", "--bots",
                            "heuristic,random", "-o", str(tmp_path / "r.html"), "--json", str(data))
    assert code == 0, out + err
    assert "rounded up to 6" in out  # three seatings of heuristic, random, heuristic
    figures = json.loads(data.read_text(encoding="utf-8"))["variants"][0]["figures"]
    assert [s["games"] for s in figures["seat_advantage"]["rows"]] == [6, 6, 6]
    assert [(b["key"], b["games"]) for b in figures["bots"]["rows"]] == [("heuristic", 12), ("random", 6)]
    assert "Wins by bot" in (tmp_path / "r.html").read_text(encoding="utf-8")


def drakon_box(folder: Path, finds: int = 38, name: str = "big-box.toml") -> Path:
    """The package's Drakon box with 36 more "find N" tiles than it ships (108 tiles in all)."""
    import ludotheque.games.drakon as drakon

    shipped = (Path(drakon.__path__[0]) / "data" / "components.toml").read_text("utf-8")
    path = folder / name
    path.write_text(shipped.replace('room = "find"\narrows = "N"\ncount = 2',
                                    f'room = "find"\narrows = "N"\ncount = {finds}'), "utf-8")
    return path


def test_report_on_corrected_components_files_named_and_compared(tmp_path: Path) -> None:
    import ludotheque.games.drakon as drakon

    shipped = Path(drakon.__path__[0]) / "data" / "components.toml"  # the package's: compiled or not
    big, data, page = drakon_box(tmp_path), tmp_path / "r.json", tmp_path / "r.html"
    code, out, err = report("drakon", "--games", "3", "--seed", "1", "--players", "3",
                            "--components", str(big), "--components", f"shipped={shipped}",
                            "--variants", "players=4", "-o", str(page), "--json", str(data))
    assert code == 0, out + err
    document = json.loads(data.read_text(encoding="utf-8"))
    assert [(c.get("box"), c["options"]) for c in document["variants"]] == [
        ("big-box", {}), ("shipped", {"components": str(shipped)}), (None, {"players": "4"})]
    mine, theirs = document["components"]
    assert (mine["name"], mine["path"], theirs["name"]) == ("big-box", str(big), "shipped")
    assert mine["sha256"] == hashlib.sha256(big.read_bytes()).hexdigest() != theirs["sha256"]
    assert mine["differences"] == {
        "rows": [{"key": "find", "shipped": 16, "box": 52}],
        "totals": [{"key": "tiles", "published": 72, "box": 108},
                   {"key": "coins", "published": 28, "box": 28}]}
    assert theirs["differences"]["rows"] == []
    text = page.read_text(encoding="utf-8")
    assert "⚠ big-box does not hold what the published box holds: tiles in all 108 (published: 72)" in text
    assert "⚠ shipped" not in text and "Nothing differs from the box the package ships" in text
    assert "<tr><td>Find a coin</td><td>16</td><td>52</td></tr>" in text
    assert "the first is the box big-box" in text and "Every variant column plays on the box big-box" in text
    assert "base game" not in text and "as it comes" not in text
    assert "3 to 4 players" in text and " 3 players" not in text  # the columns seat 3, 3 and 4


@pytest.mark.parametrize(("make", "lang", "message"), [
    (lambda folder: drakon_box(folder, finds=0), "fr",
     "erreur : matériel de Drakon ({path}) : « find N » : count doit être un nombre entier à "
     "partir de 1 ; reçu 0"),
    (lambda folder: drakon_box(folder, finds=0), "en",
     'error: drakon components ({path}): "find N": count must be a whole number from 1; got 0'),
    (lambda folder: kagoun_deck(folder, force=12), "fr",
     "erreur : paquet de Kagoun ({path}) : C2 : une force va de 0 à 9 ; reçu 12"),
])
def test_a_bad_components_file_is_refused_naming_the_room_or_card_and_the_value(
        tmp_path: Path, make: Any, lang: str, message: str) -> None:
    bad = make(tmp_path)
    game = "kagoun" if bad.suffix == ".json" else "drakon"
    for asked in (["--components", f"mine={bad}"], ["--variants", f"components={bad}"]):
        code, _, err = report(game, *asked, "--lang", lang, "-o", str(tmp_path / "p.html"))
        assert code == 1 and message.format(path=bad) in " ".join(err.split()), (asked, err)
        assert not (tmp_path / "p.html").exists()


@pytest.mark.parametrize(("args", "message"), [
    (["gargon", "--games", "0"], "--games must be at least 1"),
    (["gargon", "--variants", "heroes=yes"], "variant 'heroes=yes'"),
    (["drakon", "--variants", "heroes"], "expected NAME=VALUE"),
    (["drakon", "--variants", "players=9"], "2 to 6 players"),
    (["gargon", "--components", "box.toml"], "Gargon has no components file option"),
    (["drakon", "--components", "a=x.toml", "--components", "a=y.toml"], "two boxes named 'a'"),
    (["drakon", "--components", "/nonexistent/box.toml"], "no such file"),
    (["nogame"], "nogame"),
    (["gargon", "--json", "/nonexistent/r.json"], "no such folder"),
])
def test_report_refuses_bad_input_with_a_message(tmp_path: Path, args: list[str], message: str) -> None:
    page = tmp_path / "page.html"
    code, _, err = report(*args, "-o", str(page))
    assert code != 0 and message in err, err
    assert not page.exists()


def test_report_refuses_a_components_file_that_is_not_one(tmp_path: Path) -> None:
    bad = tmp_path / "box.toml"
    bad.write_text("this is not = [toml", encoding="utf-8")
    code, _, err = report("drakon", "--games", "1", "--components", str(bad), "-o", str(tmp_path / "p.html"))
    assert code != 0 and err.strip()


def plots(page: Any) -> list[int]:
    """The number of drawn shapes of each plot on the page."""
    result: list[int] = page.eval_on_selector_all("figure svg", "svgs => svgs.map(s => "
                                                  "s.querySelectorAll('path, rect, line, use').length)")
    return result


def test_report_pages_show_their_plots_in_english_and_in_french(
        pages: dict[str, Path], sweep: Path, chromium: Any, open_page: Any) -> None:
    english_only = {title for title, _ in FIGURES["en"].values()} - {
        title for title, _ in FIGURES["fr"].values()}
    words = get_game("gargon").report_figures()
    english_only |= {t for t, _, _ in words.words("en").values()} - {
        t for t, _, _ in words.words("fr").values()}
    for name, lang in (("gargon", "en"), ("gargon-fr", "fr")):
        page = open_page(chromium)
        page.goto(pages[name].as_uri())
        assert page.locator("html").get_attribute("lang") == lang
        drawn = plots(page)
        assert len(drawn) >= 6 and all(count > 10 for count in drawn), drawn
        box = page.locator("figure svg").first.bounding_box()
        assert box is not None and box["width"] > 300 and box["height"] > 100
        headings = set(page.locator("h2").all_inner_texts())
        if lang == "fr":
            assert not headings & english_only, headings & english_only
            assert "Avantage de la place" in headings
        else:
            assert "Seat advantage" in headings
    # a sweep's trends, in French: a line per row with its band, the values on the axis
    page = open_page(chromium)
    page.goto((sweep / "r.html").as_uri())
    page.click('nav a[href="#sweep"]')
    trends = page.locator("#sweep figure svg")
    assert trends.count() >= 5 and page.locator("#sweep h2").inner_text() == "Tendances selon goal"
    first = trends.first.bounding_box()
    assert first is not None and first["width"] > 300 and first["height"] > 100
    ticks = trends.first.locator("text").all_text_contents()
    assert {"5", "9", "goal", "place 0"} <= {t.strip() for t in ticks}, ticks


def test_report_without_matplotlib_says_how_to_install_it(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    found = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *args: None if name == "matplotlib" else found(name, *args))
    code, _, err = report("gargon", "--games", "2", "-o", str(tmp_path / "p.html"))
    assert code != 0 and "pip install 'ludotheque[report]'" in err


def test_matplotlib_is_loaded_by_the_report_only() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "ludotheque", "simulate", "gargon",
                           "--games", "2", "--seed", "1"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "ludotheque.sim.runner" in done.stderr
    assert "matplotlib" not in done.stderr and "ludotheque.sim.report" not in done.stderr


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as file:
        return list(DictReader(file))


def check_games_csv(folder: Path, columns: dict[str, dict[str, Any]], games: int) -> None:
    """``games.csv`` against the figures of each column (by its name in the tables): a row per
    game, whose winners add up to the seat advantage, lengths to the length's mean and endings
    to the ending counts."""
    rows = read_csv(folder / "games.csv")
    assert [g["column"] for g in rows] == [name for name in columns for _ in range(games)]
    for name, figures in columns.items():
        mine = [g for g in rows if g["column"] == name]
        assert [int(g["index"]) for g in mine] == list(range(games))
        players = len(figures["seat_advantage"]["rows"])
        wins = [0.0] * players
        for row in mine:
            seats = [int(s) for s in row["winners"].split()]
            for seat in seats:
                wins[seat] += 1 / len(seats)
        assert wins == pytest.approx([r["wins"] for r in figures["seat_advantage"]["rows"]])
        mean = sum(int(g["length"]) for g in mine) / games
        assert mean == pytest.approx(figures["length_actions"]["distribution"]["mean"])
        endings = {k: sum(g["ending"] == k for g in mine) for k in figures["ending"]["shares"]}
        assert endings == {k: s["count"] for k, s in figures["ending"]["shares"].items()}
        assert all(len(g["lineup"].split()) == players for g in mine)


def test_the_csv_has_a_row_per_game_and_a_table_per_figure_as_the_json_says(sweep: Path) -> None:
    data = json.loads((sweep / "r.json").read_text(encoding="utf-8"))
    columns = {f"goal={v['options']['goal']}": v["figures"] for v in data["variants"]}
    check_games_csv(sweep / "csv", columns, data["games"])
    for name, figure in data["variants"][0]["figures"].items():  # each figure a table
        table = read_csv(sweep / "csv" / f"{name}.csv")
        assert table and {row["column"] for row in table} == set(columns), name
        if figure["kind"] == "shares":  # a row per key and column, 0 for what never happened
            first = {r["key"]: int(r["count"]) for r in table if r["column"] == "goal=5"}
            assert first == {k: s["count"] for k, s in figure["shares"].items()}


def test_the_csv_of_a_report_with_a_variant_names_its_columns(pages: dict[str, Path]) -> None:
    folder = pages["gargon-fr"].parent / "gargon-csv"
    names = ("base", VARIANTS["gargon"])
    tables = {p.stem: read_csv(p) for p in folder.glob("*.csv") if p.stem != "games"}
    assert {"seat_advantage", "turn_order", "ending", "length_actions"} <= set(tables)
    columns: dict[str, dict[str, Any]] = {name: {} for name in names}
    for name in names:  # the figures again, from their tables
        seats = [r for r in tables["seat_advantage"] if r["column"] == name]
        columns[name]["seat_advantage"] = {"rows": [{"wins": float(r["wins"])} for r in seats]}
        (length,) = [r for r in tables["length_actions"] if r["column"] == name]
        columns[name]["length_actions"] = {"distribution": {"mean": float(length["mean"])}}
        columns[name]["ending"] = {"shares": {r["key"]: {"count": int(r["count"])}
                                              for r in tables["ending"] if r["column"] == name}}
    check_games_csv(folder, columns, GAMES)


@pytest.fixture(scope="module")
def sweep(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Drakon's goal swept over two values, 4 games each, in French, with its CSV tables."""
    folder = tmp_path_factory.mktemp("sweep")
    code, out, err = report("drakon", "--games", "4", "--seed", "2", "--sweep", "goal=5..9:4",
                            "-o", str(folder / "r.html"), "--json", str(folder / "r.json"),
                            "--csv", str(folder / "csv"), "--lang", "fr")
    assert code == 0, out + err
    return folder


def test_a_sweep_plays_one_column_per_value_and_draws_its_trends(sweep: Path) -> None:
    data = json.loads((sweep / "r.json").read_text(encoding="utf-8"))
    assert [v["options"] for v in data["variants"]] == [{"goal": 5}, {"goal": 9}]
    assert data["sweep"]["option"] == "goal" and data["sweep"]["values"] == [5, 9]
    trends = data["sweep"]["trends"]
    assert {"seat_advantage", "turn_order", "length_actions", "ending"} <= set(trends)
    # one point per value, each the column's own figure with its interval
    for key, share in data["variants"][1]["figures"]["ending"]["shares"].items():
        point = trends["ending"]["series"][key][1]
        assert (point["value"], point["y"], point["low"], point["high"]) == (
            9, share["share"], share["low"], share["high"])
    # a higher goal is reached less often: the same deals, so never more often
    reached = [p["y"] for p in trends["ending"]["series"]["goal"]]
    assert reached[1] <= reached[0]
    page = (sweep / "r.html").read_text(encoding="utf-8")
    section = page[page.index('<section id="sweep">'):page.index("</section>")]
    assert "Tendances selon goal" in section and section.count("<svg") == len(trends)
    assert page.count("<svg") == len(trends) + len(data["variants"][0]["figures"])
    trend_rows = read_csv(sweep / "csv" / "trends.csv")
    assert {r["goal"] for r in trend_rows} == {"5", "9"}


@pytest.mark.parametrize(("args", "message"), [
    (["drakon", "--sweep", "goal=0..8"], "goal goes from 1 to 200; 0 is outside"),
    (["drakon", "--sweep", "goal=5..300", "--lang", "fr"], "erreur : --sweep goal=5..300 : goal va de "
                                                           "1 à 200 ; 300 en sort"),
    (["drakon", "--sweep", "heroes=0..1"], "'heroes' is not a number"),
    (["drakon", "--sweep", "speed=1..3"], "Drakon has no option 'speed'"),
    (["drakon", "--sweep", "goal=5-8"], "expected NAME=A..B"),
    (["drakon", "--sweep", "goal=8..5"], "A must not be above B"),
    (["drakon", "--sweep", "goal=1..100"], "at most 12"),
    (["drakon", "--sweep", "players=2..7"], "players goes from 2 to 6; 7 is outside"),
    (["drakon", "--sweep", "goal=5..8", "--variants", "heroes=yes"], "cannot be combined"),
    (["kagoun", "--sweep", "first_player=0..3", "--players", "3"], "first_player goes from 0 to 2"),
    (["gargon", "--csv", "/nonexistent/deeper/csv"], "--csv /nonexistent/deeper/csv: no such folder"),
])
def test_a_bad_sweep_or_csv_folder_is_refused_naming_the_option_and_its_range(
        tmp_path: Path, args: list[str], message: str) -> None:
    page = tmp_path / "page.html"
    code, _, err = report(*args, "-o", str(page))
    assert code != 0 and message in " ".join(err.split()), err
    assert not page.exists()
