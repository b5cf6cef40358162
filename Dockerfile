# The web table in a container (docs/hosting.md). `docker compose up` (compose.yaml) runs it with
# PostgreSQL behind Caddy, which gets the HTTPS certificate; alone, it keeps its tables in SQLite
# under /data:
#
#     docker build -t ludotheque . && docker run -p 8000:8000 -v ludotheque:/data ludotheque
#
# Two stages: the first installs the package and compiles its hot modules with mypyc (gcc and
# mypy are needed there only); the second runs them, as a user that is not root.

FROM python:3.11-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml README.md ./
COPY src ./src
# the compiled build lives beside the installed sources (src/ludotheque/compiled.py), and must be
# there: the image refuses to build without it
RUN python -m venv /opt/ludotheque \
    && /opt/ludotheque/bin/pip install --no-cache-dir . mypy setuptools \
    && /opt/ludotheque/bin/python -c "import ludotheque.compiled as c; c.main()" \
    && /opt/ludotheque/bin/ludotheque --version | grep -F "(compiled)" \
    && /opt/ludotheque/bin/pip uninstall --yes mypy

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 ludo && mkdir /data && chown ludo /data
COPY --from=build /opt/ludotheque /opt/ludotheque
# XDG_DATA_HOME: where `serve` keeps its SQLite file without --db (/data/ludotheque/tables.db)
ENV PATH=/opt/ludotheque/bin:$PATH PYTHONUNBUFFERED=1 XDG_DATA_HOME=/data
VOLUME /data
USER ludo
WORKDIR /home/ludo
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/api/health', timeout=4).status != 200)"]
# Behind a proxy on a private network (Docker's own, compose.yaml's): its X-Forwarded-For names
# the clients. Run without a proxy, pass a command of your own without --proxy-headers.
CMD ["ludotheque", "serve", "--host", "0.0.0.0", "--port", "8000", "--proxy-headers", \
     "--forwarded-allow-ips", "10.0.0.0/8,172.16.0.0/12,192.168.0.0/16", "--access-log"]
