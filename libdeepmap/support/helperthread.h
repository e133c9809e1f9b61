/* helperthread.h -- the runtime's own small worker threads (the copy
   helpers, the report's hashing thread).  */
#ifndef DM_HELPERTHREAD_H
#define DM_HELPERTHREAD_H

/* Start FN (ARG) on a detached thread named NAME (for ps and the tests)
   with a small stack and every signal blocked but those a fault raises,
   so that signals stay with the program's threads; 0, or an errno
   value.  */
int dm_helper_thread_start (void *(*fn) (void *), void *arg,
			    const char *name);

#endif
