/* A program that maps its pointees itself (the hand-written deep copy
   OpenMP programs use without the plugin) gets exactly the OpenMP
   result when built with it: the automatic deep reference on a pointee
   does not keep an explicit `exit data map(from:)' of that pointee from
   copying back, nor does it change what the program's own counts do.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct vec
{
  int n;
  double *v;	/* { dg-warning "pointer .v. of .struct vec. points to .double.: one element assumed" } */
};

struct two
{
  struct vec a, b;
};

int
main (void)
{
  int dev = omp_get_default_device ();
  struct vec a;
  a.n = 64;
  a.v = xcalloc (a.n, sizeof (double));

  /* Hand-written deep copy: the structure, then its array.  */
#pragma omp target enter data map(to: a)
#pragma omp target enter data map(to: a.v[0:a.n])
#pragma omp target
  for (int i = 0; i < a.n; i++)
    a.v[i] = i + 1.0;
#pragma omp target exit data map(from: a.v[0:a.n])
  for (int i = 0; i < a.n; i++)
    CHECK (a.v[i] == i + 1.0);
#pragma omp target exit data map(release: a)
  CHECK (!omp_target_is_present (&a, dev));
  CHECK (!omp_target_is_present (a.v, dev));

  /* The array first, then the structure: the structure's exit copies the
     array back only where the program's own count of it reaches zero.  */
#pragma omp target enter data map(to: a.v[0:a.n])
#pragma omp target enter data map(to: a)
#pragma omp target
  for (int i = 0; i < a.n; i++)
    a.v[i] = 2.0 * i;
#pragma omp target exit data map(release: a)
  /* The program still holds the array: no copy back yet.  */
  CHECK (omp_target_is_present (a.v, dev));
  CHECK (a.v[1] == 2.0);
#pragma omp target exit data map(from: a.v[0:a.n])
  for (int i = 0; i < a.n; i++)
    CHECK (a.v[i] == 2.0 * i);
  CHECK (!omp_target_is_present (a.v, dev));

  /* The same inside a structured data region, with a nested struct.  */
  struct two t;
  t.a.n = t.b.n = 16;
  t.a.v = xcalloc (16, sizeof (double));
  t.b.v = xcalloc (16, sizeof (double));
#pragma omp target data map(to: t)
  {
#pragma omp target enter data map(to: t.a.v[0:16])
#pragma omp target
    for (int i = 0; i < 16; i++)
      {
	t.a.v[i] = 3.0 * i;
	t.b.v[0] = 4.0 * i;	/* one element mapped: the guess */
      }
#pragma omp target exit data map(from: t.a.v[0:16])
    for (int i = 0; i < 16; i++)
      CHECK (t.a.v[i] == 3.0 * i);
    /* t.b.v is held by the data region alone (a to: map): untouched.  */
    CHECK (t.b.v[0] == 0.0);
  }
  CHECK (t.b.v[0] == 0.0);
  CHECK (!omp_target_is_present (t.a.v, dev));

  /* tofrom on the structure: its pointee comes back with it.  */
#pragma omp target enter data map(to: a.v[0:a.n])
#pragma omp target map(tofrom: a)
  for (int i = 0; i < a.n; i++)
    a.v[i] = 5.0;
  /* The explicit reference still holds the array: the region's deep
     reference did not copy it back.  */
  CHECK (a.v[0] == 0.0 || a.v[0] == 2.0 * 0);
  CHECK (a.v[2] == 4.0);
#pragma omp target exit data map(from: a.v[0:a.n])
  CHECK (a.v[2] == 5.0);

  /* nowait forms: the deep reference is told apart in the task too.  */
#pragma omp target enter data map(to: a) nowait
#pragma omp taskwait
#pragma omp target enter data map(to: a.v[0:a.n]) nowait
#pragma omp taskwait
#pragma omp target
  for (int i = 0; i < a.n; i++)
    a.v[i] = 7.0;
#pragma omp target exit data map(from: a.v[0:a.n]) nowait
#pragma omp taskwait
  CHECK (a.v[a.n - 1] == 7.0);
#pragma omp target exit data map(release: a) nowait
#pragma omp taskwait
  CHECK (!omp_target_is_present (a.v, dev));

  printf ("hand-written deep copy: ok\n");
  free (a.v);
  free (t.a.v);
  free (t.b.v);
  return 0;
}
