/* Reference counting (OpenMP 5.1): enter data twice and exit once leaves
   the object present; a second exit removes it; delete removes it
   whatever the count.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 10

int
main (void)
{
  int a[N];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = i;
  CHECK (!omp_target_is_present (a, dev), "a present before any map");

#pragma omp target enter data map(to: a)
#pragma omp target enter data map(to: a)
#pragma omp target exit data map(release: a)
  CHECK (omp_target_is_present (a, dev),
	 "a gone after enter data twice, exit data once");
#pragma omp target exit data map(release: a)
  CHECK (!omp_target_is_present (a, dev),
	 "a present after enter data twice, exit data twice");

  /* Three references, one delete.  */
#pragma omp target enter data map(to: a)
#pragma omp target enter data map(to: a)
#pragma omp target enter data map(to: a)
#pragma omp target exit data map(delete: a)
  CHECK (!omp_target_is_present (a, dev), "a present after delete");

  /* A structured region nested in an unstructured mapping does not end
     it.  */
#pragma omp target enter data map(to: a)
#pragma omp target data map(tofrom: a)
  {
#pragma omp target
    for (int i = 0; i < N; i++)
      a[i] = 50 + i;
  }
  CHECK (omp_target_is_present (a, dev),
	 "a gone after a target data nested in enter data");
  CHECK_INTS (a, N, i, "host a: the inner tofrom must not copy back while "
	      "a reference remains");
#pragma omp target exit data map(from: a)
  CHECK (!omp_target_is_present (a, dev), "a still present");
  CHECK_INTS (a, N, 50 + i, "host a after the last exit data");

  /* An unstructured mapping made inside a structured one outlives it.  */
#pragma omp target data map(to: a)
  {
#pragma omp target enter data map(to: a)
  }
  CHECK (omp_target_is_present (a, dev),
	 "enter data inside target data did not keep a present");
#pragma omp target exit data map(release: a)
  CHECK (!omp_target_is_present (a, dev), "a still present at the end");

  /* Exit data of something not mapped is not an error.  */
#pragma omp target exit data map(release: a)
#pragma omp target exit data map(delete: a)
  CHECK (!omp_target_is_present (a, dev), "a present after spare exits");
  return 0;
}
