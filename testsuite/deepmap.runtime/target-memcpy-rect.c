/* omp_target_memcpy_rect: 2-D and 3-D sub-rectangles between host and
   device and device to device; the NULL/NULL query returns the number of
   dimensions supported (at least 3).  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define R 6
#define C 10
#define D0 4
#define D1 5
#define D2 7

int
main (void)
{
  int dev = dm_dev ();
  int host = omp_get_initial_device ();
  dm_require_device ();

  int maxdims = omp_target_memcpy_rect (NULL, NULL, 0, 0, NULL, NULL, NULL,
					NULL, NULL, dev, host);
  CHECK (maxdims >= 3, "NULL/NULL query returned %d", maxdims);

  /* 2-D: host h[R][C]; copy the 3x4 block at (2,5) into the device
     array d[R][C] at (1,1).  */
  static int h[R][C], back[R][C];
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      h[r][c] = r * 100 + c;
  int (*d)[C] = omp_target_alloc (sizeof h, dev);
  CHECK (d != NULL, "omp_target_alloc");
  static int zero[R][C];
  CHECK (omp_target_memcpy (d, zero, sizeof zero, 0, 0, dev, host) == 0,
	 "clear");

  size_t vol[2] = { 3, 4 }, dims[2] = { R, C };
  size_t doff[2] = { 1, 1 }, soff[2] = { 2, 5 };
  CHECK (omp_target_memcpy_rect (d, h, sizeof (int), 2, vol, doff, soff, dims,
				 dims, dev, host) == 0, "2-D host to device");
  CHECK (omp_target_memcpy (back, d, sizeof back, 0, 0, host, dev) == 0,
	 "read back");
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      {
	int in = r >= 1 && r < 4 && c >= 1 && c < 5;
	int e = in ? (r + 1) * 100 + (c + 4) : 0;
	CHECK (back[r][c] == e, "2-D d[%d][%d] = %d, expected %d", r, c,
	       back[r][c], e);
      }

  /* 2-D device to host with different array shapes: the device block
     into a host array of 8 columns at (0,2).  */
  static int narrow[4][8];
  size_t ndims[2] = { 4, 8 }, noff[2] = { 0, 2 }, dsrc[2] = { 1, 1 };
  CHECK (omp_target_memcpy_rect (narrow, d, sizeof (int), 2, vol, noff, dsrc,
				 ndims, dims, host, dev) == 0,
	 "2-D device to host");
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 8; c++)
      {
	int in = r < 3 && c >= 2 && c < 6;
	int e = in ? (r + 2) * 100 + (c - 2 + 5) : 0;
	CHECK (narrow[r][c] == e, "2-D narrow[%d][%d] = %d, expected %d", r,
	       c, narrow[r][c], e);
      }

  /* 3-D: host g[D0][D1][D2], block 2x3x4 at (1,1,2) to device at
     (2,0,3), then device to device into a second array at (0,2,0), then
     back to the host.  */
  static int g[D0][D1][D2], g2[D0][D1][D2];
  for (int a = 0; a < D0; a++)
    for (int b = 0; b < D1; b++)
      for (int c = 0; c < D2; c++)
	g[a][b][c] = a * 10000 + b * 100 + c;
  static int gz[D0][D1][D2];
  void *e1 = omp_target_alloc (sizeof g, dev);
  void *e2 = omp_target_alloc (sizeof g, dev);
  CHECK (e1 && e2, "omp_target_alloc 3-D");
  CHECK (omp_target_memcpy (e1, gz, sizeof gz, 0, 0, dev, host) == 0, "clear");
  CHECK (omp_target_memcpy (e2, gz, sizeof gz, 0, 0, dev, host) == 0, "clear");
  size_t v3[3] = { 2, 3, 4 }, d3[3] = { D0, D1, D2 };
  size_t s3[3] = { 1, 1, 2 }, t3[3] = { 2, 0, 3 }, u3[3] = { 0, 2, 0 };
  CHECK (omp_target_memcpy_rect (e1, g, sizeof (int), 3, v3, t3, s3, d3, d3,
				 dev, host) == 0, "3-D host to device");
  CHECK (omp_target_memcpy_rect (e2, e1, sizeof (int), 3, v3, u3, t3, d3, d3,
				 dev, dev) == 0, "3-D device to device");
  CHECK (omp_target_memcpy (g2, e2, sizeof g2, 0, 0, host, dev) == 0,
	 "read back");
  for (int a = 0; a < D0; a++)
    for (int b = 0; b < D1; b++)
      for (int c = 0; c < D2; c++)
	{
	  int in = a < 2 && b >= 2 && b < 5 && c < 4;
	  int e = in ? (a + 1) * 10000 + (b - 2 + 1) * 100 + (c + 2) : 0;
	  CHECK (g2[a][b][c] == e, "3-D [%d][%d][%d] = %d, expected %d", a, b,
		 c, g2[a][b][c], e);
	}

  /* Element size other than 4, 1-D.  */
  char cs[32], cd[32];
  for (int i = 0; i < 32; i++)
    cs[i] = (char) i, cd[i] = 0;
  char *dc = omp_target_alloc (32, dev);
  size_t v1 = 10, o1 = 3, so1 = 20, dm1 = 32;
  CHECK (omp_target_memcpy (dc, cd, 32, 0, 0, dev, host) == 0, "clear");
  CHECK (omp_target_memcpy_rect (dc, cs, 1, 1, &v1, &o1, &so1, &dm1, &dm1,
				 dev, host) == 0, "1-D");
  CHECK (omp_target_memcpy (cd, dc, 32, 0, 0, host, dev) == 0, "read back");
  for (int i = 0; i < 32; i++)
    {
      int e = i >= 3 && i < 13 ? i + 17 : 0;
      CHECK (cd[i] == e, "1-D [%d] = %d, expected %d", i, cd[i], e);
    }

  omp_target_free (dc, dev);
  omp_target_free (e1, dev);
  omp_target_free (e2, dev);
  omp_target_free (d, dev);
  return 0;
}
