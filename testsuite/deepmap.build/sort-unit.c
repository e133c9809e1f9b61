/* support/sort.h against qsort: ascending, descending, two runs, few
   and many out of place, many equal keys, keys in no order (the radix
   sort: small ones, heap-like addresses, any 64 bits), sizes 0 to 299,
   the key first or last in its record; and two long runs of 100000
   elements (the insertion's move budget hands over to the radix sort,
   in time).  Built by sort-unit.exp with support/sort.c.  */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "support/sort.h"

struct e
{
  unsigned long k, v[2];
};

/* The key last, after the payload.  */
struct f
{
  unsigned long v;
  uintptr_t k;
};

static int
cmpf (const void *a, const void *b)
{
  const struct f *x = a, *y = b;
  return x->k < y->k ? -1 : x->k > y->k;
}

static int
cmp (const void *a, const void *b)
{
  const struct e *x = a, *y = b;
  return x->k < y->k ? -1 : x->k > y->k;
}


/* Key I of N in shape MODE.  */
static unsigned long
key (int mode, size_t i, size_t n)
{
  switch (mode)
    {
    case 0: return i;					/* ascending */
    case 1: return n - i;				/* descending */
    case 2: return i < n / 2 ? i + n : i;		/* two runs */
    case 3: return (unsigned long) (rand () % 50);	/* many equal */
    case 4:						/* few out */
      return i * 3 + (rand () % 20 == 0 ? (unsigned long) (rand () % 1000) : 0);
    case 6:						/* no order */
      return (unsigned long) (rand () % 100000);
    case 7:						/* heap-like */
      return 0x5555a0000000ul + 16ul * (unsigned long) (rand () % 65536);
    case 8:						/* any 64 bits */
      return ((unsigned long) rand () << 33) ^ ((unsigned long) rand () << 11)
	     ^ (unsigned long) rand ();
    default:						/* few out, down */
      return (n - i) * 3
	     + (rand () % 30 == 0 ? (unsigned long) (rand () % 1000) : 0);
    }
}

int
main (void)
{
  srand (1);
  for (int t = 0; t < 20000; t++)
    {
      size_t n = (size_t) (rand () % 300);
      struct e *a = malloc ((n + 1) * sizeof *a);
      struct e *b = malloc ((n + 1) * sizeof *b);
      int mode = rand () % 9;
      for (size_t i = 0; i < n; i++)
	{
	  unsigned long k = key (mode, i, n);
	  a[i].k = b[i].k = k;
	  a[i].v[0] = b[i].v[0] = k * 7;
	}
      dm_sort (a, n, sizeof *a, offsetof (struct e, k));
      qsort (b, n, sizeof *b, cmp);
      for (size_t i = 0; i < n; i++)
	if (a[i].k != b[i].k || a[i].v[0] != a[i].k * 7)
	  {
	    printf ("FAIL: array %d (shape %d, %zu elements): element %zu\n",
		    t, mode, n, i);
	    return 1;
	  }
      struct f *c = malloc ((n + 1) * sizeof *c);
      struct f *d = malloc ((n + 1) * sizeof *d);
      for (size_t i = 0; i < n; i++)
	{
	  c[i].k = d[i].k = a[(i * 7) % n].k;
	  c[i].v = d[i].v = c[i].k + 3;
	}
      dm_sort (c, n, sizeof *c, offsetof (struct f, k));
      qsort (d, n, sizeof *d, cmpf);
      for (size_t i = 0; i < n; i++)
	if (c[i].k != d[i].k || c[i].v != c[i].k + 3)
	  {
	    printf ("FAIL: array %d (key last, %zu elements): element %zu\n",
		    t, n, i);
	    return 1;
	  }
      free (a);
      free (b);
      free (c);
      free (d);
    }
  int big = 200000;
  struct e *x = malloc (big * sizeof *x);
  for (int i = 0; i < big; i++)
    x[i].k = i < big / 2 ? i + big : i;
  dm_sort (x, big, sizeof *x, offsetof (struct e, k));
  for (int i = 1; i < big; i++)
    if (x[i - 1].k > x[i].k)
      {
	printf ("FAIL: two long runs: element %d\n", i);
	return 1;
      }
  free (x);
  printf ("ok\n");
  return 0;
}
