/* contenthash.c -- hashes of memory contents (contenthash.h).  */
#include <pthread.h>
#include <string.h>

#if defined __x86_64__ && defined __SSE2__
# include <emmintrin.h>
#endif

#include "support/contenthash.h"
#include "support/helperthread.h"
#include "support/parcopy.h"

/* Contents hash of N bytes at P, continuing from H, at about memory
   speed: XXH3's accumulation (each 16 bytes W, X = W ^ KEY: ACC +=
   lo32 (X) * hi32 (X) + W with its halves swapped) in eight 64-bit
   lanes, which SSE2 and AVX2 do as pmuludq; then the words left over,
   the tail, and a full mix.  A change detector, not a digest.  */
typedef uint64_t dm_rp_v4 __attribute__ ((vector_size (32)));

/* The accumulation over N / 64 strides of 64 bytes at P: the four 2 x
   64-bit accumulators as two 4 x 64-bit vectors, lane for lane the
   same arithmetic.  With DST, the strides are also stored there, with
   non-temporal stores when STREAM (DST then 16-byte aligned), in the
   same pass: a copy bound by memory hides the hash's arithmetic.  */
static inline __attribute__ ((always_inline)) void
dm_rp_strides_body (unsigned char *dst, int stream, const unsigned char *p,
		    size_t n, dm_rp_v4 acc[2], const dm_rp_v4 key[2])
{
  const dm_rp_v4 lo = { 0xffffffffull, 0xffffffffull, 0xffffffffull,
			0xffffffffull };
  const dm_rp_v4 swap = { 1, 0, 3, 2 };
  dm_rp_v4 a0 = acc[0], a1 = acc[1];
  for (; n >= 64; p += 64, n -= 64)
    {
      dm_rp_v4 w0, w1;
      memcpy (&w0, p, sizeof w0);
      memcpy (&w1, p + 32, sizeof w1);
      if (dst)
	{
#if defined __x86_64__ && defined __SSE2__
	  if (stream)
	    {
	      __m128i h[4];
	      memcpy (h, &w0, sizeof w0);
	      memcpy (h + 2, &w1, sizeof w1);
	      for (int i = 0; i < 4; i++)
		_mm_stream_si128 ((__m128i *) (dst + 16 * i), h[i]);
	    }
	  else
#endif
	    {
	      memcpy (dst, &w0, sizeof w0);
	      memcpy (dst + 32, &w1, sizeof w1);
	    }
	  dst += 64;
	}
      dm_rp_v4 x0 = w0 ^ key[0], x1 = w1 ^ key[1];
      a0 += (x0 & lo) * (x0 >> 32) + __builtin_shuffle (w0, swap);
      a1 += (x1 & lo) * (x1 >> 32) + __builtin_shuffle (w1, swap);
    }
  acc[0] = a0;
  acc[1] = a1;
}

/* The same, built also for AVX2 (chosen at load time), where it runs
   about twice as fast: fast enough to hide behind a copy over a
   PCIe-like link (engine/transfer.c).  */
__attribute__ ((target_clones ("avx2", "default"))) static void
dm_rp_strides (const unsigned char *p, size_t n, dm_rp_v4 acc[2],
	       const dm_rp_v4 key[2])
{
  dm_rp_strides_body (NULL, 0, p, n, acc, key);
}

__attribute__ ((target_clones ("avx2", "default"))) static void
dm_rp_strides_copy (unsigned char *dst, int stream, const unsigned char *p,
		    size_t n, dm_rp_v4 acc[2], const dm_rp_v4 key[2])
{
  dm_rp_strides_body (dst, stream, p, n, acc, key);
}

/* The hash of N bytes at P from H; with DST, P's bytes are copied there
   too (dm_rp_strides_body).  */
static uint64_t
dm_rp_hash (unsigned char *dst, int stream, const unsigned char *p, size_t n,
	    uint64_t h)
{
  const uint64_t k1 = 0x9e3779b97f4a7c15ull, k2 = 0xbf58476d1ce4e5b9ull;
  uint64_t acc[8], key[8];
  for (int i = 0; i < 4; i++)
    {
      acc[2 * i] = h + (uint64_t) i;
      acc[2 * i + 1] = (h ^ n) * k1 + (uint64_t) i;
      key[2 * i] = k2 * (uint64_t) (2 * i + 1);
      key[2 * i + 1] = k1 * (uint64_t) (2 * i + 2);
    }
  dm_rp_v4 va[2], vk[2];
  memcpy (va, acc, sizeof va);
  memcpy (vk, key, sizeof vk);
  if (dst)
    {
      dm_rp_strides_copy (dst, stream, p, n, va, vk);
      memcpy (dst + n / 64 * 64, p + n / 64 * 64, n % 64);
    }
  else
    dm_rp_strides (p, n, va, vk);
  memcpy (acc, va, sizeof acc);
  p += n / 64 * 64;
  n %= 64;
  uint64_t r = dm_hash_mix (h ^ n);
  for (int i = 0; i < 4; i++)
    r = dm_hash_rotl (r ^ dm_hash_mix (acc[2 * i]
				       ^ dm_hash_rotl (acc[2 * i + 1], 32)),
		      27) * k1;
  for (; n >= 8; p += 8, n -= 8)
    {
      uint64_t w;
      memcpy (&w, p, sizeof w);
      r = dm_hash_rotl ((r ^ w) * k1, 31) * k2;
    }
  uint64_t tail = 0;
  memcpy (&tail, p, n);
  return dm_hash_mix (r ^ tail ^ ((uint64_t) n << 56));
}

/* A copy of BLOCK bytes or more is hashed block by block, each block on
   its own (seeded by its index), on the copy helpers where there are
   some (support/parcopy.h); the blocks' hashes are then folded in
   order, so the result does not depend on the threads.  */
#define DM_RP_BLOCK ((size_t) 1 << 20)

#define DM_RP_GROUP 64		/* blocks hashed at a time */

struct dm_rp_blocks
{
  unsigned char *dst;			/* NULL: hash only */
  int stream;
  const unsigned char *p;
  size_t n;
  size_t first;				/* index of OUT[0] */
  uint64_t out[DM_RP_GROUP];
};

static void
dm_rp_hash_block (void *ctx, size_t i)
{
  struct dm_rp_blocks *b = ctx;
  size_t k = b->first + i, off = k * DM_RP_BLOCK;
  size_t len = b->n - off < DM_RP_BLOCK ? b->n - off : DM_RP_BLOCK;
  b->out[i] = dm_rp_hash (b->dst ? b->dst + off : NULL, b->stream,
			  b->p + off, len, (uint64_t) k);
}

static uint64_t
dm_rp_hash_large (unsigned char *dst, int stream, const unsigned char *p,
		  size_t n, uint64_t h)
{
  size_t nb = (n + DM_RP_BLOCK - 1) / DM_RP_BLOCK;
  if (nb < 2)
    return dm_rp_hash (dst, stream, p, n, h);
  struct dm_rp_blocks b = { .dst = dst, .stream = stream, .p = p, .n = n };
  uint64_t r = dm_hash_mix (h ^ n);
  for (b.first = 0; b.first < nb; b.first += DM_RP_GROUP)
    {
      size_t k = nb - b.first < DM_RP_GROUP ? nb - b.first : DM_RP_GROUP;
      if (dm_parallel_parts (k, dm_rp_hash_block, &b) != 0)
	for (size_t i = 0; i < k; i++)
	  dm_rp_hash_block (&b, i);
      for (size_t i = 0; i < k; i++)
	r = dm_hash_mix (dm_hash_rotl (r, 23) ^ b.out[i]);
    }
  return r;
}

uint64_t
dm_content_hash (const void *p, size_t width, size_t pitch, size_t height)
{
  uint64_t h = 0;
  for (size_t row = 0; row < height; row++)
    h = dm_rp_hash_large (NULL, 0, (const unsigned char *) p + row * pitch,
			  width, h);
  return h;
}

uint64_t
dm_content_hash_copy (void *dst, size_t dpitch, const void *src,
		      size_t spitch, size_t width, size_t height,
		      int bypass_cache)
{
  uint64_t h = 0;
  for (size_t row = 0; row < height; row++)
    {
      unsigned char *d = (unsigned char *) dst + row * dpitch;
      const unsigned char *s = (const unsigned char *) src + row * spitch;
      /* The strides start at S: streaming stores need them aligned in
	 D as well.  */
      int stream = bypass_cache && ((uintptr_t) d & 15) == 0;
      h = dm_rp_hash_large (d, stream, s, width, h);
    }
#if defined __x86_64__ && defined __SSE2__
  /* Streaming stores are weakly ordered: finish them before anyone is
     told the copy is done.  */
  if (bypass_cache)
    _mm_sfence ();
#endif
  return h;
}

/* The hashing thread and its one job: POSTED by a caller, taken by the
   thread, DONE with HASH; the caller's ticket is the job itself.  */
struct dm_hash_ticket
{
  const void *p;
  size_t width, pitch, height;
  uint64_t hash;
  int busy;			/* a caller holds the ticket */
  int posted, done;
};

static pthread_mutex_t dm_hash_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t dm_hash_go = PTHREAD_COND_INITIALIZER;
static pthread_cond_t dm_hash_finished = PTHREAD_COND_INITIALIZER;
static struct dm_hash_ticket dm_hash_job;
static int dm_hash_state;	/* 0: not started, 1: running, -1: failed */

static void *
dm_hash_thread (void *unused)
{
  pthread_mutex_lock (&dm_hash_lock);
  for (;;)
    {
      while (!dm_hash_job.posted)
	pthread_cond_wait (&dm_hash_go, &dm_hash_lock);
      dm_hash_job.posted = 0;
      struct dm_hash_ticket j = dm_hash_job;
      pthread_mutex_unlock (&dm_hash_lock);
      uint64_t h = dm_content_hash (j.p, j.width, j.pitch, j.height);
      pthread_mutex_lock (&dm_hash_lock);
      dm_hash_job.hash = h;
      dm_hash_job.done = 1;
      pthread_cond_broadcast (&dm_hash_finished);
    }
  return NULL;
}

/* A forked child has no hashing thread: start afresh.  */
static void
dm_hash_forget (void)
{
  pthread_mutex_init (&dm_hash_lock, NULL);
  pthread_cond_init (&dm_hash_go, NULL);
  pthread_cond_init (&dm_hash_finished, NULL);
  memset (&dm_hash_job, 0, sizeof dm_hash_job);
  if (dm_hash_state == 1)
    dm_hash_state = 0;
}

/* Start the thread (lock held).  */
static void
dm_hash_start (void)
{
  if (dm_helper_thread_start (dm_hash_thread, NULL, "deepmap-hash") != 0)
    {
      dm_hash_state = -1;
      return;
    }
  static int forget_registered;
  if (!forget_registered)
    pthread_atfork (NULL, NULL, dm_hash_forget);
  forget_registered = 1;
  dm_hash_state = 1;
}

void
dm_content_hash_prepare (void)
{
  pthread_mutex_lock (&dm_hash_lock);
  if (dm_hash_state == 0)
    dm_hash_start ();
  pthread_mutex_unlock (&dm_hash_lock);
}

struct dm_hash_ticket *
dm_content_hash_begin (const void *p, size_t width, size_t pitch,
		       size_t height)
{
  pthread_mutex_lock (&dm_hash_lock);
  if (dm_hash_state == 0)
    dm_hash_start ();
  if (dm_hash_state != 1 || dm_hash_job.busy)
    {
      pthread_mutex_unlock (&dm_hash_lock);
      return NULL;
    }
  dm_hash_job = (struct dm_hash_ticket) { p, width, pitch, height, 0, 1, 1,
					  0 };
  pthread_cond_signal (&dm_hash_go);
  pthread_mutex_unlock (&dm_hash_lock);
  return &dm_hash_job;
}

uint64_t
dm_content_hash_end (struct dm_hash_ticket *t)
{
  pthread_mutex_lock (&dm_hash_lock);
  while (!t->done)
    pthread_cond_wait (&dm_hash_finished, &dm_hash_lock);
  uint64_t h = t->hash;
  t->busy = 0;
  pthread_mutex_unlock (&dm_hash_lock);
  return h;
}
