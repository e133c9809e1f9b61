/* An attached pointer inside a fused block whose host start is not
   pointer aligned: a struct is fused with the single byte before it, then
   the pointee's block moves.  The attached slot must still be found (its
   device value rewritten, not overwritten by host copies).  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dir-check.h"

struct vec
{
  long n;
  int *p;
};

static union
{
  char c[64];
  long align;
} u;
static int arr[16] = { 1, 2, 3, 4, 5, 6, 7, 8 };

static void
check_attached (struct vec *s, int dev, const char *what)
{
  struct vec d;
  dm_dev_read (&d, s, sizeof d, dev);
  CHECK ((void *) d.p == dm_mapped (arr, dev),
	 "%s: device s->p = %p, arr is mapped at %p", what, (void *) d.p,
	 dm_mapped (arr, dev));
  long sum = 0;
#pragma omp target map(alloc: s[0:1]) map(tofrom: sum)
  for (int i = 0; i < 8; i++)
    sum += s->p[i];
  CHECK (sum == 36, "%s: sum through the device s->p = %ld, expected 36",
	 what, sum);
}

int
main (void)
{
  int dev = dm_dev ();
  struct vec *s = (struct vec *) (u.c + 16);
  char *byte = u.c + 15;
  int *arr_after = arr + 8;
  dm_require_device ();

  s->n = 8;
  s->p = arr;
#pragma omp target enter data map(to: s[0:1])
#pragma omp target enter data map(to: s->p[0:8])
  check_attached (s, dev, "after attaching");
  /* The struct's block now starts one byte before the struct.  */
#pragma omp target enter data map(to: byte[0:1])
  dir_check_offset (byte, 1, dev, "struct vs the byte before it");
  check_attached (s, dev, "after fusing with the byte before");
#pragma omp target update to(s[0:1])
  check_attached (s, dev, "after target update to(s)");
  /* The pointee moves.  */
#pragma omp target enter data map(to: arr_after[0:8])
  check_attached (s, dev, "after the pointee moved");
#pragma omp target update to(s[0:1])
  check_attached (s, dev, "after the pointee moved and update to(s)");

#pragma omp target exit data map(release: s->p[0:8])
  struct vec d;
  dm_dev_read (&d, s, sizeof d, dev);
  CHECK (d.p == arr, "device s->p = %p after detach, expected host %p",
	 (void *) d.p, (void *) arr);
#pragma omp target exit data map(delete: s[0:1], byte[0:1], arr_after[0:8])
  dir_check_absent (u.c, sizeof u.c, 1, dev, "u at the end");
  dir_check_absent (arr, 16, sizeof arr[0], dev, "arr at the end");
  return 0;
}
