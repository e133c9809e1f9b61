/* Attached pointers follow their target when fusion moves it.  A struct
   with a pointer member is mapped and the pointee section attached; then
   sections touching the pointee (after it, then before it) make the
   directory move the pointee into bigger blocks, and sections touching
   the struct move the struct itself.  Each time, the device copy of the
   pointer member (read with omp_target_memcpy) must equal
   omp_get_mapped_ptr of the pointee, and a region must reach the
   pointee's device values through it.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dir-check.h"

#define N 8

struct vec
{
  long n;
  int *p;
};

static struct vec sv[3];

static void
check_attached (struct vec *sp, const int *target, int dev, const char *what)
{
  struct vec d;
  dm_dev_read (&d, sp, sizeof d, dev);
  CHECK ((void *) d.p == dm_mapped (target, dev),
	 "%s: device copy of the pointer is %p, the pointee is mapped at %p",
	 what, (void *) d.p, dm_mapped (target, dev));
  CHECK (d.n == sp->n, "%s: device n = %ld, expected %ld", what, d.n, sp->n);
}

/* Sum of sp->p[0:N] computed on the device through the device struct.  */
static long
device_sum (struct vec *sp)
{
  long sum = 0;
#pragma omp target map(alloc: sp[0:1]) map(tofrom: sum)
  for (int i = 0; i < N; i++)
    sum += sp->p[i];
  return sum;
}

int
main (void)
{
  int dev = dm_dev ();
  int *big = malloc (4 * N * sizeof (int));
  int *arr = big + N;		/* the pointee: big[N:2N] */
  int *after = arr + N, *before = big;
  struct vec *s0 = &sv[0], *s1 = &sv[1];
  dm_require_device ();

  for (int i = 0; i < 4 * N; i++)
    big[i] = i;
  sv[0].n = N;
  sv[0].p = arr;

#pragma omp target enter data map(to: s0[0:1])
#pragma omp target enter data map(to: s0->p[0:N])
  check_attached (s0, arr, dev, "after attaching");
  void *first = dm_mapped (arr, dev);
  CHECK (device_sum (s0) == N * N + N * (N - 1) / 2, "device sum %ld",
	 device_sum (s0));

  /* Make the device values differ from the host's.  */
#pragma omp target map(alloc: s0[0:1])
  for (int i = 0; i < N; i++)
    s0->p[i] += 1000;
  long want = 1000 * N + N * N + N * (N - 1) / 2;

  /* A section after the pointee: fused block over big[N:3N].  */
#pragma omp target enter data map(to: after[0:N])
  dir_check_range (arr, 2 * N, sizeof (int), dev, "arr + after");
  check_attached (s0, arr, dev, "after mapping the next section");
  CHECK (device_sum (s0) == want, "device sum %ld after the first move, "
	 "expected %ld", device_sum (s0), want);

  /* A section before it: the block now starts before the pointee.  */
#pragma omp target enter data map(to: before[0:N])
  dir_check_range (big, 3 * N, sizeof (int), dev, "before + arr + after");
  check_attached (s0, arr, dev, "after mapping the previous section");
  CHECK (device_sum (s0) == want, "device sum %ld after the second move, "
	 "expected %ld", device_sum (s0), want);
  if (dm_mapped (arr, dev) == first)
    printf ("note: the pointee never moved; the test proves less\n");

  /* Move the struct: map sv[1], which touches sv[0].  */
  sv[1].n = 2 * N;
  sv[1].p = NULL;
#pragma omp target enter data map(to: s1[0:1])
  dir_check_range (sv, 2, sizeof sv[0], dev, "sv[0:2]");
  check_attached (s0, arr, dev, "after the struct's block moved");
  CHECK (device_sum (s0) == want, "device sum %ld after the struct moved, "
	 "expected %ld", device_sum (s0), want);

  /* Both at once: one construct with sections touching the struct block
     (sv[2]) and the pointee block (big[3N:4N]).  */
  struct vec *s2 = &sv[2];
  int *tail = big + 3 * N;
#pragma omp target enter data map(to: s2[0:1]) map(to: tail[0:N])
  dir_check_range (sv, 3, sizeof sv[0], dev, "sv[0:3]");
  dir_check_range (big, 4 * N, sizeof (int), dev, "big[0:4N]");
  check_attached (s0, arr, dev, "after both blocks moved");
  CHECK (device_sum (s0) == want, "device sum %ld after both moved, "
	 "expected %ld", device_sum (s0), want);

  /* Detach: the device pointer gets the host value back; the pointee's
     device values come back with from.  */
#pragma omp target exit data map(from: s0->p[0:N])
  for (int i = 0; i < N; i++)
    CHECK (arr[i] == N + i + 1000, "host arr[%d] = %d after exit, expected %d",
	   i, arr[i], N + i + 1000);
  struct vec d;
  dm_dev_read (&d, s0, sizeof d, dev);
  CHECK (d.p == arr, "device s0->p = %p after detach, expected host %p",
	 (void *) d.p, (void *) arr);
#pragma omp target exit data map(delete: s0[0:1], s1[0:1], s2[0:1])
#pragma omp target exit data map(delete: before[0:N], after[0:N], tail[0:N])
  dir_check_absent (sv, 3, sizeof sv[0], dev, "sv at the end");
  dir_check_absent (big, 4 * N, sizeof (int), dev, "big at the end");
  free (big);
  return 0;
}
