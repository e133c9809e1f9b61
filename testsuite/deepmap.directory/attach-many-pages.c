/* Attachment state lives in pages of pointer slots, with a bit per slot
   for scans: pointers attached in a block of thousands of slots (in the
   first, a middle and the very last slot's page), a fusion that moves
   them into a bigger block, copies to the device and back around them,
   and detaches.  Every device copy of an attached pointer must lead to
   its pointee's device copy, and no copy may carry a device pointer into
   host memory or a host pointer over an attached device one.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dir-check.h"

#define NREC 64
#define NP 4

struct rec
{
  double pad[40];
  int *p;			/* slot 40 of each record's 41 */
};

static struct rec arr[NREC];
static int data[NREC][NP];
/* Records whose pointer is attached: pages 0, 1, 4 and the last slot.  */
static int attached[] = { 0, 6, 31, 63 };
#define NATT ((int) (sizeof attached / sizeof attached[0]))

static void
check_pointers (int dev, const char *what)
{
  for (int a = 0; a < NATT; a++)
    {
      int i = attached[a];
      struct rec *r = &arr[i];
      if (!omp_target_is_present (r, dev))
	continue;
      int *d;
      dm_dev_read (&d, &r->p, sizeof d, dev);
      CHECK ((void *) d == dm_mapped (data[i], dev),
	     "%s: record %d: device pointer %p, pointee mapped at %p", what,
	     i, (void *) d, dm_mapped (data[i], dev));
      CHECK (r->p == data[i], "%s: record %d: host pointer %p, expected %p",
	     what, i, (void *) r->p, (void *) data[i]);
    }
}

int
main (void)
{
  int dev = dm_dev ();
  dm_require_device ();
  for (int i = 0; i < NREC; i++)
    {
      for (int k = 0; k < 40; k++)
	arr[i].pad[k] = i;
      arr[i].p = data[i];
      for (int j = 0; j < NP; j++)
	data[i][j] = 10 * i + j;
    }
  struct rec *lo = arr, *hi = arr + NREC / 2;

  /* The first half, its attachments, then the second half: adjacent, so
     the halves fuse and the first half's attachments move.  */
#pragma omp target enter data map(to: lo[0:NREC / 2])
  for (int a = 0; a < NATT - 1; a++)
    {
      struct rec *r = &arr[attached[a]];
#pragma omp target enter data map(to: r->p[0:NP])
    }
  check_pointers (dev, "first half");
#pragma omp target enter data map(to: hi[0:NREC / 2])
  dir_check_range (arr, NREC, sizeof arr[0], dev, "fused");
  {
    struct rec *r = &arr[NREC - 1];
#pragma omp target enter data map(to: r->p[0:NP])
  }
  check_pointers (dev, "after the fusion");

  /* Device: each attached record sums its pointee into pad[0] and bumps
     the pointee.  */
  struct rec *all = arr;
#pragma omp target map(alloc: all[0:NREC])
  for (int a = 0; a < NATT; a++)
    {
      struct rec *r = &all[attached[a]];
      double s = 0;
      for (int j = 0; j < NP; j++)
	{
	  s += r->p[j];
	  r->p[j] += 1000;
	}
      r->pad[0] = s;
    }

  /* A copy back must not bring device pointers to the host...  */
#pragma omp target update from(all[0:NREC])
  check_pointers (dev, "after update from");
  for (int a = 0; a < NATT; a++)
    {
      int i = attached[a];
      double want = 4 * 10 * i + 6;
      CHECK (arr[i].pad[0] == want, "record %d: pad[0] = %g, expected %g",
	     i, arr[i].pad[0], want);
    }
  /* ...and a copy to the device must not overwrite the attached device
     pointers with the host's: the device still reaches the pointees.  */
  for (int i = 0; i < NREC; i++)
    arr[i].pad[39] = -i;
#pragma omp target update to(all[0:NREC])
  check_pointers (dev, "after update to");
#pragma omp target map(alloc: all[0:NREC])
  for (int a = 0; a < NATT; a++)
    all[attached[a]].pad[1] = all[attached[a]].p[0];
#pragma omp target update from(all[0:NREC])
  for (int i = 0; i < NREC; i++)
    CHECK (arr[i].pad[39] == -i, "record %d: pad[39] = %g after the round "
	   "trip", i, arr[i].pad[39]);
  for (int a = 0; a < NATT; a++)
    {
      int i = attached[a];
      CHECK (arr[i].pad[1] == 10 * i + 1000, "record %d: the device read "
	     "%g through its pointer, expected %d", i, arr[i].pad[1],
	     10 * i + 1000);
    }

  /* Detach and bring the pointees back, then the records.  */
  for (int a = 0; a < NATT; a++)
    {
      struct rec *r = &arr[attached[a]];
#pragma omp target exit data map(from: r->p[0:NP])
    }
  for (int a = 0; a < NATT; a++)
    for (int j = 0; j < NP; j++)
      {
	int i = attached[a];
	CHECK (data[i][j] == 10 * i + j + 1000, "data[%d][%d] = %d", i, j,
	       data[i][j]);
      }
#pragma omp target exit data map(from: all[0:NREC])
  for (int i = 0; i < NREC; i++)
    CHECK (arr[i].p == data[i], "record %d: host pointer %p after the exit",
	   i, (void *) arr[i].p);
  dir_check_absent (arr, NREC, sizeof arr[0], dev, "after the exit");
  return 0;
}
