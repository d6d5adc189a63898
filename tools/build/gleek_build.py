"""PEP 517 backend: setuptools, plus mypy in the build environment when ``GLEEK_MYPYC=1``."""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _meta
from setuptools.build_meta import *  # noqa: F403 - the rest of the backend as it is


def _mypyc() -> list[str]:
    return (
        ["mypy>=1.10"] if os.environ.get("GLEEK_MYPYC", "").lower() in ("1", "true", "yes") else []
    )


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    return [*_meta.get_requires_for_build_wheel(config_settings), *_mypyc()]


def get_requires_for_build_editable(config_settings: Any = None) -> list[str]:
    return [*_meta.get_requires_for_build_editable(config_settings), *_mypyc()]
