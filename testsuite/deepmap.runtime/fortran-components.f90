! Fortran pointer components and arrays kept with enter data.  gfortran
! maps g%d by enter data as (struct g, its descriptor, the data, an
! always_pointer item for the descriptor's data pointer): that pointer
! was left as the host's, so regions wrote host memory on the emulated
! device (and the exit data copied stale device data back over it: stop
! 2); on a GPU they would fault.  Also an allocatable kept by enter data
! and a pointer array re-pointed at a strided section between regions.
! { dg-do run }
! { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" }
program fortran_components
  implicit none
  type vec
    integer :: n
    real(8), pointer :: d(:) => null()
  end type
  type(vec) :: g
  real(8), allocatable :: a(:)
  real(8), pointer :: p(:)
  integer :: i
  g%n = 8
  allocate (g%d(8))
  g%d = 1
  !$omp target enter data map(to: g)
  !$omp target enter data map(to: g%d)
  !$omp target
  do i = 1, g%n
    g%d(i) = g%d(i) + i
  end do
  !$omp end target
  !$omp target exit data map(from: g%d)
  !$omp target exit data map(release: g)
  if (any (g%d /= [(1d0 + i, i = 1, 8)])) stop 2
  ! enter data of an allocatable, regions, exit data from
  allocate (a(100))
  a = 2
  !$omp target enter data map(to: a)
  !$omp target teams distribute parallel do
  do i = 1, 100
    a(i) = a(i) * i
  end do
  !$omp target exit data map(from: a)
  if (any (a /= [(2d0 * i, i = 1, 100)])) stop 3
  ! pointer array mapped, then re-pointed
  allocate (p(10))
  p = 5
  !$omp target map(tofrom: p)
  p = p + 1
  !$omp end target
  if (any (p /= 6)) stop 4
  p => p(2:9:2)
  !$omp target map(tofrom: p)
  p = p * 2
  !$omp end target
  if (any (p /= 12)) stop 5
  print *, 'ok'
end program
