/* support/wordscan.h: dm_words_find returns the first word in [LO, HI),
   as a plain loop does, for every alignment of the words, lengths around
   the vector path's groups of sixteen, matches at each position of a
   group, the interval's edges (LO - 1, LO, HI - 1, HI), values with the
   top bit set (the vector path compares signed) and empty intervals.
   Built by wordscan-unit.exp against the runtime's source.  */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/wordscan.h"

static int failures;

static size_t
reference (const unsigned char *p, size_t n, uint64_t lo, uint64_t hi)
{
  for (size_t i = 0; i < n; i++)
    {
      uint64_t v;
      memcpy (&v, p + 8 * i, 8);
      if (v >= lo && v < hi)
	return i;
    }
  return n;
}

static void
check (const unsigned char *p, size_t n, uint64_t lo, uint64_t hi,
       const char *what)
{
  size_t got = dm_words_find (p, n, lo, hi), want = reference (p, n, lo, hi);
  if (got != want && failures++ < 10)
    fprintf (stderr, "FAIL %s: n %zu [%#llx, %#llx): got %zu, want %zu\n",
	     what, n, (unsigned long long) lo, (unsigned long long) hi, got,
	     want);
}

static void
put (unsigned char *p, size_t i, uint64_t v)
{
  memcpy (p + 8 * i, &v, 8);
}

int
main (void)
{
  enum { MAX = 80 };
  static unsigned char buf[8 * MAX + 16];
  unsigned char *p;
  const uint64_t lo = 0x555500001000ull, hi = 0x7fff00000000ull;
  const uint64_t fill[] = { 0, 1, lo - 1, hi, UINT64_MAX, 0x8000000000000000ull,
			    (uint64_t) INT64_MAX, hi + 12345 };
  for (size_t off = 0; off < 8; off++)
    for (size_t n = 0; n <= MAX; n++)
      for (size_t f = 0; f < sizeof fill / sizeof fill[0]; f++)
	{
	  p = buf + off;
	  for (size_t i = 0; i < n; i++)
	    put (p, i, fill[f] + (f == 0 ? i : 0));
	  check (p, n, lo, hi, "no match");
	  /* One match at each position, then two.  */
	  const uint64_t in[] = { lo, hi - 1, lo + 8, (lo + hi) / 2 };
	  for (size_t k = 0; k < n; k++)
	    {
	      uint64_t keep;
	      memcpy (&keep, p + 8 * k, 8);
	      put (p, k, in[k % 4]);
	      check (p, n, lo, hi, "one match");
	      if (k + 3 < n)
		{
		  put (p, k + 3, lo);
		  check (p, n, lo, hi, "two matches");
		  put (p, k + 3, fill[f]);
		}
	      put (p, k, keep);
	    }
	}
  /* Random words against random intervals, the top bit included.  */
  srand (7);
  uint64_t words[257];
  for (int round = 0; round < 20000; round++)
    {
      size_t n = rand () % 257;
      for (size_t i = 0; i < n; i++)
	words[i] = ((uint64_t) rand () << 62) ^ ((uint64_t) rand () << 31)
		   ^ (uint64_t) rand ();
      uint64_t a = words[n ? rand () % n : 0] - rand () % 3;
      uint64_t b = a + ((uint64_t) 1 << (rand () % 64));
      if (b < a)
	b = UINT64_MAX;
      check ((const unsigned char *) words, n, a, b, "random");
      check ((const unsigned char *) words, n, b, a, "empty interval");
    }
  if (failures)
    {
      fprintf (stderr, "%d failures\n", failures);
      return 1;
    }
  puts ("ok");
  return 0;
}
