/* OMPT device tracing: a kernel record's requested_num_teams is what the
   construct asks for (1 for a region without teams, 0 for teams with no
   num_teams clause) and granted_num_teams is how many teams the device
   ran, which the region itself sees as omp_get_num_teams ().  */
/* { dg-additional-options "-rdynamic" } */
#define _GNU_SOURCE 1
#include <omp.h>
#include <omp-tools.h>
#include <stdlib.h>

#include "check.h"
#include "trace-log.h"
#include "trace-tool.h"

int
main (void)
{
  int seen[3] = { 0, 0, 0 }, ran[3] = { 0, 0, 0 };
#pragma omp target map(from: seen[0:1])
  seen[0] = omp_get_num_teams ();
#pragma omp target teams num_teams(3) map(tofrom: seen[1:1], ran)
  {
    if (omp_get_team_num () == 0)
      seen[1] = omp_get_num_teams ();
    /* A parallel region per team: its threads enter the device too.  */
#pragma omp parallel num_threads(2)
    if (omp_get_thread_num () == 0)
      ran[omp_get_team_num ()] = 1;
  }
#pragma omp target teams map(from: seen[2:1])
  if (omp_get_team_num () == 0)
    seen[2] = omp_get_num_teams ();
  CHECK (seen[0] == 1, "a region without teams sees %d teams", seen[0]);
  CHECK (seen[1] >= 1 && seen[1] <= 3
	 && ran[0] + ran[1] + ran[2] == seen[1],
	 "num_teams(3): %d teams seen, %d ran", seen[1],
	 ran[0] + ran[1] + ran[2]);
  CHECK (seen[2] >= 1, "teams with no clause: %d", seen[2]);

  ompt_record_ompt_t *R;
  struct trace_seen *S;
  struct trace_log *log = trace_tool_log (&R, &S);
  if (omp_get_num_devices () == 0)
    return 0;

  static const unsigned requested[3] = { 1, 3, 0 };
  int k = 0;
  for (int i = 0; i < log->nrecords; i++)
    {
      if (R[i].type != ompt_callback_target_submit)
	continue;
      CHECK (k < 3, "more than three kernel records");
      ompt_record_target_kernel_t *r = &R[i].record.target_kernel;
      CHECK (r->requested_num_teams == requested[k],
	     "kernel %d: requested_num_teams %u, expected %u", k,
	     r->requested_num_teams, requested[k]);
      CHECK (r->granted_num_teams == (unsigned) seen[k],
	     "kernel %d: granted_num_teams %u, the region ran %d teams", k,
	     r->granted_num_teams, seen[k]);
      k++;
    }
  CHECK (k == 3, "%d kernel records, expected 3", k);
  return 0;
}
