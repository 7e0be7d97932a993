"""Builds libmjverify and libmjverify-ddz with CMake from the checkout around this folder and
copies them into the package, so that `pip install ./python` gives a package that finds its
libraries wherever it is installed. MJVERIFY_BUILD_DIR=DIR takes the libraries of an existing
build tree (DIR/lib) instead of building them; outside a checkout (no ../CMakeLists.txt) nothing
is bundled and the package looks for an installed library at run time (README.md)."""

import os
import re
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LIBS = ("libmjverify.so", "libmjverify-ddz.so")


def version() -> str:
    cmake = ROOT / "CMakeLists.txt"
    m = re.search(r"project\(mjverify VERSION ([0-9.]+)", cmake.read_text()) if cmake.exists() else None
    return m.group(1) if m else "0.0.0"


def built_libraries() -> Path:
    """The folder holding the two libraries: a given build tree's, or a fresh CMake build's."""
    given = os.environ.get("MJVERIFY_BUILD_DIR")
    if given:
        return Path(given).resolve() / "lib"
    build = HERE / "build" / "cmake"
    jobs = str(os.cpu_count() or 2)
    subprocess.check_call(["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release"])
    subprocess.check_call(["cmake", "--build", str(build), "-j", jobs, "--target", "mjverify_shared",
                           "mjverify_ddz_shared"])
    return build / "lib"


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        if not (ROOT / "CMakeLists.txt").exists():
            return
        src = built_libraries()
        dst = Path(self.build_lib) / "mjverify"
        for name in LIBS:
            if not (src / name).exists():
                raise SystemExit(f"setup.py: {src / name} is missing (build the targets mjverify_shared and "
                                 "mjverify_ddz_shared there)")
            shutil.copyfile((src / name).resolve(), dst / name)


class BinaryDistribution(Distribution):
    """The wheel carries the built libraries: a platform wheel, not a pure one."""

    def has_ext_modules(self):
        return True


setup(version=version(), cmdclass={"build_py": BuildWithLibrary}, distclass=BinaryDistribution)
