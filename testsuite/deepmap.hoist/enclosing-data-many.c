/* enclosing-data.c with seventeen sections: more than the plugin tests
   in line, so the test that no caller holds any of them mapped when the
   loop starts is one call of the unit's own __deepmap_sections_absent
   (plugin/dm-tests.c, standard OpenMP calls alone) over the enter
   data's addresses and sizes.  The caller's target data holds the
   last array in the second run: the loop must run as written there,
   and the host's read of that array between the constructs sees the
   host's bytes (5 three times) instead of the device's (16, 49, 148). */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* Not held, kept: the 17 arrays in and back once (3264 bytes each way),
   3 updates of a16[5] (12 back).  Held, as written: 16 arrays in and
   back at each of 3 steps (9216 each way), the caller's buf[16] in and
   back once (192).  Were the table's test to say "present" where
   nothing is, the first run would move 9792 each way.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 66 transfers 12672 bytes, d2h 69 transfers 12684 bytes" { target offload_device } } */
#include "check.h"

#define N 48

__attribute__ ((noinline)) static void
kern (unsigned *a0, unsigned *a1, unsigned *a2, unsigned *a3, unsigned *a4, unsigned *a5, unsigned *a6, unsigned *a7, unsigned *a8, unsigned *a9, unsigned *a10, unsigned *a11, unsigned *a12, unsigned *a13, unsigned *a14, unsigned *a15, unsigned *a16,
      int n, int steps, unsigned *acc)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target map(tofrom: a0[0:n], a1[0:n], a2[0:n], a3[0:n], a4[0:n], a5[0:n], a6[0:n], a7[0:n], a8[0:n], a9[0:n], a10[0:n], a11[0:n], a12[0:n], a13[0:n], a14[0:n], a15[0:n], a16[0:n])
      for (int i = 0; i < n; i++)
	{
	  a0[i] = a0[i] * 3u + 1u;
	  a1[i] = a1[i] * 3u + 1u;
	  a2[i] = a2[i] * 3u + 1u;
	  a3[i] = a3[i] * 3u + 1u;
	  a4[i] = a4[i] * 3u + 1u;
	  a5[i] = a5[i] * 3u + 1u;
	  a6[i] = a6[i] * 3u + 1u;
	  a7[i] = a7[i] * 3u + 1u;
	  a8[i] = a8[i] * 3u + 1u;
	  a9[i] = a9[i] * 3u + 1u;
	  a10[i] = a10[i] * 3u + 1u;
	  a11[i] = a11[i] * 3u + 1u;
	  a12[i] = a12[i] * 3u + 1u;
	  a13[i] = a13[i] * 3u + 1u;
	  a14[i] = a14[i] * 3u + 1u;
	  a15[i] = a15[i] * 3u + 1u;
	  a16[i] = a16[i] * 3u + 1u;
	}
      acc[0] += a16[5];
    }
}

static unsigned buf[17][64];

int
main (void)
{
  unsigned acc[1];
  for (int held = 0; held < 2; held++)
    {
      for (int k = 0; k < 17; k++)
	for (int i = 0; i < 64; i++)
	  buf[k][i] = i;
      acc[0] = 0;
#define ARGS buf[0], buf[1], buf[2], buf[3], buf[4], buf[5], buf[6], \
	     buf[7], buf[8], buf[9], buf[10], buf[11], buf[12], buf[13], \
	     buf[14], buf[15], buf[16]
      if (held)
	{
#pragma omp target data map(tofrom: buf[16][0:N])
	  kern (ARGS, N, 3, acc);
	}
      else
	kern (ARGS, N, 3, acc);
      CHECK (acc[0] == (held ? 15u : 213u), "held %d: the host read %u",
	     held, acc[0]);
      for (int k = 0; k < 17; k++)
	CHECK (buf[k][5] == 148u && buf[k][50] == 50u, "held %d: buf[%d] %u %u",
	       held, k, buf[k][5], buf[k][50]);
    }
  return 0;
}

/* { dg-final { scan-deepmap-report "enclosing-data-many.c:28:9: deepmap: hoist: '\[^'\]*16\[^'\]*' kept on the device across the loop at enclosing-data-many.c:26" } } */
