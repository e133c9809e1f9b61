/* A pipelined loop split in the second dimension whose column blocks
   have rows wider than half a queue's lane (DEEPMAP_CUDA_CHUNK): each
   row goes to the device and back in pieces of its own.  The host zeroes
   each block once the pipeline holds it: what comes back is what the
   device held, byte-exact, with random delays in the fake's streams.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_CHUNK "16K" } */
/* { dg-set-target-env-var FAKECUDA_JITTER "1" } */

#include "cuda-check.h"
#include <deepmap.h>

#define M 8			/* rows */
#define BS 3000			/* columns (doubles) per iteration */
#define NB 4			/* iterations */

static double D[M][NB * BS];

int
main (void)
{
  dm_require_device ();
  fk_fill ((unsigned char *) D, sizeof D, 7);
  struct deepmap_pipe_array a[1] = {
    { D, BS * sizeof (double), 1, 0, 1, DEEPMAP_PIPE_TOFROM, "D", M,
      sizeof D[0] } };
  unsigned long pinned = fk_count ("htod_from_pinned");
  void *p = deepmap_pipeline_begin (-1, 0, NB, 1, 2, 2, 0, 1, a);
  CHECK (p != NULL, "no pipeline");
  for (int kb = 0; kb < NB; kb++)
    {
      deepmap_pipeline_iter (p, kb);
      for (int i = 0; i < M; i++)
	memset (&D[i][kb * BS], 0, BS * sizeof (double));
    }
  deepmap_pipeline_end (p);
  size_t bad = fk_verify ((unsigned char *) D, sizeof D, 7);
  CHECK (bad == sizeof D, "byte %zu wrong after the pipeline", bad);
  /* 2 chunks of 2 blocks: 8 rows of 48000 bytes each, 3 pieces a row
     (16 KiB, 16 KiB, the rest), all from pinned halves.  */
  pinned = fk_count ("htod_from_pinned") - pinned;
  CHECK (pinned == 2 * 8 * 3, "%lu copies to the device from pinned memory",
	 pinned);
  CHECK (fk_count ("dtoh_pageable_waits") == 0, "the host waited for a "
	 "queue %lu times", fk_count ("dtoh_pageable_waits"));
  return 0;
}
