file(REMOVE_RECURSE
  "CMakeFiles/mj_testutil.dir/testutil.c.o"
  "CMakeFiles/mj_testutil.dir/testutil.c.o.d"
  "libmj_testutil.a"
  "libmj_testutil.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/mj_testutil.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
