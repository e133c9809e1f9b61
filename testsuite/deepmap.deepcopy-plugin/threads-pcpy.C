/* random-deep.py's seed 1215, program 11 (C++), run 2000 times in one
   process with DEEPMAP_DEEPCOPY=pcpy.  Its two host threads deep-copy
   structures that share objects (packed types, counted arrays of
   structures, interior pointers).  pcpy writes device addresses into
   host objects for the moment of their transfer, and the other
   thread's deep copy, which walks the host structure outside any device
   lock, followed such a patched pointer now and then: "cannot set the
   device copy of the pointer ...: what it points to ... is not mapped",
   or with DEEPMAP_CHECK=1 "host pointer field 'f5_mid' ... changed while
   mapped".  Before the fix two runs of this test in five failed.  Walks
   and patches now exclude each other (map/hostpatch.h); a patch that
   would wait patches a copy instead.  The first run's output is the
   host's; every later run must end with the same hash.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEEPCOPY "pcpy" } */
/* { dg-set-target-env-var OMP_WAIT_POLICY "passive" } */
/* { dg-options "-w" } */
#include <stdio.h>
#include <unistd.h>
#include <fcntl.h>
/* random-deep.py seed s1215-p11-c++ */
#include <stdio.h>
#include <stdlib.h>
#include "deepmap.h"

#define MAXD 2
#define MAXOBJ 400
#define NEW(T, n) ((T *) xcalloc ((n), sizeof (T)))

struct T0;
struct T1;
struct T1
{
  struct T1 *f0;
  unsigned f1;
  unsigned f2_n;
  struct T1 *f2 deepmap_counted_by (f2_n);
  unsigned f3;
  unsigned f4_n;
  struct T1 *f4 deepmap_counted_by (f4_n);
  unsigned f5_n;
  unsigned *f5 deepmap_counted_by (f5_n);
  unsigned *f5_mid;
};
struct T0
{
  unsigned f0_n;
  unsigned *f0 deepmap_counted_by (f0_n);
  unsigned f1;
  struct T1 f2;
};

static unsigned long long state = 311306881363ull;
static unsigned
rnd (void)
{
  state = state * 6364136223846793005ull + 1442695040888963407ull;
  return (unsigned) (state >> 33);
}
static void *
xcalloc (size_t n, size_t s)
{
  void *p = calloc (n, s);
  if (!p)
    abort ();
  return p;
}
static struct { int t; void *p; unsigned n; } reg[MAXOBJ + 8];
static int nreg, nobj;
static void *pool[2][MAXOBJ + 8];
static int npool[2];
static void
note (int t, void *p, unsigned n)
{
  reg[nreg].t = t;
  reg[nreg].p = p;
  reg[nreg++].n = n;
  nobj += n;
  /* Single objects and array elements may be shared.  */
  for (unsigned k = 0; k < n; k++)
    switch (t)
      {
      case 0: pool[0][npool[0]++] = (struct T0 *) p + k; break;
      case 1: pool[1][npool[1]++] = (struct T1 *) p + k; break;
      }
}
static unsigned h;
static void
mix (unsigned x)
{
  h = (h ^ x) * 16777619u;
}
static void fill_T0 (struct T0 *o, int d);
static void hash_T0 (const struct T0 *o);
static void bump_T0 (struct T0 *o);
static void relink_T0 (struct T0 *o, struct T0 *o2);
static void fill_T1 (struct T1 *o, int d);
static void hash_T1 (const struct T1 *o);
static void bump_T1 (struct T1 *o);
static void relink_T1 (struct T1 *o, struct T1 *o2);
static struct T0 *
link_T0 (int d)
{
  unsigned c = rnd () % 8;
  if (d >= MAXD || c < 2)
    return NULL;
  if ((c < 4 || nobj >= MAXOBJ) && npool[0])
    return (struct T0 *) pool[0][rnd () % npool[0]];
  if (nobj >= MAXOBJ)
    return NULL;
  struct T0 *o = NEW (struct T0, 1);
  note (0, o, 1);
  fill_T0 (o, d + 1);
  return o;
}
static struct T0 *
array_T0 (int d, unsigned *n)
{
  *n = d >= MAXD || nobj >= MAXOBJ ? 0 : rnd () % 4;
  if (*n == 0)
    return NULL;
  struct T0 *o = NEW (struct T0, *n);
  note (0, o, *n);
  for (unsigned k = 0; k < *n; k++)
    fill_T0 (&o[k], d + 1);
  return o;
}
static struct T1 *
link_T1 (int d)
{
  unsigned c = rnd () % 8;
  if (d >= MAXD || c < 2)
    return NULL;
  if ((c < 4 || nobj >= MAXOBJ) && npool[1])
    return (struct T1 *) pool[1][rnd () % npool[1]];
  if (nobj >= MAXOBJ)
    return NULL;
  struct T1 *o = NEW (struct T1, 1);
  note (1, o, 1);
  fill_T1 (o, d + 1);
  return o;
}
static struct T1 *
array_T1 (int d, unsigned *n)
{
  *n = d >= MAXD || nobj >= MAXOBJ ? 0 : rnd () % 4;
  if (*n == 0)
    return NULL;
  struct T1 *o = NEW (struct T1, *n);
  note (1, o, *n);
  for (unsigned k = 0; k < *n; k++)
    fill_T1 (&o[k], d + 1);
  return o;
}
static void
fill_T0 (struct T0 *o, int d)
{
  {
    unsigned c = rnd () % 6;
    o->f0_n = c;
    o->f0 = c || rnd () % 2 ? NEW (unsigned, c ? c : 1) : NULL;
    for (unsigned k = 0; k < c; k++)
      o->f0[k] = rnd ();
  }
  o->f1 = rnd ();
  fill_T1 (&o->f2, d);
}
static void
hash_T0 (const struct T0 *o)
{
  mix (o->f0_n);
  for (unsigned k = 0; o->f0 && k < o->f0_n; k++)
    mix (o->f0[k]);
  mix (o->f1);
  hash_T1 (&o->f2);
}
static void
bump_T0 (struct T0 *o)
{
  for (unsigned k = 0; o->f0 && k < o->f0_n; k++)
    o->f0[k] += k;
  o->f1 += 7u;
  bump_T1 (&o->f2);
}
static void
relink_T0 (struct T0 *o, struct T0 *o2)
{
  (void) o2;
  if (o->f0_n && rnd () % 3 == 0)
    {
      o->f0_n--;
    }
  relink_T1 (&o->f2, &o2->f2);
}
static void
fill_T1 (struct T1 *o, int d)
{
  o->f0 = link_T1 (d);
  o->f1 = rnd ();
  {
    unsigned c;
    o->f2 = array_T1 (d, &c);
    o->f2_n = c;
  }
  o->f3 = rnd ();
  {
    unsigned c;
    o->f4 = array_T1 (d, &c);
    o->f4_n = c;
  }
  {
    unsigned c = rnd () % 6;
    o->f5_n = c;
    o->f5 = c || rnd () % 2 ? NEW (unsigned, c ? c : 1) : NULL;
    for (unsigned k = 0; k < c; k++)
      o->f5[k] = rnd ();
    o->f5_mid = c ? o->f5 + rnd () % c : NULL;
  }
}
static void
hash_T1 (const struct T1 *o)
{
  mix (o->f0 != NULL);
  mix (o->f1);
  mix (o->f2_n);
  mix (o->f3);
  mix (o->f4_n);
  mix (o->f5_n);
  for (unsigned k = 0; o->f5 && k < o->f5_n; k++)
    mix (o->f5[k]);
  mix (!o->f5_mid || (o->f5_mid >= o->f5 && o->f5_mid < o->f5 + o->f5_n));
}
static void
bump_T1 (struct T1 *o)
{
  o->f1 += 7u;
  o->f3 += 7u;
  for (unsigned k = 0; o->f5 && k < o->f5_n; k++)
    o->f5[k] += k;
}
static void
relink_T1 (struct T1 *o, struct T1 *o2)
{
  (void) o2;
  if (rnd () % 3 == 0)
    {
      struct T1 *x = o->f0;
      o->f0 = o2->f0;
      o2->f0 = x;
    }
  else if (rnd () % 5 == 0)
    o->f0 = NULL;
  if (o->f2_n && rnd () % 3 == 0)
    o->f2_n--;
  if (o->f4_n && rnd () % 3 == 0)
    o->f4_n--;
  if (o->f5_n && rnd () % 3 == 0)
    {
      o->f5_n--;
      o->f5_mid = o->f5_n ? o->f5 : NULL;
    }
}
static void
hash_all (const char *what)
{
  h = 2166136261u;
  for (int i = 0; i < nreg; i++)
    for (unsigned k = 0; k < reg[i].n; k++)
      switch (reg[i].t)
	{
	case 0: hash_T0 ((struct T0 *) reg[i].p + k); break;
	case 1: hash_T1 ((struct T1 *) reg[i].p + k); break;
	}
  printf ("%s %08x\n", what, h);
}
static void
bump_all (void)
{
  for (int i = 0; i < nreg; i++)
    for (unsigned k = 0; k < reg[i].n; k++)
      switch (reg[i].t)
	{
	case 0: bump_T0 ((struct T0 *) reg[i].p + k); break;
	case 1: bump_T1 ((struct T1 *) reg[i].p + k); break;
	}
}
static void
relink_some (void)
{
  for (int i = 0; i < nreg; i++)
    {
      int j = rnd () % nreg;
      if (reg[j].t != reg[i].t || rnd () % 2)
	continue;
      switch (reg[i].t)
	{
	case 0: relink_T0 ((struct T0 *) reg[i].p, (struct T0 *) reg[j].p); break;
	case 1: relink_T1 ((struct T1 *) reg[i].p, (struct T1 *) reg[j].p); break;
	}
    }
}
#pragma omp declare target
static void
kern0 (struct T1 *s1)
{
    {
      struct T1 *x6_0 = s1->f4_n > 0 ? &s1->f4[0] : NULL;
      if (x6_0)
      {
      struct T1 *x6_1 = x6_0->f0;
      if (x6_1)
      {
      struct T1 *x6_2 = x6_1->f2_n > 1 ? &x6_1->f2[1] : NULL;
      if (x6_2)
      {
      x6_2->f1 = x6_2->f1 * 3u + 770u;
      }
      }
      }
    }
    {
      struct T1 *x6_0 = s1->f0;
      if (x6_0)
      {
      struct T1 *x6_1 = x6_0->f0;
      if (x6_1)
      {
      x6_1->f3 = x6_1->f3 * 3u + 627u;
      }
      }
    }
    {
      s1->f1 = s1->f1 * 3u + 597u;
    }
    {
      struct T1 *x6_0 = s1->f0;
      if (x6_0)
      {
      struct T1 *x6_1 = x6_0->f0;
      if (x6_1)
      {
      struct T1 *x6_2 = x6_1->f2_n > 0 ? &x6_1->f2[0] : NULL;
      if (x6_2)
      {
      x6_2->f3 = x6_2->f3 * 3u + 562u;
      }
      }
      }
    }
}
#pragma omp end declare target
static int
random_deep_main (void)
{
  struct T0 *r0 = NEW (struct T0, 1);
  note (0, r0, 1);
  fill_T0 (r0, 0);
  struct T0 *r1 = NEW (struct T0, 1);
  note (0, r1, 1);
  fill_T0 (r1, 0);
  struct T1 *s0 = &r1->f2;
  struct T1 *s1 = &r1->f2;
  hash_all ("start");
  {
    unsigned acc0[2];
  #pragma omp parallel for num_threads(2)
    for (int t = 0; t < 2; t++)
      {
        unsigned a = 1;
        for (int rep = 0; rep < 3; rep++)
  	if (t == 0 && 1)
  	  {
  #pragma omp target map(to: r1[0:1]) map(tofrom: a)
  	    {
            {
              struct T1 *x6_0 = &r1->f2;
              if (1)
              {
              struct T1 *x6_1 = x6_0->f4_n > 2 ? &x6_0->f4[2] : NULL;
              if (x6_1)
              {
              if (x6_1->f5_mid)
                a = a * 31u + *x6_1->f5_mid;
              }
              }
            }
            {
              struct T1 *x6_0 = &r1->f2;
              if (1)
              {
              a = a * 31u + x6_0->f1;
              }
            }
            {
              struct T1 *x6_0 = &r1->f2;
              if (1)
              {
              struct T1 *x6_1 = x6_0->f4_n > 1 ? &x6_0->f4[1] : NULL;
              if (x6_1)
              {
              struct T1 *x6_2 = x6_1->f0;
              if (x6_2)
              {
              a = a * 31u + x6_2->f3;
              }
              }
              }
            }
  	    }
  	  }
  	else if (t == 1 && s0)
  	  {
  #pragma omp target map(to: s0[0:1]) map(tofrom: a)
  	    {
            {
              struct T1 *x6_0 = s0->f2_n > 0 ? &s0->f2[0] : NULL;
              if (x6_0)
              {
              struct T1 *x6_1 = x6_0->f2_n > 0 ? &x6_0->f2[0] : NULL;
              if (x6_1)
              {
              struct T1 *x6_2 = x6_1->f2_n > 0 ? &x6_1->f2[0] : NULL;
              if (x6_2)
              {
              a = a * 31u + x6_2->f3;
              }
              }
              }
            }
            {
              struct T1 *x6_0 = s0->f0;
              if (x6_0)
              {
              if (x6_0->f5_mid)
                a = a * 31u + *x6_0->f5_mid;
              }
            }
            {
              if (s0->f5_mid)
                a = a * 31u + *s0->f5_mid;
            }
            {
              struct T1 *x6_0 = s0->f2_n > 1 ? &s0->f2[1] : NULL;
              if (x6_0)
              {
              struct T1 *x6_1 = x6_0->f0;
              if (x6_1)
              {
              struct T1 *x6_2 = x6_1->f4_n > 0 ? &x6_1->f4[0] : NULL;
              if (x6_2)
              {
              a = a * 31u + x6_2->f1;
              }
              }
              }
            }
  	    }
  	  }
        acc0[t] = a;
      }
    printf ("acc0 %08x %08x\n", acc0[0], acc0[1]);
  }
  if (1)
    {
      struct T0 out0 = *r0;
  #pragma omp target map(from: out0) map(to: r0[0:1])
        {
  	out0.f1 = r0->f1 * 3u + 389u;
        }
      printf ("out0 %08x\n", out0.f1);
    }
  if (s1)
    {
  #pragma omp target map(tofrom: s1[0:1])
    {
      {
        struct T1 *x6_0 = s1->f0;
        if (x6_0)
        {
        struct T1 *x6_1 = x6_0->f2_n > 2 ? &x6_0->f2[2] : NULL;
        if (x6_1)
        {
        struct T1 *x6_2 = x6_1->f4_n > 1 ? &x6_1->f4[1] : NULL;
        if (x6_2)
        {
        if (x6_2->f5_mid)
          *x6_2->f5_mid ^= 421u;
        }
        }
        }
      }
      {
        struct T1 *x6_0 = s1->f0;
        if (x6_0)
        {
        x6_0->f1 = x6_0->f1 * 3u + 101u;
        }
      }
    }
    }
  for (int it0 = 0; it0 < 2; it0++)
    {
      {
        unsigned acc1 = 1;
        if (1)
          {
      #pragma omp target map(to: r1[0:1]) map(tofrom: acc1)
            {
              {
                for (unsigned k = 0; k < r1->f0_n; k++)
                  acc1 = acc1 * 31u + r1->f0[k];
              }
              {
                struct T1 *x6_0 = &r1->f2;
                if (1)
                {
                acc1 = acc1 * 31u + x6_0->f1;
                }
              }
            }
          }
        printf ("acc1 %08x\n", acc1);
      }
      if (s1)
        {
      #pragma omp target map(tofrom: s1[0:1])
          kern0 (s1);
        }
      if (s0)
        {
      #pragma omp target map(tofrom: r0[0:1], s0[0:1])
        {
          {
            s0->f1 = s0->f1 * 3u + 314u;
          }
          {
            struct T1 *x6_0 = &r0->f2;
            if (1)
            {
            struct T1 *x6_1 = x6_0->f4_n > 1 ? &x6_0->f4[1] : NULL;
            if (x6_1)
            {
            struct T1 *x6_2 = x6_1->f4_n > 0 ? &x6_1->f4[0] : NULL;
            if (x6_2)
            {
            for (unsigned k = 0; k < x6_2->f5_n; k++)
              x6_2->f5[k] = x6_2->f5[k] * 5u + 125u;
            }
            }
            }
          }
          {
            struct T1 *x6_0 = &r0->f2;
            if (1)
            {
            x6_0->f1 = x6_0->f1 * 3u + 109u;
            }
          }
          {
            struct T1 *x6_0 = s0->f4_n > 2 ? &s0->f4[2] : NULL;
            if (x6_0)
            {
            struct T1 *x6_1 = x6_0->f2_n > 1 ? &x6_0->f2[1] : NULL;
            if (x6_1)
            {
            x6_1->f3 = x6_1->f3 * 3u + 580u;
            }
            }
          }
        }
        }
    }
  hash_all ("end");
  return 0;
}

#define RUNS 2000

int
main (void)
{
  unsigned first = 0;
  int out = dup (1), null = open ("/dev/null", O_WRONLY);
  if (out < 0 || null < 0)
    return 2;
  for (int run = 0; run < RUNS; run++)
    {
      state = 311306881363ull;
      nreg = nobj = 0;
      npool[0] = npool[1] = 0;
      fflush (stdout);
      dup2 (run ? null : out, 1);
      random_deep_main ();
      fflush (stdout);
      if (run == 0)
	first = h;
      else if (h != first)
	{
	  dup2 (out, 1);
	  printf ("run %d ends with %08x, not %08x\n", run, h, first);
	  return 1;
	}
    }
  dup2 (out, 1);
  printf ("%d runs: same\n", RUNS);
  return 0;
}
/* { dg-output "start 13bec0f8\r?\nacc0 138f88e6 9ea83156\r?\nout0 05c7d9ee\r?\nacc1 deb92d7a\r?\nacc1 30b746bb\r?\nend 2fd24d35\r?\n2000 runs: same" } */
