/* -fplugin-arg-deepmap-help prints the usage and compiles normally.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-deepmap-help" } */
/* { dg-prune-output "." } */
int x;
/* { dg-final { scan-deepmap-report "deepmap plugin options \\(-fplugin-arg-deepmap-OPTION\\):" } } */
/* { dg-final { scan-deepmap-report "report=FILE" } } */
/* { dg-final { scan-deepmap-report "#pragma deepmap shallow" } } */
/* { dg-final { scan-deepmap-report "warnings=none\\|all\\|error" } } */
/* { dg-final { scan-deepmap-report "#pragma deepmap diagnostic ignored" } } */
