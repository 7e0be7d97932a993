# Empty dependencies file for mj_testutil.
# This may be replaced when dependencies are built.
