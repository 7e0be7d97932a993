
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/core/error.c" "core/CMakeFiles/mj_core.dir/error.c.o" "gcc" "core/CMakeFiles/mj_core.dir/error.c.o.d"
  "/work/main/core/notation.c" "core/CMakeFiles/mj_core.dir/notation.c.o" "gcc" "core/CMakeFiles/mj_core.dir/notation.c.o.d"
  "/work/main/core/rules.c" "core/CMakeFiles/mj_core.dir/rules.c.o" "gcc" "core/CMakeFiles/mj_core.dir/rules.c.o.d"
  "/work/main/core/tiles.c" "core/CMakeFiles/mj_core.dir/tiles.c.o" "gcc" "core/CMakeFiles/mj_core.dir/tiles.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
