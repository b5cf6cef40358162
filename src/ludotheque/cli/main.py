def run() -> None:
    pass
