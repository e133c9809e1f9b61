/* Rodinia's backprop: a run of two constructs maps an array it loads
   from a structure (which may share bytes with anything) beside the
   function's own weights, which nothing reads after the run (they are
   only freed).
   The run-time test that keeps the two apart converts the weights'
   address to a number; that is no escape, so the weights are released
   at the end of the run, not copied back.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* In: in by each construct (2 x 800 bytes: the call may read it), w
   once (8000), s1 and s2 (16); back: in (800), s1 and s2 (16); w not
   (8000 more before).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 9616 bytes, d2h \[0-9\]+ transfers 816 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100
#define M 1000

__attribute__ ((noipa)) static double
host_total (const double *p, int n)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += p[i];
  return s;
}

struct net
{
  double *in, *hidden;
};

__attribute__ ((noinline)) static double
train (struct net *net, int n, int m)
{
  double *in = net->in;
  double *w = (double *) malloc (m * sizeof *w);
  for (int i = 0; i < m; i++)
    w[i] = i % 7;
  double s1 = 0, s2 = 0;
#pragma omp target map(tofrom: in[0:n], w[0:m], s1)
  {
    for (int i = 0; i < m; i++)
      w[i] = w[i] * 2 + in[i % n];
    for (int i = 0; i < n; i++)
      in[i] += 1;
    s1 = w[m - 1];
  }
  double h = host_total (net->hidden, n);
#pragma omp target map(tofrom: in[0:n], w[0:m], s2)
  {
    for (int i = 0; i < m; i++)
      w[i] += in[i % n];
    s2 = w[0] + w[m - 1];
  }
  free (w);
  return s1 + s2 + h;
}

int
main (void)
{
  double *in = (double *) malloc (N * sizeof *in);
  double *hidden = (double *) malloc (N * sizeof *hidden);
  for (int i = 0; i < N; i++)
    in[i] = i, hidden[i] = i + 1;
  struct net net = { in, hidden };
  double r = train (&net, N, M);
  /* The host's.  */
  double w0 = 0 * 2 + 0, wl = (999 % 7) * 2 + 99, h = 0;
  for (int i = 0; i < N; i++)
    {
      if (in[i] != i + 1)
	abort ();
      h += i + 1;
    }
  double s1 = wl, s2 = (w0 + 1) + (wl + 100);
  if (r != s1 + s2 + h)
    abort ();
  free (in);
  free (hidden);
  return 0;
}
/* { dg-final { scan-deepmap-report "dead-after-checked.c:41:9: deepmap: hoist: 'w' kept on the device from the construct at dead-after-checked.c:41 to the construct at dead-after-checked.c:50 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: nothing reads it afterwards" } } */
