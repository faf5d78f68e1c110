"""GPT-2's vocabulary entries for the token IDs the depth page shows, so its widgets can print a token's text
beside its number without a tokenizer or a network (tiktoken downloads its tables; the engine keeps IDs only).

Each entry is the token's bytes as GPT-2's byte-level BPE holds them (OpenAI's encoder.json, 50,257 entries,
with its byte-to-character mapping undone): the prompts' tokens (engine.generate.PROMPTS), their neighbours in
the embedding table, and every token the untrained model picks first or second in its six greedy steps
(engine.generate.prompt_runs). A test checks that every ID the widgets show is here, so a change in the engine
that shows a new ID fails the build's tests rather than printing a wrong word. An entry that is not whole UTF-8
(one byte of a character split across tokens) is written as its byte, 0xDE.
"""
from __future__ import annotations

VOCAB_SIZE = 50257
PIECES = {
    10: b'+', 11: b',', 12: b'-', 154: b'\xde', 256: b' t', 257: b' a', 258: b'he', 313: b'ot', 314: b' I',
    315: b'ut', 344: b'ce', 345: b' you', 346: b'il', 375: b'od', 715: b'itt', 716: b' am', 717: b' first',
    1109: b' fact', 1110: b' day', 1111: b' both', 3625: b' feet', 3626: b' effort', 3627: b' ign', 6099: b' beer',
    6100: b' moves', 6101: b' IP', 6108: b' estimated', 6109: b'Every', 6110: b' defensive', 6621: b' sister',
    6622: b' holds', 6623: b' resident', 7267: b' argue', 7283: b' IT', 13699: b' bizarre', 15495: b' 108',
    15496: b'Hello', 15497: b' pleasant', 15635: b'ometer', 17978: b' flaws', 18590: b' intensive', 19412: b'six',
    19723: b' Aub', 20656: b' Ambassador', 24086: b'iman', 26101: b' Irving', 27018: b' Feature', 29245: b' Reaper',
    29739: b' Exit', 29873: b'icka', 30961: b'swick', 31387: b'ftime', 31686: b'Pick', 32885: b'ourage',
    36413: b' REALLY', 37532: b' Ae', 38808: b' Nay', 40179: b'677', 42348: b'attribute', 47227: b' mRNA',
    47843: b' Bye', 47978: b' tumble', 49419: b' lug',
}


def piece(token_id: int) -> str:
    """The token's text, a space shown as ␣ (as the batch table writes it); a lone byte as 0xNN."""
    raw = PIECES[int(token_id)]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return " ".join(f"0x{b:02X}" for b in raw)
    return text.replace(" ", "␣")


def marked(token_id: int) -> str:
    """The token's text in ⟨ ⟩, as the generated text marks each new token."""
    return "⟨" + piece(token_id) + "⟩"
