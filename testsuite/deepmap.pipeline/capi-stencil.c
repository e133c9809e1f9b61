/* The pipelining runtime through its C API (deepmap.h): the 7-point
   stencil, A0 read through the halo A0[k-1:3], Anext written as
   Anext[k:1] (tofrom: the kernel leaves the boundary alone), for several
   chunk sizes and stream counts, a last chunk that is partial, and the
   runtime's own choice.  Results must be bit-identical to a plain
   offload of the same kernel, and to the host's (within rounding where
   the device code comes from another compiler, stencil.h).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "stencil.h"

int
main (void)
{
  const int nx = 13, ny = 11, nz = 23, tsteps = 3;
  size_t n = (size_t) nx * ny * nz;
  float *ha = malloc (n * sizeof (float)), *hb = malloc (n * sizeof (float));
  float *na = malloc (n * sizeof (float)), *nb = malloc (n * sizeof (float));
  float *a = malloc (n * sizeof (float)), *b = malloc (n * sizeof (float));
  stencil_init (ha, hb, nx, ny, nz);
  stencil_host (ha, hb, nx, ny, nz, tsteps);
  const float *want = tsteps % 2 ? hb : ha;

  stencil_init (na, nb, nx, ny, nz);
  for (int t = 0; t < tsteps; t++)
    if (t % 2 == 0)
      stencil_sweep_naive (na, nb, nx, ny, nz);
    else
      stencil_sweep_naive (nb, na, nx, ny, nz);
  int bad = stencil_compare (tsteps % 2 ? nb : na, want, n, "naive");

  static const long chunks[] = { 1, 1, 2, 3, 4, 5, 21, 40, 0 };
  static const int streams[] = { 2, 3, 2, 3, 4, 2, 2, 3, 0 };
  for (unsigned v = 0; v < sizeof chunks / sizeof *chunks; v++)
    {
      char what[64];
      stencil_init (a, b, nx, ny, nz);
      for (int t = 0; t < tsteps; t++)
	if (t % 2 == 0)
	  stencil_sweep (a, b, nx, ny, nz, chunks[v], streams[v], 0);
	else
	  stencil_sweep (b, a, nx, ny, nz, chunks[v], streams[v], 0);
      snprintf (what, sizeof what, "chunk %ld, %d streams", chunks[v],
		streams[v]);
      bad |= stencil_compare (tsteps % 2 ? b : a, want, n, what);
      /* The same kernel on the same device: the same bits.  */
      bad |= stencil_compare_how (tsteps % 2 ? b : a, tsteps % 2 ? nb : na,
				  n, what, 1);
    }
  if (bad)
    abort ();
  return 0;
}
