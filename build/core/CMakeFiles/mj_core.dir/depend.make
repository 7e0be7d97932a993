# Empty dependencies file for mj_core.
# This may be replaced when dependencies are built.
