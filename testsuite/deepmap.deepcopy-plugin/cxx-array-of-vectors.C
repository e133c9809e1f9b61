// Vectors in an array member (T v[N], std::array<std::vector<T>, N>, an
// array of structures holding a vector): the descriptor repeats the
// vector's pointers per element, and the end pointer of each was taken
// for a pointer to one element of its own (the sibling lookup skipped
// repeated fields): 8 bytes past each buffer were mapped and copied
// back (valgrind: invalid read and write after the block), and
// DEEPMAP_EMU_STRICT=1 stopped the correct program over an untranslated
// pointer.  Now each end is translated into its own element's buffer.
// { dg-do run }
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" }
#include <array>
#include <vector>
#include "deeptests.h"

struct plain_array
{
  std::vector<double> vv[3];
};

struct std_array
{
  std::array<std::vector<int>, 2> va;
};

struct field
{
  int id;
  std::vector<double> values;
};

struct fields
{
  field f[3];
};

int
main ()
{
  plain_array a;
  a.vv[0] = { 1, 2, 3 };
  a.vv[1] = { 4, 5 };
  a.vv[2].reserve (8);		// empty, with room
  std_array s;
  s.va[0] = { 7 };
  s.va[1].reserve (4);
  s.va[1].push_back (8);
  s.va[1].push_back (9);
  fields fs;
  for (int i = 0; i < 3; i++)
    {
      fs.f[i].id = i;
      fs.f[i].values.assign (i + 1, 10.0 * i);
    }
  long sizes[3] = { 0, 0, 0 }, ssizes[2] = { 0, 0 }, fsum = 0;
#pragma omp target map(tofrom: a, s, fs) map(from: sizes, ssizes, fsum)
  {
    a.vv[0][2] = 33;
    a.vv[1][1] = 55;
    for (int i = 0; i < 3; i++)
      sizes[i] = (long) a.vv[i].size ();
    s.va[0][0] += 1;
    s.va[1][1] += 1;
    for (int i = 0; i < 2; i++)
      ssizes[i] = (long) s.va[i].size ();
    fsum = 0;
    for (int i = 0; i < 3; i++)
      for (double &v : fs.f[i].values)
	{
	  v += 1;
	  fsum += (long) v;
	}
  }
  CHECK (a.vv[0][2] == 33 && a.vv[1][1] == 55);
  CHECK (sizes[0] == 3 && sizes[1] == 2 && sizes[2] == 0,
	 "sizes in the region %ld %ld %ld", sizes[0], sizes[1], sizes[2]);
  CHECK (a.vv[2].empty () && a.vv[2].capacity () >= 8);
  CHECK (s.va[0][0] == 8 && s.va[1][0] == 8 && s.va[1][1] == 10);
  CHECK (ssizes[0] == 1 && ssizes[1] == 2);
  // 1 + (2 * 11) + (3 * 21)
  CHECK (fsum == 86, "fsum is %ld", fsum);
  for (int i = 0; i < 3; i++)
    {
      CHECK (fs.f[i].values.size () == (size_t) i + 1);
      for (double v : fs.f[i].values)
	CHECK (v == 10.0 * i + 1);
    }
  return 0;
}
