// std::vector members are mapped as [data(), data() + size()) with the
// element type's descriptor: every element of a vector of structs gets
// its own pointees, and neither the spare capacity nor the one-past-the-
// end element (_M_finish) is mapped.  On the device _M_start and
// _M_finish are translated (the latter into the elements, one past
// their end), so size (), end () and range-for work in a region.
// { dg-require-effective-target offload_device_nonshared_as }
#include <vector>
#include "deeptests.h"

struct particle
{
  int n;
  double *hist deepmap_counted_by (n);
};

struct system_state
{
  int id;
  std::vector<double> pos;
  std::vector<particle> parts;
};

static particle
make_particle (int n)
{
  particle p;
  p.n = n;
  p.hist = static_cast<double *> (xcalloc (n, sizeof (double)));
  return p;
}

int
main ()
{
  int dev = omp_get_default_device ();
  system_state s;
  s.id = 7;
  s.pos.reserve (100);
  s.pos.resize (10, 1.0);
  s.parts.reserve (8);
  for (int i = 0; i < 4; i++)
    s.parts.push_back (make_particle (3 + i));
  // A vector mapped by itself, not as a member.
  std::vector<particle> loose;
  loose.push_back (make_particle (2));
  loose.push_back (make_particle (9));
  int npos = s.pos.size (), nparts = s.parts.size (), nloose = loose.size ();
  double *pos_begin = s.pos.data ();
  particle *parts_end = s.parts.data () + nparts;

#pragma omp target enter data map(to: s, loose)
  CHECK (omp_target_is_present (&s.pos[0], dev));
  CHECK (omp_target_is_present (&s.pos[9], dev));
  CHECK (!omp_target_is_present (s.pos.data () + 10, dev));
  CHECK (omp_target_is_present (&s.parts[3], dev));
  CHECK (!omp_target_is_present (parts_end, dev));
  for (int i = 0; i < nparts; i++)
    CHECK (omp_target_is_present (&s.parts[i].hist[s.parts[i].n - 1], dev));
  CHECK (omp_target_is_present (&loose[1].hist[8], dev));

#pragma omp target firstprivate(npos, nparts, nloose)
  {
    for (int i = 0; i < npos; i++)
      s.pos[i] = 2.0 * i;
    for (int i = 0; i < nparts; i++)
      for (int k = 0; k < s.parts[i].n; k++)
	s.parts.data ()[i].hist[k] = 100 * i + k;
    for (int i = 0; i < nloose; i++)
      loose[i].hist[loose[i].n - 1] = -1.0 - i;
    s.id = 8;
  }
  CHECK (s.pos[3] == 1.0 && s.parts[2].hist[1] == 0.0);

  // size () and range-for on the device.
  long dev_size = -1, dev_parts = -1;
  double dev_sum = 0;
#pragma omp target map(from: dev_size, dev_parts, dev_sum)
  {
    dev_size = s.pos.size ();
    dev_parts = s.parts.end () - s.parts.begin ();
    double sum = 0;
    for (double x : s.pos)
      sum += x;
    dev_sum = sum;
  }
  CHECK (dev_size == npos && dev_parts == nparts);
  CHECK (dev_sum == 2.0 * (npos - 1) * npos / 2);

#pragma omp target exit data map(from: s, loose)
  CHECK (!omp_target_is_present (pos_begin, dev));
  CHECK (!omp_target_is_present (s.parts[0].hist, dev));
  // The host vectors are whole: pointers, size and capacity kept.
  CHECK (s.id == 8 && s.pos.data () == pos_begin);
  CHECK (s.pos.size () == 10 && s.pos.capacity () == 100);
  CHECK (s.parts.size () == 4 && s.parts.capacity () == 8);
  for (int i = 0; i < npos; i++)
    CHECK (s.pos[i] == 2.0 * i);
  for (int i = 0; i < nparts; i++)
    for (int k = 0; k < s.parts[i].n; k++)
      CHECK (s.parts[i].hist[k] == 100 * i + k);
  CHECK (loose[0].hist[1] == -1.0 && loose[1].hist[8] == -2.0);
  CHECK (loose[1].hist[0] == 0.0);
  s.pos.push_back (3.0);
  CHECK (s.pos.size () == 11);

  for (particle &p : s.parts)
    free (p.hist);
  for (particle &p : loose)
    free (p.hist);
  printf ("C++ vectors: ok\n");
  return 0;
}
// { dg-output "C\\+\\+ vectors: ok" }
