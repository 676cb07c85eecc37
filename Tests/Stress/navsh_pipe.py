"""navsh driven through pipes, as another program drives it (shared by the stress scripts).

A `Coprocess` is one long-lived `navsh --keep-going --echo FILE` reading its
script from a pipe: lines run as they arrive and output is flushed per
command (README "Scripts"). To know when a batch of commands is finished,
each batch ends with a marker line `help zzsyncN`, a report that fails:
`--echo` prints it on stdout after everything the batch printed there, and
its "unknown command" error lands on stderr after every error of the batch.
A report still runs while `--keep-going` skips lines after a failure.
Each stream has its own reader thread, so neither can fill up and block
navsh. Every read has a deadline: a hung navsh fails a run, never hangs it.
"""
import os
import re
import subprocess
import threading
import time

TIMEOUT = 60  # seconds; generous, so a loaded machine changes timings, never verdicts


def environment(home):
    """A private HOME and XDG folders, UTF-8, and nothing from the developer's shell."""
    return {
        "HOME": home,
        "XDG_DATA_HOME": os.path.join(home, "data"),
        "XDG_STATE_HOME": os.path.join(home, "state"),
        "LANG": "C.UTF-8",
        "PATH": "/usr/bin:/bin",
    }


class NavshDied(Exception):
    """navsh exited (or stopped answering) while a reply was awaited."""


class _StreamReader:
    """Reads one pipe on its own thread into a buffer that `take_until` consumes."""

    def __init__(self, pipe):
        self._pipe = pipe
        self._buffer = ""
        self._closed = False
        self._changed = threading.Condition()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        while True:
            chunk = os.read(self._pipe.fileno(), 65536)
            with self._changed:
                if not chunk:
                    self._closed = True
                else:
                    self._buffer += chunk.decode("utf-8", errors="replace")
                self._changed.notify_all()
            if not chunk:
                return

    def take_until(self, pattern, timeout=TIMEOUT):
        """Removes and returns the buffer up to the end of the first match of `pattern`."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                match = pattern.search(self._buffer)
                if match:
                    text, self._buffer = self._buffer[:match.end()], self._buffer[match.end():]
                    return text
                left = deadline - time.monotonic()
                if self._closed or left <= 0:
                    raise NavshDied(("closed" if self._closed else "timed out") + f"; got {self._buffer!r}")
                self._changed.wait(left)

    def rest(self):
        with self._changed:
            text, self._buffer = self._buffer, ""
            return text


class Reply:
    """What one batch of commands printed: per command, its stdout, its error messages and its notices."""

    def __init__(self, commands, stdout, errors, prompt, notices=None):
        self.commands = commands
        self.stdout = stdout    # list of str, one per command
        self.errors = errors    # list of lists of str, one per command
        self.prompt = prompt    # the frame's prompt after the batch, e.g. "db › items"
        # list of lists of str, one per command: what stderr said that is no error (a lost connection)
        self.notices = notices if notices is not None else [[] for _ in commands]

    def failed(self, index=None):
        return any(self.errors) if index is None else bool(self.errors[index])


_ERROR_LINE = re.compile(r"^<stdin>:(\d+): error: (.*)$", re.MULTILINE)
_NOTICE_LINE = re.compile(r"^<stdin>:(\d+): (?!error: )(.*)$", re.MULTILINE)


class Coprocess:
    def __init__(self, binary, database, home, extra_arguments=()):
        self.process = subprocess.Popen(
            [binary, "--keep-going", "--echo", *extra_arguments, database],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=environment(home), bufsize=0)
        self._out = _StreamReader(self.process.stdout)
        self._err = _StreamReader(self.process.stderr)
        self._lines_sent = 0
        self._syncs = 0

    def run(self, *commands, timeout=TIMEOUT):
        """Sends `commands` (one line each) and waits until navsh has run all of them."""
        for command in commands:
            assert "\n" not in command and "zzsync" not in command, command
        self._syncs += 1
        tag = f"zzsync{self._syncs}"
        marker = f"help {tag}"
        first_line = self._lines_sent + 1
        try:
            self.process.stdin.write(("\n".join(commands + (marker,)) + "\n").encode())
            self.process.stdin.flush()
        except BrokenPipeError as error:
            raise NavshDied(f"stdin closed: {error}; stderr {self._err.rest()!r}")
        self._lines_sent += len(commands) + 1
        stdout = self._out.take_until(re.compile(r"(?:^|\n)([^\n]*)> " + marker + r"\n"), timeout)
        stderr = self._err.take_until(re.compile(tag + r"\b[^\n]*\n"), timeout)
        return self._reply(commands, stdout, stderr, marker, first_line)

    @staticmethod
    def _reply(commands, stdout, stderr, marker, first_line):
        # stdout holds "PROMPT> command" echo lines, each followed by that command's output.
        spans = []
        position = 0
        prompt = ""
        for command in commands + (marker,):
            echo = re.compile(r"^([^\n]*)> " + re.escape(command) + r"\n", re.MULTILINE)
            match = echo.search(stdout, position)
            if not match:
                raise NavshDied(f"no echo of {command!r} in {stdout!r}")
            spans.append((match.start(), match.end()))
            prompt = match.group(1)
            position = match.end()
        outputs = [stdout[spans[i][1]:spans[i + 1][0]] for i in range(len(commands))]
        errors = [[] for _ in commands]
        for match in _ERROR_LINE.finditer(stderr):
            index = int(match.group(1)) - first_line
            if 0 <= index < len(commands):
                errors[index].append(match.group(2))
            elif index != len(commands):  # the marker's own "unknown command" is expected
                raise NavshDied(f"error for a line not in this batch: {match.group(0)!r}")
        notices = [[] for _ in commands]
        for match in _NOTICE_LINE.finditer(stderr):
            index = int(match.group(1)) - first_line
            if 0 <= index < len(commands):
                notices[index].append(match.group(2))
        return Reply(commands, outputs, errors, prompt, notices)
