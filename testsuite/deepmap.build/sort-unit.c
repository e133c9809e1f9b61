/* support/sort.h against qsort: ascending, descending, two runs, few
   and many out of place, many equal keys, sizes 0 to 299; and two long
   runs of 100000 elements (the insertion's move budget hands over to
   qsort, in time).  Built by sort-unit.exp against the runtime's
   sources.  */
#include <stdio.h>
#include <stdlib.h>
#include "support/sort.h"

struct e
{
  unsigned long k, v[2];
};

static int
cmp (const void *a, const void *b)
{
  const struct e *x = a, *y = b;
  return x->k < y->k ? -1 : x->k > y->k;
}

static int
cmpi (const void *a, const void *b)
{
  const int *x = a, *y = b;
  return *x < *y ? -1 : *x > *y;
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
      int mode = rand () % 6;
      for (size_t i = 0; i < n; i++)
	{
	  unsigned long k = key (mode, i, n);
	  a[i].k = b[i].k = k;
	  a[i].v[0] = b[i].v[0] = k * 7;
	}
      dm_sort (a, n, sizeof *a, cmp);
      qsort (b, n, sizeof *b, cmp);
      for (size_t i = 0; i < n; i++)
	if (a[i].k != b[i].k || a[i].v[0] != a[i].k * 7)
	  {
	    printf ("FAIL: array %d (shape %d, %zu elements): element %zu\n",
		    t, mode, n, i);
	    return 1;
	  }
      free (a);
      free (b);
    }
  int big = 200000;
  int *x = malloc (big * sizeof *x);
  for (int i = 0; i < big; i++)
    x[i] = i < big / 2 ? i + big : i;
  dm_sort (x, big, sizeof *x, cmpi);
  for (int i = 1; i < big; i++)
    if (x[i - 1] > x[i])
      {
	printf ("FAIL: two long runs: element %d\n", i);
	return 1;
      }
  free (x);
  printf ("ok\n");
  return 0;
}
