/* map(p->q[0:n]) in a target region whose structure *p is not mapped:
   GCC 12 passes a zero-length section at p, the section and an
   attachment of p->q.  The region must see p->q as the device copy of
   the section (LLVM's ptr_and_obj_motion), whether the pointer is the
   first member or not, and nothing of *p stays mapped or is copied
   back afterwards.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 100

struct first { double *data; int n; };
struct later { int tag; long pad[3]; double *data; int n; };

static void
bump_first (struct first *p)
{
#pragma omp target map(p->data[0:N])
  for (int i = 0; i < N; i++)
    p->data[i] += 1.0;
}

static void
bump_later (struct later *p)
{
#pragma omp target map(p->data[0:N])
  {
    for (int i = 0; i < N; i++)
      p->data[i] += 2.0;
    p->tag = -1;		/* a device copy: not copied back */
  }
}

int
main (void)
{
  int dev = dm_dev ();
  dm_require_device ();
  double v[N];
  for (int i = 0; i < N; i++)
    v[i] = i;
  struct first f = { v, N };
  struct later l = { 7, { 0, 0, 0 }, v, N };

#pragma omp target enter data map(to: v[0:N])
  bump_first (&f);
  bump_later (&l);
  CHECK (!omp_target_is_present (&f, dev) && !omp_target_is_present (&l, dev),
	 "a structure stayed mapped after its region");
  CHECK (f.data == v && l.data == v && l.tag == 7,
	 "host structures changed: f.data %p l.data %p l.tag %d",
	 (void *) f.data, (void *) l.data, l.tag);
#pragma omp target exit data map(from: v[0:N])
  for (int i = 0; i < N; i++)
    CHECK (v[i] == i + 3.0, "v[%d] = %g, expected %g", i, v[i], i + 3.0);

  /* The section not mapped before: mapped by the region itself.  */
  bump_later (&l);
  for (int i = 0; i < N; i++)
    CHECK (v[i] == i + 5.0, "v[%d] = %g after a region that mapped it, "
	   "expected %g", i, v[i], i + 5.0);
  return 0;
}
