/* trace-test.h -- a timeline test: at exit, after the runtime has
   written the DEEPMAP_TRACE file (its exit handler is registered at the
   first construct, so it runs before this one), trace-check.py
   validates the file and the test's expectations.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *trace_test_source, *trace_test_expect;

static void
trace_test_verify (void)
{
  const char *file = getenv ("DEEPMAP_TRACE");
  char dir[2048], cmd[8192];
  snprintf (dir, sizeof dir, "%s", __FILE__);
  char *slash = strrchr (dir, '/');
  if (slash)
    *slash = 0;
  else
    strcpy (dir, ".");
  /* Not under the ASan runtime the test itself may run with.  */
  unsetenv ("LD_PRELOAD");
  snprintf (cmd, sizeof cmd, "python3 '%s/trace-check.py' '%s' '%s' %s",
	    dir, file ? file : "", trace_test_source, trace_test_expect);
  fflush (stdout);
  if (system (cmd) != 0)
    {
      fprintf (stderr, "trace test: the trace check failed\n");
      _exit (1);
    }
}

/* Call first in main.  */
#define TRACE_TEST(expect)				\
  do							\
    {							\
      trace_test_source = __FILE__;			\
      trace_test_expect = (expect);			\
      atexit (trace_test_verify);			\
    }							\
  while (0)
