file(REMOVE_RECURSE
  "CMakeFiles/mj_core.dir/error.c.o"
  "CMakeFiles/mj_core.dir/error.c.o.d"
  "CMakeFiles/mj_core.dir/notation.c.o"
  "CMakeFiles/mj_core.dir/notation.c.o.d"
  "CMakeFiles/mj_core.dir/rules.c.o"
  "CMakeFiles/mj_core.dir/rules.c.o.d"
  "CMakeFiles/mj_core.dir/tiles.c.o"
  "CMakeFiles/mj_core.dir/tiles.c.o.d"
  "libmj_core.a"
  "libmj_core.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/mj_core.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
