"""Whatever a client sends, the server answers a 4xx with a message, never a 500, and changes nothing."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
keys = st.sampled_from(["game", "options", "seats", "token", "action", "version", "lang", "players"])
bodies = json_values | st.dictionaries(keys, json_values, max_size=5)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=bodies, route=st.sampled_from(["", "/view", "/actions", "/rematch"]))
def test_random_bodies_get_a_clear_refusal(client: TestClient, tables: Any, body: Any, route: str) -> None:
    if not hasattr(tables, "fuzz_table"):
        tables.fuzz_table = tables.create(["human"] * 3, first_player=0)[0]
    table = tables.fuzz_table
    before = client.get(f"/api/tables/{table}").json()
    path = "/api/tables" if route == "" else f"/api/tables/{table}{route}"
    response = client.post(path, json=body)
    if response.status_code == 201:  # a random body that happens to be a valid new table
        return
    assert 400 <= response.status_code < 500, response.text
    answer = response.json()
    assert answer["detail"] and answer["code"]
    assert client.get(f"/api/tables/{table}").json() == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=st.dictionaries(st.sampled_from(["step", "seat", "lang", "status", "limit"]),
                             st.text(max_size=6), max_size=3))
def test_random_queries_get_a_clear_refusal(client: TestClient, query: dict[str, str]) -> None:
    for path in ["/api/tables", "/api/tables/none/replay"]:
        response = client.get(path, params=query)
        assert response.status_code < 500, response.text
