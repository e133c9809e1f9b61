/* counted_by must name an integer field of the same struct.  */
/* { dg-do compile } */

struct a { int *p __attribute__ ((counted_by (nope))); };	/* { dg-error "'counted_by' names 'nope', which is not a field of 'struct a'" } */
struct b { double d; int *p __attribute__ ((counted_by (d))); };	/* { dg-error "'counted_by' field 'd' must be an integer" } */
struct c { int n; int k __attribute__ ((counted_by (n))); };	/* { dg-warning "'counted_by' attribute ignored: not a pointer field" } */
/* The count may come after the pointer.  */
struct d { int *p __attribute__ ((counted_by (n))); long n; };
struct d dd;
/* On a flexible array member (GCC 15's form) the same rules hold.  */
struct e { double *p; float f[] __attribute__ ((counted_by (p))); };	/* { dg-error "'counted_by' field 'p' must be an integer" } */
struct f { int n; float f[] __attribute__ ((counted_by (m))); };	/* { dg-error "'counted_by' names 'm', which is not a field of 'struct f'" } */
