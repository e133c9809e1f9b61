/* hoist-naive.c -- the hoisting benchmark's kernels written naively:
   every target construct maps the data it uses, tofrom, as someone
   porting a loop nest at a time would write it.  bench/hoist-expert.c is
   the same computation with hand-placed target data and updates.

   Usage: hoist-naive KERNEL   (jacobi-1d jacobi-2d heat-3d fdtd-2d
   seidel-2d adi convergence row-touch callee jacobi-swap deep-1d
   fields-1d stage-out inputs laplace-2d); prints the kernel's time, with its
   transfers, and a checksum of its arrays.  */
#include "hoist.h"

__attribute__ ((noinline)) static void
jacobi_1d (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
      for (int i = 1; i < n - 1; i++)
	B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
      for (int i = 1; i < n - 1; i++)
	A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
    }
}

__attribute__ ((noinline)) static void
jacobi_2d (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for collapse(2) \
	map(tofrom: A[0:n * n], B[0:n * n])
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < n - 1; j++)
	  B[i * n + j] = 0.2 * (A[i * n + j] + A[i * n + j - 1]
				+ A[i * n + j + 1] + A[(i + 1) * n + j]
				+ A[(i - 1) * n + j]);
#pragma omp target teams distribute parallel for collapse(2) \
	map(tofrom: A[0:n * n], B[0:n * n])
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < n - 1; j++)
	  A[i * n + j] = 0.2 * (B[i * n + j] + B[i * n + j - 1]
				+ B[i * n + j + 1] + B[(i + 1) * n + j]
				+ B[(i - 1) * n + j]);
    }
}

#define I3(i, j, k) (((i) * n + (j)) * n + (k))

__attribute__ ((noinline)) static void
heat_3d (int n, int steps, double *A, double *B)
{
  size_t sz = (size_t) n * n * n;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for collapse(2) \
	map(tofrom: A[0:sz], B[0:sz])
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < n - 1; j++)
	  for (int k = 1; k < n - 1; k++)
	    B[I3 (i, j, k)]
	      = 0.125 * (A[I3 (i + 1, j, k)] - 2.0 * A[I3 (i, j, k)]
			 + A[I3 (i - 1, j, k)])
		+ 0.125 * (A[I3 (i, j + 1, k)] - 2.0 * A[I3 (i, j, k)]
			   + A[I3 (i, j - 1, k)])
		+ 0.125 * (A[I3 (i, j, k + 1)] - 2.0 * A[I3 (i, j, k)]
			   + A[I3 (i, j, k - 1)])
		+ A[I3 (i, j, k)];
#pragma omp target teams distribute parallel for collapse(2) \
	map(tofrom: A[0:sz], B[0:sz])
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < n - 1; j++)
	  for (int k = 1; k < n - 1; k++)
	    A[I3 (i, j, k)]
	      = 0.125 * (B[I3 (i + 1, j, k)] - 2.0 * B[I3 (i, j, k)]
			 + B[I3 (i - 1, j, k)])
		+ 0.125 * (B[I3 (i, j + 1, k)] - 2.0 * B[I3 (i, j, k)]
			   + B[I3 (i, j - 1, k)])
		+ 0.125 * (B[I3 (i, j, k + 1)] - 2.0 * B[I3 (i, j, k)]
			   + B[I3 (i, j, k - 1)])
		+ B[I3 (i, j, k)];
    }
}

__attribute__ ((noinline)) static void
fdtd_2d (int nx, int ny, int steps, double *ex, double *ey, double *hz,
	 double *fict)
{
  size_t sz = (size_t) nx * ny;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for \
	map(tofrom: ey[0:sz]) map(to: fict[0:steps])
      for (int j = 0; j < ny; j++)
	ey[j] = fict[t];
#pragma omp target teams distribute parallel for collapse(2) \
	map(tofrom: ey[0:sz], hz[0:sz])
      for (int i = 1; i < nx; i++)
	for (int j = 0; j < ny; j++)
	  ey[i * ny + j] -= 0.5 * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
#pragma omp target teams distribute parallel for collapse(2) \
	map(tofrom: ex[0:sz], hz[0:sz])
      for (int i = 0; i < nx; i++)
	for (int j = 1; j < ny; j++)
	  ex[i * ny + j] -= 0.5 * (hz[i * ny + j] - hz[i * ny + j - 1]);
#pragma omp target teams distribute parallel for collapse(2) \
	map(tofrom: ex[0:sz], ey[0:sz], hz[0:sz])
      for (int i = 0; i < nx - 1; i++)
	for (int j = 0; j < ny - 1; j++)
	  hz[i * ny + j] -= 0.7 * (ex[i * ny + j + 1] - ex[i * ny + j]
				   + ey[(i + 1) * ny + j] - ey[i * ny + j]);
    }
}

/* Gauss-Seidel has a dependence through both dimensions: one device
   thread runs the sweep, as a first port would.  */
__attribute__ ((noinline)) static void
seidel_2d (int n, int steps, double *A)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target map(tofrom: A[0:n * n])
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < n - 1; j++)
	  A[i * n + j] = (A[(i - 1) * n + j - 1] + A[(i - 1) * n + j]
			  + A[(i - 1) * n + j + 1] + A[i * n + j - 1]
			  + A[i * n + j] + A[i * n + j + 1]
			  + A[(i + 1) * n + j - 1] + A[(i + 1) * n + j]
			  + A[(i + 1) * n + j + 1]) / 9.0;
    }
}

/* ADI (Polybench's coefficients): a column sweep then a row sweep, each
   parallel over the lines it solves.  */
__attribute__ ((noinline)) static void
adi (int n, int steps, double *u, double *v, double *p, double *q)
{
  size_t sz = (size_t) n * n;
  double dx = 1.0 / n, dy = 1.0 / n, dt = 1.0 / steps;
  double b1 = 2.0, b2 = 1.0;
  double mul1 = b1 * dt / (dx * dx), mul2 = b2 * dt / (dy * dy);
  double a = -mul1 / 2.0, b = 1.0 + mul1, c = a;
  double d = -mul2 / 2.0, e = 1.0 + mul2, f = d;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for \
	map(tofrom: u[0:sz], v[0:sz], p[0:sz], q[0:sz])
      for (int i = 1; i < n - 1; i++)
	{
	  v[i] = 1.0;
	  p[i * n] = 0.0;
	  q[i * n] = v[i];
	  for (int j = 1; j < n - 1; j++)
	    {
	      p[i * n + j] = -c / (a * p[i * n + j - 1] + b);
	      q[i * n + j] = (-d * u[j * n + i - 1]
			      + (1.0 + 2.0 * d) * u[j * n + i]
			      - f * u[j * n + i + 1]
			      - a * q[i * n + j - 1])
			     / (a * p[i * n + j - 1] + b);
	    }
	  v[(n - 1) * n + i] = 1.0;
	  for (int j = n - 2; j >= 1; j--)
	    v[j * n + i] = p[i * n + j] * v[(j + 1) * n + i] + q[i * n + j];
	}
#pragma omp target teams distribute parallel for \
	map(tofrom: u[0:sz], v[0:sz], p[0:sz], q[0:sz])
      for (int i = 1; i < n - 1; i++)
	{
	  u[i * n] = 1.0;
	  p[i * n] = 0.0;
	  q[i * n] = u[i * n];
	  for (int j = 1; j < n - 1; j++)
	    {
	      p[i * n + j] = -f / (d * p[i * n + j - 1] + e);
	      q[i * n + j] = (-a * v[(i - 1) * n + j]
			      + (1.0 + 2.0 * a) * v[i * n + j]
			      - c * v[(i + 1) * n + j]
			      - d * q[i * n + j - 1])
			     / (d * p[i * n + j - 1] + e);
	    }
	  u[i * n + n - 1] = 1.0;
	  for (int j = n - 2; j >= 1; j--)
	    u[i * n + j] = p[i * n + j] * u[i * n + j + 1] + q[i * n + j];
	}
    }
}

/* A convergence loop: the host reads the residual the device computed
   to decide whether to go on.  Returns the steps taken.  */
__attribute__ ((noinline)) static int
convergence (int n, double *A, double *B)
{
  double err = 1e30;
  int it = 0;
  while (err > CV_TOL && it < CV_MAXIT)
    {
      err = 0;
#pragma omp target teams distribute parallel for reduction(max: err) \
	map(tofrom: A[0:n], B[0:n], err)
      for (int i = 1; i < n - 1; i++)
	{
	  B[i] = 0.5 * (A[i - 1] + A[i + 1]);
	  double dd = B[i] > A[i] ? B[i] - A[i] : A[i] - B[i];
	  err = dd > err ? dd : err;
	}
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
      for (int i = 1; i < n - 1; i++)
	A[i] = B[i];
      it++;
    }
  return it;
}

/* Host code between the kernels of each step touches one row: it reads
   a probe row the device wrote and writes the inflow row the device
   reads next.  */
__attribute__ ((noinline)) static double
row_touch (int n, int steps, double *A, double *B)
{
  double probe = 0;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for collapse(2) \
	map(tofrom: A[0:n * n], B[0:n * n])
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < n - 1; j++)
	  B[i * n + j] = 0.25 * (A[i * n + j - 1] + A[i * n + j + 1]
				 + A[(i + 1) * n + j] + A[(i - 1) * n + j]);
      for (int j = 0; j < n; j++)
	probe += B[(n / 2) * n + j];
      for (int j = 0; j < n; j++)
	B[j] = (double) ((t + j) % 7) / 8.0;
#pragma omp target teams distribute parallel for collapse(2) \
	map(tofrom: A[0:n * n], B[0:n * n])
      for (int i = 0; i < n - 1; i++)
	for (int j = 1; j < n - 1; j++)
	  A[i * n + j] = 0.5 * (B[i * n + j] + B[(i + 1) * n + j]);
    }
  return probe;
}

/* A time loop that calls a step function holding the constructs, as
   code split into functions is written.  callee_step is an ordinary
   external function, which GCC would not inline at -O2 by itself.  */
void callee_step (int n, double *A, double *B);

void
callee_step (int n, double *A, double *B)
{
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
  for (int i = 1; i < n - 1; i++)
    B[i] = 0.5 * (A[i - 1] + A[i + 1]);
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
  for (int i = 1; i < n - 1; i++)
    A[i] = 0.5 * (A[i] + B[i]);
}

__attribute__ ((noinline)) static void
callee (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    callee_step (n, A, B);
}

/* jacobi-1d written with a pointer swap after each step instead of a
   second sweep, as most stencil codes are.  */
__attribute__ ((noinline)) static void
jacobi_swap (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(to: A[0:n]) \
	map(tofrom: B[0:n])
      for (int i = 1; i < n - 1; i++)
	B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
      double *tmp = A;
      A = B;
      B = tmp;
    }
}

/* jacobi-1d on arrays reached through a structure: each construct maps
   the structure, and the plugin's deep copy maps what it points to.  */
__attribute__ ((noinline)) static void
deep_1d (int steps, struct hoist_field *f)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: f[0:1])
      for (long i = 1; i < f->n - 1; i++)
	f->v[i] = 0.33333 * (f->u[i - 1] + f->u[i] + f->u[i + 1]);
#pragma omp target teams distribute parallel for map(tofrom: f[0:1])
      for (long i = 1; i < f->n - 1; i++)
	f->u[i] = 0.33333 * (f->v[i - 1] + f->v[i] + f->v[i + 1]);
    }
}

/* jacobi-1d on arrays named through a structure's pointer fields; GCC
   reloads g->u at each step (a construct might change it).  */
__attribute__ ((noinline)) static void
fields_1d (int steps, struct hoist_grid *g)
{
  long n = g->n;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for \
	map(tofrom: g->u[0:n], g->v[0:n])
      for (long i = 1; i < n - 1; i++)
	g->v[i] = 0.33333 * (g->u[i - 1] + g->u[i] + g->u[i + 1]);
#pragma omp target teams distribute parallel for \
	map(tofrom: g->u[0:n], g->v[0:n])
      for (long i = 1; i < n - 1; i++)
	g->u[i] = 0.33333 * (g->v[i - 1] + g->v[i] + g->v[i + 1]);
    }
}

/* A time loop with a temporary and an output the kernels produce: an
   initialising kernel, then per step one that fills TMP from IN and one
   that adds TMP to OUT.  Inputs are mapped to, the rest tofrom.  */
__attribute__ ((noinline)) static void
stage_out (int n, int steps, const double *in, double *out)
{
  double *tmp = malloc (n * sizeof *tmp);
#pragma omp target teams distribute parallel for map(tofrom: out[0:n])
  for (int i = 0; i < n; i++)
    out[i] = 0;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(to: in[0:n]) \
	map(tofrom: tmp[0:n])
      for (int i = 0; i < n; i++)
	tmp[i] = in[i] * (t + 1);
#pragma omp target teams distribute parallel for \
	map(tofrom: tmp[0:n], out[0:n])
      for (int i = 0; i < n; i++)
	out[i] += tmp[i];
    }
  free (tmp);
}

/* Jacobi as NVIDIA's tutorials write it: the first kernel fills a
   temporary grid Anew and reduces the error, the second copies Anew's
   interior back into A; both map both grids.  The device never reads a
   byte of Anew the same step did not store: it need not be copied in.  */
__attribute__ ((noinline)) static double
laplace_2d (int n, int steps, double *A)
{
  double *Anew = malloc ((size_t) n * n * sizeof *Anew);
  hoist_fill (Anew, (size_t) n * n, 7);
  double error = 0;
  for (int t = 0; t < steps; t++)
    {
      error = 0;
#pragma omp target teams distribute parallel for collapse(2) \
	reduction(max: error) map(tofrom: A[0:n * n], Anew[0:n * n])
      for (int j = 1; j < n - 1; j++)
	for (int i = 1; i < n - 1; i++)
	  {
	    Anew[j * n + i] = 0.25 * (A[j * n + i + 1] + A[j * n + i - 1]
				      + A[(j - 1) * n + i]
				      + A[(j + 1) * n + i]);
	    double d = Anew[j * n + i] - A[j * n + i];
	    error = error > d && error > -d ? error : d > 0 ? d : -d;
	  }
#pragma omp target teams distribute parallel for collapse(2) \
	map(tofrom: A[0:n * n], Anew[0:n * n])
      for (int j = 1; j < n - 1; j++)
	for (int i = 1; i < n - 1; i++)
	  A[j * n + i] = Anew[j * n + i];
    }
  free (Anew);
  return error;
}

/* A time loop that maps its inputs tofrom like its output, as a quick
   port maps everything: the kernel only reads X and C.  */
__attribute__ ((noinline)) static void
inputs (int n, int steps, double *x, double *c, double *y)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for \
	map(tofrom: x[0:n], c[0:n], y[0:n])
      for (int i = 0; i < n; i++)
	y[i] = 0.5 * (y[i] + c[i] * x[i]);
    }
}

#include "hoist-main.h"
