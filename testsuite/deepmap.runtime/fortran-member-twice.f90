! A pointer component named twice in one construct, as itself and as its
! whole section: gfortran lists its descriptor as two members of one
! structure entry.  The members then share one reference count; the
! descriptor, joined twice to that group, made a ring the exit could not
! walk ("internal error: mapping ... is not in its table", found with
! GCC's newer libgomp tests).
! { dg-do run }
program fortran_member_twice
  implicit none
  type holder
    real(8), pointer :: q(:)
  end type
  type(holder) :: h
  real(8), target :: store(16)
  integer :: i
  h%q => store
  h%q = 1
  !$omp target map(to: h%q) map(tofrom: h%q(:))
    do i = 1, 16
      h%q(i) = h%q(i) + i
    end do
  !$omp end target
  do i = 1, 16
    if (store(i) /= 1 + i) stop 1
  end do
  !$omp target map(tofrom: h%q(:)) map(to: h%q)
    h%q(3) = -1
  !$omp end target
  if (store(3) /= -1) stop 2
  print *, 'ok'
end program
