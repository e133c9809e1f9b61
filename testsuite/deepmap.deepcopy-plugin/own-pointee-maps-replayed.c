/* own-pointee-maps.c with the record and replay of deep items on
   (DEEPMAP_CHECK turns them off): a structure that a target data or
   enter data maps deep is recorded, and a kernel that maps the
   structure's pointee itself must not replay the record (its own map
   decides what is copied in and back), nor may the record's pins keep
   the pointee from being copied in or make the structure's end copy it
   back.  Before, the kernels missed the host's writes between them.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "own-pointee-maps.c"
/* { dg-output "own pointee maps: ok" } */
