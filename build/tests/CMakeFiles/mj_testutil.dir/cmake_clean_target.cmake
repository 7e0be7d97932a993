file(REMOVE_RECURSE
  "libmj_testutil.a"
)
