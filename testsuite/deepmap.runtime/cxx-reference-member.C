// A structure member that is a reference to a pointer (T *&r): mapping
// r and a section of what it points to gives libgomp an attach entry for
// the referenced pointer, then an always_pointer entry that makes the
// device copy of the reference point at that pointer's device copy: the
// value of the attach entry.  deepmap used to give it none (the device
// reference was NULL and the region faulted, as GCC 12's libgomp.c++
// target-11.C, -15, -16 and -17 did).
// { dg-require-effective-target offload_device_nonshared_as }
#include "check.h"

struct holder
{
  int n;
  short *&ref;
};

int
main ()
{
  short data[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };
  short *p = data + 2;
  holder h = { 8, p };
#pragma omp target map(from: h.ref, h.ref[1:3])
  for (int i = 1; i < 4; i++)
    h.ref[i] = 100 + i;
  for (int i = 0; i < 8; i++)
    CHECK (data[i] == (i >= 3 && i < 6 ? 100 + i - 2 : 0),
	   "data[%d] = %d", i, data[i]);
  CHECK (p == data + 2, "the host pointer changed");
  return 0;
}
