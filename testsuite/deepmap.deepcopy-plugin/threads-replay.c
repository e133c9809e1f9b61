/* Two host threads map a structure (r0) and its embedded first member
   (s0 = &r0->f0, the same address) with read-only kernels at once; then
   the structure is entered, updated both ways around host changes and
   exited; twelve times over.  Deep copy's record of r0 (map/replay.h)
   was made while the holder it counted on besides the construct itself
   was the other thread's construct, which ended meanwhile, and the
   replays of that record let a kernel read the device copy of an
   earlier iteration (without replay, or with DEEPMAP_CHECK=1, never).
   Records are now made only while no other thread's target or target
   data construct is between its mapping and its end.  The program is
   random-deep.py's seed 1212, program 24, with twelve iterations and
   six constructs per thread instead of three and three (before the
   fix it failed in one run in eight to one in two, depending on the
   load); its expected output is the host's.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var OMP_WAIT_POLICY "passive" } */
/* { dg-options "-w" } */
#include <stdio.h>
#include <stdlib.h>
#include "deepmap.h"

#define MAXD 4
#define MAXOBJ 400
#define NEW(T, n) ((T *) xcalloc ((n), sizeof (T)))

struct T0;
struct T1;
struct T2;
struct T3;
struct T3
{
  unsigned f0;
  struct T2 *f1;
  unsigned f2;
  unsigned f3[3];
};
struct __attribute__ ((packed)) T2
{
  struct T3 f0;
  unsigned f1_n;
  unsigned *f1 deepmap_counted_by (f1_n);
  unsigned *f1_mid;
  unsigned f2[3];
  unsigned f3_n;
  unsigned *f3 deepmap_counted_by (f3_n);
  unsigned f4_n;
  unsigned *f4 deepmap_counted_by (f4_n);
  unsigned f5;
};
struct T1
{
  unsigned f0;
  unsigned f1_n;
  unsigned *f1 deepmap_counted_by (f1_n);
};
struct __attribute__ ((packed)) T0
{
  struct T3 f0;
  unsigned f1_n;
  struct T2 *f1 deepmap_counted_by (f1_n);
  unsigned f2[3];
  unsigned f3;
  unsigned f4_n;
  unsigned *f4 deepmap_counted_by (f4_n);
  unsigned f5;
};

static unsigned long long state = 532879421424ull;
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
static void *pool[4][MAXOBJ + 8];
static int npool[4];
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
      case 2: pool[2][npool[2]++] = (struct T2 *) p + k; break;
      case 3: pool[3][npool[3]++] = (struct T3 *) p + k; break;
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
static void fill_T2 (struct T2 *o, int d);
static void hash_T2 (const struct T2 *o);
static void bump_T2 (struct T2 *o);
static void relink_T2 (struct T2 *o, struct T2 *o2);
static void fill_T3 (struct T3 *o, int d);
static void hash_T3 (const struct T3 *o);
static void bump_T3 (struct T3 *o);
static void relink_T3 (struct T3 *o, struct T3 *o2);
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
static struct T2 *
link_T2 (int d)
{
  unsigned c = rnd () % 8;
  if (d >= MAXD || c < 2)
    return NULL;
  if ((c < 4 || nobj >= MAXOBJ) && npool[2])
    return (struct T2 *) pool[2][rnd () % npool[2]];
  if (nobj >= MAXOBJ)
    return NULL;
  struct T2 *o = NEW (struct T2, 1);
  note (2, o, 1);
  fill_T2 (o, d + 1);
  return o;
}
static struct T2 *
array_T2 (int d, unsigned *n)
{
  *n = d >= MAXD || nobj >= MAXOBJ ? 0 : rnd () % 4;
  if (*n == 0)
    return NULL;
  struct T2 *o = NEW (struct T2, *n);
  note (2, o, *n);
  for (unsigned k = 0; k < *n; k++)
    fill_T2 (&o[k], d + 1);
  return o;
}
static struct T3 *
link_T3 (int d)
{
  unsigned c = rnd () % 8;
  if (d >= MAXD || c < 2)
    return NULL;
  if ((c < 4 || nobj >= MAXOBJ) && npool[3])
    return (struct T3 *) pool[3][rnd () % npool[3]];
  if (nobj >= MAXOBJ)
    return NULL;
  struct T3 *o = NEW (struct T3, 1);
  note (3, o, 1);
  fill_T3 (o, d + 1);
  return o;
}
static struct T3 *
array_T3 (int d, unsigned *n)
{
  *n = d >= MAXD || nobj >= MAXOBJ ? 0 : rnd () % 4;
  if (*n == 0)
    return NULL;
  struct T3 *o = NEW (struct T3, *n);
  note (3, o, *n);
  for (unsigned k = 0; k < *n; k++)
    fill_T3 (&o[k], d + 1);
  return o;
}
static void
fill_T0 (struct T0 *o, int d)
{
  fill_T3 (&o->f0, d);
  {
    unsigned c;
    o->f1 = array_T2 (d, &c);
    o->f1_n = c;
  }
  for (int k = 0; k < 3; k++)
    o->f2[k] = rnd ();
  o->f3 = rnd ();
  {
    unsigned c = rnd () % 6;
    o->f4_n = c;
    o->f4 = c || rnd () % 2 ? NEW (unsigned, c ? c : 1) : NULL;
    for (unsigned k = 0; k < c; k++)
      o->f4[k] = rnd ();
  }
  o->f5 = rnd ();
}
static void
hash_T0 (const struct T0 *o)
{
  hash_T3 (&o->f0);
  mix (o->f1_n);
  for (int k = 0; k < 3; k++)
    mix (o->f2[k]);
  mix (o->f3);
  mix (o->f4_n);
  for (unsigned k = 0; o->f4 && k < o->f4_n; k++)
    mix (o->f4[k]);
  mix (o->f5);
}
static void
bump_T0 (struct T0 *o)
{
  bump_T3 (&o->f0);
  o->f2[1] ^= 0x55u;
  o->f3 += 7u;
  for (unsigned k = 0; o->f4 && k < o->f4_n; k++)
    o->f4[k] += k;
  o->f5 += 7u;
}
static void
relink_T0 (struct T0 *o, struct T0 *o2)
{
  (void) o2;
  relink_T3 (&o->f0, &o2->f0);
  if (o->f1_n && rnd () % 3 == 0)
    o->f1_n--;
  if (o->f4_n && rnd () % 3 == 0)
    {
      o->f4_n--;
    }
}
static void
fill_T1 (struct T1 *o, int d)
{
  o->f0 = rnd ();
  {
    unsigned c = rnd () % 6;
    o->f1_n = c;
    o->f1 = c || rnd () % 2 ? NEW (unsigned, c ? c : 1) : NULL;
    for (unsigned k = 0; k < c; k++)
      o->f1[k] = rnd ();
  }
}
static void
hash_T1 (const struct T1 *o)
{
  mix (o->f0);
  mix (o->f1_n);
  for (unsigned k = 0; o->f1 && k < o->f1_n; k++)
    mix (o->f1[k]);
}
static void
bump_T1 (struct T1 *o)
{
  o->f0 += 7u;
  for (unsigned k = 0; o->f1 && k < o->f1_n; k++)
    o->f1[k] += k;
}
static void
relink_T1 (struct T1 *o, struct T1 *o2)
{
  (void) o2;
  if (o->f1_n && rnd () % 3 == 0)
    {
      o->f1_n--;
    }
}
static void
fill_T2 (struct T2 *o, int d)
{
  fill_T3 (&o->f0, d);
  {
    unsigned c = rnd () % 6;
    o->f1_n = c;
    o->f1 = c || rnd () % 2 ? NEW (unsigned, c ? c : 1) : NULL;
    for (unsigned k = 0; k < c; k++)
      o->f1[k] = rnd ();
    o->f1_mid = c ? o->f1 + rnd () % c : NULL;
  }
  for (int k = 0; k < 3; k++)
    o->f2[k] = rnd ();
  {
    unsigned c = rnd () % 6;
    o->f3_n = c;
    o->f3 = c || rnd () % 2 ? NEW (unsigned, c ? c : 1) : NULL;
    for (unsigned k = 0; k < c; k++)
      o->f3[k] = rnd ();
  }
  {
    unsigned c = rnd () % 6;
    o->f4_n = c;
    o->f4 = c || rnd () % 2 ? NEW (unsigned, c ? c : 1) : NULL;
    for (unsigned k = 0; k < c; k++)
      o->f4[k] = rnd ();
  }
  o->f5 = rnd ();
}
static void
hash_T2 (const struct T2 *o)
{
  hash_T3 (&o->f0);
  mix (o->f1_n);
  for (unsigned k = 0; o->f1 && k < o->f1_n; k++)
    mix (o->f1[k]);
  mix (!o->f1_mid || (o->f1_mid >= o->f1 && o->f1_mid < o->f1 + o->f1_n));
  for (int k = 0; k < 3; k++)
    mix (o->f2[k]);
  mix (o->f3_n);
  for (unsigned k = 0; o->f3 && k < o->f3_n; k++)
    mix (o->f3[k]);
  mix (o->f4_n);
  for (unsigned k = 0; o->f4 && k < o->f4_n; k++)
    mix (o->f4[k]);
  mix (o->f5);
}
static void
bump_T2 (struct T2 *o)
{
  bump_T3 (&o->f0);
  for (unsigned k = 0; o->f1 && k < o->f1_n; k++)
    o->f1[k] += k;
  o->f2[1] ^= 0x55u;
  for (unsigned k = 0; o->f3 && k < o->f3_n; k++)
    o->f3[k] += k;
  for (unsigned k = 0; o->f4 && k < o->f4_n; k++)
    o->f4[k] += k;
  o->f5 += 7u;
}
static void
relink_T2 (struct T2 *o, struct T2 *o2)
{
  (void) o2;
  relink_T3 (&o->f0, &o2->f0);
  if (o->f1_n && rnd () % 3 == 0)
    {
      o->f1_n--;
      o->f1_mid = o->f1_n ? o->f1 : NULL;
    }
  if (o->f3_n && rnd () % 3 == 0)
    {
      o->f3_n--;
    }
  if (o->f4_n && rnd () % 3 == 0)
    {
      o->f4_n--;
    }
}
static void
fill_T3 (struct T3 *o, int d)
{
  o->f0 = rnd ();
  o->f1 = link_T2 (d);
  o->f2 = rnd ();
  for (int k = 0; k < 3; k++)
    o->f3[k] = rnd ();
}
static void
hash_T3 (const struct T3 *o)
{
  mix (o->f0);
  mix (o->f1 != NULL);
  mix (o->f2);
  for (int k = 0; k < 3; k++)
    mix (o->f3[k]);
}
static void
bump_T3 (struct T3 *o)
{
  o->f0 += 7u;
  o->f2 += 7u;
  o->f3[1] ^= 0x55u;
}
static void
relink_T3 (struct T3 *o, struct T3 *o2)
{
  (void) o2;
  if (rnd () % 3 == 0)
    {
      struct T2 *x = o->f1;
      o->f1 = o2->f1;
      o2->f1 = x;
    }
  else if (rnd () % 5 == 0)
    o->f1 = NULL;
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
	case 2: hash_T2 ((struct T2 *) reg[i].p + k); break;
	case 3: hash_T3 ((struct T3 *) reg[i].p + k); break;
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
	case 2: bump_T2 ((struct T2 *) reg[i].p + k); break;
	case 3: bump_T3 ((struct T3 *) reg[i].p + k); break;
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
	case 2: relink_T2 ((struct T2 *) reg[i].p, (struct T2 *) reg[j].p); break;
	case 3: relink_T3 ((struct T3 *) reg[i].p, (struct T3 *) reg[j].p); break;
	}
    }
}
int
main (void)
{
  struct T0 *r0 = NEW (struct T0, 1);
  note (0, r0, 1);
  fill_T0 (r0, 0);
  struct T2 *r1 = NEW (struct T2, 1);
  note (2, r1, 1);
  fill_T2 (r1, 0);
  struct T3 *s0 = &r0->f0;
  hash_all ("start");
  if (1)
    {
  #pragma omp target data map(tofrom: r1[0:1])
      {
        if (1)
          {
        #pragma omp target map(tofrom: r1[0:1])
          {
            {
              for (unsigned k = 0; k < r1->f3_n; k++)
                r1->f3[k] = r1->f3[k] * 5u + 40u;
            }
            {
              struct T3 *x6_0 = &r1->f0;
              if (1)
              {
              x6_0->f0 = x6_0->f0 * 3u + 765u;
              }
            }
            {
              struct T3 *x6_0 = &r1->f0;
              if (1)
              {
              struct T2 *x6_1 = x6_0->f1;
              if (x6_1)
              {
              struct T3 *x6_2 = &x6_1->f0;
              if (1)
              {
              x6_2->f0 = x6_2->f0 * 3u + 848u;
              }
              }
              }
            }
            {
              struct T3 *x6_0 = &r1->f0;
              if (1)
              {
              struct T2 *x6_1 = x6_0->f1;
              if (x6_1)
              {
              struct T3 *x6_2 = &x6_1->f0;
              if (1)
              {
              x6_2->f2 = x6_2->f2 * 3u + 151u;
              }
              }
              }
            }
          }
          }
        {
          unsigned acc0 = 1;
          if (s0)
            {
        #pragma omp target map(to: r0[0:1], s0[0:1]) map(tofrom: acc0)
              {
                {
                  struct T3 *x6_0 = &r0->f0;
                  if (1)
                  {
                  struct T2 *x6_1 = x6_0->f1;
                  if (x6_1)
                  {
                  if (x6_1->f1_mid)
                    acc0 = acc0 * 31u + *x6_1->f1_mid;
                  }
                  }
                }
              }
            }
          printf ("acc0 %08x\n", acc0);
        }
      }
    }
  hash_all ("host0");
  for (int it0 = 0; it0 < 12; it0++)
    {
      {
        unsigned acc1[2];
      #pragma omp parallel for num_threads(2)
        for (int t = 0; t < 2; t++)
          {
            unsigned a = 1;
            for (int rep = 0; rep < 6; rep++)
      	if (t == 0 && s0)
      	  {
      #pragma omp target map(to: s0[0:1]) map(tofrom: a)
      	    {
                {
                  struct T2 *x6_0 = s0->f1;
                  if (x6_0)
                  {
                  struct T3 *x6_1 = &x6_0->f0;
                  if (1)
                  {
                  struct T2 *x6_2 = x6_1->f1;
                  if (x6_2)
                  {
                  for (unsigned k = 0; k < x6_2->f3_n; k++)
                    a = a * 31u + x6_2->f3[k];
                  }
                  }
                  }
                }
                {
                  struct T2 *x6_0 = s0->f1;
                  if (x6_0)
                  {
                  struct T3 *x6_1 = &x6_0->f0;
                  if (1)
                  {
                  a = a * 31u + x6_1->f2;
                  }
                  }
                }
                {
                  struct T2 *x6_0 = s0->f1;
                  if (x6_0)
                  {
                  for (int k = 0; k < 3; k++)
                    a = a * 31u + x6_0->f2[k];
                  }
                }
                {
                  struct T2 *x6_0 = s0->f1;
                  if (x6_0)
                  {
                  struct T3 *x6_1 = &x6_0->f0;
                  if (1)
                  {
                  a = a * 31u + x6_1->f0;
                  }
                  }
                }
      	    }
      	  }
      	else if (t == 1 && 1)
      	  {
      #pragma omp target map(to: r0[0:1]) map(tofrom: a)
      	    {
                {
                  struct T2 *x6_0 = r0->f1_n > 0 ? &r0->f1[0] : NULL;
                  if (x6_0)
                  {
                  struct T3 *x6_1 = &x6_0->f0;
                  if (1)
                  {
                  for (int k = 0; k < 3; k++)
                    a = a * 31u + x6_1->f3[k];
                  }
                  }
                }
                {
                  struct T2 *x6_0 = r0->f1_n > 1 ? &r0->f1[1] : NULL;
                  if (x6_0)
                  {
                  struct T3 *x6_1 = &x6_0->f0;
                  if (1)
                  {
                  a = a * 31u + x6_1->f2;
                  }
                  }
                }
                {
                  struct T3 *x6_0 = &r0->f0;
                  if (1)
                  {
                  for (int k = 0; k < 3; k++)
                    a = a * 31u + x6_0->f3[k];
                  }
                }
                {
                  struct T3 *x6_0 = &r0->f0;
                  if (1)
                  {
                  struct T2 *x6_1 = x6_0->f1;
                  if (x6_1)
                  {
                  struct T3 *x6_2 = &x6_1->f0;
                  if (1)
                  {
                  a = a * 31u + x6_2->f0;
                  }
                  }
                  }
                }
      	    }
      	  }
            acc1[t] = a;
          }
        printf ("acc1 %08x %08x\n", acc1[0], acc1[1]);
      }
      if (1)
        {
      #pragma omp target enter data map(to: r0[0:1])
        }
      {
      #pragma omp target update from(r0[0:1])
      }
      hash_all ("host1");
      bump_all ();
      {
      #pragma omp target update to(r0[0:1])
      }
      if (1)
        {
      #pragma omp target exit data map(from: r0[0:1])
        }
    }
  hash_all ("end");
  return 0;
}
/* { dg-output "start 732aa1d3\\n" } */
/* { dg-output "acc0 00000001\\n" } */
/* { dg-output "host0 9879b56b\\n" } */
/* { dg-output "acc1 00000001 5c1ec92f\\n" } */
/* { dg-output "host1 9879b56b\\n" } */
/* { dg-output "acc1 00000001 fd001563\\n" } */
/* { dg-output "host1 024de029\\n" } */
/* { dg-output "acc1 00000001 5c1ec92f\\n" } */
/* { dg-output "host1 69e395ef\\n" } */
/* { dg-output "acc1 00000001 fd001563\\n" } */
/* { dg-output "host1 bf3a96a5\\n" } */
/* { dg-output "acc1 00000001 5c1ec92f\\n" } */
/* { dg-output "host1 97666bbb\\n" } */
/* { dg-output "acc1 00000001 fd001563\\n" } */
/* { dg-output "host1 af8b99c1\\n" } */
/* { dg-output "acc1 00000001 5c1ec92f\\n" } */
/* { dg-output "host1 78e67c4f\\n" } */
/* { dg-output "acc1 00000001 fd001563\\n" } */
/* { dg-output "host1 a3f5890d\\n" } */
/* { dg-output "acc1 00000001 5c1ec92f\\n" } */
/* { dg-output "host1 89cf463b\\n" } */
/* { dg-output "acc1 00000001 fd001563\\n" } */
/* { dg-output "host1 51e03e59\\n" } */
/* { dg-output "acc1 00000001 5c1ec92f\\n" } */
/* { dg-output "host1 c5f1dcaf\\n" } */
/* { dg-output "acc1 00000001 fd001563\\n" } */
/* { dg-output "host1 52efde25\\n" } */
/* { dg-output "end 24b69fdb\\n" } */
