/* firstprivate arrays and structs: the region gets its own copy with the
   host values; what it writes stays private (neither the host nor a later
   region sees it).  */
/* { dg-do run } */

#include "dm-check.h"

#define N 20

struct rec
{
  int id;
  double w[3];
  char tag[5];
};

int
main (void)
{
  int arr[N], out[N];
  struct rec s = { 42, { 1.5, 2.5, 3.5 }, "abcd" };
  struct rec got;
  int dev = dm_dev ();

  for (int i = 0; i < N; i++)
    arr[i] = i * 11;

#pragma omp target firstprivate(arr, s) map(from: out, got) device(dev)
  {
    for (int i = 0; i < N; i++)
      {
	out[i] = arr[i];
	arr[i] = -1;
      }
    got = s;
    s.id = -7;
    s.w[1] = 0.0;
    s.tag[0] = 'z';
  }
  CHECK_INTS (out, N, 11 * i, "firstprivate array seen in the region");
  CHECK_INTS (arr, N, 11 * i, "host array after the region");
  CHECK (got.id == 42 && got.w[0] == 1.5 && got.w[1] == 2.5
	 && got.w[2] == 3.5 && !strcmp (got.tag, "abcd"),
	 "firstprivate struct seen in the region: id %d w %g %g %g tag %s",
	 got.id, got.w[0], got.w[1], got.w[2], got.tag);
  CHECK (s.id == 42 && s.w[1] == 2.5 && s.tag[0] == 'a',
	 "host struct changed by the region: id %d w[1] %g tag %s", s.id,
	 s.w[1], s.tag);

  /* A second region starts from the host values again.  */
#pragma omp target firstprivate(arr) map(from: out) device(dev)
  for (int i = 0; i < N; i++)
    out[i] = arr[i] + 1;
  CHECK_INTS (out, N, 11 * i + 1, "second firstprivate region");

  /* firstprivate of an array that is also mapped elsewhere: the private
     copy does not touch the mapped device copy.  */
  int buf[N];
#pragma omp target data map(to: arr) device(dev)
  {
#pragma omp target firstprivate(arr) device(dev)
    for (int i = 0; i < N; i++)
      arr[i] = 999;
    if (omp_get_num_devices () > 0 && omp_get_mapped_ptr)
      {
	dm_dev_read (buf, arr, sizeof arr, dev);
	CHECK_INTS (buf, N, 11 * i, "mapped device copy after a "
		    "firstprivate region wrote its own copy");
      }
  }
  CHECK_INTS (arr, N, 11 * i, "host array at the end");
  return 0;
}
