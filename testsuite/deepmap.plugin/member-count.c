/* Counts kept in a structure passed by value (XSBench's in.lookups):
   - the proof that a region stores to all of an item (dm-overwrite.c)
     takes a member of a local structure for the same value before the
     construct and in the region, where nothing can change it (the
     structure is not addressable and the region stores to no part of
     it): fill's out is not copied in;
   - a structure whose pointers the region never uses is mapped as plain
     data (no deep copy, and no warning about its char pointer).
   Not so where the loop runs to another member (fill_other), where the
   region stores to the structure (fill_changed), where its address is
   taken (fill_addressed), or where the region reads a pointer of it
   (reads_name) or hands its address to a function (hands_address).
   Fresh device memory is poisoned by the emulated device: a copy in
   left out wrongly would show in the results, which are checked.  */
/* { dg-options "-fplugin-arg-deepmap-report -fplugin-arg-deepmap-hoist=off" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* In: fill copies nothing of out; fill_other, fill_changed and
   fill_addressed copy out (800 each); the cfg structure goes in at each
   of the six constructs (24 bytes), and for reads_name and
   hands_address its name (5) and s (4), one transfer with cfg (+4: pad).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 9 transfers 2570 bytes" { target offload_device } } */
#include <stdlib.h>
#include "check.h"
#include "deepmap.h"

struct cfg
{
  int n, m;
  const char *name deepmap_counted_by (len);
  int len;
};

__attribute__ ((noinline)) static void
fill (struct cfg c, double *out)
{
#pragma omp target teams distribute parallel for map(tofrom: out[0:c.n])
  for (int i = 0; i < c.n; i++)
    out[i] = 2.0 * i;
}

__attribute__ ((noinline)) static void
fill_other (struct cfg c, double *out)
{
#pragma omp target teams distribute parallel for map(tofrom: out[0:c.n])
  for (int i = 0; i < c.m; i++)
    out[i] = 3.0 * i;
}

__attribute__ ((noinline)) static void
fill_changed (struct cfg c, double *out)
{
#pragma omp target map(tofrom: out[0:c.n])
  {
    c.n -= 1;
    for (int i = 0; i < c.n; i++)
      out[i] = 4.0 * i;
  }
}

__attribute__ ((noinline)) static void
touch (struct cfg *c)
{
  c->len += 0 * c->n;
}

__attribute__ ((noinline)) static void
fill_addressed (struct cfg c, double *out)
{
  touch (&c);
#pragma omp target teams distribute parallel for map(tofrom: out[0:c.n])
  for (int i = 0; i < c.n; i++)
    out[i] = 5.0 * i;
}

__attribute__ ((noinline)) static int
reads_name (struct cfg c)
{
  int s = 0;
#pragma omp target map(tofrom: s)
  s = c.name[0] + c.n;
  return s;
}

#pragma omp declare target
static int
first_of (const struct cfg *c)
{
  return c->name[1];
}
#pragma omp end declare target

__attribute__ ((noinline)) static int
hands_address (struct cfg c)
{
  int s = 0;
#pragma omp target map(tofrom: s)
  s = first_of (&c);
  return s;
}

/* One transfer spans the pads between a construct's objects, which keep
   their host addresses modulo 16 (the pad before s, from the stack, is 4
   bytes): aligned, so that the count does not depend on where the linker
   puts the name.  */
static const char name_text[5] __attribute__ ((aligned (16))) = "abcd";

int
main (void)
{
  struct cfg c = { 100, 60, name_text, 5 };
  double *a = (double *) malloc (100 * sizeof *a);
  for (int i = 0; i < 100; i++)
    a[i] = -1;
  fill (c, a);
  for (int i = 0; i < 100; i++)
    CHECK (a[i] == 2.0 * i, "fill: a[%d] = %g", i, a[i]);
  fill_other (c, a);
  for (int i = 0; i < 100; i++)
    CHECK (a[i] == (i < 60 ? 3.0 * i : 2.0 * i), "fill_other: a[%d] = %g",
	   i, a[i]);
  fill_changed (c, a);
  for (int i = 0; i < 100; i++)
    CHECK (a[i] == (i < 99 ? 4.0 * i : 2.0 * i), "fill_changed: a[%d] = %g",
	   i, a[i]);
  fill_addressed (c, a);
  for (int i = 0; i < 100; i++)
    CHECK (a[i] == 5.0 * i, "fill_addressed: a[%d] = %g", i, a[i]);
  CHECK (reads_name (c) == 'a' + 100, "reads_name");
  CHECK (hands_address (c) == 'b', "hands_address");
  free (a);
  return 0;
}

/* { dg-final { scan-deepmap-report "member-count.c:36:9: deepmap: target: '\\*out' is stored to in full before it is read: not copied in \\(as map\\(from:\\)\\)" } } */
/* { dg-final { scan-deepmap-report "member-count.c:36:9: deepmap: target: 'c' shallow: the region uses none of its pointers" } } */
/* { dg-final { scan-deepmap-report-not "member-count.c:44:9: deepmap: target: '\\*out' is stored to in full" } } */
/* { dg-final { scan-deepmap-report-not "member-count.c:52:9: deepmap: target: '\\*out' is stored to in full" } } */
/* { dg-final { scan-deepmap-report-not "member-count.c:70:9: deepmap: target: '\\*out' is stored to in full" } } */
/* { dg-final { scan-deepmap-report "member-count.c:79:9: deepmap: target: 'c' deep, elements of type 'struct cfg'" } } */
/* { dg-final { scan-deepmap-report "member-count.c:96:9: deepmap: target: 'c' deep, elements of type 'struct cfg'" } } */
