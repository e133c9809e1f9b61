/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu,emu" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS_DEV_1 "4" } */
/* { dg-set-target-env-var OMP_TEAMS_THREAD_LIMIT_DEV "6" } */
/* { dg-set-target-env-var OMP_NUM_TEAMS_ALL "3" } */

/* nteams-var and teams-thread-limit-var have device scope (OpenMP 5.1,
   GCC 16's icv-9.c): region code on an emulated device reads and sets its
   own device's copies, never the host's or another device's; the
   initial values come from OMP_*_DEV_<n>, OMP_*_DEV or OMP_*_ALL; a teams
   construct without num_teams runs nteams-var teams (as GCC 13's GPU
   runtimes), one without thread_limit gets teams-thread-limit-var.  The
   device routines answer there as GCC's nvptx runtime does on a GPU: no
   devices, the host as -1, device 0 as default, and setting the default
   device has no effect (it changed the host's).  */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void
fail (const char *what, int got, int want)
{
  fprintf (stderr, "FAIL %s: %d, expected %d\n", what, got, want);
  abort ();
}

static void
expect (const char *what, int got, int want)
{
  if (got != want)
    fail (what, got, want);
}

int
main (void)
{
  if (omp_get_num_devices () != 2)
    fail ("devices", omp_get_num_devices (), 2);
  omp_set_num_teams (9);
  omp_set_teams_thread_limit (2);

  int initial_teams[2], initial_limit[2];
  for (int d = 0; d < 2; d++)
    {
      int t, l;
#pragma omp target device (d) map (from: t, l)
      {
	t = omp_get_max_teams ();
	l = omp_get_teams_thread_limit ();
      }
      initial_teams[d] = t;
      initial_limit[d] = l;
    }
  expect ("device 0 initial nteams (OMP_NUM_TEAMS_ALL)", initial_teams[0], 3);
  expect ("device 1 initial nteams (OMP_NUM_TEAMS_DEV_1)",
	  initial_teams[1], 4);
  expect ("device 0 initial teams thread limit (OMP_TEAMS_THREAD_LIMIT_DEV)",
	  initial_limit[0], 6);
  expect ("device 1 initial teams thread limit", initial_limit[1], 6);

  for (int d = 0; d < 2; d++)
    {
#pragma omp target device (d)
      {
	omp_set_num_teams (10 + d);
	omp_set_teams_thread_limit (3 + d);
	omp_set_num_teams (-1);		/* ignored */
      }
    }
  /* The host's are unchanged.  */
  expect ("host nteams", omp_get_max_teams (), 9);
  expect ("host teams thread limit", omp_get_teams_thread_limit (), 2);

  for (int d = 0; d < 2; d++)
    {
      int t = -1, l = -1, inner = -1, threads = 0;
      /* Later regions see the values; so do the threads of a parallel
	 region inside one.  */
#pragma omp target device (d) map (from: t, l, inner)
      {
	t = omp_get_max_teams ();
	l = omp_get_teams_thread_limit ();
#pragma omp parallel num_threads (2)
	if (omp_get_thread_num () == 1)
	  inner = omp_get_max_teams ();
      }
      expect ("nteams in a later region", t, 10 + d);
      expect ("teams thread limit in a later region", l, 3 + d);
      if (inner != -1)
	expect ("nteams in a parallel region", inner, 10 + d);

      /* A teams construct without thread_limit: at most the device's
	 teams-thread-limit-var threads in each team's parallel region.  */
#pragma omp target teams device (d) map (tofrom: threads)
#pragma omp parallel num_threads (8)
      if (omp_get_thread_num () == 0)
	{
#pragma omp critical
	  if (omp_get_num_threads () > threads)
	    threads = omp_get_num_threads ();
	}
      if (threads < 1 || threads > 3 + d)
	fail ("threads of a team", threads, 3 + d);

      int teams = 0, ran[64] = { 0 }, seen = 0;
#pragma omp target teams device (d) map (tofrom: teams, ran)
      {
	if (omp_get_team_num () == 0)
	  teams = omp_get_num_teams ();
	if (omp_get_team_num () < 64)
	  ran[omp_get_team_num ()] = 1;
      }
      for (int i = 0; i < 64; i++)
	seen += ran[i];
      expect ("teams without num_teams", teams, 10 + d);
      expect ("teams that ran", seen, 10 + d);
    }
  /* ... and within the target construct's thread_limit.  */
  int limited = 0;
#pragma omp target device (1) thread_limit (2) map (tofrom: limited)
#pragma omp teams
#pragma omp parallel num_threads (8)
  if (omp_get_thread_num () == 0)
    {
#pragma omp critical
	  if (omp_get_num_threads () > limited)
	    limited = omp_get_num_threads ();
    }
  if (limited < 1 || limited > 2)
    fail ("threads of a team under thread_limit (2)", limited, 2);

  omp_set_default_device (1);
  int ndev = -1, initial = 0, dflt = -1, dflt_after = -1;
#pragma omp target device (0) map (from: ndev, initial, dflt, dflt_after)
  {
    ndev = omp_get_num_devices ();
    initial = omp_get_initial_device ();
    dflt = omp_get_default_device ();
    omp_set_default_device (0);
    dflt_after = omp_get_default_device ();
  }
  expect ("omp_get_num_devices in a region", ndev, 0);
  expect ("omp_get_initial_device in a region", initial, -1);
  expect ("omp_get_default_device in a region", dflt, 0);
  expect ("omp_get_default_device in a region after setting it",
	  dflt_after, 0);
  expect ("host default device", omp_get_default_device (), 1);
  expect ("host omp_get_num_devices", omp_get_num_devices (), 2);
  expect ("host omp_get_initial_device", omp_get_initial_device (), 2);
  return 0;
}
