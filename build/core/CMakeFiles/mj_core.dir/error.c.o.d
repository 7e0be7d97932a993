core/CMakeFiles/mj_core.dir/error.c.o: /work/main/core/error.c \
 /usr/include/stdc-predef.h /work/main/core/mj_error.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h
