/* support/contenthash.h: the hash taken while copying
   (dm_content_hash_copy, the emulated device's copy engine under
   DEEPMAP_REPORT) equals the hash taken on its own (dm_content_hash),
   and the copy is exact, for sizes around the hash's 64-byte strides
   and 1 MiB blocks, at source and destination alignments that differ,
   with and without streaming stores, in one row and in 2-D rows; and a
   changed byte anywhere changes the hash.  Built by contenthash-unit.exp
   against the runtime's sources, with and without copy helpers
   (DEEPMAP_COPY_THREADS).  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/config.h"
#include "support/contenthash.h"

/* What parcopy.c reads from the runtime's configuration.  */
int
dm_config_env_int (const char *var, int dflt, int min, int max,
		   const char *what)
{
  const char *v = getenv (var);
  int n = v ? atoi (v) : dflt;
  return n < min ? min : n > max ? max : n;
}

static int failures;

static void
check (int ok, const char *what, size_t w, size_t h, size_t so, size_t dof,
       int stream)
{
  if (!ok && failures++ < 20)
    printf ("FAIL %s: width %zu height %zu src+%zu dst+%zu stream %d\n",
	    what, w, h, so, dof, stream);
}

/* One case: HEIGHT rows of WIDTH bytes, source pitch WIDTH + 24 and
   destination pitch WIDTH + 8 when there are several rows.  */
static void
one (unsigned char *src, unsigned char *dst, size_t w, size_t h, size_t so,
     size_t dof, int stream)
{
  size_t sp = h > 1 ? w + 24 : w, dp = h > 1 ? w + 8 : w;
  unsigned char *s = src + so, *d = dst + dof;
  memset (dst, 0xee, dof + dp * h + 64);
  uint64_t want = dm_content_hash (s, w, sp, h);
  uint64_t got = dm_content_hash_copy (d, dp, s, sp, w, h, stream);
  check (got == want, "hash", w, h, so, dof, stream);
  int same = 1;
  for (size_t r = 0; r < h; r++)
    same &= memcmp (d + r * dp, s + r * sp, w) == 0;
  /* Nothing written past a row.  */
  for (size_t r = 0; r < h && dp > w; r++)
    same &= d[r * dp + w] == 0xee;
  same &= dst[dof + dp * (h - 1) + w] == 0xee;
  check (same, "copy", w, h, so, dof, stream);
  if (w == 0)
    return;
  /* A change in the first, middle or last byte changes the hash.  */
  size_t at[3] = { 0, w / 2, w - 1 };
  for (int i = 0; i < 3; i++)
    {
      unsigned char *c = s + (h - 1) * sp + at[i];
      *c ^= 0x40;
      check (dm_content_hash_copy (d, dp, s, sp, w, h, stream) != want,
	     "change", w, h, so, dof, stream);
      *c ^= 0x40;
    }
}

int
main (void)
{
  const size_t max = (3u << 20) + 200;
  unsigned char *src = malloc (max + 4096), *dst = malloc (max + 4096);
  if (!src || !dst)
    return 2;
  for (size_t i = 0; i < max + 4096; i++)
    src[i] = (unsigned char) (i * 2654435761u >> 13);
  static const size_t widths[] = { 0, 1, 7, 8, 63, 64, 65, 127, 128, 1000,
				   4096, 65536 + 5, (1u << 20) - 1,
				   1u << 20, (1u << 20) + 1,
				   (2u << 20) + 100, 3u << 20 };
  static const size_t offs[][2] = { { 0, 0 }, { 0, 16 }, { 16, 0 }, { 3, 0 },
				    { 0, 5 }, { 7, 9 }, { 32, 48 } };
  for (size_t i = 0; i < sizeof widths / sizeof *widths; i++)
    for (size_t o = 0; o < sizeof offs / sizeof *offs; o++)
      for (int stream = 0; stream < 2; stream++)
	one (src, dst, widths[i], 1, offs[o][0], offs[o][1], stream);
  /* 2-D: rows of several widths, 1 to 40 of them.  */
  static const size_t rows[][2] = { { 100, 40 }, { 4096, 9 }, { 70000, 3 },
				    { 1u << 20, 2 }, { 64, 1 } };
  for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
    for (size_t o = 0; o < sizeof offs / sizeof *offs; o++)
      for (int stream = 0; stream < 2; stream++)
	one (src, dst, rows[i][0], rows[i][1], offs[o][0], offs[o][1],
	     stream);
  free (src);
  free (dst);
  if (failures)
    {
      printf ("%d failures\n", failures);
      return 1;
    }
  printf ("ok\n");
  return 0;
}
