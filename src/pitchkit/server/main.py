"""The ASGI application built from the environment, for ``uvicorn --factory`` and worker processes."""

from __future__ import annotations

import json
import logging
import os
import sys
import time

from fastapi import FastAPI

from pitchkit.engine.numbers import parse_int
from pitchkit.server.app import create_app
from pitchkit.server.botpool import default_processes
from pitchkit.server.config import Settings, database_url

#: settings that ``pitch serve`` passes to its worker processes
ENV_PREFIX = "PITCHKIT_SERVE_"


class JsonLogFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message and the record's extra fields."""

    _PLAIN = frozenset(vars(logging.makeLogRecord({})))

    def format(self, record: logging.LogRecord) -> str:
        """The record as a JSON line."""
        out = {"time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)),
               "level": record.levelname.lower(), "logger": record.name, "message": record.getMessage()}
        out.update({k: v for k, v in vars(record).items() if k not in self._PLAIN and not k.startswith("_")})
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info).splitlines()[-1]
        return json.dumps(out, default=str)


def setup_logging(level: str = "info") -> None:
    """Structured logs on stderr."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLogFormatter())
    root = logging.getLogger("pitchkit")
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    root.propagate = False


def settings_from_env() -> Settings:
    """Settings from ``PITCHKIT_DATABASE_URL`` and the ``PITCHKIT_SERVE_*`` variables."""
    env = os.environ
    origins = tuple(o for o in env.get(ENV_PREFIX + "ORIGINS", "").split(",") if o)
    return Settings(
        database_url=database_url(None),
        grace=float(env.get(ENV_PREFIX + "GRACE", "90")),
        bot_seconds=float(env.get(ENV_PREFIX + "BOT_SECONDS", "2")),
        bot_processes=parse_int(env.get(ENV_PREFIX + "BOT_PROCESSES") or str(default_processes()),
                                what=ENV_PREFIX + "BOT_PROCESSES", lo=0, hi=64),
        warm_up=env.get(ENV_PREFIX + "WARM_UP", "1") != "0",
        bot_modules=tuple(m.strip() for m in env.get(ENV_PREFIX + "BOT_MODULES", "").split(",") if m.strip()),
        lag_warning=float(env.get(ENV_PREFIX + "LAG_MS", "250")) / 1000,
        full_collection=float(env.get(ENV_PREFIX + "GC_SECONDS", "600")),
        allowed_origins=origins,
    )


def build() -> FastAPI:
    """The application, for ``uvicorn pitchkit.server.main:build --factory``."""
    setup_logging(os.environ.get(ENV_PREFIX + "LOG_LEVEL", "info"))
    return create_app(settings_from_env())
