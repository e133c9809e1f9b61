/* A construct with an if clause maps a structure as a deep item, which
   the plugin announces at run time (deepmap_annotate right before the
   construct); hoisting then keeps an array from that construct to the
   next one, and its enter data ran between the announcement and the
   construct (random-hoist seed 1304, program 4).  The enter data took
   the announcement: the construct mapped the structure alone, and on
   the device read the array through the host's pointer (here: the
   bytes a target data construct holds on the device, newer than the
   host's).  The runtime now sets an announcement aside across the
   calls hoisting inserts.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report -w" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-final { scan-deepmap-report "'acc' kept on the device from the construct at annotate-between.c:\[0-9\]+ to the construct at" } } */
#include <stdlib.h>
#include "check.h"
#include "deepmap.h"

#define N 48

struct grid
{
  long n;
  unsigned *a deepmap_counted_by (n);
};

__attribute__ ((noinline)) static void
kern (struct grid *g, int n, unsigned *acc)
{
#pragma omp target map(tofrom: g[0:1])
  for (int i = 0; i < n; i++)
    g->a[i] = g->a[i] * 3u + 1u;
#pragma omp target if(target: n > 24) map(tofrom: g[0:1]) map(tofrom: acc[0:4])
  for (int i = 0; i < n; i++)
    acc[0] += g->a[i] * (unsigned) (i + 1);
#pragma omp target map(tofrom: acc[0:4])
  acc[1] += acc[0] ^ 7u;
}

int
main (void)
{
  static unsigned buf[N];
  unsigned acc[4] = { 0, 0, 0, 0 }, want0 = 0;
  for (int i = 0; i < N; i++)
    {
      buf[i] = 5u * i + 2u;
      want0 += (buf[i] * 3u + 1u) * (unsigned) (i + 1);
    }
  struct grid g = { N, buf };
#pragma omp target data map(tofrom: buf[0:N])
  kern (&g, N, acc);
  CHECK (acc[0] == want0, "acc[0] = %u, host %u", acc[0], want0);
  CHECK (acc[1] == (want0 ^ 7u), "acc[1] = %u, host %u", acc[1], want0 ^ 7u);
  for (int i = 0; i < N; i++)
    CHECK (buf[i] == (5u * i + 2u) * 3u + 1u, "buf[%d] = %u", i, buf[i]);
  return 0;
}
