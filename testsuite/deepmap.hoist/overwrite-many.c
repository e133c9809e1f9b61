/* Twenty kept sections that the loop's construct stores to in full:
   more than the sixteen a construct's announcements once held, so the
   last four were copied in for nothing.  None is copied in; each comes
   back once.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* Back: 20 arrays of 64 doubles (10240 bytes); nothing in.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 0 transfers 0 bytes, d2h 20 transfers 10240 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 64

__attribute__ ((noinline)) static void
fill (double *o0, double *o1, double *o2, double *o3, double *o4, double *o5, double *o6, double *o7, double *o8, double *o9, double *o10, double *o11, double *o12, double *o13, double *o14, double *o15, double *o16, double *o17, double *o18, double *o19,
      int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: o0[0:n], o1[0:n], o2[0:n], o3[0:n], o4[0:n], o5[0:n], o6[0:n], o7[0:n], o8[0:n], o9[0:n], o10[0:n], o11[0:n], o12[0:n], o13[0:n], o14[0:n], o15[0:n], o16[0:n], o17[0:n], o18[0:n], o19[0:n])
      for (int i = 0; i < n; i++)
	{
	  o0[i] = i + 0 + t;
	  o1[i] = i + 1 + t;
	  o2[i] = i + 2 + t;
	  o3[i] = i + 3 + t;
	  o4[i] = i + 4 + t;
	  o5[i] = i + 5 + t;
	  o6[i] = i + 6 + t;
	  o7[i] = i + 7 + t;
	  o8[i] = i + 8 + t;
	  o9[i] = i + 9 + t;
	  o10[i] = i + 10 + t;
	  o11[i] = i + 11 + t;
	  o12[i] = i + 12 + t;
	  o13[i] = i + 13 + t;
	  o14[i] = i + 14 + t;
	  o15[i] = i + 15 + t;
	  o16[i] = i + 16 + t;
	  o17[i] = i + 17 + t;
	  o18[i] = i + 18 + t;
	  o19[i] = i + 19 + t;
	}
    }
}

static double b[20][N];

int
main (void)
{
  for (int k = 0; k < 20; k++)
    for (int i = 0; i < N; i++)
      b[k][i] = -1;
  fill (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15], b[16], b[17], b[18], b[19], N, 3);
  for (int k = 0; k < 20; k++)
    for (int i = 0; i < N; i++)
      if (b[k][i] != i + k + 2)
	abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "overwrite-many.c:19:9: deepmap: hoist: '\[^'\]*19\[^'\]*' kept on the device across the loop at overwrite-many.c:17 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in if the first construct to use it stores to all of it" } } */
