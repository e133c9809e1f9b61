/* ompt-check.h -- reading and checking the test tool's log from a test
   program (run with OMP_TOOL_LIBRARIES naming the tool; built with
   -rdynamic).  */
#ifndef OMPT_CHECK_H
#define OMPT_CHECK_H

#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ompt-log.h"

/* ompt_target_t and ompt_target_data_op_t values (OpenMP 5.1).  */
enum
{
  K_TARGET = 1, K_ENTER = 2, K_EXIT = 3, K_UPDATE = 4,
  K_TARGET_NOWAIT = 9, K_ENTER_NOWAIT = 10, K_EXIT_NOWAIT = 11,
  K_UPDATE_NOWAIT = 12
};
enum
{
  OP_ALLOC = 1, OP_TO = 2, OP_FROM = 3, OP_DELETE = 4, OP_ASSOCIATE = 5,
  OP_DISASSOCIATE = 6, OP_ASYNC = 16
};
enum { BEGIN = 1, END = 2 };
enum { F_TO = 1, F_FROM = 2, F_ALLOC = 4, F_RELEASE = 8, F_DELETE = 16 };

static struct ompt_log *L;
static int N;

#include "check.h"

static void *
tool_handle (void)
{
  const char *lib = getenv ("OMP_TOOL_LIBRARIES");
  return lib ? dlopen (lib, RTLD_NOW | RTLD_NOLOAD) : NULL;
}

/* Take the log as it is now (and check the tool found no errors).  */
static void
log_load (void)
{
  void *h = tool_handle ();
  CHECK (h != NULL, "the tool library is not loaded");
  struct ompt_log *(*get) (int *) = dlsym (h, "ompt_log_get");
  int (*errs) (const char **) = dlsym (h, "ompt_log_errors");
  CHECK (get && errs, "not the test tool");
  const char *why;
  CHECK (errs (&why) == 0, "the tool saw errors: %s", why);
  L = get (&N);
}

/* RA lies in the program (main or a function outlined from it), not in
   the runtime.  */
extern int main (void);
static int
in_main (const void *ra)
{
  Dl_info info, prog;
  return ra && dladdr (ra, &info) && dladdr ((void *) main, &prog)
	 && info.dli_fbase == prog.dli_fbase;
}

/* Index of the NTH target begin of KIND (counting from 0), or -1.  */
static int
construct (int kind, int nth)
{
  for (int i = 0; i < N; i++)
    if (L[i].cb == LOG_TARGET && L[i].endpoint == BEGIN && L[i].kind == kind
	&& nth-- == 0)
      return i;
  return -1;
}

/* Index of the end of the construct begun at B.  */
static int
construct_end (int b)
{
  for (int i = b + 1; i < N; i++)
    if (L[i].cb == LOG_TARGET && L[i].endpoint == END
	&& L[i].target == L[b].target)
      return i;
  return -1;
}

/* Index of the end of the data op OPTYPE (either form: synchronous or
   async) of target T whose source (or, with BY_DST, destination) is P;
   -1 if none.  */
static int
data_op (uint64_t t, int optype, const void *p, int by_dst)
{
  for (int i = 0; i < N; i++)
    if (L[i].cb == LOG_DATA_OP && L[i].endpoint == END && L[i].target == t
	&& (L[i].kind & ~OP_ASYNC) == optype
	&& (by_dst ? L[i].dst : L[i].src) == p)
      return i;
  return -1;
}

static int
count_ops (uint64_t t, int optype)
{
  int n = 0;
  for (int i = 0; i < N; i++)
    if (L[i].cb == LOG_DATA_OP && L[i].endpoint == END && L[i].target == t
	&& (L[i].kind & ~OP_ASYNC) == optype)
      n++;
  return n;
}

/* The target_map event of T.  */
static int
map_of (uint64_t t)
{
  for (int i = 0; i < N; i++)
    if (L[i].cb == LOG_MAP && L[i].target == t)
      return i;
  return -1;
}

/* The map item of event M for host address P; -1 if none.  */
static int
map_item (int m, const void *p)
{
  for (unsigned j = 0; j < L[m].n && j < LOG_MAP_MAX; j++)
    if (L[m].host[j] == p)
      return (int) j;
  return -1;
}

static int
first_of (int cb, int device)
{
  for (int i = 0; i < N; i++)
    if (L[i].cb == cb && L[i].device == device)
      return i;
  return -1;
}

/* Endpoints: every target, data op and submit begin has one end after
   it with the same ids and arguments, and every event of a construct
   lies between its begin and end.  */
static void
check_pairs (void)
{
  for (int i = 0; i < N; i++)
    {
      struct ompt_log *b = &L[i];
      if (b->endpoint != BEGIN)
	continue;
      int ends = 0;
      for (int j = i + 1; j < N; j++)
	{
	  struct ompt_log *e = &L[j];
	  if (e->cb != b->cb || e->endpoint != END)
	    continue;
	  if (b->cb == LOG_TARGET ? e->target != b->target : e->op != b->op)
	    continue;
	  ends++;
	  CHECK (e->kind == b->kind && e->target == b->target
		 && e->task == b->task && e->ra == b->ra
		 && e->device == b->device && e->bytes == b->bytes
		 && e->src == b->src
		 && (e->kind == OP_ALLOC || e->kind == (OP_ALLOC | OP_ASYNC)
		     || e->dst == b->dst),
		 "event %d (cb %d kind %d) and its end %d differ", i, b->cb,
		 b->kind, j);
	}
      CHECK (ends == 1, "event %d (cb %d kind %d) has %d ends", i, b->cb,
	     b->kind, ends);
    }
  for (int i = 0; i < N; i++)
    if ((L[i].cb == LOG_DATA_OP || L[i].cb == LOG_SUBMIT
	 || L[i].cb == LOG_MAP) && L[i].target != 0)
      {
	int b = -1;
	for (int j = 0; j < N; j++)
	  if (L[j].cb == LOG_TARGET && L[j].endpoint == BEGIN
	      && L[j].target == L[i].target)
	    b = j;
	CHECK (b >= 0 && b < i && construct_end (b) > i,
	       "event %d (cb %d) lies outside its construct", i, L[i].cb);
	CHECK (L[i].cb == LOG_SUBMIT || L[i].ra == L[b].ra,
	       "event %d has another codeptr_ra than its construct", i);
      }
}

#endif
