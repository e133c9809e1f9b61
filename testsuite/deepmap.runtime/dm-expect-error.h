/* dm-expect-error.h -- run one misuse of the runtime in a child process
   and check that it ends the way bad input must: exit status 1 and one
   line `deepmap: error: ...' on stderr that names what was wrong.  Lets
   one test program check many error paths.  */
#ifndef DM_EXPECT_ERROR_H
#define DM_EXPECT_ERROR_H

#include <sys/wait.h>
#include <unistd.h>

#include "dm-check.h"

/* Run FN (ARG) in a child; its stderr must hold exactly one line, which
   starts with "deepmap: error: " and contains WANT; it must exit 1.  */
static inline void
dm_expect_error (const char *what, void (*fn) (void *), void *arg,
		 const char *want)
{
  int fd[2];
  CHECK (pipe (fd) == 0, "%s: pipe failed", what);
  fflush (NULL);
  pid_t pid = fork ();
  CHECK (pid >= 0, "%s: fork failed", what);
  if (pid == 0)
    {
      dup2 (fd[1], 2);
      close (fd[0]);
      fn (arg);
      _exit (0);		/* the misuse was accepted */
    }
  close (fd[1]);
  char out[4096];
  size_t n = 0;
  ssize_t r;
  while (n < sizeof out - 1 && (r = read (fd[0], out + n, sizeof out - 1 - n)) > 0)
    n += (size_t) r;
  out[n] = 0;
  close (fd[0]);
  int status;
  CHECK (waitpid (pid, &status, 0) == pid, "%s: waitpid failed", what);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 1,
	 "%s: the child %s %d, expected exit status 1 (stderr: %s)", what,
	 WIFEXITED (status) ? "exited with" : "was killed by signal",
	 WIFEXITED (status) ? WEXITSTATUS (status) : WTERMSIG (status), out);
  CHECK (strncmp (out, "deepmap: error: ", 16) == 0,
	 "%s: stderr does not start with `deepmap: error: ': %s", what, out);
  char *nl = strchr (out, '\n');
  CHECK (nl && nl[1] == 0, "%s: stderr is not one line: %s", what, out);
  CHECK (strstr (out, want), "%s: the message does not say `%s': %s", what,
	 want, out);
}

#endif
