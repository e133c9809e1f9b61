// A counted pointer to std::complex, a library type of plain data, is
// followed like a pointer to the program's own data (library types are
// left alone only where they hold pointers: FILE, std::string): the
// device's twiddle pointer is translated: it differs from the host's on
// this discrete device (it kept the host's, which only the emulated
// device could read through).
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" }
#include <complex>
#include <stdint.h>
#include "deeptests.h"

typedef std::complex<double> cplx;

struct plan
{
  int n;
  cplx *tw deepmap_counted_by (n);
};

int
main ()
{
  plan p;
  p.n = 16;
  p.tw = new cplx[16];
  for (int i = 0; i < 16; i++)
    p.tw[i] = cplx (i, -i);
  double re = 0;
  uintptr_t host_tw = (uintptr_t) p.tw;	/* an integer: not translated */
  int translated = 0;
#pragma omp target map(tofrom: p) map(tofrom: re, translated)
  {
    translated = (uintptr_t) p.tw != host_tw;
    for (int i = 0; i < p.n; i++)
      {
	re += p.tw[i].real ();
	p.tw[i] *= 2.0;
      }
  }
  CHECK (translated, "tw kept its host address on the device");
  CHECK (re == 120.0, "re %g", re);
  for (int i = 0; i < 16; i++)
    CHECK (p.tw[i] == cplx (2.0 * i, -2.0 * i), "tw[%d]", i);
  delete[] p.tw;
  return 0;
}
