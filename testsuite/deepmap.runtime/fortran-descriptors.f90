! Fortran arrays reach the runtime through descriptors: GCC lists a
! descriptor as a TO_PSET item followed by a POINTER or ALWAYS_POINTER
! item for its data pointer.  The descriptor must be copied in and its
! device copy must point at the device copy of the data (always_pointer:
! again at each construct; a descriptor mapped before its array was
! allocated: once it is).  Before, TO_PSET was never copied and
! always_pointer stored the descriptor's own device address: every
! region using an allocatable array faulted.  DEEPMAP_EMU_STRICT=1 finds
! a host address left in a device copy, which the emulated device would
! otherwise read correctly.
! { dg-do run }
! { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" }
module fd_fields
  implicit none
  real(8), allocatable :: u(:,:), v(:,:)
  integer, parameter :: nx = 24, ny = 16
  type holder
    integer :: n
    real(8), pointer :: x(:) => null()
    real(8), pointer :: y(:) => null()
  end type
contains
  subroutine fd_init ()
    integer :: i, j
    allocate (u(nx,ny), v(nx,ny))
    do j = 1, ny
      do i = 1, nx
        u(i,j) = i + 100*j
      end do
    end do
    v = 0
    !$omp target enter data map(to: u) map(alloc: v)
  end subroutine
  subroutine fd_step ()
    integer :: i, j
    !$omp target teams distribute parallel do collapse(2)
    do j = 2, ny - 1
      do i = 2, nx - 1
        v(i,j) = 0.25d0 * (u(i-1,j) + u(i+1,j) + u(i,j-1) + u(i,j+1))
      end do
    end do
    !$omp target teams distribute parallel do collapse(2)
    do j = 2, ny - 1
      do i = 2, nx - 1
        u(i,j) = v(i,j)
      end do
    end do
  end subroutine
  subroutine fd_scale (x, f)
    real(8), intent(inout) :: x(:)
    real(8), intent(in) :: f
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: x)
    do i = 1, size (x)
      x(i) = x(i) * f
    end do
  end subroutine
end module

program fortran_descriptors
  use fd_fields
  implicit none
  real(8), allocatable :: a(:), b(:), late(:), uref(:,:), vref(:,:)
  real(8), target :: ybuf(10)
  real(8) :: s, w(20)
  type(holder) :: g
  integer :: i, j, it, n
  n = 1000

  ! An explicit map in a region: descriptor fresh, pointer item.
  allocate (a(n), b(n))
  a = [(dble(i), i = 1, n)]
  s = 0
  !$omp target map(to: a) map(tofrom: s)
  do i = 1, n
    s = s + a(i)
  end do
  !$omp end target
  if (s /= n * (n + 1) / 2) stop 1

  ! Target data around a region that maps them implicitly
  ! (always_pointer, descriptor present).
  b = 0
  !$omp target data map(to: a) map(from: b)
  !$omp target teams distribute parallel do
  do i = 1, n
    b(i) = 2 * a(i)
  end do
  !$omp end target data
  if (any (b /= 2 * a)) stop 2

  ! Mapped before it is allocated, then allocated and mapped again.
  !$omp target data map(late)
  allocate (late(5))
  late = [1, 2, 3, 4, 5]
  !$omp target
  if (.not. allocated (late)) stop 3
  if (size (late) /= 5) stop 4
  late = late * 10
  !$omp end target
  !$omp end target data
  if (any (late /= [10, 20, 30, 40, 50])) stop 5

  ! Module arrays kept with enter data, regions in a subroutine.
  call fd_init ()
  allocate (uref(nx,ny), vref(nx,ny))
  uref = u
  vref = 0
  do it = 1, 4
    call fd_step ()
    do j = 2, ny - 1
      do i = 2, nx - 1
        vref(i,j) = 0.25d0 * (uref(i-1,j) + uref(i+1,j) + uref(i,j-1) &
                              + uref(i,j+1))
      end do
    end do
    uref(2:nx-1,2:ny-1) = vref(2:nx-1,2:ny-1)
  end do
  !$omp target update from(u)
  !$omp target exit data map(delete: u, v)
  if (any (abs (u - uref) > 1d-9)) stop 6

  ! Pointer components: the structure comes back with its host pointers.
  g%n = 10
  allocate (g%x(g%n))
  g%x = [(dble(i), i = 1, 10)]
  ybuf = 1
  g%y => ybuf
  !$omp target map(tofrom: g, g%x, g%y)
  do i = 1, g%n
    g%x(i) = g%x(i) * 2 + g%y(i)
    g%y(i) = -i
  end do
  !$omp end target
  if (any (g%x /= [(2 * dble(i) + 1, i = 1, 10)])) stop 7
  if (any (ybuf /= [(-dble(i), i = 1, 10)])) stop 8
  if (.not. associated (g%y, ybuf)) stop 9

  ! Assumed-shape dummies: a section, and the component array.
  w = [(dble(i), i = 1, 20)]
  call fd_scale (w(5:14), 3d0)
  if (any (w(5:14) /= [(3 * dble(i), i = 5, 14)])) stop 10
  if (any (w(1:4) /= [(dble(i), i = 1, 4)])) stop 11
  if (any (w(15:20) /= [(dble(i), i = 15, 20)])) stop 12
  call fd_scale (g%x, 0.5d0)
  if (any (g%x /= [(dble(i) + 0.5d0, i = 1, 10)])) stop 13
end program
