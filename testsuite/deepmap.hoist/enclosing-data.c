/* A loop whose section the caller may already hold in a target data
   region: there the original's constructs copy nothing in or back (their
   references are not the last), so the host read between them sees the
   host's bytes, not the device's.  The plugin keeps the section only
   where it is not mapped when the loop starts (omp_target_is_present):
   inside the caller's region the loop runs as written.  Without the
   region the host reads 16, 49 and 148; inside it, 5 three times.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "check.h"

__attribute__ ((noinline)) static void
kern (unsigned *p, int n, int steps, unsigned *acc)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target map(tofrom: p[0:n])
      for (int i = 0; i < n; i++)
	p[i] = p[i] * 3u + 1u;
      acc[0] += p[5];
    }
}

int
main (void)
{
  static unsigned buf[64];
  unsigned acc[1];
  for (int held = 0; held < 2; held++)
    {
      for (int i = 0; i < 64; i++)
	buf[i] = i;
      acc[0] = 0;
      if (held)
	{
#pragma omp target data map(tofrom: buf[0:48])
	  kern (buf, 48, 3, acc);
	}
      else
	kern (buf, 48, 3, acc);
      CHECK (acc[0] == (held ? 15u : 213u), "held %d: the host read %u",
	     held, acc[0]);
      CHECK (buf[5] == 148u && buf[50] == 50u, "held %d: buf %u %u", held,
	     buf[5], buf[50]);
    }
  return 0;
}

/* { dg-final { scan-deepmap-report "enclosing-data.c:17:9: deepmap: hoist: '\[^'\]*' kept on the device across the loop at enclosing-data.c:15" } } */
