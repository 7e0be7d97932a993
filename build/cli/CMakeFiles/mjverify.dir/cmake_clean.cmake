file(REMOVE_RECURSE
  "CMakeFiles/mjverify.dir/cli.c.o"
  "CMakeFiles/mjverify.dir/cli.c.o.d"
  "CMakeFiles/mjverify.dir/cmd_hands.c.o"
  "CMakeFiles/mjverify.dir/cmd_hands.c.o.d"
  "CMakeFiles/mjverify.dir/main.c.o"
  "CMakeFiles/mjverify.dir/main.c.o.d"
  "mjverify"
  "mjverify.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/mjverify.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
