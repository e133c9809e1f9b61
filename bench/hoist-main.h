/* hoist-main.h -- main of bench/hoist-naive.c and bench/hoist-expert.c,
   included after their kernels: the same data, the same timing, the same
   checksum for both.  */

#define HOIST_NEED(name) (strcmp (kernel, name) == 0)

int
main (int argc, char **argv)
{
  const char *kernel = argc > 1 ? argv[1] : "";
  uint64_t h = HOIST_SUM0;
  double t0, t1;

  /* Start the device before any clock runs: on a GPU the context and the
     module load would count in the measured kernel.  */
#pragma omp target
  {
  }

  if (HOIST_NEED ("jacobi-1d"))
    {
      double *A = hoist_alloc (J1_N, 1), *B = hoist_alloc (J1_N, 2);
      t0 = omp_get_wtime ();
      jacobi_1d (J1_N, J1_T, A, B);
      t1 = omp_get_wtime ();
      h = hoist_sum (hoist_sum (h, A, J1_N), B, J1_N);
    }
  else if (HOIST_NEED ("jacobi-2d"))
    {
      size_t sz = (size_t) J2_N * J2_N;
      double *A = hoist_alloc (sz, 1), *B = hoist_alloc (sz, 2);
      t0 = omp_get_wtime ();
      jacobi_2d (J2_N, J2_T, A, B);
      t1 = omp_get_wtime ();
      h = hoist_sum (hoist_sum (h, A, sz), B, sz);
    }
  else if (HOIST_NEED ("heat-3d"))
    {
      size_t sz = (size_t) H3_N * H3_N * H3_N;
      double *A = hoist_alloc (sz, 1), *B = hoist_alloc (sz, 2);
      t0 = omp_get_wtime ();
      heat_3d (H3_N, H3_T, A, B);
      t1 = omp_get_wtime ();
      h = hoist_sum (hoist_sum (h, A, sz), B, sz);
    }
  else if (HOIST_NEED ("fdtd-2d"))
    {
      size_t sz = (size_t) FD_NX * FD_NY;
      double *ex = hoist_alloc (sz, 1), *ey = hoist_alloc (sz, 2);
      double *hz = hoist_alloc (sz, 3), *fict = hoist_alloc (FD_T, 4);
      t0 = omp_get_wtime ();
      fdtd_2d (FD_NX, FD_NY, FD_T, ex, ey, hz, fict);
      t1 = omp_get_wtime ();
      h = hoist_sum (hoist_sum (hoist_sum (h, ex, sz), ey, sz), hz, sz);
    }
  else if (HOIST_NEED ("seidel-2d"))
    {
      size_t sz = (size_t) SD_N * SD_N;
      double *A = hoist_alloc (sz, 1);
      t0 = omp_get_wtime ();
      seidel_2d (SD_N, SD_T, A);
      t1 = omp_get_wtime ();
      h = hoist_sum (h, A, sz);
    }
  else if (HOIST_NEED ("adi"))
    {
      size_t sz = (size_t) AD_N * AD_N;
      double *u = hoist_alloc (sz, 1), *v = hoist_alloc (sz, 2);
      double *p = hoist_alloc (sz, 3), *q = hoist_alloc (sz, 4);
      t0 = omp_get_wtime ();
      adi (AD_N, AD_T, u, v, p, q);
      t1 = omp_get_wtime ();
      h = hoist_sum (hoist_sum (hoist_sum (hoist_sum (h, u, sz), v, sz),
				p, sz), q, sz);
    }
  else if (HOIST_NEED ("convergence"))
    {
      double *A = hoist_alloc (CV_N, 1), *B = hoist_alloc (CV_N, 2);
      t0 = omp_get_wtime ();
      int it = convergence (CV_N, A, B);
      t1 = omp_get_wtime ();
      h = hoist_sum (hoist_sum (h, A, CV_N), B, CV_N);
      h = (h ^ (uint64_t) it) * 1099511628211ull;
    }
  else if (HOIST_NEED ("row-touch"))
    {
      size_t sz = (size_t) RW_N * RW_N;
      double *A = hoist_alloc (sz, 1), *B = hoist_alloc (sz, 2);
      t0 = omp_get_wtime ();
      double probe = row_touch (RW_N, RW_T, A, B);
      t1 = omp_get_wtime ();
      h = hoist_sum (hoist_sum (hoist_sum (h, A, sz), B, sz), &probe, 1);
    }
  else if (HOIST_NEED ("callee"))
    {
      double *A = hoist_alloc (CE_N, 1), *B = hoist_alloc (CE_N, 2);
      t0 = omp_get_wtime ();
      callee (CE_N, CE_T, A, B);
      t1 = omp_get_wtime ();
      h = hoist_sum (hoist_sum (h, A, CE_N), B, CE_N);
    }
  else if (HOIST_NEED ("jacobi-swap"))
    {
      double *A = hoist_alloc (J1_N, 1), *B = hoist_alloc (J1_N, 2);
      t0 = omp_get_wtime ();
      jacobi_swap (J1_N, J1_T, A, B);
      t1 = omp_get_wtime ();
      h = hoist_sum (hoist_sum (h, A, J1_N), B, J1_N);
    }
  else if (HOIST_NEED ("deep-1d"))
    {
      struct hoist_field f = { DP_N, hoist_alloc (DP_N, 1),
			       hoist_alloc (DP_N, 2) };
      t0 = omp_get_wtime ();
      deep_1d (DP_T, &f);
      t1 = omp_get_wtime ();
      h = hoist_sum (hoist_sum (h, f.u, DP_N), f.v, DP_N);
    }
  else if (HOIST_NEED ("fields-1d"))
    {
      struct hoist_grid g = { DP_N, hoist_alloc (DP_N, 1),
			      hoist_alloc (DP_N, 2) };
      t0 = omp_get_wtime ();
      fields_1d (DP_T, &g);
      t1 = omp_get_wtime ();
      h = hoist_sum (hoist_sum (h, g.u, DP_N), g.v, DP_N);
    }
  else if (HOIST_NEED ("stage-out"))
    {
      double *in = hoist_alloc (SO_N, 1), *out = hoist_alloc (SO_N, 3);
      t0 = omp_get_wtime ();
      stage_out (SO_N, SO_T, in, out);
      t1 = omp_get_wtime ();
      h = hoist_sum (h, out, SO_N);
    }
  else if (HOIST_NEED ("inputs"))
    {
      double *x = hoist_alloc (IN_N, 1), *c = hoist_alloc (IN_N, 2);
      double *y = hoist_alloc (IN_N, 3);
      t0 = omp_get_wtime ();
      inputs (IN_N, IN_T, x, c, y);
      t1 = omp_get_wtime ();
      h = hoist_sum (hoist_sum (hoist_sum (h, x, IN_N), c, IN_N), y, IN_N);
    }
  else if (HOIST_NEED ("laplace-2d"))
    {
      double *A = hoist_alloc ((size_t) LP_N * LP_N, 1);
      t0 = omp_get_wtime ();
      double error = laplace_2d (LP_N, LP_T, A);
      t1 = omp_get_wtime ();
      h = hoist_sum (hoist_sum (h, A, (size_t) LP_N * LP_N), &error, 1);
    }
  else
    {
      fprintf (stderr, "usage: %s jacobi-1d|jacobi-2d|heat-3d|fdtd-2d|"
	       "seidel-2d|adi|convergence|row-touch|callee|jacobi-swap|"
	       "deep-1d|fields-1d|stage-out|inputs|laplace-2d\n",
	       argv[0]);
      return 2;
    }
  hoist_report (kernel, t1 - t0, h);
  return 0;
}
