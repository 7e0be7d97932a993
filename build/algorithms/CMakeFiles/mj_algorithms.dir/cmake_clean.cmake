file(REMOVE_RECURSE
  "CMakeFiles/mj_algorithms.dir/backtrack.c.o"
  "CMakeFiles/mj_algorithms.dir/backtrack.c.o.d"
  "CMakeFiles/mj_algorithms.dir/forms.c.o"
  "CMakeFiles/mj_algorithms.dir/forms.c.o.d"
  "CMakeFiles/mj_algorithms.dir/registry.c.o"
  "CMakeFiles/mj_algorithms.dir/registry.c.o.d"
  "libmj_algorithms.a"
  "libmj_algorithms.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/mj_algorithms.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
