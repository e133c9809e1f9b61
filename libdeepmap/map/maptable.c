/* maptable.c -- two-level sorted array of mappings, ordered by
   (host_start, host_end).  */
#include <stdlib.h>
#include <string.h>

#include "support/error.h"
#include "map/maptable.h"

/* Number of elements of the sorted array A[0..N) that are <= KEY.  The
   search is branch-free (the compiler emits conditional moves): keys of
   mappings arrive in no predictable order, and mispredicted branches
   cost more than the memory touched.  */
static inline size_t
dm_upper_bound (const uintptr_t *a, size_t n, uintptr_t key)
{
  if (n == 0)
    return 0;
  const uintptr_t *base = a;
  while (n > 1)
    {
      size_t half = n / 2;
      base = base[half] <= key ? base + half : base;
      n -= half;
    }
  return (size_t) (base - a) + (*base <= key);
}

/* Number of chunks whose minimum is <= ADDR.  */
static inline size_t
dm_chunks_upto (const struct dm_maptable *t, uintptr_t addr)
{
  return dm_upper_bound (t->min, t->nchunks, addr);
}

/* Number of entries of chunk C whose start is <= ADDR.  */
static inline unsigned
dm_entries_upto (const struct dm_maptable_chunk *c, uintptr_t addr)
{
  return (unsigned) dm_upper_bound (c->start, c->n, addr);
}

static inline int
dm_key_less (const struct dm_mapping *a, uintptr_t b_start,
	     const struct dm_mapping *b)
{
  return a->host_start < b_start
	 || (a->host_start == b_start && a->host_end < b->host_end);
}

/* The finger's chunk and the entries *LO to *HI around it: the entry
   itself, the one after (ascending walks) and the one before (descending
   walks, such as copying back).  NULL without a finger.  */
static inline const struct dm_maptable_chunk *
dm_finger_window (const struct dm_maptable *t, unsigned *lo, unsigned *hi)
{
  if (!t->finger_ok || t->finger_c >= t->nchunks)
    return NULL;
  const struct dm_maptable_chunk *ch = t->chunk[t->finger_c];
  if (t->finger_i >= ch->n)
    return NULL;
  *lo = t->finger_i > 0 ? t->finger_i - 1 : 0;
  *hi = t->finger_i + 1 < ch->n ? t->finger_i + 1 : ch->n - 1;
  return ch;
}

struct dm_mapping *
dm_maptable_floor_pos (const struct dm_maptable *t, uintptr_t addr,
		       struct dm_maptable_pos *pos)
{
  /* Addresses past the last entry's start (stack variables, the newest
     heap objects) are common and need no search.  */
  if (t->nchunks)
    {
      const struct dm_maptable_chunk *last = t->chunk[t->nchunks - 1];
      if (addr >= last->start[last->n - 1])
	{
	  if (pos)
	    *pos = (struct dm_maptable_pos) { t->nchunks - 1,
					      (int) last->n - 1 };
	  return last->m[last->n - 1];
	}
    }
  /* The finger is a cache of lookups: the table is otherwise unchanged
     (callers hold the device lock).  The answer is the finger's entry
     I, the one after it (ascending walks) or the one before (descending
     walks, such as copying back).  */
  struct dm_maptable *ft = (struct dm_maptable *) t;
  size_t fc = t->finger_c;
  if (t->finger_ok && fc < t->nchunks)
    {
      const struct dm_maptable_chunk *ch = t->chunk[fc];
      unsigned n = ch->n, i = t->finger_i, hit = n;
      if (i < n && addr >= ch->start[i])
	{
	  /* Entry J answers when ADDR is below the next entry's start.  */
	  uintptr_t after = fc + 1 < t->nchunks ? t->min[fc + 1] : UINTPTR_MAX;
	  if (i + 1 >= n || addr < ch->start[i + 1])
	    hit = i + 1 >= n && addr >= after ? n : i;
	  else if (i + 2 >= n ? addr < after : addr < ch->start[i + 2])
	    hit = i + 1;
	}
      else if (i < n && i > 0 && addr >= ch->start[i - 1])
	hit = i - 1;
      if (hit < n)
	{
	  if (pos)
	    *pos = (struct dm_maptable_pos) { fc, (int) hit };
	  ft->finger_i = hit;
	  return ch->m[hit];
	}
    }
  size_t c = dm_chunks_upto (t, addr);
  if (c == 0)
    {
      if (pos)
	*pos = (struct dm_maptable_pos) { 0, -1 };
      return NULL;
    }
  const struct dm_maptable_chunk *ch = t->chunk[c - 1];
  unsigned i = dm_entries_upto (ch, addr);
  if (pos)
    *pos = (struct dm_maptable_pos) { c - 1, (int) i - 1 };
  ft->finger_c = c - 1;
  ft->finger_i = i - 1;
  ft->finger_ok = 1;
  return ch->m[i - 1];		/* i >= 1: the chunk's minimum is <= ADDR */
}

struct dm_mapping *
dm_maptable_floor (const struct dm_maptable *t, uintptr_t addr)
{
  return dm_maptable_floor_pos (t, addr, NULL);
}

struct dm_mapping *
dm_maptable_step (const struct dm_maptable *t, struct dm_maptable_pos *pos)
{
  if (pos->c >= t->nchunks)
    return NULL;
  if (pos->i + 1 < (int) t->chunk[pos->c]->n)
    return t->chunk[pos->c]->m[++pos->i];
  if (pos->c + 1 >= t->nchunks)
    return NULL;
  pos->c++;
  pos->i = 0;
  return t->chunk[pos->c]->m[0];
}

struct dm_mapping *
dm_maptable_step_back (const struct dm_maptable *t,
		       struct dm_maptable_pos *pos)
{
  if (pos->i > 0)
    return t->chunk[pos->c]->m[--pos->i];
  if (pos->i < 0 || pos->c == 0)
    {
      *pos = (struct dm_maptable_pos) { 0, -1 };
      return NULL;
    }
  pos->c--;
  pos->i = (int) t->chunk[pos->c]->n - 1;
  return t->chunk[pos->c]->m[pos->i];
}

struct dm_mapping *
dm_maptable_first (const struct dm_maptable *t)
{
  return t->nchunks ? t->chunk[0]->m[0] : NULL;
}

/* Find where M sits: chunk *PC, entry *PI.  Equal starts may straddle a
   chunk boundary, so look back across chunks while starts still match.  */
static void
dm_locate (const struct dm_maptable *t, const struct dm_mapping *m,
	   size_t *pc, unsigned *pi)
{
  /* Removals in address order find M at the finger or beside it.  */
  unsigned lo, hi;
  const struct dm_maptable_chunk *ch = dm_finger_window (t, &lo, &hi);
  if (ch)
    {
      for (unsigned i = lo; i <= hi; i++)
	if (ch->m[i] == m)
	  {
	    *pc = t->finger_c;
	    *pi = i;
	    return;
	  }
    }
  uintptr_t s = m->host_start;
  size_t c = dm_chunks_upto (t, s);
  while (c > 0)
    {
      const struct dm_maptable_chunk *ch = t->chunk[c - 1];
      unsigned i = dm_entries_upto (ch, s);
      while (i > 0 && ch->start[i - 1] == s)
	{
	  if (ch->m[i - 1] == m)
	    {
	      *pc = c - 1;
	      *pi = i - 1;
	      return;
	    }
	  i--;
	}
      if (i > 0)
	break;
      c--;
    }
  dm_fatal ("internal error: mapping [%p, %p) is not in its table",
	    (void *) m->host_start, (void *) m->host_end);
}

static struct dm_maptable_chunk *
dm_chunk_new (struct dm_maptable *t)
{
  struct dm_maptable_chunk *ch = t->spare;
  if (ch)
    {
      t->spare = NULL;
      ch->n = 0;
      return ch;
    }
  ch = malloc (sizeof *ch);
  if (!ch)
    dm_fatal ("out of host memory for the mapping table");
  ch->n = 0;
  return ch;
}

/* Make room for a chunk at index C of the top arrays.  */
static void
dm_top_insert (struct dm_maptable *t, size_t c, struct dm_maptable_chunk *ch)
{
  t->finger_ok = 0;
  if (t->nchunks == t->capacity)
    {
      size_t cap = t->capacity ? 2 * t->capacity : 16;
      struct dm_maptable_chunk **nc = realloc (t->chunk, cap * sizeof *nc);
      if (!nc)
	dm_fatal ("out of host memory for the mapping table");
      t->chunk = nc;
      uintptr_t *nm = realloc (t->min, cap * sizeof *nm);
      if (!nm)
	dm_fatal ("out of host memory for the mapping table");
      t->min = nm;
      t->capacity = cap;
    }
  memmove (&t->chunk[c + 1], &t->chunk[c], (t->nchunks - c) * sizeof *t->chunk);
  memmove (&t->min[c + 1], &t->min[c], (t->nchunks - c) * sizeof *t->min);
  t->chunk[c] = ch;
  t->min[c] = ch->n ? ch->start[0] : 0;
  t->nchunks++;
}

static void
dm_top_remove (struct dm_maptable *t, size_t c)
{
  t->finger_ok = 0;
  if (t->spare)
    free (t->chunk[c]);
  else
    t->spare = t->chunk[c];
  memmove (&t->chunk[c], &t->chunk[c + 1],
	   (t->nchunks - c - 1) * sizeof *t->chunk);
  memmove (&t->min[c], &t->min[c + 1], (t->nchunks - c - 1) * sizeof *t->min);
  t->nchunks--;
}

/* Put M at entry I of chunk C (splitting a full chunk).  */
static void
dm_place (struct dm_maptable *t, struct dm_mapping *m, size_t c, unsigned i)
{
  struct dm_maptable_chunk *ch = t->chunk[c];
  if (ch->n == DM_MAPTABLE_CHUNK)
    {
      /* Split: the upper half moves to a new chunk after this one.  */
      struct dm_maptable_chunk *hi = dm_chunk_new (t);
      unsigned half = DM_MAPTABLE_CHUNK / 2;
      hi->n = ch->n - half;
      memcpy (hi->start, ch->start + half, hi->n * sizeof hi->start[0]);
      memcpy (hi->m, ch->m + half, hi->n * sizeof hi->m[0]);
      ch->n = half;
      dm_top_insert (t, c + 1, hi);
      if (i > half)
	{
	  ch = hi;
	  c++;
	  i -= half;
	}
    }
  memmove (&ch->start[i + 1], &ch->start[i], (ch->n - i) * sizeof ch->start[0]);
  memmove (&ch->m[i + 1], &ch->m[i], (ch->n - i) * sizeof ch->m[0]);
  ch->start[i] = m->host_start;
  ch->m[i] = m;
  ch->n++;
  t->min[c] = ch->start[0];
  t->count++;
  t->finger_c = c;
  t->finger_i = i;
  t->finger_ok = 1;
}

void
dm_maptable_insert (struct dm_maptable *t, struct dm_mapping *m)
{
  uintptr_t s = m->host_start;
  if (t->nchunks == 0)
    dm_top_insert (t, 0, dm_chunk_new (t));
  size_t c = dm_chunks_upto (t, s);
  if (c > 0)
    c--;
  struct dm_maptable_chunk *ch = t->chunk[c];
  /* Position: after every entry not greater than M.  */
  unsigned i = dm_entries_upto (ch, s);
  while (i > 0 && ch->start[i - 1] == s && dm_key_less (m, s, ch->m[i - 1]))
    i--;
  dm_place (t, m, c, i);
}

void
dm_maptable_insert_at (struct dm_maptable *t, struct dm_mapping *m,
		       const struct dm_maptable_pos *hint)
{
  if (t->nchunks == 0 || hint->i < 0)
    {
      /* Before the first entry (or into an empty table).  */
      if (t->nchunks == 0)
	dm_top_insert (t, 0, dm_chunk_new (t));
      dm_place (t, m, 0, 0);
      return;
    }
  dm_place (t, m, hint->c, (unsigned) hint->i + 1);
}

static void
dm_remove_from (struct dm_maptable *t, size_t c, unsigned i)
{
  struct dm_maptable_chunk *ch = t->chunk[c];
  memmove (&ch->start[i], &ch->start[i + 1],
	   (ch->n - i - 1) * sizeof ch->start[0]);
  memmove (&ch->m[i], &ch->m[i + 1], (ch->n - i - 1) * sizeof ch->m[0]);
  ch->n--;
  t->count--;
  /* The entry before the removed one, where the next lookup in address
     order begins.  */
  t->finger_c = c;
  t->finger_i = i - 1;
  t->finger_ok = i > 0;
  if (ch->n == 0)
    dm_top_remove (t, c);
  else
    t->min[c] = ch->start[0];
}

void
dm_maptable_remove (struct dm_maptable *t, struct dm_mapping *m)
{
  size_t c;
  unsigned i;
  dm_locate (t, m, &c, &i);
  dm_remove_from (t, c, i);
}

void
dm_maptable_remove_at (struct dm_maptable *t, struct dm_mapping *m,
		       const struct dm_maptable_pos *hint)
{
  if (hint->i >= 0 && hint->c < t->nchunks
      && (unsigned) hint->i < t->chunk[hint->c]->n
      && t->chunk[hint->c]->m[hint->i] == m)
    dm_remove_from (t, hint->c, (unsigned) hint->i);
  else
    dm_maptable_remove (t, m);
}
