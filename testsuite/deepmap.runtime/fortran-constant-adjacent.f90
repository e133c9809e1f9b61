! A region that assigns an array constructor reads it from a constant
! gfortran makes declare target, whose device copy the emulated device
! allocates first; a component mapped next by enter data can start right
! after it.  The region's argument for that component is the component's
! device address, not a one-past-the-end pointer of the constant: taken
! for one, it became the constant's host address + 16, and the region
! wrote into read-only memory (found with GCC's newer libgomp tests).
! An argument stands for a declare target variable only where its list
! item's host address lies in the variable and the device address
! matches.
! { dg-do run }
program fortran_constant_adjacent
  implicit none
  type pair
    integer :: v(4)
    integer :: tag
  end type
  type(pair) :: p
  p%tag = 7
  !$omp target enter data map(alloc: p%v)
  !$omp target map(alloc: p%v)
    p%v = [3, 1, 4, 1]
  !$omp end target
  !$omp target exit data map(from: p%v)
  if (any (p%v /= [3, 1, 4, 1])) stop 1
  if (p%tag /= 7) stop 2
  ! A member after the first: the structure's base address passed to
  ! the region is a device address no block starts at, here one past the
  ! end of the constant's copy; the region must not get the constant's
  ! host address for it.
  !$omp target enter data map(alloc: p%tag)
  !$omp target map(alloc: p%tag)
    p%tag = 42
  !$omp end target
  !$omp target exit data map(from: p%tag)
  if (p%tag /= 42) stop 3
  print *, 'ok'
end program
