"""One catalogue entry (Entry) and the function its rows are written with (_e).

Module paths are strings so that listing the catalogue imports neither manim, matplotlib nor torch.
"""
from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass, field, replace

from studio.errors import clip
from studio.catalogue.params import Accepts, Param, ParamError, jsonable  # noqa: F401 (Accepts, Param: for rows)

KINDS = ("scene", "figure")


@dataclass(frozen=True)
class Entry:
    name: str
    kind: str  # "scene" (MP4) or "figure" (SVG)
    module: str  # e.g. "scenes.pe_clock"
    data: str  # engine function "module:function", e.g. "engine.positional:fingerprint"
    describe: dict  # one line per language: en, zh-Hant, zh-Hans
    params: dict = field(default_factory=dict)  # keyword arguments for the engine function
    topic: str = ""
    given: tuple = ()  # (name, value) pairs a user set (--set, a lesson file), checked; () = the seeds' numbers
    out_name: str = ""  # the output folder a lesson file names; default NAME or NAME@key=value,...
    declared: object = field(default=None, compare=False)  # Accepts given in the row itself, if any
    row: object = field(default=None, compare=False, repr=False)  # the catalogue row this one was made from

    @property
    def accepts(self):
        """The parameters this entry takes and their ranges: declared in its row, else in its
        family's module (studio.catalogue.accepts)."""
        from studio.catalogue.accepts import accepts_of

        return self.declared if self.declared is not None else accepts_of(self.name)

    @property
    def folder(self) -> str:
        """The output folder's name: NAME for the seeds' numbers, NAME@key=value,... otherwise."""
        from studio.catalogue.params import folder_name

        return self.out_name or folder_name(self.name, dict(self.given))

    def with_params(self, given: dict, out_name: str = "") -> "Entry":
        """This entry with the user's parameters, each checked against its range (exit 2 otherwise).
        Values equal to the default are dropped, so they render (and cache) as the default does."""
        from studio.catalogue.accepts import engine_keywords

        accepts = self.accepts
        checked: dict = {}
        for key, value in given.items():
            param = accepts.get(key)
            if param is None:
                if not accepts.params:
                    raise ParamError(f"{self.name} takes no parameters: it draws one fixed example")
                took = ", ".join(p.name for p in accepts.params)
                raise ParamError(f"{self.name} has no parameter {clip(key)!r} (it takes: {took}; "
                                 f"'render.py params {self.name}' explains them)")
            checked[key] = param.coerce(value, self.name)
        if accepts.check:
            problem = accepts.check({**self.default_given(), **checked})
            if problem:
                raise ParamError(f"{self.name}: {problem}")
        defaults = self.default_given()
        kept = tuple((p.name, checked[p.name]) for p in accepts.params
                     if p.name in checked and jsonable(checked[p.name]) != jsonable(defaults.get(p.name)))
        if out_name:
            from studio.build.outdir import check_folder_name

            check_folder_name(out_name)  # one plain path component, none of OUT's own names
        params = {**self.params, **engine_keywords(accepts, dict(kept))}
        return replace(self, params=params, given=kept, out_name=out_name, row=self.row or self)

    def default_given(self) -> dict:
        """Each accepted parameter's default, in the parameter's own form."""
        from studio.catalogue.accepts import defaults_of

        return defaults_of(self.accepts, (self.row or self).engine_params())

    def engine_function(self):
        module, func = self.data.split(":")
        return getattr(importlib.import_module(module), func)

    def engine_params(self) -> dict:
        """The engine function's parameters as used: its defaults overridden by `params`."""
        sig = inspect.signature(self.engine_function())
        resolved = {
            k: p.default for k, p in sig.parameters.items() if p.default is not inspect.Parameter.empty
        }
        resolved.update(self.params)
        return resolved

    def compute(self):
        """The engine record this entry draws."""
        return self.engine_function()(**self.params)

    def load(self):
        """The scene or figure module."""
        return importlib.import_module(self.module)


def _e(name, kind, module, data, en, hant, hans, topic, accepts=None, **params) -> Entry:
    """One catalogue row; `accepts` (studio.catalogue.params.Accepts): what a user may change, for an
    entry whose parameters are declared here rather than in a family module."""
    return Entry(
        name=name,
        kind=kind,
        module=module,
        data=data,
        describe={"en": en, "zh-Hant": hant, "zh-Hans": hans},
        params=params,
        topic=topic,
        declared=accepts,
    )
