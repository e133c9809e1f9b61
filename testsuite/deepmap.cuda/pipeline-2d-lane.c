/* A pipelined loop split in the second dimension, with column blocks of
   over 64 KiB: each chunk's block goes to the device through the queue's
   lane (a callback packs whole rows into a pinned half, one
   cuMemcpy2DAsync moves them from there), so the host thread copies
   nothing itself; and back through it.  The host zeroes each block once
   the pipeline holds it: what comes back is what the device held,
   byte-exact, with random delays in the fake's streams.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_CHUNK "16K" } */
/* { dg-set-target-env-var FAKECUDA_JITTER "1" } */

#include "cuda-check.h"
#include <deepmap.h>

#define M 3000			/* rows */
#define W 40			/* columns (doubles) */
#define BS 4			/* columns per iteration */

static double D[M][W];

int
main (void)
{
  dm_require_device ();
  fk_fill ((unsigned char *) D, sizeof D, 5);
  struct deepmap_pipe_array a[1] = {
    { D, BS * sizeof (double), 1, 0, 1, DEEPMAP_PIPE_TOFROM, "D", M,
      sizeof D[0] } };
  unsigned long pinned = fk_count ("htod_from_pinned");
  void *p = deepmap_pipeline_begin (-1, 0, W / BS, 1, 2, 3, 0, 1, a);
  CHECK (p != NULL, "no pipeline");
  for (int kb = 0; kb < W / BS; kb++)
    {
      deepmap_pipeline_iter (p, kb);
      for (int i = 0; i < M; i++)
	memset (&D[i][kb * BS], 0, BS * sizeof (double));
    }
  deepmap_pipeline_end (p);
  size_t bad = fk_verify ((unsigned char *) D, sizeof D, 5);
  CHECK (bad == sizeof D, "byte %zu wrong after the pipeline", bad);
  /* 5 chunks of 2 blocks, each 3000 rows of 64 bytes (192000 bytes):
     pieces of 256 rows (16 KiB), 12 per chunk, all from pinned halves.  */
  pinned = fk_count ("htod_from_pinned") - pinned;
  CHECK (pinned == 5 * 12, "%lu copies to the device from pinned memory",
	 pinned);
  CHECK (fk_count ("dtoh_pageable_waits") == 0, "the host waited for a "
	 "queue %lu times", fk_count ("dtoh_pageable_waits"));
  return 0;
}
