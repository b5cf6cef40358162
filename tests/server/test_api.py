"""The HTTP API contract of docs/web.md, and every refusal: each changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludotheque.core.record import GameRecord, replay


def test_games_list_gargon_with_options_and_bots(client: TestClient, tables: Any) -> None:
    games = client.get("/api/games").json()
    gargon = next(g for g in games if g["id"] == "gargon")
    assert (gargon["min_players"], gargon["max_players"]) == (3, 5)
    assert {o["name"] for o in gargon["options"]} >= {"players", "variant"}
    assert {"random", "heuristic"} <= set(gargon["bots"])


def test_create_table_answers_201_with_a_private_link_per_human_seat(client: TestClient, tables: Any) -> None:
    response = client.post("/api/tables", json={"game": "gargon", "options": {"players": 4},
                                                "seats": ["human", "bot:heuristic", "human", "bot:random"]})
    assert response.status_code == 201
    body = response.json()
    assert body["spectator_url"] == f"/t/{body['id']}"
    kinds = [(s["seat"], s["kind"], s.get("bot")) for s in body["seats"]]
    assert kinds == [(0, "human", None), (1, "bot", "heuristic"), (2, "human", None), (3, "bot", "random")]
    urls = [s["url"] for s in body["seats"] if s["kind"] == "human"]
    assert all(u.startswith(f"/t/{body['id']}#token=") for u in urls)
    assert len(set(urls)) == 2 and all(len(u.split("=", 1)[1]) >= 40 for u in urls)
    assert "url" not in body["seats"][1]


def test_seats_alone_set_the_number_of_players(client: TestClient, tables: Any) -> None:
    table, _ = tables.create(["human", "bot:random", "bot:random"])
    state = client.get(f"/api/tables/{table}").json()
    assert state["players"] == 3 and state["terminal"] is False
    assert state["view"]["observation"]["players"] == 3


@pytest.mark.parametrize(("body", "code"), [
    ({"game": "chess", "seats": ["human"] * 4}, "unknown_game"),
    ({"game": "gargon", "seats": ["human", "robot", "human"]}, "bad_seats"),
    ({"game": "gargon", "seats": ["human", "bot:genius", "human"]}, "unknown_bot"),
    ({"game": "gargon", "options": {"players": 5}, "seats": ["human"] * 3}, "bad_seats"),
    ({"game": "gargon", "seats": ["human"] * 7}, "bad_options"),
    ({"game": "gargon", "options": {"variant": "secret"}, "seats": ["human"] * 4}, "bad_options"),
    ({"game": "gargon", "options": {"first_player": 9}, "seats": ["human"] * 4}, "bad_options"),
    ({"game": "gargon", "options": {"colour": "red"}, "seats": ["human"] * 4}, "bad_options"),
    ({"game": "drakon", "options": {"components": "/etc/passwd"}, "seats": ["human"] * 4},
     "bad_options"),
    ({"game": "kagoun", "options": {"components": "/etc/passwd"}, "seats": ["human"] * 3},
     "bad_options"),
    ({"game": "drakon", "options": {"teams": True}, "seats": ["human"] * 3}, "bad_options"),
    ({"game": "gargon", "seats": "human"}, "malformed"),
    ({"seats": ["human"] * 4}, "malformed"),
    ({"game": "gargon", "seats": ["human"] * 4, "extra": 1}, "malformed"),
    ([1, 2], "malformed"),
])
def test_bad_table_requests_get_a_400_with_a_message(client: TestClient, body: Any, code: str) -> None:
    before = client.get("/api/tables").json()["tables"]
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["code"] == code and response.json()["detail"]
    assert client.get("/api/tables").json()["tables"] == before


def test_a_games_options_come_in_the_readers_words(client: TestClient) -> None:
    french = {g["id"]: g for g in client.get("/api/games", params={"lang": "fr"}).json()}
    heroes = next(o for o in french["drakon"]["options"] if o["name"] == "heroes")
    assert heroes["label"] == "Héros !" and heroes["choice_labels"] == {"false": "non", "true": "oui"}
    variant = next(o for o in french["gargon"]["options"] if o["name"] == "variant")
    assert variant["choice_labels"]["open"].startswith("ouverte")
    english = {g["id"]: g for g in client.get("/api/games").json()}
    ties = next(o for o in english["kagoun"]["options"] if o["name"] == "capture_ties")
    assert ties["label"] == "Capture ties"


def test_the_lobby_offers_the_heuristic_and_the_search_bot(client: TestClient) -> None:
    games = {g["id"]: g["bots"] for g in client.get("/api/games").json()}
    assert all({"heuristic", "ismcts"} <= set(games[g]) for g in ("gargon", "drakon", "kagoun"))


def test_options_naming_a_file_on_the_server_are_not_offered(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert "components" not in {o["name"] for o in games["drakon"]["options"]}
    assert "components" not in {o["name"] for o in games["kagoun"]["options"]}
    assert "teams" in {o["name"] for o in games["drakon"]["options"]}


def test_a_body_that_is_not_json_is_a_400(client: TestClient, tables: Any) -> None:
    response = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert response.status_code == 400 and response.json()["code"] == "malformed"


def test_unknown_tables_are_404_everywhere(client: TestClient, tables: Any) -> None:
    for method, path, body in [("get", "/api/tables/nope", None), ("get", "/api/tables/nope/record", None),
                               ("get", "/api/tables/nope/replay", None),
                               ("post", "/api/tables/nope/view", {"token": "x"}),
                               ("post", "/api/tables/nope/actions",
                                {"token": "x", "action": "pass", "version": 0}),
                               ("post", "/api/tables/nope/rematch", {"token": "x"})]:
        response = client.request(method, path, json=body)
        assert response.status_code == 404, path
        assert response.json()["code"] == "no_table"
    assert client.get("/api/no/such/route").json()["code"] == "not_found"


def test_tables_are_listed_newest_first_and_filtered(client: TestClient, tables: Any) -> None:
    first, _ = tables.create(["human"] * 3)
    second, _ = tables.create(["human"] * 4)
    listed = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed[:2]] == [second, first]
    assert listed[0]["players"] == 4 and listed[0]["terminal"] is False
    assert {t["id"] for t in client.get("/api/tables", params={"status": "open"}).json()["tables"]} >= {first}
    assert client.get("/api/tables", params={"status": "over"}).json()["tables"] == []
    assert client.get("/api/tables", params={"status": "weird"}).status_code == 400


def test_the_public_state_says_whose_turn_and_hides_every_hand(client: TestClient, tables: Any) -> None:
    table, _ = tables.create(["human"] * 4, first_player=1)
    state = client.get(f"/api/tables/{table}").json()
    assert state["to_act"] == 1 and state["version"] == 0 and state["terminal"] is False
    hands = state["view"]["observation"]["hands"]
    assert all(card.endswith("?") for hand in hands for card in hand)
    assert state["view"]["legal"] == [] and state["view"]["seat"] is None


def test_a_seat_view_shows_its_hand_and_its_legal_actions(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human"] * 4, first_player=2)
    mine = tables.view(table, tokens[2])
    assert mine["seat"] == 2 and mine["to_act"] == 2
    assert not any(card.endswith("?") for card in mine["observation"]["hands"][2])
    assert all(card.endswith("?") for card in mine["observation"]["hands"][0])
    assert mine["legal"] and all({"action", "label", "kind"} <= set(entry) for entry in mine["legal"])
    assert tables.view(table, tokens[0])["legal"] == []


def test_a_legal_action_moves_the_table_to_the_next_version(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human"] * 4, first_player=0)
    mine = tables.view(table, tokens[0])
    action = mine["legal"][-1]["action"]
    response = tables.play(table, tokens[0], action, 0)
    assert response.status_code == 200 and response.json() == {"version": 1}
    after = tables.view(table, tokens[1])
    assert after["version"] == 1 and after["to_act"] == 1
    assert any("Seat 1" in line for line in after["log"])  # seats are numbered from 1 for people


def _refused(client: TestClient, table: str, token: str, action: Any, version: Any, status: int,
             code: str) -> dict[str, Any]:
    before = client.get(f"/api/tables/{table}").json()
    response = client.post(f"/api/tables/{table}/actions", json={"token": token, "action": action,
                                                                 "version": version})
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code and body["detail"]
    assert client.get(f"/api/tables/{table}").json() == before
    return dict(body)


def test_refusals_change_nothing(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human"] * 4, first_player=0)
    legal = tables.view(table, tokens[0])["legal"]
    # a forged token, another seat's turn, an illegal action, bad notation, a stale version
    _refused(client, table, "forged-" + tokens[0][7:], legal[0]["action"], 0, 403, "bad_token")
    _refused(client, table, tokens[1], "pass", 0, 409, "not_your_turn")
    body = _refused(client, table, tokens[0], "pass", 0, 422, "illegal")
    assert "first player" in body["detail"] and body["legal"] == [e["action"] for e in legal]
    _refused(client, table, tokens[0], "play Z99", 0, 422, "illegal")
    _refused(client, table, tokens[0], legal[0]["action"], 7, 409, "stale")
    _refused(client, table, tokens[0], legal[0]["action"], True, 400, "malformed")
    _refused(client, table, tokens[0], 3, 0, 400, "malformed")


def test_a_duplicate_action_is_refused_as_stale(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human"] * 4, first_player=0)
    action = tables.view(table, tokens[0])["legal"][0]["action"]
    assert tables.play(table, tokens[0], action, 0).status_code == 200
    _refused(client, table, tokens[0], action, 0, 409, "stale")


def test_refusals_speak_french_when_asked(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human"] * 4, first_player=0)
    response = client.post(f"/api/tables/{table}/actions", headers={"accept-language": "fr-FR,fr;q=0.9"},
                           json={"token": tokens[1], "action": "pass", "version": 0})
    assert response.status_code == 409 and "Ce n'est pas votre tour" in response.json()["detail"]
    response = client.post(f"/api/tables/{table}/actions", headers={"accept-language": "fr"},
                           json={"token": tokens[0], "action": "pass", "version": 0})
    assert response.status_code == 422 and "premier joueur" in response.json()["detail"]


def test_the_record_is_private_until_the_end_then_replays_to_the_same_result(client: TestClient,
                                                                           tables: Any) -> None:
    table, tokens = tables.create(["human", "bot:heuristic", "bot:random", "human"])
    assert client.get(f"/api/tables/{table}/record").status_code == 409
    assert client.get(f"/api/tables/{table}/replay").status_code == 409
    last = tables.play_out(table, tokens)
    assert last["terminal"] and last["scores"]["totals"]
    response = client.get(f"/api/tables/{table}/record")
    assert response.status_code == 200
    record = GameRecord.from_json(response.json())
    state = replay(record)
    assert state.scores() == last["scores"]["totals"] == record.result["scores"]  # type: ignore[index]
    assert record.names == ["Seat 1", "Heuristic bot", "Random bot", "Seat 4"]  # who sat where
    assert client.get(f"/api/tables/{table}").json()["terminal"] is True
    assert client.get("/api/tables", params={"status": "over"}).json()["tables"][0]["id"] == table


def test_actions_after_the_end_are_refused(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human", "bot:random", "bot:random"])
    last = tables.play_out(table, tokens)
    _refused(client, table, tokens[0], "pass", last["version"], 409, "game_over")


def test_replay_steps_through_a_finished_game_from_any_seat(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human", "bot:random", "bot:random"])
    tables.play_out(table, tokens)
    record = client.get(f"/api/tables/{table}/record").json()
    steps = len(record["actions"])
    start = client.get(f"/api/tables/{table}/replay", params={"step": 0}).json()
    assert start["steps"] == steps and start["step"] == 0 and start["action"] is None
    middle = client.get(f"/api/tables/{table}/replay", params={"step": 5, "seat": 1}).json()
    assert middle["action"] == record["actions"][4] and middle["seat"] == 1
    assert not any(c.endswith("?") for c in middle["observation"]["hands"][1])
    end = client.get(f"/api/tables/{table}/replay", params={"step": steps}).json()
    assert end["terminal"] and end["scores"]["totals"] == record["result"]["scores"]
    assert client.get(f"/api/tables/{table}/replay", params={"step": steps + 1}).status_code == 400
    assert client.get(f"/api/tables/{table}/replay", params={"seat": 3}).status_code == 400
    assert client.get(f"/api/tables/{table}/replay", params={"step": -1}).status_code == 400


def test_play_again_gives_each_seat_its_own_link_to_one_new_table(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human", "bot:heuristic", "human"])
    assert client.post(f"/api/tables/{table}/rematch", json={"token": tokens[0]}).status_code == 409
    tables.play_out(table, tokens)
    assert client.post(f"/api/tables/{table}/rematch", json={"token": "forged"}).status_code == 403
    first = client.post(f"/api/tables/{table}/rematch", json={"token": tokens[0]}).json()
    again = client.post(f"/api/tables/{table}/rematch", json={"token": tokens[0]}).json()
    other = client.post(f"/api/tables/{table}/rematch", json={"token": tokens[2]}).json()
    assert first == again and first["id"] == other["id"] != table
    new = first["id"]
    new_tokens = {0: first["url"].split("#token=")[1], 2: other["url"].split("#token=")[1]}
    assert tables.view(new, new_tokens[0])["seat"] == 0 and tables.view(new, new_tokens[2])["seat"] == 2
    assert client.post(f"/api/tables/{new}/view", json={"token": tokens[0]}).status_code == 403
    summary = client.get(f"/api/tables/{new}").json()
    assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "human"]
    assert client.get(f"/api/tables/{table}").json()["next_id"] == new
    assert tables.wait_for(new, new_tokens[0], {0, 2})["version"] >= 0


def test_openapi_documents_the_api(client: TestClient, tables: Any) -> None:
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/tables", "/api/tables/{table_id}", "/api/tables/{table_id}/actions",
            "/api/tables/{table_id}/record"} <= set(paths)


def test_pages_are_served(client: TestClient, tables: Any) -> None:
    table, _ = tables.create(["human"] * 3)
    for path in ["/", f"/t/{table}", f"/t/{table}/replay"]:
        response = client.get(path)
        assert response.status_code == 200 and "text/html" in response.headers["content-type"]


def test_a_replay_shows_every_hand_no_presence_and_one_log_entry_per_step(client: TestClient,
                                                                          tables: Any) -> None:
    table, tokens = tables.create(["human", "bot:random", "bot:random"])
    tables.play_out(table, tokens)
    steps = len(client.get(f"/api/tables/{table}/record").json()["actions"])
    for step in (0, 5, steps):
        view = client.get(f"/api/tables/{table}/replay", params={"step": step}).json()  # a spectator
        for hand in view["observation"]["hands"]:
            assert not any(card.endswith("?") for card in hand)  # the game is over: every hand shows
        assert all(s["connected"] is None for s in view["seats"]) and view["replay"] is True
        assert len(view["log_steps"]) == step + 1  # the deal, then one entry per action
        assert [line for entry in view["log_steps"] for line in entry] == view["log"]
        assert "Waiting" not in view["prompt"]


def test_a_seat_reads_in_its_own_log_the_values_it_drew_and_nobody_else_does(client: TestClient,
                                                                            tables: Any) -> None:
    table, tokens = tables.create(["human", "human", "human"], first_player=0)
    while True:
        current = tables.view(table, tokens[0])
        if current["terminal"] or any(line.startswith("Into your hand") for line in current["log"]):
            break
        assert tables.play_turn(table, tokens, lambda legal: legal[0])
    mine = tables.view(table, tokens[0])["log"]
    news = [line for line in mine if line.startswith("Into your hand")]
    assert news and not any(c.endswith("?") for c in news[0].split(": ", 1)[1].split())
    assert not any("Into your hand" in line for line in tables.view(table, None)["log"])  # a spectator
    for seat in (0, 1):  # each seat reads only its own draws: right after a move of its own
        log = tables.view(table, tokens[seat])["log"]
        for at, line in enumerate(log):
            if line.startswith("Into your hand"):
                assert at > 0 and log[at - 1].startswith("You "), log[at - 1]
    assert any(line.startswith("Dans votre main") or "main" in line
               for line in tables.view(table, tokens[0], "fr")["log"])


def test_the_apis_description_names_every_game(client: TestClient) -> None:
    description = client.get("/openapi.json").json()["info"]["description"]
    assert all(name in description for name in ("Gargon", "Drakon", "Kagoun"))
