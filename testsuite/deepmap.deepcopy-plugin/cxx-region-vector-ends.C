// A region that changes std::vector members' pointers: swaps a vector
// with one never allocated (NULL pointers) or empty with room reserved,
// clears one, pops its last element.  Their pointers come back as the
// host addresses of what the region left there, the end pointer
// relative to the begin pointer: an array's end is no byte of it and
// may be the first byte of another mapped object.  Before, a vector
// swapped with a NULL one came back with its end pointer NULL (size ()
// huge: a crash), an empty vector kept the host's pointers on the
// device (garbage came back), and a cleared one kept its old size.
// { dg-require-effective-target offload_device_nonshared_as }
#include <vector>
#include "deeptests.h"

struct bag
{
  std::vector<long> v;
  long tag;
};

static bag two[2];

static void
fill (std::vector<long> &v, int n, long base)
{
  v.clear ();
  for (int i = 0; i < n; i++)
    v.push_back (base + i);
}

static void
expect (const std::vector<long> &v, int n, long base, const char *what)
{
  CHECK ((int) v.size () == n, "%s: size %zu, not %d", what, v.size (), n);
  for (int i = 0; i < n && i < (int) v.size (); i++)
    CHECK (v[i] == base + i, "%s: [%d] is %ld", what, i, v[i]);
}

int
main ()
{
  bag *a = &two[0], *b = &two[1];

  // 1. Swap with a vector never allocated (NULL pointers), both ways.
  fill (b->v, 5, 100);
#pragma omp target map(tofrom: a[0:1], b[0:1])
  a->v.swap (b->v);
  expect (a->v, 5, 100, "swap with a NULL vector: a");
  expect (b->v, 0, 0, "swap with a NULL vector: b");
#pragma omp target map(tofrom: a[0:1], b[0:1])
  a->v.swap (b->v);
  expect (a->v, 0, 0, "swap back: a");
  expect (b->v, 5, 100, "swap back: b");

  // 2. Swap with an empty vector with room reserved.
  std::vector<long>().swap (a->v);
  a->v.reserve (8);
  const long *room = a->v.data ();
#pragma omp target map(tofrom: a[0:1], b[0:1])
  a->v.swap (b->v);
  expect (a->v, 5, 100, "swap with a reserved vector: a");
  expect (b->v, 0, 0, "swap with a reserved vector: b");
  CHECK (b->v.data () == room && b->v.capacity () >= 8,
	 "the reserved room did not come back to b");

  // 3. clear () and pop_back () in a region.
  fill (a->v, 6, 200);
  fill (b->v, 4, 300);
#pragma omp target map(tofrom: a[0:1], b[0:1])
  {
    a->v.clear ();
    b->v.pop_back ();
    b->v[0] += 1000;
  }
  expect (a->v, 0, 0, "clear");
  CHECK (b->v.size () == 3 && b->v[0] == 1300 && b->v[1] == 301
	 && b->v[2] == 302, "pop_back: size %zu", b->v.size ());

  // 4. Held by enter data across the regions, back at exit data.
  fill (a->v, 3, 400);
  std::vector<long>().swap (b->v);
#pragma omp target enter data map(to: a[0:1], b[0:1])
#pragma omp target map(tofrom: a[0:1], b[0:1])
  a->v.swap (b->v);
#pragma omp target exit data map(from: a[0:1], b[0:1])
  expect (a->v, 0, 0, "enter data, swap: a");
  expect (b->v, 3, 400, "enter data, swap: b");
  printf ("ok\n");
  return 0;
}
