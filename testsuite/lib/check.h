/* check.h -- the one CHECK of the self-checking test programs (C and
   C++), found through -I testsuite/lib (deepmap.exp adds it).

   CHECK (cond) or CHECK (cond, "format", args...): when COND is false,
   print FILE:LINE, the condition and the formatted message on stderr and
   abort.  CHECK_INTS (arr, n, expect, what): every ARR[i] equals EXPECT,
   an expression that may use i.  */
#ifndef DM_TEST_CHECK_H
#define DM_TEST_CHECK_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static inline void __attribute__ ((noreturn, format (printf, 4, 5)))
dm_check_failed (const char *file, int line, const char *cond,
		 const char *fmt, ...)
{
  va_list ap;
  fprintf (stderr, "%s:%d: check failed: %s", file, line, cond);
  if (*fmt)
    {
      fputs (": ", stderr);
      va_start (ap, fmt);
      vfprintf (stderr, fmt, ap);
      va_end (ap);
    }
  fputc ('\n', stderr);
  fflush (NULL);
  abort ();
}

/* "" __VA_ARGS__ makes the message optional: an empty format, or the
   caller's format literal with "" in front of it.  */
#define CHECK(cond, ...)                                                \
  do                                                                    \
    if (!(cond))                                                        \
      dm_check_failed (__FILE__, __LINE__, #cond, "" __VA_ARGS__);     \
  while (0)

#define CHECK_INTS(arr, n, expect, what)                                \
  do                                                                    \
    for (int i = 0; i < (int) (n); i++)                                 \
      CHECK ((arr)[i] == (expect), "%s: [%d] is %d, expected %d",      \
	     (what), i, (int) (arr)[i], (int) (expect));                \
  while (0)

#endif
