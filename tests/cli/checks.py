"""tests/cli/checks.py - the check counter of the Python tests of the
command line (play_pty.py, long_runs.py): each check that fails prints one
line, and the summary "LABEL: N checks, M failed" ends the run."""


class Checks:
    def __init__(self, label, fail_prefix):
        self.label, self.prefix = label, fail_prefix
        self.count = self.failed = 0

    def __call__(self, ok, what):
        """Count a check; print `what` when it failed. Returns ok."""
        self.count += 1
        if not ok:
            self.failed += 1
            print(self.prefix + what)
        return ok

    def summary(self):
        """Print the summary; the exit status: 1 if any failed."""
        print("%s: %d checks, %d failed" % (self.label, self.count, self.failed))
        return 1 if self.failed else 0
