/* A target construct whose map-kind array GCC computes at run time (a
   section that may have no bytes gets its kind then) cannot be named by
   that array: its deep items are registered under its outlined
   function.  The structure's array is mapped deeply: its 512 bytes go
   in with the structure's 16 and the plain section's 64 and come back
   with the structure's 16, one batched transfer each way (the region
   only reads x: it is not copied back; shallow, 80 bytes would go).  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-additional-options "-fdump-tree-all" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
#include "deeptests.h"

struct vec
{
  long n;
  double *data deepmap_counted_by (n);
};

__attribute__ ((noinline)) static void
scale (struct vec *v, double *x, int n)
{
#pragma omp target map(tofrom: v[0:1], x[0:n])
  for (long i = 0; i < v->n; i++)
    v->data[i] *= x[i % n];
}

int
main (void)
{
  struct vec *v = xcalloc (1, sizeof *v);
  v->n = 64;
  v->data = xcalloc (64, sizeof (double));
  double x[8];
  for (int i = 0; i < 64; i++)
    v->data[i] = i;
  for (int i = 0; i < 8; i++)
    x[i] = 2;
  scale (v, x, 8);
  for (int i = 0; i < 64; i++)
    CHECK (v->data[i] == 2 * i);
  puts ("sites-fn ok");
  return 0;
}
/* { dg-output "sites-fn ok\n" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 1 transfers 592 bytes, d2h 1 transfers 528 bytes" { target offload_device } } */
/* { dg-final { scan-tree-dump "deep sites of the construct with map kinds scale._omp_fn.0: (.*, )?v of type" "deepmap_sites" } } */
/* { dg-final { scan-tree-dump-not "annotation kept" "deepmap_sites" } } */
