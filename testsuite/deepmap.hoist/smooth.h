/* smooth.h -- the two-array smoothing step of the hoisting tests whose
   constructs sit in called functions (C and C++): initial values and
   the host's reference.  */
#ifndef SMOOTH_H
#define SMOOTH_H

/* A and its copy a, B and its copy b, N elements each.  */
static void
smooth_init (int n, double *A, double *a, double *B, double *b)
{
  for (int i = 0; i < n; i++)
    {
      A[i] = a[i] = (i * 7 % 13) / 13.0;
      B[i] = b[i] = (i * 3 % 11) / 11.0;
    }
}

/* STEPS steps of b from a's neighbours, then a from b, on the host.  */
static void
smooth_reference (int n, int steps, double *a, double *b)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i = 1; i < n - 1; i++)
	b[i] = 0.5 * (a[i - 1] + a[i + 1]);
      for (int i = 1; i < n - 1; i++)
	a[i] = 0.5 * (a[i] + b[i]);
    }
}

#endif
