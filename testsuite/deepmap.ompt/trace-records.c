/* OMPT device tracing: a tool that starts tracing on device_initialize
   (tracing-tool.c, with buffers of three records) gets a record of every
   target construct's begin and end, every data operation and every
   kernel, each exactly as the callbacks saw it (kind, endpoint and
   codeptr_ra; optype, addresses and bytes), with end times not before
   their start times, and times that ompt_translate_time puts on
   omp_get_wtime's clock.  Constructs: target data, target, enter data,
   update, exit data, and a nowait target.  */
/* { dg-additional-options "-rdynamic" } */
#define _GNU_SOURCE 1
#include <omp.h>
#include <omp-tools.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "trace-log.h"
#include "trace-tool.h"

#define M 300

struct key
{
  int what, kind, endpoint;
  const void *src, *dest, *ra;
  size_t bytes;
};

static int
key_cmp (const void *x, const void *y)
{
  return memcmp (x, y, sizeof (struct key));
}

int
main (void)
{
  double t_start = omp_get_wtime ();
  int *a = calloc (M, sizeof *a), *b = calloc (M, sizeof *b);
  int *c = calloc (M, sizeof *c), *d = calloc (M, sizeof *d);
  for (int i = 0; i < M; i++)
    b[i] = i;
#pragma omp target data map(tofrom: a[0:M])
  {
#pragma omp target map(to: b[0:M])
    for (int i = 0; i < M; i++)
      a[i] = 2 * b[i];
#pragma omp target enter data map(to: c[0:M])
#pragma omp target update from(c[0:10])
#pragma omp target exit data map(from: c[0:M])
  }
#pragma omp target map(tofrom: d[0:M]) nowait
  for (int i = 0; i < M; i++)
    d[i] = i + 1;
#pragma omp taskwait
  CHECK (a[M - 1] == 2 * (M - 1) && d[M - 1] == M, "results");

  ompt_record_ompt_t *R;
  struct trace_seen *S;
  struct trace_log *log = trace_tool_log (&R, &S);
  if (omp_get_num_devices () == 0)
    {
      CHECK (log->nrecords == 0, "records without a device");
      return 0;
    }
  CHECK (log->requested > 1 && log->completed == log->requested,
	 "buffers: %d requested, %d completed", log->requested,
	 log->completed);
  double now = omp_get_wtime ();
  CHECK (log->seconds_init >= t_start - 1 && log->seconds_init <= now + 1,
	 "ompt_translate_time: %f, not within [%f, %f]", log->seconds_init,
	 t_start, now);

  /* The records and the callbacks, as keys, sorted.  */
  struct key *kr = calloc (log->nrecords + 1, sizeof *kr);
  struct key *ks = calloc (log->nseen + 1, sizeof *ks);
  int targets = 0, ops = 0, kernels = 0;
  for (int i = 0; i < log->nrecords; i++)
    {
      ompt_record_ompt_t *r = &R[i];
      struct key *k = &kr[i];
      memset (k, 0, sizeof *k);
      k->what = r->type;
      switch (r->type)
	{
	case ompt_callback_target:
	  targets++;
	  k->kind = r->record.target.kind;
	  k->endpoint = r->record.target.endpoint;
	  k->ra = r->record.target.codeptr_ra;
	  CHECK (r->record.target.target_id == r->target_id
		 && r->target_id != 0, "record %d: target ids", i);
	  break;
	case ompt_callback_target_data_op:
	  ops++;
	  k->kind = r->record.target_data_op.optype;
	  k->src = r->record.target_data_op.src_addr;
	  k->dest = r->record.target_data_op.dest_addr;
	  k->bytes = r->record.target_data_op.bytes;
	  k->ra = r->record.target_data_op.codeptr_ra;
	  CHECK (r->record.target_data_op.end_time >= r->time,
		 "record %d: a data operation ends before it starts", i);
	  break;
	case ompt_callback_target_submit:
	  kernels++;
	  CHECK (r->record.target_kernel.end_time >= r->time,
		 "record %d: a kernel ends before it starts", i);
	  break;
	default:
	  CHECK (0, "record %d: type %d", i, (int) r->type);
	}
      CHECK (r->time >= log->t_init, "record %d: before initialize", i);
    }
  for (int i = 0; i < log->nseen; i++)
    {
      struct key *k = &ks[i];
      memset (k, 0, sizeof *k);
      k->what = S[i].what;
      k->kind = S[i].what == ompt_callback_target_submit ? 0 : S[i].kind;
      k->endpoint = S[i].what == ompt_callback_target ? S[i].endpoint : 0;
      k->src = S[i].src;
      k->dest = S[i].dest;
      k->bytes = S[i].bytes;
      k->ra = S[i].what == ompt_callback_target_submit ? NULL : S[i].ra;
    }
  /* Begin and end of: target data (as an enter data and an exit data,
     as LLVM's runtime reports it), target, enter, update, exit, nowait
     target; a transfer at least for each of a, b, c (in and out) and
     d; the two kernels.  */
  CHECK (targets == 14 && ops >= 6 && kernels == 2,
	 "%d target, %d data operation, %d kernel records", targets, ops,
	 kernels);
  CHECK (log->nrecords == log->nseen, "%d records, %d callbacks",
	 log->nrecords, log->nseen);
  qsort (kr, log->nrecords, sizeof *kr, key_cmp);
  qsort (ks, log->nseen, sizeof *ks, key_cmp);
  for (int i = 0; i < log->nrecords; i++)
    CHECK (!key_cmp (&kr[i], &ks[i]),
	   "record %d differs from the callbacks: type %d kind %d bytes %zu",
	   i, kr[i].what, kr[i].kind, kr[i].bytes);
  free (kr);
  free (ks);
  free (a);
  free (b);
  free (c);
  free (d);
  return 0;
}
