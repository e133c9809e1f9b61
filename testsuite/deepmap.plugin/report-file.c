/* -fplugin-arg-deepmap-report=FILE appends the report to FILE instead of
   writing it to stderr.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-deepmap-report=report-file.txt" } */
#include "deepmap.h"

struct node { int v; struct node *next; };

void
f (struct node *list)
{
#pragma omp target enter data map(to: list[0:1])
}

/* { dg-final { scan-deepmap-report-not "deepmap:" } } */
/* { dg-final { scan-deepmap-file ../report-file.txt "report-file.c:12:9: deepmap: target enter data: '\\*list' deep" } } */
