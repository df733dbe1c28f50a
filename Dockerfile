# Texas 42 bot: python -m bot, running as an unprivileged user, its SQLite database on a volume.
#   docker build -t texas42 .
#   docker run -d --name texas42 --restart unless-stopped --env-file .env \
#       -v texas42-data:/data texas42
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

RUN useradd --system --create-home --uid 10042 --user-group texas42 \
    && mkdir /data && chown texas42:texas42 /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY cogs ./cogs
RUN pip install . && rm -rf build *.egg-info

# The database (tables in play, the leaderboard) lives on the volume and survives upgrades:
# with DATA_DIR set, a DATABASE_PATH from --env-file is placed inside it or refused.
ENV DATA_DIR=/data
VOLUME ["/data"]

USER texas42
# SIGTERM closes the connection to Discord cleanly; every accepted action is already committed.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
