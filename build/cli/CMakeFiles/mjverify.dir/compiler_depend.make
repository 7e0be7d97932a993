# Empty compiler generated dependencies file for mjverify.
# This may be replaced when dependencies are built.
