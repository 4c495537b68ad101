stdin
