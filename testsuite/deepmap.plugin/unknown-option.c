/* Unknown plugin options are errors.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-deepmap-frobnicate" } */
/* { dg-error "unknown option '-fplugin-arg-deepmap-frobnicate'" "" { target *-*-* } 0 } */
int x;
