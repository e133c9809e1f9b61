/* Constructs in another translation unit (lto/lto-step.c), called in a
   time loop: built with -flto, the plugin runs in lto1 too, where the
   callee is inlined into the loop across units and both arrays are kept
   on the device for the loop: 2 transfers each way instead of 2 per
   step.  Results are those of the host.  */
/* { dg-options "-flto -fplugin-arg-deepmap-report" } */
/* { dg-additional-sources "lto/lto-step.c" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 16000 bytes, d2h 2 transfers 16000 bytes" { target offload_device } } */
#include <stdlib.h>
#include "check.h"

#define N 1000
#define STEPS 20

void lto_step (double *a, double *b, int n);

int
main (void)
{
  double *a = malloc (N * sizeof *a), *b = calloc (N, sizeof *b);
  double *ha = malloc (N * sizeof *ha), *hb = calloc (N, sizeof *hb);
  for (int i = 0; i < N; i++)
    a[i] = ha[i] = i % 7;
  for (int t = 0; t < STEPS; t++)
    lto_step (a, b, N);
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 1; i < N - 1; i++)
	hb[i] = 0.5 * (ha[i - 1] + ha[i + 1]);
      for (int i = 1; i < N - 1; i++)
	ha[i] = hb[i];
    }
  for (int i = 0; i < N; i++)
    CHECK (a[i] == ha[i] && b[i] == hb[i], "i %d", i);
  return 0;
}

/* { dg-final { scan-deepmap-report "lto-step.c:6:9: deepmap: hoist: 'a' kept on the device across the loop at lto-callee.c:25 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "lto-step.c:9:9: deepmap: hoist: 'b' kept on the device across the loop at lto-callee.c:25" } } */
