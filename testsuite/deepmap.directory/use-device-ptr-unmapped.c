/* The program may unmap data inside a construct that handed out its
   device address (use_device_ptr): the block goes, but not its record
   while the construct's pin refers to it, so that another block does not
   inherit the pin and become immovable (before, a later section fusing
   with a recycled block was refused as if its address were held).  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dir-check.h"

#define N 64

int
main (void)
{
  int *a = malloc (N * sizeof *a), *b = malloc (2 * N * sizeof *b);
  int *alias = a;
  int dev = dm_dev ();
  dm_require_device ();
  for (int i = 0; i < N; i++)
    a[i] = i;
  for (int i = 0; i < 2 * N; i++)
    b[i] = -i;

#pragma omp target enter data map(to: a[0:N])
#pragma omp target data use_device_ptr(a)
  {
#pragma omp target exit data map(delete: alias[0:N])
#pragma omp target enter data map(to: b[0:N])
  }
  /* b[0:2N] contains b[0:N]: fusion moves b's block.  */
#pragma omp target enter data map(to: b[0:2*N])
  dir_check_range (b, 2 * N, sizeof *b, dev, "b after fusion");
  for (int i = 0; i < 2 * N; i++)
    b[i] = 0;
#pragma omp target exit data map(from: b[0:2*N])
#pragma omp target exit data map(from: b[0:N])
  for (int i = 0; i < 2 * N; i++)
    CHECK (b[i] == -i, "b[%d] = %d", i, b[i]);
  dir_check_absent (a, N, sizeof *a, dev, "a");
  free (a);
  free (b);
  return 0;
}
