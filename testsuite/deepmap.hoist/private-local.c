/* A local array is memory no other code can reach too, when its address
   goes only into the constructs: a call the compiler cannot see into
   does not stop it staying on the device, and one nothing reads after
   the loop is not copied back.  Two kernels with a host loop between
   them, on local arrays with implicit maps (ENCCS's exercise 5 shape).  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* a, b in once (2 x 800 bytes; the first kernel stores to all of c),
   a and b's host-written halves in once more (2 x 400), only c back.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 4 transfers 2400 bytes, d2h 1 transfers 800 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100

static int calls;

/* Opaque, as a timer in another file would be.  */
__attribute__ ((noipa)) void
note (void)
{
  calls++;
}

__attribute__ ((noinline)) static double
kernels (void)
{
  double a[N], b[N], c[N];
  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = 1;
#pragma omp target
  for (int i = 0; i < N; i++)
    c[i] = a[i] * b[i];
  note ();
  for (int i = 0; i < N / 2; i++)
    a[i] = 2, b[i] = 3;
#pragma omp target
  for (int i = 0; i < N; i++)
    c[i] += a[i] * b[i];
  double s = 0;
  for (int i = 0; i < N; i++)
    s += c[i];
  return s;
}

int
main (void)
{
  /* c[i] = 2i for i >= N/2 and i + 6 below.  */
  double want = 0;
  for (int i = 0; i < N; i++)
    want += i < N / 2 ? i + 6 : 2.0 * i;
  if (kernels () != want || calls != 1)
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "private-local.c:30:9: deepmap: hoist: 'a' kept on the device from the construct at private-local.c:30 to the construct at private-local.c:36 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: nothing reads it afterwards" } } */
/* { dg-final { scan-deepmap-report "private-local.c:30:9: deepmap: hoist: 'c' kept on the device from the construct at private-local.c:30 to the construct at private-local.c:36 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
