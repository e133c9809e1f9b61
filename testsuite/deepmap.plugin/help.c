/* -fplugin-arg-deepmap-help prints the usage and compiles normally.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-deepmap-help" } */
/* { dg-prune-output "." } */
int x;
/* { dg-final { scan-deepmap-report "deepmap plugin options \\(-fplugin-arg-deepmap-OPTION\\):" } } */
/* { dg-final { scan-deepmap-report "report=FILE" } } */
/* { dg-final { scan-deepmap-report "#pragma deepmap shallow" } } */
