"""The command line: the typer app, file handling, batch and watch.

The only package that prints or exits. It keeps numpy's BLAS to one thread, set here
before numpy is first imported: the recognizers' least-squares fits and products are
small, where BLAS threads only wake and spin (about 8 ms of CPU per fit on a loaded
machine), and batch already runs one process per core. Worker processes inherit it.
"""

import os

for _variable in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
