# Rewrites the version header when the checkout's commit has changed since configure time, so
# --version and the reports name the commit that was built (run by the mjverify-version target
# on every build; the header is only touched when its text changes, so nothing rebuilds otherwise).
# -D SRC=source dir, IN=header template, OUT=header, and PROJECT_VERSION_MAJOR/MINOR/PATCH.
execute_process(COMMAND git -C ${SRC} rev-parse --short=12 HEAD
                OUTPUT_VARIABLE MJ_GIT_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT MJ_GIT_COMMIT)
  set(MJ_GIT_COMMIT unknown)
endif()
configure_file(${IN} ${OUT}.tmp @ONLY)
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUT}.tmp)
