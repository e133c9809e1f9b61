/* device(n) of the regions of a pipelined loop (or the pragma's device
   clause) is where the pipeline runs: with two emulated devices, every
   transfer goes to device 1 and none to device 0; results bit-identical
   to the host's.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu,emu" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 0 transfers 0 bytes, d2h 0 transfers 0 bytes, d2d 0 transfers.*deepmap: device 1 \\((emu|cuda)\\): h2d \[1-9\]\[0-9\]* transfers" } */
#include <omp.h>
#include "stencil.h"

/* The regions name the device.  */
static void
sweep_regions (float *A0, float *An, int nx, int ny, int nz, int dev)
{
  #pragma deepmap pipeline(static[2,3]) pipeline_map(to: A0[k-1:3][0:ny][0:nx]) pipeline_map(tofrom: An[k:1][0:ny][0:nx])
  for (int k = 1; k < nz - 1; k++)
    {
      #pragma omp target teams distribute parallel for collapse(2) device(dev)
      for (int j = 1; j < ny - 1; j++)
	for (int i = 1; i < nx - 1; i++)
	  An[IDX (i, j, k)] = stencil_point (A0, nx, ny, i, j, k);
    }
}

static void
plane (const float *A0, float *An, int nx, int ny, int k)
{
  for (int j = 1; j < ny - 1; j++)
    for (int i = 1; i < nx - 1; i++)
      An[IDX (i, j, k)] = stencil_point (A0, nx, ny, i, j, k);
}

/* The pragma names it; the regions use omp_set_default_device's.  */
static void
sweep_pragma (float *A0, float *An, int nx, int ny, int nz, int dev)
{
  #pragma deepmap pipeline(static[3,2]) pipeline_map(to: A0[k-1:3][0:ny][0:nx]) pipeline_map(tofrom: An[k:1][0:ny][0:nx]) device(dev)
  for (int k = 1; k < nz - 1; k++)
    {
      /* One plane per region, serially: the region's code is a call.  */
      #pragma omp target
      plane (A0, An, nx, ny, k);
    }
}

int
main (void)
{
  const int nx = 9, ny = 7, nz = 23;
  float *A0, *An, *want;
  size_t n = stencil_setup (&A0, &An, &want, nx, ny, nz);
  int bad = 0;
  if (omp_get_num_devices () != 2)
    abort ();
  sweep_regions (A0, An, nx, ny, nz, 1);
  bad |= stencil_compare (An, want, n, "device clause of the regions");
  stencil_init (A0, An, nx, ny, nz);
  omp_set_default_device (1);
  sweep_pragma (A0, An, nx, ny, nz, 1);
  bad |= stencil_compare (An, want, n, "device clause of the pragma");
  if (bad)
    abort ();
  return 0;
}
