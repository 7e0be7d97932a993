/* mjverify-mpi: the hooks cmd_verify.c and main.c call when built with -DMJ_MPI (mpi_verify.c). */
#ifndef MJ_MPI_VERIFY_H
#define MJ_MPI_VERIFY_H

#include "mj_oracle.h"

/* MPI_Init_thread (funneled: only the thread that called it talks to MPI) and the end:
 * cli_mpi_end aborts the whole job when a rank leaves a distributed verify before it
 * finished (e.g. rank 0 refused its checkpoint), so no rank waits forever. */
void cli_mpi_begin(int *argc, char ***argv);
int cli_mpi_end(int rc);

int cli_mpi_rank(void);
/* Called by verify once its flags are parsed, on every rank: from here on the ranks are in
 * one distributed run, which cli_mpi_end holds them to. */
void cli_mpi_enter_verify(void);

/* Ranks above 0: judge the chunks rank 0 sends until it says stop; the exit code. */
int cli_mpi_worker(const mj_verify_config *cfg);

/* Rank 0: mj_verify_run over all ranks; the same outcomes and the same res. */
mj_verify_outcome cli_mpi_run(const mj_verify_config *cfg, mj_verify_result *res, mj_error *err);

#endif
