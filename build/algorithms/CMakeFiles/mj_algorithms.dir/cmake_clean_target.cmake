file(REMOVE_RECURSE
  "libmj_algorithms.a"
)
