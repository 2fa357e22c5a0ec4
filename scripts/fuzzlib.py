"""What the whole-process fuzzers (fuzz-inputs.py, fuzz-origin.py) count as a finding."""


def finding(status, err):
    """A run that ended by a signal (a Swift trap is SIGILL or SIGTRAP), with an exit status above
    3, past its time limit ('timeout'), or printed a Swift runtime 'Fatal error'."""
    return status == "timeout" or status < 0 or status > 3 or "Fatal error" in err
