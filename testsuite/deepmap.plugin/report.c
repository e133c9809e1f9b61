/* -fplugin-arg-deepmap-report: types, fields and counts, at the
   construct's file:line.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include "deepmap.h"

struct node { int v; struct node *next; };
struct cell { int n; short *s __attribute__ ((counted_by (n))); };
struct grid { struct cell cells[2]; struct node *heads[4]; int (*row)[8]; }; /* { dg-warning "pointer .row. of .struct grid. points to .int\\\[8\\\]." } */

void use (void *);

void
f (struct node *list, struct grid *g, int n)
{
#pragma omp target map(tofrom: list[0:1])
  use (list);
#pragma omp target enter data map(to: g[0:n])
}

/* { dg-final { scan-deepmap-report "report.c:16:9: deepmap: type 'struct node': size 16, 1 pointer field" } } */
/* { dg-final { scan-deepmap-report "report.c:16:9: deepmap:   next at 8 -> 'struct node', one element" } } */
/* { dg-final { scan-deepmap-report "report.c:16:9: deepmap: target: '\\*list' deep, elements of type 'struct node'" } } */
/* Arrays of structs whose pointers have their own count: one entry per
   element.  */
/* { dg-final { scan-deepmap-report "report.c:18:9: deepmap:   cells\\\[\\\].s at 8 -> 'short int', count in field 'n' at 0 \\(4 bytes, signed\\)" } } */
/* { dg-final { scan-deepmap-report "report.c:18:9: deepmap:   cells\\\[\\\].s at 24 -> 'short int', count in field 'n' at 16 \\(4 bytes, signed\\)" } } */
/* { dg-final { scan-deepmap-report "deepmap:   heads\\\[\\\] at 32 \\(4 times, stride 8\\) -> 'struct node', one element" } } */
/* { dg-final { scan-deepmap-report "deepmap:   row at 64 -> 'int', 8 elements" } } */
/* { dg-final { scan-deepmap-report "report.c:18:9: deepmap: target enter data: '\\*g' deep, elements of type 'struct grid'" } } */
/* struct node is described once, at its first use.  */
/* { dg-final { scan-deepmap-report-not "report.c:18:9: deepmap: type 'struct node'" } } */
