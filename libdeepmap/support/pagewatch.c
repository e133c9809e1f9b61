/* pagewatch.c -- see pagewatch.h.

   The watches live in a table sorted by address that the fault handler
   reads without a lock: writers (under dm_watch_lock) publish a new
   table and free an old one only once no handler is running (handlers
   count themselves in before they load the table); watches are never
   freed (freed ones are kept for reuse), so a handler that still holds
   one reads valid memory, and at worst marks a reused watch written,
   which only costs a scan.  Faults that are not on a watched page go to
   the handler that was there before ours, or take the default action.  */
#define _GNU_SOURCE 1
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "support/pagewatch.h"

struct dm_watch
{
  uintptr_t lo, hi;			/* whole pages */
  int written;				/* atomic */
  int armed;				/* write-protected now (atomic) */
  struct dm_watch *next_free;
};

struct dm_watch_table
{
  size_t n;
  struct dm_watch *w[];			/* by LO */
};

static pthread_mutex_t dm_watch_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dm_watch_table *dm_watch_cur;	/* atomic pointer */
static int dm_watch_in_handler;			/* handlers running (atomic) */
/* Tables replaced while a handler ran, freed at a later publish.  */
struct dm_watch_retired
{
  struct dm_watch_table *t;
  struct dm_watch_retired *next;
};
static struct dm_watch_retired *dm_watch_retired;
static struct dm_watch *dm_watch_free_list;
static struct sigaction dm_watch_prev;		/* the handler before ours */

/* The watch holding address A in table T, or NULL.  */
static struct dm_watch *
dm_watch_find (const struct dm_watch_table *t, uintptr_t a)
{
  size_t lo = 0, hi = t ? t->n : 0;
  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;
      if (t->w[mid]->hi <= a)
	lo = mid + 1;
      else
	hi = mid;
    }
  return t && lo < t->n && t->w[lo]->lo <= a ? t->w[lo] : NULL;
}

static void
dm_watch_chain (int sig, siginfo_t *si, void *uc)
{
  if (dm_watch_prev.sa_flags & SA_SIGINFO)
    {
      if (dm_watch_prev.sa_sigaction)
	{
	  dm_watch_prev.sa_sigaction (sig, si, uc);
	  return;
	}
    }
  else if (dm_watch_prev.sa_handler != SIG_DFL
	   && dm_watch_prev.sa_handler != SIG_IGN)
    {
      dm_watch_prev.sa_handler (sig);
      return;
    }
  /* The default action: a fault happens again once this returns; a
     signal sent by kill is sent again.  */
  struct sigaction dfl;
  memset (&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  sigaction (sig, &dfl, NULL);
  if (si->si_code <= 0)
    raise (sig);
}

static void
dm_watch_fault (int sig, siginfo_t *si, void *uc)
{
  if (si->si_code == SEGV_ACCERR)
    {
      __atomic_fetch_add (&dm_watch_in_handler, 1, __ATOMIC_SEQ_CST);
      const struct dm_watch_table *t
	= __atomic_load_n (&dm_watch_cur, __ATOMIC_SEQ_CST);
      struct dm_watch *w = dm_watch_find (t, (uintptr_t) si->si_addr);
      int ours = w && (__atomic_store_n (&w->written, 1, __ATOMIC_RELEASE),
		       __atomic_store_n (&w->armed, 0, __ATOMIC_RELEASE),
		       mprotect ((void *) w->lo, w->hi - w->lo,
				 PROT_READ | PROT_WRITE) == 0);
      __atomic_fetch_sub (&dm_watch_in_handler, 1, __ATOMIC_SEQ_CST);
      if (ours)
	return;
    }
  dm_watch_chain (sig, si, uc);
}

/* Make ours the SIGSEGV handler, the one there now chained behind it
   (again, where the program installed its own since).  Under the lock.  */
static int
dm_watch_install (void)
{
  struct sigaction cur;
  if (sigaction (SIGSEGV, NULL, &cur) != 0)
    return -1;
  if ((cur.sa_flags & SA_SIGINFO) && cur.sa_sigaction == dm_watch_fault)
    return 0;
  struct sigaction ours;
  memset (&ours, 0, sizeof ours);
  ours.sa_sigaction = dm_watch_fault;
  ours.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK;
  sigemptyset (&ours.sa_mask);
  dm_watch_prev = cur;
  return sigaction (SIGSEGV, &ours, NULL);
}

/* Publish the current table with W added (ADD) or removed.  Under the
   lock; the old table stays allocated (a handler may be reading it).  */
static int
dm_watch_publish (struct dm_watch *w, int add)
{
  const struct dm_watch_table *t = dm_watch_cur;
  size_t n = t ? t->n : 0;
  struct dm_watch_table *nt
    = malloc (sizeof *nt + (n + 1) * sizeof nt->w[0]);
  if (!nt)
    return -1;
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (add && w && t->w[i]->lo > w->lo)
	{
	  nt->w[k++] = w;
	  w = NULL;
	}
      if (add || t->w[i] != w)
	nt->w[k++] = t->w[i];
    }
  if (add && w)
    nt->w[k++] = w;
  nt->n = k;
  __atomic_store_n (&dm_watch_cur, nt, __ATOMIC_SEQ_CST);
  /* A handler that started before the store may still read the old
     table: it is freed once none runs (they count themselves in before
     loading the table).  */
  struct dm_watch_retired *r = malloc (sizeof *r);
  if (r && t)
    {
      r->t = (struct dm_watch_table *) t;
      r->next = dm_watch_retired;
      dm_watch_retired = r;
    }
  else
    free (r);			/* out of memory: T stays allocated */
  if (__atomic_load_n (&dm_watch_in_handler, __ATOMIC_SEQ_CST) == 0)
    while (dm_watch_retired)
      {
	struct dm_watch_retired *d = dm_watch_retired;
	dm_watch_retired = d->next;
	free (d->t);
	free (d);
      }
  return 0;
}

struct dm_watch *
dm_watch_new (uintptr_t lo, uintptr_t hi)
{
  uintptr_t page = (uintptr_t) sysconf (_SC_PAGESIZE);
  uintptr_t plo = (lo + page - 1) & ~(page - 1), phi = hi & ~(page - 1);
  if (phi <= plo || hi < lo)
    return NULL;
  pthread_mutex_lock (&dm_watch_lock);
  struct dm_watch *w = dm_watch_free_list;
  if (w)
    dm_watch_free_list = w->next_free;
  else
    w = malloc (sizeof *w);
  if (w)
    {
      w->lo = plo;
      w->hi = phi;
      w->written = 1;
      w->armed = 0;
      w->next_free = NULL;
      if (dm_watch_publish (w, 1) != 0)
	{
	  w->next_free = dm_watch_free_list;
	  dm_watch_free_list = w;
	  w = NULL;
	}
    }
  pthread_mutex_unlock (&dm_watch_lock);
  return w;
}

int
dm_watch_arm (struct dm_watch *w)
{
  pthread_mutex_lock (&dm_watch_lock);
  int r = dm_watch_install ();
  if (r == 0)
    {
      /* Marked clean before the pages are protected: a store in between
	 is read by the caller's scan, which starts after this.  */
      __atomic_store_n (&w->written, 0, __ATOMIC_RELEASE);
      __atomic_store_n (&w->armed, 1, __ATOMIC_RELEASE);
      r = mprotect ((void *) w->lo, w->hi - w->lo, PROT_READ);
      if (r != 0)
	{
	  __atomic_store_n (&w->written, 1, __ATOMIC_RELEASE);
	  __atomic_store_n (&w->armed, 0, __ATOMIC_RELEASE);
	}
    }
  pthread_mutex_unlock (&dm_watch_lock);
  return r == 0 ? 0 : -1;
}

int
dm_watch_written (const struct dm_watch *w)
{
  return __atomic_load_n (&w->written, __ATOMIC_ACQUIRE);
}

void
dm_watch_pages (const struct dm_watch *w, uintptr_t *lo, uintptr_t *hi)
{
  *lo = w->lo;
  *hi = w->hi;
}

void
dm_watch_free (struct dm_watch *w)
{
  pthread_mutex_lock (&dm_watch_lock);
  if (__atomic_load_n (&w->armed, __ATOMIC_ACQUIRE))
    mprotect ((void *) w->lo, w->hi - w->lo, PROT_READ | PROT_WRITE);
  __atomic_store_n (&w->armed, 0, __ATOMIC_RELEASE);
  __atomic_store_n (&w->written, 1, __ATOMIC_RELEASE);
  if (dm_watch_publish (w, 0) == 0)
    {
      w->next_free = dm_watch_free_list;
      dm_watch_free_list = w;
    }
  /* Else it stays in the table, unarmed: faults never find it armed.  */
  pthread_mutex_unlock (&dm_watch_lock);
}

void
dm_watch_gone (uintptr_t lo, uintptr_t hi)
{
  const struct dm_watch_table *t
    = __atomic_load_n (&dm_watch_cur, __ATOMIC_ACQUIRE);
  if (!t)
    return;
  pthread_mutex_lock (&dm_watch_lock);
  t = dm_watch_cur;
  for (size_t i = 0; i < t->n; i++)
    if (t->w[i]->lo < hi && lo < t->w[i]->hi)
      {
	__atomic_store_n (&t->w[i]->written, 1, __ATOMIC_RELEASE);
	if (__atomic_load_n (&t->w[i]->armed, __ATOMIC_ACQUIRE))
	  mprotect ((void *) t->w[i]->lo, t->w[i]->hi - t->w[i]->lo,
		    PROT_READ | PROT_WRITE);
	__atomic_store_n (&t->w[i]->armed, 0, __ATOMIC_RELEASE);
      }
  pthread_mutex_unlock (&dm_watch_lock);
}
