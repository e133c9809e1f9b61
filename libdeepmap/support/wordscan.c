/* wordscan.c -- see wordscan.h.  V lies in [LO, HI) exactly when
   V - LO < HI - LO as unsigned numbers: one comparison a word.  With
   AVX2 (checked once, at run time: the library is built for the
   baseline x86-64), sixteen words are compared at a time and only a
   group that holds a match is looked at word by word.  */
#include <string.h>

#include "support/wordscan.h"

#if defined __x86_64__ && defined __GNUC__
# include <immintrin.h>
# define DM_WORDSCAN_AVX2 1
#endif

static size_t
dm_words_find_scalar (const unsigned char *p, size_t from, size_t n,
		      uint64_t lo, uint64_t span)
{
  for (size_t i = from; i < n; i++)
    {
      uint64_t v;
      memcpy (&v, p + 8 * i, sizeof v);
      if (v - lo < span)
	return i;
    }
  return n;
}

#ifdef DM_WORDSCAN_AVX2
/* Signed 64-bit comparisons after flipping the sign bits order the
   values as unsigned ones.  */
__attribute__ ((target ("avx2"))) static size_t
dm_words_find_avx2 (const unsigned char *p, size_t n, uint64_t lo,
		    uint64_t span)
{
  const __m256i sign = _mm256_set1_epi64x (INT64_MIN);
  const __m256i vlo = _mm256_set1_epi64x ((long long) lo);
  const __m256i vspan = _mm256_set1_epi64x ((long long) (span ^ INT64_MIN));
  size_t i = 0;
  for (; i + 16 <= n; i += 16)
    {
      const __m256i *q = (const __m256i *) (p + 8 * i);
      __m256i a = _mm256_loadu_si256 (q), b = _mm256_loadu_si256 (q + 1);
      __m256i c = _mm256_loadu_si256 (q + 2), d = _mm256_loadu_si256 (q + 3);
      a = _mm256_xor_si256 (_mm256_sub_epi64 (a, vlo), sign);
      b = _mm256_xor_si256 (_mm256_sub_epi64 (b, vlo), sign);
      c = _mm256_xor_si256 (_mm256_sub_epi64 (c, vlo), sign);
      d = _mm256_xor_si256 (_mm256_sub_epi64 (d, vlo), sign);
      __m256i in = _mm256_or_si256 (
	_mm256_or_si256 (_mm256_cmpgt_epi64 (vspan, a),
			 _mm256_cmpgt_epi64 (vspan, b)),
	_mm256_or_si256 (_mm256_cmpgt_epi64 (vspan, c),
			 _mm256_cmpgt_epi64 (vspan, d)));
      if (!_mm256_testz_si256 (in, in))
	return dm_words_find_scalar (p, i, i + 16, lo, span);
    }
  return dm_words_find_scalar (p, i, n, lo, span);
}
#endif

size_t
dm_words_find (const void *p, size_t n, uint64_t lo, uint64_t hi)
{
  if (hi <= lo)
    return n;
#ifdef DM_WORDSCAN_AVX2
  static int avx2 = -1;
  int have = __atomic_load_n (&avx2, __ATOMIC_RELAXED);
  if (have < 0)
    {
      have = __builtin_cpu_supports ("avx2") ? 1 : 0;
      __atomic_store_n (&avx2, have, __ATOMIC_RELAXED);
    }
  if (have)
    return dm_words_find_avx2 (p, n, lo, hi - lo);
#endif
  return dm_words_find_scalar (p, 0, n, lo, hi - lo);
}
