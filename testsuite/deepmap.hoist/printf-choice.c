/* printf ("%s", ok ? "PASS" : "FAIL") between steps: either pointer is
   a string literal, so the call reads no array of the program, and the
   input stays on the device across both loops (HeCBench's accuracy).
   The count the host reads is copied back before each read.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* data in once (4000 bytes); count (4 bytes), kept across the inner
   loop, in after each of 12 host writes (never at the loop's starts:
   the host writes all of it first), back at each of its 4 ends.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 13 transfers 4048 bytes, d2h 4 transfers 16 bytes" { target offload_device } } */
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  float *data = (float *) malloc (N * sizeof (float));
  int count[1], seen[5];
  for (int i = 0; i < N; i++)
    data[i] = (i % 7) * 0.1f;
  for (int g = 1; g <= 4; g++)
    {
      for (int r = 0; r < 3; r++)
	{
	  count[0] = 0;
#pragma omp target teams distribute parallel for map(tofrom: count[0:1]) \
	map(to: data[0:N])
	  for (int i = 0; i < N; i++)
	    if (data[i] * g > 0.3f)
	      {
#pragma omp atomic update
		++count[0];
	      }
	}
      seen[g] = count[0];
      printf ("grid %d %s\n", g, count[0] > 0 ? "PASS" : "FAIL");
    }
  for (int g = 1; g <= 4; g++)
    {
      int want = 0;
      for (int i = 0; i < N; i++)
	want += data[i] * g > 0.3f;
      if (seen[g] != want)
	abort ();
    }
  free (data);
  return 0;
}

/* { dg-final { scan-deepmap-report "printf-choice.c:28:9: deepmap: hoist: 'data' kept on the device across the loop at printf-choice.c:23 " } } */
