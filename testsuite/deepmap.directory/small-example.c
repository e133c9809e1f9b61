/* The directory paper's five-array "small example":

     copy(a[0:4], a[8:4], c[0:4])
     {
       e = &a[4];
       copy(a[12:4], b[0:2], c[4:8], d[8:8], e[0:4])
     }

   (copy = map(tofrom); a[8:4] goes through an alias, GCC rejecting one
   array twice in a clause list).  After the outer construct a[0:4],
   a[8:12] and c[0:4] are present (the paper fuses a's two sections at
   once, by base array; the runtime sees only host intervals and fuses
   them when e fills the gap); after the inner one a's block covers
   a[0:16], c's c[0:12], d and b get blocks of their own,
   and every present element of each array is at its host offset from the
   array's first present element.  The inner end copies back exactly the
   elements only the inner environment mapped (a[4:8] through e, a[12:16],
   b[0:2], c[4:12], d[8:16]); the elements of the outer environment are
   copied back at the outer end, with everything both levels wrote.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dir-check.h"

#define N 16

static int a[N], b[N], c[N], d[N];

/* Expected values: host initial value of array K element I, and what the
   regions add.  */
#define INIT(k, i) ((k) * 100 + (i))
#define INNER_ADD 1000
#define OUTER_ADD 20000

static void
check_host (const int *x, int k, int lo, int hi, int add, const char *what)
{
  for (int i = lo; i < hi; i++)
    CHECK (x[i] == INIT (k, i) + add, "%s: host [%d] = %d, expected %d",
	   what, i, x[i], INIT (k, i) + add);
}

static void
check_device (const int *x, int k, int lo, int hi, int add, int dev,
	      const char *what)
{
  int buf[N];
  dm_dev_read (buf, &x[lo], (hi - lo) * sizeof x[0], dev);
  for (int i = lo; i < hi; i++)
    CHECK (buf[i - lo] == INIT (k, i) + add,
	   "%s: device [%d] = %d, expected %d", what, i, buf[i - lo],
	   INIT (k, i) + add);
}

int
main (void)
{
  int dev = dm_dev ();
  int *a8 = &a[8];
  dm_require_device ();

  for (int i = 0; i < N; i++)
    {
      a[i] = INIT (1, i);
      b[i] = INIT (2, i);
      c[i] = INIT (3, i);
      d[i] = INIT (4, i);
    }

#pragma omp target data map(tofrom: a[0:4]) map(tofrom: a8[0:4]) \
			map(tofrom: c[0:4])
  {
    /* Outer level: a[0:4], a[8:12], c[0:4].  */
    dir_check_range (a, 4, sizeof (int), dev, "outer a[0:4]");
    dir_check_range (a8, 4, sizeof (int), dev, "outer a[8:12]");
    dir_check_absent (&a[4], 4, sizeof (int), dev, "outer hole a[4:8]");
    dir_check_absent (&a[12], 4, sizeof (int), dev, "outer a[12:16]");
    dir_check_range (c, 4, sizeof (int), dev, "outer c[0:4]");
    dir_check_absent (&c[4], 12, sizeof (int), dev, "outer c[4:16]");
    dir_check_absent (b, N, sizeof (int), dev, "outer b");
    dir_check_absent (d, N, sizeof (int), dev, "outer d");
    check_device (a, 1, 0, 4, 0, dev, "outer a[0:4]");
    check_device (a, 1, 8, 12, 0, dev, "outer a[8:12]");
    check_device (c, 3, 0, 4, 0, dev, "outer c[0:4]");

    int *e = &a[4];
#pragma omp target data map(tofrom: a[12:4], b[0:2], c[4:8], d[8:8]) \
			map(tofrom: e[0:4])
    {
      dir_check_range (a, 16, sizeof (int), dev, "inner a[0:16]");
      dir_check_range (b, 2, sizeof (int), dev, "inner b[0:2]");
      dir_check_absent (&b[2], N - 2, sizeof (int), dev, "inner b[2:16]");
      dir_check_range (c, 12, sizeof (int), dev, "inner c[0:12]");
      dir_check_absent (&c[12], 4, sizeof (int), dev, "inner c[12:16]");
      dir_check_range (&d[8], 8, sizeof (int), dev, "inner d[8:16]");
      dir_check_absent (d, 8, sizeof (int), dev, "inner d[0:8]");
      CHECK (dm_mapped (e, dev) == (char *) dm_mapped (a, dev)
	     + 4 * sizeof (int), "e not at device a + 4");
      check_device (a, 1, 0, 16, 0, dev, "inner a[0:16]");
      check_device (b, 2, 0, 2, 0, dev, "inner b[0:2]");
      check_device (c, 3, 0, 12, 0, dev, "inner c[0:12]");
      check_device (d, 4, 8, 16, 0, dev, "inner d[8:16]");

      /* compute_loop: every mapped element gets INNER_ADD, through the
	 arrays themselves (implicit maps use the present extents) and
	 through e for a[4:8].  */
#pragma omp target map(alloc: e[0:4])
      {
	for (int i = 0; i < 4; i++)
	  e[i] += INNER_ADD;
	for (int i = 0; i < 4; i++)
	  a[i] += INNER_ADD;
	for (int i = 8; i < 16; i++)
	  a[i] += INNER_ADD;
	for (int i = 0; i < 2; i++)
	  b[i] += INNER_ADD;
	for (int i = 0; i < 12; i++)
	  c[i] += INNER_ADD;
	for (int i = 8; i < 16; i++)
	  d[i] += INNER_ADD;
      }
      check_device (a, 1, 0, 16, INNER_ADD, dev, "inner a after the region");
      check_device (c, 3, 0, 12, INNER_ADD, dev, "inner c after the region");
      check_host (a, 1, 0, N, 0, "a in the inner environment");
      check_host (b, 2, 0, N, 0, "b in the inner environment");
      check_host (c, 3, 0, N, 0, "c in the inner environment");
      check_host (d, 4, 0, N, 0, "d in the inner environment");
    }

    /* Inner-only elements: copied back and gone.  */
    check_host (a, 1, 4, 8, INNER_ADD, "a[4:8] after the inner end");
    check_host (a, 1, 12, 16, INNER_ADD, "a[12:16] after the inner end");
    check_host (b, 2, 0, 2, INNER_ADD, "b[0:2] after the inner end");
    check_host (b, 2, 2, N, 0, "b[2:16] after the inner end");
    check_host (c, 3, 4, 12, INNER_ADD, "c[4:12] after the inner end");
    check_host (c, 3, 12, N, 0, "c[12:16] after the inner end");
    check_host (d, 4, 8, 16, INNER_ADD, "d[8:16] after the inner end");
    check_host (d, 4, 0, 8, 0, "d[0:8] after the inner end");
    dir_check_absent (&a[4], 4, sizeof (int), dev, "a[4:8] after the inner end");
    dir_check_absent (&a[12], 4, sizeof (int), dev,
		      "a[12:16] after the inner end");
    dir_check_absent (b, N, sizeof (int), dev, "b after the inner end");
    dir_check_absent (&c[4], 12, sizeof (int), dev, "c[4:] after the inner end");
    dir_check_absent (d, N, sizeof (int), dev, "d after the inner end");
    /* Outer elements: still present, not copied back, device values
       include the inner level's writes.  */
    check_host (a, 1, 0, 4, 0, "a[0:4] after the inner end");
    check_host (a, 1, 8, 12, 0, "a[8:12] after the inner end");
    check_host (c, 3, 0, 4, 0, "c[0:4] after the inner end");
    dir_check_range (a, 4, sizeof (int), dev, "a[0:4] after the inner end");
    dir_check_range (a8, 4, sizeof (int), dev, "a[8:12] after the inner end");
    dir_check_offset (a, 8 * sizeof (int), dev, "a[8] vs a[0] after the inner end");
    dir_check_range (c, 4, sizeof (int), dev, "c[0:4] after the inner end");
    check_device (a, 1, 0, 4, INNER_ADD, dev, "a[0:4] after the inner end");
    check_device (a, 1, 8, 12, INNER_ADD, dev, "a[8:12] after the inner end");
    check_device (c, 3, 0, 4, INNER_ADD, dev, "c[0:4] after the inner end");

#pragma omp target map(alloc: a[0:4]) map(alloc: a8[0:4]) map(alloc: c[0:4])
    for (int i = 0; i < 4; i++)
      {
	a[i] += OUTER_ADD;
	a8[i] += OUTER_ADD;
	c[i] += OUTER_ADD;
      }
    check_host (a, 1, 0, 4, 0, "a[0:4] after the outer region");
  }
  check_host (a, 1, 0, 4, INNER_ADD + OUTER_ADD, "a[0:4] after the outer end");
  check_host (a, 1, 4, 8, INNER_ADD, "a[4:8] after the outer end");
  check_host (a, 1, 8, 12, INNER_ADD + OUTER_ADD, "a[8:12] after the outer end");
  check_host (a, 1, 12, 16, INNER_ADD, "a[12:16] after the outer end");
  check_host (c, 3, 0, 4, INNER_ADD + OUTER_ADD, "c[0:4] after the outer end");
  check_host (c, 3, 4, 12, INNER_ADD, "c[4:12] after the outer end");
  check_host (b, 2, 0, 2, INNER_ADD, "b[0:2] after the outer end");
  check_host (d, 4, 8, 16, INNER_ADD, "d[8:16] after the outer end");
  dir_check_absent (a, N, sizeof (int), dev, "a at the end");
  dir_check_absent (c, N, sizeof (int), dev, "c at the end");
  return 0;
}
