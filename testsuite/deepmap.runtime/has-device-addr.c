/* has_device_addr (OpenMP 5.1, in GCC 12's C front end): a region uses
   the device address obtained through use_device_addr.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 32

int
main (void)
{
  int y[N], x = 24, buf[N];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    y[i] = 42;

#pragma omp target data map(tofrom: x, y)
  {
#pragma omp target data use_device_addr(x, y)
    {
#pragma omp target has_device_addr(x, y)
      {
	x = 43;
	for (int i = 0; i < N; i++)
	  y[i] = i;
      }
    }
    CHECK (x == 24, "host x = %d before copy-back", x);
    CHECK_INTS (y, N, 42, "host y before copy-back");
    dm_dev_read (buf, y, sizeof buf, dev);
    CHECK_INTS (buf, N, i, "device y");
  }
  CHECK (x == 43, "x = %d after copy-back, expected 43", x);
  CHECK_INTS (y, N, i, "y after copy-back");

  /* Array sections in has_device_addr.  */
#pragma omp target data map(y[:N]) use_device_addr(y)
#pragma omp target has_device_addr(y[8:16])
  for (int i = 8; i < 24; i++)
    y[i] = i + 100;
  for (int i = 0; i < N; i++)
    {
      int e = i >= 8 && i < 24 ? i + 100 : i;
      CHECK (y[i] == e, "y[%d] = %d, expected %d", i, y[i], e);
    }
  return 0;
}
