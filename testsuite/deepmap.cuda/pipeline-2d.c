/* A pipelined loop split in the second dimension on the CUDA backend:
   each chunk's column block moves with one cuMemcpy2DAsync per array
   and direction (the rows at the host's pitch), a halo moves between
   slots on the device with one more, and the copies back into pageable
   memory go through the queue's lane in pieces of whole rows
   (DEEPMAP_CUDA_CHUNK), the host never waiting for a queue.  The host
   zeroes each block once the pipeline holds it: what comes back is what
   the device held, byte-exact.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_CHUNK "4K" } */
/* { dg-set-target-env-var FAKECUDA_JITTER "1" } */

#include "cuda-check.h"
#include <deepmap.h>

#define M 100			/* rows */
#define W 40			/* columns (doubles) */
#define BS 4			/* columns per iteration */

static double D[M][W], E[M][W];

int
main (void)
{
  dm_require_device ();
  fk_fill ((unsigned char *) D, sizeof D, 3);
  /* D[0:M][kb*BS:BS] tofrom; E[0:M][kb*BS:2*BS] to: a halo of BS
     columns between iterations.  */
  struct deepmap_pipe_array a[2] = {
    { D, BS * sizeof (double), 1, 0, 1, DEEPMAP_PIPE_TOFROM, "D", M,
      sizeof D[0] },
    { E, BS * sizeof (double), 1, 0, 2, DEEPMAP_PIPE_TO, "E", M,
      sizeof E[0] } };
  unsigned long c2d = fk_count ("cuMemcpy2DAsync");
  void *p = deepmap_pipeline_begin (-1, 0, W / BS - 1, 1, 2, 3, 0, 2, a);
  CHECK (p != NULL, "no pipeline");
  for (int kb = 0; kb < W / BS - 1; kb++)
    {
      deepmap_pipeline_iter (p, kb);
      for (int i = 0; i < M; i++)
	memset (&D[i][kb * BS], 0, BS * sizeof (double));
    }
  deepmap_pipeline_end (p);
  size_t bad = fk_verify ((unsigned char *) D, sizeof D, 3);
  CHECK (bad == sizeof D, "byte %zu wrong after the pipeline", bad);
  c2d = fk_count ("cuMemcpy2DAsync") - c2d;
  /* 9 iterations in 5 chunks of 2 columns blocks: D in 5, back 5 copies
     of 100 rows of 64 bytes (2 pieces of 64 rows each, the last of one
     block: 1 piece); E in 5, halos 4.  */
  CHECK (c2d == 5 + 9 + 5 + 4, "%lu 2-D copies", c2d);
  CHECK (fk_count ("cuMemcpyHtoDAsync") == 0
	 && fk_count ("cuMemcpyDtoHAsync") == 0,
	 "1-D copies: %lu to the device, %lu back",
	 fk_count ("cuMemcpyHtoDAsync"), fk_count ("cuMemcpyDtoHAsync"));
  CHECK (fk_count ("dtoh_pageable_waits") == 0, "the host waited for a "
	 "queue %lu times", fk_count ("dtoh_pageable_waits"));
  return 0;
}
