// Quicksilver's vault of particles, as its plugin build needs it: a
// container class template whose element pointer is counted by its
// capacity (deepmap_counted_by), mapped by enter data of the object that
// holds it; a region reads every element, appends to a second vault (up
// to its capacity) and the host gets both back.  Without the count the
// plugin warns that the indexed pointer is one element (cxx-link-indexed.C).
// { dg-require-effective-target offload_device_nonshared_as }
#include "deeptests.h"

struct particle { double x, w; int cell; };

template <class T>
struct qs_vector
{
  T *_data deepmap_counted_by (_capacity);
  int _capacity;
  int _size;
  T &operator[] (int i) { return _data[i]; }
  void push (const T &t) { _data[_size++] = t; }
};

struct vault
{
  qs_vector<particle> _particles;
};

int
main ()
{
  const int n = 1000;
  vault *in = new vault, *out = new vault;
  in->_particles = { new particle[n], n, n };
  out->_particles = { new particle[n], n, 0 };
  for (int i = 0; i < n; i++)
    in->_particles[i] = { 1.0 * i, 0.5, i % 7 };
  double sum = 0;
#pragma omp target enter data map(to: in[0:1], out[0:1])
#pragma omp target map(tofrom: sum)
  for (int i = 0; i < n; i++)
    {
      particle &p = in->_particles[i];
      sum += p.x * p.w + p.cell;
      if (p.cell == 3)
	out->_particles.push (p);
    }
#pragma omp target exit data map(from: in[0:1], out[0:1])
  double ref = 0;
  int kept = 0;
  for (int i = 0; i < n; i++)
    {
      ref += (1.0 * i) * 0.5 + i % 7;
      kept += i % 7 == 3;
    }
  CHECK (sum == ref);
  CHECK (out->_particles._size == kept);
  for (int k = 0; k < kept; k++)
    CHECK (out->_particles[k].cell == 3 && out->_particles[k].x == 7 * k + 3);
  printf ("C++ counted container: ok\n");
  return 0;
}
// { dg-output "C\\+\\+ counted container: ok" }
