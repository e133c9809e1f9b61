/* { dg-do compile } */
/* { dg-options "-fplugin-arg-deepmap-warnings=some" } */
/* { dg-error "deepmap: '-fplugin-arg-deepmap-warnings=some': expected 'none', 'all' or 'error'" "" { target *-*-* } 0 } */
int x;
