! nteams-var and teams-thread-limit-var have device scope: the Fortran
! routines called in a region on the emulated device set and read that
! device's copies, never the host's (the system libgomp's Fortran
! entry points would have changed the host's).
! { dg-do run }
! { dg-set-target-env-var DEEPMAP_DEVICES "emu" }
program device_icvs
  use omp_lib
  implicit none
  integer :: t, l
  integer(8) :: big

  call omp_set_num_teams (7)
  call omp_set_teams_thread_limit (5)
  big = 12
  !$omp target map(from: t, l) map(to: big)
    call omp_set_num_teams (big)
    call omp_set_teams_thread_limit (3)
    t = omp_get_max_teams ()
    l = omp_get_teams_thread_limit ()
  !$omp end target
  if (t /= 12 .or. l /= 3) stop 1
  if (omp_get_max_teams () /= 7 .or. omp_get_teams_thread_limit () /= 5) stop 2
  !$omp target map(from: t, l)
    t = omp_get_max_teams ()
    l = omp_get_teams_thread_limit ()
  !$omp end target
  if (t /= 12 .or. l /= 3) stop 3
end program
