// Pointees that deep copy maps keep their alignment on the device, also
// above 16 bytes: an alignas(64) element of a vector, an alignas(32)
// array reached by a counted pointer.  They landed at 16 or 32 modulo 64
// before (descriptors do not carry alignments; the runtime now keeps
// what the host address and the element size share, up to 64 bytes), and
// AVX code on the emulated device faulted on them.
// { dg-require-effective-target offload_device_nonshared_as }
#include <stdint.h>
#include <vector>
#include "deeptests.h"

struct alignas (64) block
{
  int n;
  double *d deepmap_counted_by (n);
  char pad[5];
};

struct alignas (32) v4
{
  double x[4];
};

struct holder
{
  block b[3];
  int nv;
  v4 *vs deepmap_counted_by (nv);
  std::vector<block> more;
};

int
main ()
{
  holder h;
  for (int i = 0; i < 3; i++)
    {
      h.b[i].n = 8;
      h.b[i].d = new double[8] ();
    }
  h.nv = 5;
  h.vs = new v4[5] ();
  h.more.resize (2);
  for (auto &b : h.more)
    {
      b.n = 2;
      b.d = new double[2] ();
    }
  uintptr_t holder_mis = 1, vs_mis = 1, more_mis = 1;
#pragma omp target map(tofrom: h) map(from: holder_mis, vs_mis, more_mis)
  {
    holder_mis = (uintptr_t) &h % 64;
    vs_mis = (uintptr_t) h.vs % 32;
    more_mis = (uintptr_t) h.more.data () % 64;
    for (int i = 0; i < h.nv; i++)
      h.vs[i].x[3] = i;
  }
  CHECK (holder_mis == 0, "holder at %lu modulo 64", (unsigned long) holder_mis);
  CHECK (vs_mis == 0, "vs at %lu modulo 32", (unsigned long) vs_mis);
  CHECK (more_mis == 0, "more.data () at %lu modulo 64",
	 (unsigned long) more_mis);
  for (int i = 0; i < h.nv; i++)
    CHECK (h.vs[i].x[3] == i, "vs[%d].x[3] = %g", i, h.vs[i].x[3]);
  return 0;
}
