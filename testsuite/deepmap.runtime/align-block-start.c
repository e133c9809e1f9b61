/* Device copies keep the host's alignment whatever section starts their
   block: members mapped from an int at offset 4 up to a double and a
   16-byte-aligned pair, and a section starting 4 bytes into an array of
   such pairs, must sit at aligned device addresses (a GPU faults on a misaligned
   load; GCC's libgomp.c/target-21.c did on an H200).  */
/* { dg-do run } */

#include <stdint.h>
#include "dm-check.h"

struct pair
{
  _Alignas (16) double x, y;
};

struct s
{
  int pad;
  int i;			/* offset 4: the first member mapped */
  double d;			/* offset 8 */
  struct pair ld;		/* offset 16, 16-byte aligned */
};

int
main (void)
{
  int dev = dm_dev ();
  struct s s = { 0, 1, 2.0, { 3.0, 0 } };
  uintptr_t pi = 0, pd = 0, pld = 0;
#pragma omp target map(tofrom: s.i, s.d, s.ld) map(from: pi, pd, pld) \
  device(dev)
  {
    pi = (uintptr_t) &s.i;
    pd = (uintptr_t) &s.d;
    pld = (uintptr_t) &s.ld;
    s.d += s.i;
    s.ld.x += s.d;
  }
  CHECK (pi % 4 == 0 && pd % 8 == 0 && pld % 16 == 0,
	 "device members at %#lx %#lx %#lx", (unsigned long) pi,
	 (unsigned long) pd, (unsigned long) pld);
  CHECK (s.d == 3.0 && s.ld.x == 6.0, "results %g %g", s.d, s.ld.x);

  /* An array section starting 4 bytes into 16-aligned memory.  */
  struct pair *buf = aligned_alloc (16, 8 * sizeof (struct pair));
  for (int k = 0; k < 8; k++)
    buf[k].x = k;
  char *base = (char *) buf;
  uintptr_t pb = 0;
#pragma omp target enter data map(to: base[4:124]) device(dev)
#pragma omp target map(tofrom: buf[1:3]) map(from: pb) device(dev)
  {
    pb = (uintptr_t) &buf[1];
    buf[1].x *= 2;
  }
  /* Present already: copied back by an update, not at the region's end.  */
#pragma omp target update from(buf[1:1]) device(dev)
#pragma omp target exit data map(release: base[4:124]) device(dev)
  CHECK (pb % 16 == 0, "device buf[1] at %#lx", (unsigned long) pb);
  CHECK (buf[1].x == 2.0, "buf[1] %g", buf[1].x);
  free (buf);
  return 0;
}
