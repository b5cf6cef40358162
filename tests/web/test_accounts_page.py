"""A claimed name in Chromium: claimed from the lobby on a phone in French, refused at a seat of
another browser, taken at a seat by the browser signed in as it, and signed out."""

from __future__ import annotations

import secrets
from typing import Any

import httpx

from .tables import create_table


def test_a_name_claimed_in_the_lobby_is_taken_at_a_seat_only_by_its_owner(chromium: Any, base: str,
                                                                         open_page: Any) -> None:
    name = f"Zoé {secrets.token_hex(2)}"
    owner = open_page(chromium, 390, 844, locale="fr-FR")
    owner.goto(f"{base}/")
    owner.click("#account-open")
    assert owner.locator(".account-form").is_visible()  # (on a phone too)
    owner.fill("#account-name", name)
    owner.fill("#account-password", "correct horse")
    owner.click("#claim-name")
    owner.wait_for_selector(f"#account[data-signed-in='{name}']")
    assert owner.inner_text("#account .account-name") == f"Connecté en tant que {name}"

    table = create_table(base, ["human", "human", "bot:random"])
    links = {s["seat"]: s["url"] for s in table["seats"] if s["kind"] == "human"}
    other = open_page(chromium, 1366, 768)  # another browser, signed in as nobody
    other.goto(base + links[1])
    other.wait_for_selector("#name-form:not([hidden])")
    other.fill("#name-input", name)
    other.press("#name-input", "Enter")
    other.wait_for_selector("#name-error:not([hidden])")
    assert "claimed name" in other.inner_text("#name-error")

    owner.goto(base + links[0])
    owner.wait_for_selector("#name-form:not([hidden])")
    owner.fill("#name-input", name)
    owner.press("#name-input", "Enter")
    owner.wait_for_selector("#name-form", state="hidden")
    seats = httpx.get(f"{base}/api/tables/{table['id']}").json()["view"]["seats"]
    assert seats[0]["name"] == name and seats[1]["name"] != name

    owner.goto(f"{base}/")
    owner.click("#sign-out")
    owner.wait_for_selector("#account[data-signed-in='']")
    assert owner.locator("#account-open").inner_text() == "Se connecter"
