file(REMOVE_RECURSE
  "libmj_core.a"
)
