"""A claimed name in Chromium: claimed from the lobby on a phone in French, refused at a seat of
another browser, taken at a seat by the browser signed in as it, and signed out."""

from __future__ import annotations

import secrets
from typing import Any

import httpx

from .tables import calm, create_table


def test_a_name_claimed_in_the_lobby_is_taken_at_a_seat_only_by_its_owner(chromium: Any, base: str,
                                                                         open_page: Any) -> None:
    name = f"Zoé {secrets.token_hex(2)}"
    owner = open_page(chromium, 390, 844, locale="fr-FR")
    calm(owner)  # (names and seats: nothing of motion is tried here)
    owner.goto(f"{base}/")
    owner.click("#account-open")
    assert owner.locator(".account-form").is_visible()  # (on a phone too)
    owner.fill("#account-name", name)
    owner.fill("#account-password", "correct horse")
    owner.click("#claim-name")
    owner.wait_for_selector(f"#account[data-signed-in='{name}']")
    assert owner.inner_text("#account .account-name") == f"Connecté en tant que {name}"
    owner.click("#account-mail")  # mails on their turn at a turn-based table: an address given
    owner.fill("#account-email", "zoe@example.org")
    owner.press("#account-email", "Enter")
    owner.get_by_text("Enregistré.").wait_for()
    owner.click("#account-mail")

    table = create_table(base, ["human", "human", "bot:random"])
    links = {s["seat"]: s["url"] for s in table["seats"] if s["kind"] == "human"}
    other = open_page(chromium, 1366, 768)  # another browser, signed in as nobody
    calm(other)
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


def test_a_claimed_names_tables_are_played_from_a_second_browser(chromium: Any, base: str,
                                                                  open_page: Any) -> None:
    """Signed in on a laptop, a player takes a seat under their claimed name; on their phone,
    signed in too, the lobby lists that table with "À vous" and "Jouer ici" opens their seat."""
    name = f"Yan {secrets.token_hex(2)}"
    table = create_table(base, ["human", "bot:random", "bot:random"], {"first_player": 0})
    link = next(s["url"] for s in table["seats"] if s["kind"] == "human")
    laptop = open_page(chromium, 1366, 768)
    calm(laptop)
    laptop.goto(f"{base}/")
    laptop.click("#account-open")
    laptop.fill("#account-name", name)
    laptop.fill("#account-password", "correct horse")
    laptop.click("#claim-name")
    laptop.wait_for_selector(f"#account[data-signed-in='{name}']")
    laptop.goto(base + link)
    laptop.wait_for_selector("#name-form:not([hidden])")
    laptop.fill("#name-input", name)
    laptop.press("#name-input", "Enter")
    laptop.wait_for_selector("#name-form", state="hidden")

    phone = open_page(chromium, 390, 844, locale="fr-FR")  # another browser: no link, no name kept
    calm(phone)
    phone.goto(f"{base}/")
    phone.wait_for_selector("#account-panel", state="hidden")  # (signed out: no such list)
    phone.click("#account-open")
    phone.fill("#account-name", name)
    phone.fill("#account-password", "correct horse")
    phone.click("#sign-in")
    row = phone.locator(f"#account-tables li[data-table='{table['id']}']")
    row.wait_for()
    assert "À vous" in row.inner_text() and "Gargon" in row.inner_text()
    row.get_by_role("button", name="Jouer ici").click()
    phone.wait_for_url(f"**/t/{table['id']}#token=*")
    phone.wait_for_selector("body[data-seat='0'][data-my-turn='true']")
    assert httpx.get(f"{base}/api/tables/{table['id']}").json()["view"]["seats"][0]["name"] == name
