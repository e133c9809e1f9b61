/* UMT-like three-level pointer chains with several pointer fields per
   level: a mesh points to arrays of zones and materials, each zone to an
   array of corners and a flux array, each corner to psi and edge arrays
   (all deepmap_counted_by); the mesh also points into the middle of one
   zone's corner array, which must land in the same device copy.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct corner
{
  int ng;
  double *psi deepmap_counted_by (ng);
  int ne;
  int *edges deepmap_counted_by (ne);
  double area;
};

struct zone
{
  int nc;
  struct corner *c deepmap_counted_by (nc);
  int nf;
  double *flux deepmap_counted_by (nf);
};

struct mesh
{
  int nz;
  struct zone *zones deepmap_counted_by (nz);
  int nm;
  double *material deepmap_counted_by (nm);
  struct corner *hot;		/* &zones[1].c[2] */
};

#define NZ 12
#define NM 5

static double
psi0 (int z, int c, int g)
{
  return z * 10000 + c * 100 + g;
}

int
main (void)
{
  int dev = omp_get_default_device ();
  struct mesh *m = xcalloc (1, sizeof *m);
  m->nz = NZ;
  m->zones = xcalloc (NZ, sizeof (struct zone));
  m->nm = NM;
  m->material = xcalloc (NM, sizeof (double));
  for (int i = 0; i < NM; i++)
    m->material[i] = i;
  for (int z = 0; z < NZ; z++)
    {
      struct zone *zn = &m->zones[z];
      zn->nc = 3 + z % 4;
      zn->c = xcalloc (zn->nc, sizeof (struct corner));
      zn->nf = 2 + z % 3;
      zn->flux = xcalloc (zn->nf, sizeof (double));
      for (int c = 0; c < zn->nc; c++)
	{
	  struct corner *cr = &zn->c[c];
	  cr->ng = 4 + (z + c) % 5;
	  cr->psi = xcalloc (cr->ng, sizeof (double));
	  for (int g = 0; g < cr->ng; g++)
	    cr->psi[g] = psi0 (z, c, g);
	  cr->ne = 2;
	  cr->edges = xcalloc (2, sizeof (int));
	  cr->edges[0] = z;
	  cr->edges[1] = c;
	  cr->area = 1.0 + c;
	}
    }
  m->hot = &m->zones[1].c[2];

#pragma omp target data map(tofrom: m[0:1])
  {
    CHECK (omp_target_is_present (m, dev));
    CHECK (omp_target_is_present (&m->zones[NZ - 1], dev));
    CHECK (omp_target_is_present (&m->material[NM - 1], dev));
    for (int z = 0; z < NZ; z++)
      {
	struct zone *zn = &m->zones[z];
	CHECK (omp_target_is_present (&zn->c[zn->nc - 1], dev));
	CHECK (omp_target_is_present (&zn->flux[zn->nf - 1], dev));
	for (int c = 0; c < zn->nc; c++)
	  {
	    CHECK (omp_target_is_present (&zn->c[c].psi[zn->c[c].ng - 1],
					  dev));
	    CHECK (omp_target_is_present (&zn->c[c].edges[1], dev));
	  }
      }
    /* The interior pointer is translated into the corner array's copy.  */
    struct mesh dm;
    CHECK (omp_target_memcpy (&dm, omp_get_mapped_ptr (m, dev), sizeof dm,
			      0, 0, omp_get_initial_device (), dev) == 0);
    CHECK (dm.hot == omp_get_mapped_ptr (&m->zones[1].c[2], dev));
    CHECK (dm.zones == omp_get_mapped_ptr (m->zones, dev));

#pragma omp target map(tofrom: m[0:1])
    {
      for (int z = 0; z < m->nz; z++)
	{
	  struct zone *zn = &m->zones[z];
	  for (int f = 0; f < zn->nf; f++)
	    zn->flux[f] = z + f * 0.5;
	  for (int c = 0; c < zn->nc; c++)
	    {
	      struct corner *cr = &zn->c[c];
	      for (int g = 0; g < cr->ng; g++)
		cr->psi[g] = cr->psi[g] * cr->area
			     + m->material[cr->edges[0] % m->nm];
	      cr->area = -cr->area;
	    }
	}
      /* Through the interior pointer: the same device object.  */
      m->hot->psi[0] += 0.25;
      m->material[0] = 42;
    }

    CHECK (m->material[0] == 0);
    CHECK (m->zones[3].flux[1] == 0);
    CHECK (m->zones[1].c[2].psi[0] == psi0 (1, 2, 0));
    CHECK (m->zones[4].c[1].area == 2.0);
    CHECK (m->hot == &m->zones[1].c[2]);
  }

  CHECK (!omp_target_is_present (m, dev));
  CHECK (!omp_target_is_present (m->zones[5].c, dev));
  CHECK (m->hot == &m->zones[1].c[2]);
  CHECK (m->material[0] == 42);
  for (int z = 0; z < NZ; z++)
    {
      struct zone *zn = &m->zones[z];
      CHECK (zn->nc == 3 + z % 4);
      for (int f = 0; f < zn->nf; f++)
	CHECK (zn->flux[f] == z + f * 0.5);
      for (int c = 0; c < zn->nc; c++)
	{
	  struct corner *cr = &zn->c[c];
	  CHECK (cr->area == -(1.0 + c));
	  CHECK (cr->edges[0] == z && cr->edges[1] == c);
	  for (int g = 0; g < cr->ng; g++)
	    {
	      double want = psi0 (z, c, g) * (1.0 + c) + z % NM;
	      if (z == 1 && c == 2 && g == 0)
		want += 0.25;
	      CHECK (cr->psi[g] == want);
	    }
	}
    }
  puts ("umt chains ok");
  return 0;
}
/* { dg-output "umt chains ok" } */
