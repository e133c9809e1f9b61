// #pragma deepmap pipeline in C++ (g++ -fplugin): the loop's variable
// declared in the for statement, arrays in std::vector, deepmap.h not
// included (the plugin declares the runtime's functions with C linkage),
// and an exception that leaves the loop early: the pipeline ends (the
// rows done come back), and the next pipelined loop runs.  Results
// bit-identical to the host's.
// { dg-require-effective-target offload_device_nonshared_as }
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <vector>

static const int nx = 10, ny = 8, nz = 26;

static inline size_t
idx (int i, int j, int k)
{
  return ((size_t) k * ny + j) * nx + i;
}

static inline float
point (const float *a, int i, int j, int k)
{
  return 0.25f * (a[idx (i, j, k - 1)] + a[idx (i, j, k + 1)])
	 + 0.5f * a[idx (i, j, k)];
}

// Sweeps planes 1 .. nz - 2; throws when it reaches plane STOP.
static void
sweep (std::vector<float> &in, std::vector<float> &out, int stop)
{
  const float *a = in.data ();
  float *b = out.data ();
  #pragma deepmap pipeline(static[3,2]) pipeline_map(to: a[k-1:3][0:ny][0:nx]) pipeline_map(tofrom: b[k:1][0:ny][0:nx])
  for (int k = 1; k < nz - 1; k++)
    {
      if (k == stop)
	throw std::runtime_error ("stop");
      #pragma omp target teams distribute parallel for collapse(2)
      for (int j = 0; j < ny; j++)
	for (int i = 0; i < nx; i++)
	  b[idx (i, j, k)] = point (a, i, j, k);
    }
}

int
main ()
{
  size_t n = (size_t) nx * ny * nz;
  std::vector<float> a (n), b (n), want (n), part (n);
  for (size_t x = 0; x < n; x++)
    a[x] = b[x] = (float) ((x * 7919) % 1000) / 37.0f;
  want = b;
  for (int k = 1; k < nz - 1; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
	want[idx (i, j, k)] = point (a.data (), i, j, k);
  // Planes 1 .. 10 done, then the exception.
  part = b;
  for (int k = 1; k < 11; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
	part[idx (i, j, k)] = point (a.data (), i, j, k);
  bool thrown = false;
  try
    {
      sweep (a, b, 11);
    }
  catch (const std::runtime_error &)
    {
      thrown = true;
    }
  if (!thrown || memcmp (b.data (), part.data (), n * sizeof (float)))
    {
      fprintf (stderr, "the loop left by an exception: wrong\n");
      abort ();
    }
  sweep (a, b, -1);
  if (memcmp (b.data (), want.data (), n * sizeof (float)))
    {
      fprintf (stderr, "wrong result\n");
      abort ();
    }
  return 0;
}
