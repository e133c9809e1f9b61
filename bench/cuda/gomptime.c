/* gomptime.c -- where a GCC-compiled offloading program spends its time
   in the target entry points of whatever libgomp.so.1 it runs under
   (GCC's, which has no OMPT, or deepmap's): an LD_PRELOAD library that
   wraps GOMP_target_ext, GOMP_target_enter_exit_data,
   GOMP_target_update_ext, GOMP_target_data_ext and GOMP_target_end_data,
   and prints at exit the calls and milliseconds of each, then the
   costliest call sites (object+offset of the return address, the flags
   and map items of their first call).

     gcc -O2 -shared -fPIC bench/cuda/gomptime.c -o gomptime.so -ldl
     LD_PRELOAD=$PWD/gomptime.so ./program

   A measuring aid for bench/results (thirdparty-cuda-lulesh-s40-*), not
   part of deepmap.  */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum entry { TARGET, ENTER_EXIT, UPDATE, DATA, END_DATA, NENTRIES };
static const char *const entry_names[NENTRIES] = {
  "target_ext", "enter_exit", "update_ext", "data_ext", "end_data"
};

struct site
{
  enum entry entry;
  void *ra;
  unsigned flags;
  size_t items;
  long calls;
  double seconds;
};

#define MAX_SITES 512
static struct site sites[MAX_SITES];
static int nsites;
static double total[NENTRIES];
static long calls[NENTRIES];

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Not thread-safe: for programs whose host thread alone offloads.  */
static void
note (enum entry e, void *ra, unsigned flags, size_t items, double dt)
{
  total[e] += dt;
  calls[e]++;
  for (int i = 0; i < nsites; i++)
    if (sites[i].ra == ra && sites[i].entry == e && sites[i].flags == flags)
      {
	sites[i].calls++;
	sites[i].seconds += dt;
	return;
      }
  if (nsites < MAX_SITES)
    sites[nsites++] = (struct site) { e, ra, flags, items, 1, dt };
}

static int
by_time (const void *a, const void *b)
{
  double x = ((const struct site *) a)->seconds;
  double y = ((const struct site *) b)->seconds;
  return x < y ? 1 : x > y ? -1 : 0;
}

__attribute__ ((destructor)) static void
report (void)
{
  for (int e = 0; e < NENTRIES; e++)
    fprintf (stderr, "gomptime: %-11s %7ld calls %9.3f ms\n", entry_names[e],
	     calls[e], total[e] * 1e3);
  qsort (sites, nsites, sizeof *sites, by_time);
  for (int i = 0; i < nsites && i < 25; i++)
    {
      Dl_info info;
      const char *obj = "?";
      long off = 0;
      if (dladdr (sites[i].ra, &info) && info.dli_fbase)
	{
	  off = (char *) sites[i].ra - (char *) info.dli_fbase;
	  obj = strrchr (info.dli_fname, '/') ? strrchr (info.dli_fname, '/') + 1
					      : info.dli_fname;
	}
      fprintf (stderr, "gomptime: site %-11s %s+0x%lx flags=%u items=%zu "
	       "n=%ld %.3f ms\n", entry_names[sites[i].entry], obj, off,
	       sites[i].flags, sites[i].items, sites[i].calls,
	       sites[i].seconds * 1e3);
    }
}

#define REAL(type, name)						\
  static type real;							\
  if (!real)								\
    real = (type) dlsym (RTLD_NEXT, name)

/* CALL of the real entry point, timed and noted for ENTRY with FLAGS
   and N items at the wrapper's call site.  */
#define TIMED(entry, flags, n, call)					\
  do									\
    {									\
      double t = now ();						\
      call;								\
      note (entry, __builtin_return_address (0), flags, n, now () - t);	\
    }									\
  while (0)

void
GOMP_target_ext (int device, void (*fn) (void *), size_t n, void **addrs,
		 size_t *sizes, unsigned short *kinds, unsigned flags,
		 void **depend, void **args)
{
  typedef void (*fn_t) (int, void (*) (void *), size_t, void **, size_t *,
			unsigned short *, unsigned, void **, void **);
  REAL (fn_t, "GOMP_target_ext");
  TIMED (TARGET, flags, n,
	 real (device, fn, n, addrs, sizes, kinds, flags, depend, args));
}

void
GOMP_target_enter_exit_data (int device, size_t n, void **addrs,
			     size_t *sizes, unsigned short *kinds,
			     unsigned flags, void **depend)
{
  typedef void (*fn_t) (int, size_t, void **, size_t *, unsigned short *,
			unsigned, void **);
  REAL (fn_t, "GOMP_target_enter_exit_data");
  TIMED (ENTER_EXIT, flags, n,
	 real (device, n, addrs, sizes, kinds, flags, depend));
}

void
GOMP_target_update_ext (int device, size_t n, void **addrs, size_t *sizes,
			unsigned short *kinds, unsigned flags, void **depend)
{
  typedef void (*fn_t) (int, size_t, void **, size_t *, unsigned short *,
			unsigned, void **);
  REAL (fn_t, "GOMP_target_update_ext");
  TIMED (UPDATE, flags, n,
	 real (device, n, addrs, sizes, kinds, flags, depend));
}

void
GOMP_target_data_ext (int device, size_t n, void **addrs, size_t *sizes,
		      unsigned short *kinds)
{
  typedef void (*fn_t) (int, size_t, void **, size_t *, unsigned short *);
  REAL (fn_t, "GOMP_target_data_ext");
  TIMED (DATA, 0, n, real (device, n, addrs, sizes, kinds));
}

void
GOMP_target_end_data (void)
{
  typedef void (*fn_t) (void);
  REAL (fn_t, "GOMP_target_end_data");
  TIMED (END_DATA, 0, 0, real ());
}
