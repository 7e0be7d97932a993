# Empty dependencies file for mj_algorithms.
# This may be replaced when dependencies are built.
