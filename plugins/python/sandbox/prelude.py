# Sandbox prelude, executed once in every pyodide child before any task code.
#
# It defines `_arbigraph_run`, the one entry point the child calls per task, with one JSON
# request: parse the inputs from repr strings (so every call gets fresh objects: a deep copy by
# construction), exec the task source in a fresh namespace holding `from typing import *` and
# `import math` (as the reference's execute_function does), call the function under a
# deterministic line budget, and answer with a JSON string holding only strings and small ints
# (results travel as repr strings, never as JSON numbers, so big ints stay exact).
#
# Nothing here needs protecting from task code: the child takes a snapshot of the whole heap
# right after this file ran and puts it back after every call, so whatever a call changes (these
# functions, `json.dumps`, `math.pi`, sys.modules, the builtins table) is gone before the next
# one, and the JS bridge is cut at the wasm imports while task code runs (import-gate.mjs). The
# guards below only turn ordinary escape attempts into a clear `sandbox-violation`: blocked
# imports, `open`, and process functions on `os` raise `SandboxViolation`; violations and
# budget overruns are also recorded in a flag, so a bare `except:` in task code cannot hide them.
#
# Reference: docs/research/runtime-options.md §1.3-§1.5, arbigraph-reference-harness.md §7.4.

import ast
import binascii
import builtins
import json
import marshal
import os
import random
import sys
import types

_BLOCKED_MODULES = frozenset(
    """js pyodide pyodide_js _pyodide _pyodide_core micropip os posix nt subprocess socket _socket
    select selectors ssl signal multiprocessing threading _thread ctypes _ctypes importlib builtins
    shutil pathlib tempfile glob io _io fcntl pty urllib http ftplib smtplib asyncio webbrowser""".split()
)


class SandboxViolation(BaseException):
    pass


class StepBudgetExceeded(BaseException):
    pass


_state = {"steps": 0, "budget": 0, "violation": None, "over": False}
# Part of the snapshot, so every call starts from this random state.
random.seed(0)


def _violate(message):
    if _state["violation"] is None:
        _state["violation"] = message
    raise SandboxViolation(message)


def _deny_process(*args, **kwargs):
    _violate("process creation is disabled in the sandbox")


# Task code can still reach `os` through sys.modules; its process functions must not run a
# host shell (Emscripten's system() calls Node's child_process).
for _name in ("system", "popen", "execv", "execve", "execvp", "execl", "fork", "forkpty",
              "spawnv", "spawnve", "spawnl", "posix_spawn", "posix_spawnp", "kill", "killpg"):
    if hasattr(os, _name):
        setattr(os, _name, _deny_process)


class _BlockedModule(types.ModuleType):
    # Stands in for the JS bridge modules, so reaching them by any route (a lazy submodule
    # import of `pyodide`, `from js import x`) is a violation rather than a generic error.
    def __getattr__(self, attr):
        _violate(f'the module "{self.__name__}" is blocked in the sandbox')


for _name in ("js", "pyodide_js", "pyodide.code", "pyodide.ffi", "pyodide.http", "pyodide.webloop"):
    sys.modules[_name] = _BlockedModule(_name)

_real_import = builtins.__import__


def _guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
    if level == 0 and name.split(".")[0] in _BLOCKED_MODULES:
        _violate(f'import of "{name}" is blocked in the sandbox')
    return _real_import(name, globals, locals, fromlist, level)


def _guarded_open(*args, **kwargs):
    _violate("file access is disabled in the sandbox")


_task_builtins = dict(builtins.__dict__)
_task_builtins.update(__import__=_guarded_import, open=_guarded_open, input=_guarded_open,
                      breakpoint=_deny_process, exit=_deny_process, quit=_deny_process)
for _name in ("help", "license", "credits", "copyright"):
    _task_builtins.pop(_name, None)

_base = {"__builtins__": builtins}
exec("from typing import *\nimport math", _base)
_base.pop("__builtins__")
_MAX_REPR = 1_000_000
_TASK_FILE = "<task>"


def _local_tracer(frame, event, arg):
    if event == "line":
        _state["steps"] += 1
        if _state["steps"] > _state["budget"]:
            _state["over"] = True
            raise StepBudgetExceeded()
    return _local_tracer


def _global_tracer(frame, event, arg):
    # Runs on every call; after an overrun every new frame fails too, so no handler can go on.
    if _state["over"]:
        raise StepBudgetExceeded()
    # Only the task's own lines count: a stdlib module imported for the first time runs its
    # top level once per interpreter, which would make the count depend on call history.
    return _local_tracer if frame.f_code.co_filename == _TASK_FILE else None


def _resolve(namespace, function):
    head, _, method = function.partition(".")
    if head not in namespace:
        raise NameError(f'the source defines no "{head}"')
    target = namespace[head]
    if method:
        target = getattr(target() if isinstance(target, type) else target, method)
    return target


def _error(kind, message):
    return {"ok": False, "kind": kind, "message": message[:2000]}


def _classify(error):
    if _state["violation"] is not None:
        return _error("sandbox-violation", _state["violation"])
    if _state["over"] or isinstance(error, StepBudgetExceeded):
        return _error("step-budget", f"step budget of {_state['budget']} lines exceeded")
    if isinstance(error, MemoryError):
        return _error("memory", "MemoryError: allocation refused by the memory cap")
    if isinstance(error, OverflowError) and "index-sized" in str(error):
        # A size that does not fit 32-bit wasm: a request of several GB.
        return _error("memory", f"OverflowError: {error} (allocation beyond the 32-bit address space)")
    if isinstance(error, RecursionError):
        return _error("python-exception", f"RecursionError: {error}")
    return _error("python-exception", f"{type(error).__name__}: {error}")


def _arbigraph_compile(source):
    # Run by the child on a clean heap, before any task code: the child keeps the marshalled
    # code per source, because compiling costs more than a whole call and the heap (with any
    # cache in it) is put back after every call. None: let the call raise the SyntaxError.
    try:
        return binascii.b2a_base64(marshal.dumps(compile(source, _TASK_FILE, "exec")), newline=False).decode()
    except BaseException:  # noqa: BLE001
        return None


def _call(source, code, function, args, kwargs, budget):
    # Loaded before tracing starts, so it costs no steps; always loaded from the marshalled
    # form, so a call runs on the same heap whether or not its source was seen before.
    code = compile(source, _TASK_FILE, "exec") if code is None else marshal.loads(binascii.a2b_base64(code))
    namespace = dict(_base)
    namespace["__builtins__"] = dict(_task_builtins)
    namespace["__name__"] = "__task__"
    _state.update(steps=0, budget=budget, violation=None, over=False)
    sys.settrace(_global_tracer)
    try:
        exec(code, namespace)
        result = _resolve(namespace, function)(*args, **kwargs)
    finally:
        # Off before anything else runs, or the tracer fires inside our own bookkeeping.
        sys.settrace(None)
    return result


def _arbigraph_run(request_json):
    request = json.loads(request_json)
    source, function, budget = request["source"], request["function"], request["stepBudget"]
    try:
        args = [ast.literal_eval(text) for text in request["args"]]
        kwargs = {name: ast.literal_eval(text) for name, text in request["kwargs"].items()}
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError) as error:
        return json.dumps(_error("bad-input", f"an input is not a Python literal: {error}"))
    before_args = [repr(a) for a in args]
    before_kwargs = {k: repr(v) for k, v in kwargs.items()}
    try:
        result = _call(source, request.get("code"), function, args, kwargs, budget)
        if _state["violation"] is not None or _state["over"]:
            raise SandboxViolation()
        text = repr(result)
        if len(text) > _MAX_REPR:
            return json.dumps(_error("python-exception", f"result repr is {len(text)} characters (limit {_MAX_REPR})"))
        out = {"ok": True, "repr": text, "steps": _state["steps"],
               "inputs": {"args": before_args, "kwargs": before_kwargs},
               "inputsAfter": {"args": [repr(a) for a in args], "kwargs": {k: repr(v) for k, v in kwargs.items()}}}
    except BaseException as error:  # noqa: BLE001 - every failure becomes a classified answer
        sys.settrace(None)
        out = _classify(error)
        out["steps"] = _state["steps"]
    return json.dumps(out)
