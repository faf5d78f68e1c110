"""Plain-text views of numbers files and of the golden check, for the terminal."""
from __future__ import annotations


def _grid(value) -> list[str]:
    """A nested list as aligned text rows."""
    if not value or not isinstance(value[0], list):
        return ["  ".join(str(v) for v in value)]
    cells = [[str(v) for v in row] for row in value]
    width = max(len(c) for row in cells for c in row)
    return ["  ".join(c.rjust(width) for c in row) for row in cells]


def format_numbers(doc: dict) -> str:
    lines = [f"{doc['name']} ({doc['kind']}), engine {doc['engine_function']} "
             f"{doc['engine_params']}, version {doc['project_version']}"]
    for key, field in doc["data"].items():
        lines.append(f"{key}:")
        if isinstance(field, dict) and "shape" in field:
            shown = field.get("shown", field["value"])
            lines.append(f"  shape {field['shape']}")
            lines.extend("  " + row for row in _grid(shown))
        elif isinstance(field, dict) and "shown" in field:
            lines.append(f"  {field['shown']}  (full: {field['value']})")
        else:
            lines.append(f"  {field}")
    for sec in doc.get("sections", []):
        lines.append(f"section {sec['name']} at {sec['start_s']:.2f} s")
    return "\n".join(lines)


def _short(v) -> str:
    if isinstance(v, list):
        flat = str(v)
        return flat if len(flat) <= 38 else flat[:35] + "..."
    if isinstance(v, float):
        return f"{v:.6g}"
    return str(v)


def format_checks(rows: list[dict]) -> str:
    head = ("source", "quantity", "printed", "computed", "deviation", "tol", "status")
    table = [head]
    for r in rows:
        table.append((r["source"], r["quantity"][:56], _short(r["printed"]), _short(r["computed"]),
                      f"{r['deviation']:.2e}", f"{r['tol']:.0e}", r["status"].upper()))
    widths = [max(len(row[k]) for row in table) for k in range(len(head))]
    out = ["  ".join(c.ljust(w) for c, w in zip(row, widths)) for row in table]
    notes = [f"  {r['id']}: {r['note']}" for r in rows if r["status"] == "erratum" or r["status"] == "fail"]
    counts = {s: sum(r["status"] == s for r in rows) for s in ("pass", "erratum", "fail")}
    out.append("")
    out.append(f"{len(rows)} values: {counts['pass']} pass, {counts['erratum']} errata corrected, "
               f"{counts['fail']} fail")
    if notes:
        out.append("notes:")
        out.extend(notes)
    return "\n".join(out)


PARAMS_TEXT = {
    "en": {"none": "{name} takes no parameters: it draws one fixed example.",
           "line": "range: {range}; default: {default}", "example": "e.g.: "},
    "zh-Hant": {"none": "{name} 不接受參數：它畫的是一個固定的例子。",
                "line": "範圍：{range}；預設：{default}", "example": "例如："},
    "zh-Hans": {"none": "{name} 不接受参数：它画的是一个固定的例子。",
                "line": "范围：{range}；默认：{default}", "example": "例如："},
}


def params_table(entry, lang: str = "en") -> list[dict]:
    """Every parameter `entry` accepts: name, type, default, range and what it changes, in `lang`."""
    from studio.catalogue.params import jsonable

    defaults = entry.default_given()
    return [{"name": p.name, "type": p.describe_kind(lang), "default": jsonable(defaults.get(p.name)),
             "range": p.range_text(lang), "changes": p.help[lang]} for p in entry.accepts.params]


def format_params(entry, lang: str = "en") -> str:
    """`render.py params NAME`: one block per parameter, and how to set them."""
    from studio.catalogue.params import show

    t = PARAMS_TEXT[lang]
    accepts = entry.accepts
    head = f"{entry.name} ({entry.kind}): {entry.describe[lang]}"
    if not accepts.params:
        return head + "\n" + t["none"].format(name=entry.name)
    defaults = entry.default_given()
    width = max(len(p.name) for p in accepts.params)
    lines = [head, ""]
    for p in accepts.params:
        lines.append(f"  {p.name:<{width}}  {p.help[lang]}")
        pad = " " * (width + 4)
        lines.append(pad + t["line"].format(range=p.range_text(lang), default=show(defaults.get(p.name))))
    if accepts.notes.get(lang):
        lines += ["", accepts.notes[lang]]
    if "render.py" not in accepts.notes.get(lang, ""):  # the notes' own example says it better
        example = " ".join(f"--set {p.name}={_example(p)}" for p in accepts.params[:2])
        lines += ["", f"{t['example']}render.py {entry.name} {example}"]
    return "\n".join(lines)


def _example(p) -> str:
    from studio.catalogue.params import show

    value = p.examples[-1] if p.examples else p.lo
    text = show(value)
    return f"'{text}'" if any(c in text for c in " []{}\"") else text
