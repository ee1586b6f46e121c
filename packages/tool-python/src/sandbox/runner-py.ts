// The Python side of a call, loaded once per interpreter into a module of its own, so
// that the code the model writes sees a clean `__main__` and cannot shadow the runner.
export const RUNNER_PY = String.raw`
import __main__
import os
import re
import sys
import textwrap
from pyodide.code import eval_code

# os.system ends in a fatal error of Pyodide itself; refuse it like the other process calls.
def _no_processes(*args, **kwargs):
    raise OSError("subprocesses are not available in this sandbox")

os.system = _no_processes

# Pyodide's time.sleep spins without checking for interrupts: sleep in slices so that
# the CPU limit interrupts a long sleep like any other loop, keeping the state.
import time as _time
_sleep_slice = _time.sleep

def _sleep(seconds):
    end = _time.monotonic() + seconds
    while True:
        left = end - _time.monotonic()
        if left <= 0:
            return
        _sleep_slice(min(left, 0.05))

_time.sleep = _sleep

# Emscripten's defaults name the host's path to the sandbox script in "_".
os.environ.pop("_", None)

# Pyodide's own names stay out of the namespace the model's code sees.
__main__.__dict__.pop("_pyodide_core", None)

_NOT_CAPABLE = re.compile(r'NotCapable: Requires (\w+) access(?: to ("[^"]*"|[^,\s]+))?')

# JavaScript's ways of saying that the process has no room left for a buffer or a memory:
# the sandbox's memory limit, reached from JavaScript rather than from Python.
_JS_NO_MEMORY = re.compile(r"Array buffer allocation failed|could not allocate memory|[Oo]ut of memory")

def _type_name(error):
    kind = type(error)
    if kind.__module__ in ("builtins", "__main__"):
        return kind.__qualname__
    return kind.__module__ + "." + kind.__qualname__

def _js_no_memory(error):
    """JavaScript's out-of-memory error that the error is, or was raised from, if any."""
    for _ in range(5):
        if error is None:
            return None
        text = str(error).strip()
        if _type_name(error) == "pyodide.ffi.JsException" and _JS_NO_MEMORY.search(text):
            return text.splitlines()[0]
        error = error.__cause__
    return None

def _describe(error):
    """The last line of the traceback, on one line, and plain about what the sandbox refuses."""
    if isinstance(error, ModuleNotFoundError):
        return (
            "ModuleNotFoundError: No module named %r: only Python's standard library is "
            "available here (packages cannot be downloaded)" % (error.name,)
        )
    no_memory = _js_no_memory(error)
    if no_memory:
        return "MemoryError: " + no_memory
    text = str(error).strip()
    refused = _NOT_CAPABLE.search(text)
    if refused:
        target = " to " + refused.group(2) if refused.group(2) else ""
        return "PermissionError: the sandbox blocks %s access%s" % (refused.group(1), target)
    if isinstance(error, SyntaxError) and error.lineno:
        text = "%s (line %d)" % (error.msg, error.lineno)
    first = text.splitlines()[0] if text else ""
    return _type_name(error) + (": " + first if first else "")

def run(source, value_chars):
    """Runs one cell in __main__; returns (repr of the final expression or None, error or None)."""
    try:
        value = eval_code(textwrap.dedent(source), __main__.__dict__, filename="<python>")
        if value is None:
            return None, None
        shown = repr(value)
        if len(shown) > value_chars:
            shown = shown[:value_chars] + "..."
        return shown, None
    except BaseException as error:
        return None, _describe(error)
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except BaseException:
                pass
`;
