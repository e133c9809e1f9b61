/* A value where none is taken is an error too.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-deepmap-off=yes" } */
/* { dg-error "unknown option '-fplugin-arg-deepmap-off=yes'" "" { target *-*-* } 0 } */
int x;
