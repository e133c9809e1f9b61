/* maptable.c -- AVL tree of mappings ordered by (host_start, host_end).
   Parent links make in-order walks (neighbours of an interval) O(1)
   amortised, which range queries and, later, range fusion need.  */
#include "maptable.h"

static inline int
dm_height (const struct dm_mapping *m)
{
  return m ? m->height : 0;
}

static inline void
dm_fix_height (struct dm_mapping *m)
{
  int l = dm_height (m->left), r = dm_height (m->right);
  m->height = (l > r ? l : r) + 1;
}

static inline int
dm_key_less (const struct dm_mapping *a, const struct dm_mapping *b)
{
  return a->host_start < b->host_start
	 || (a->host_start == b->host_start && a->host_end < b->host_end);
}

/* Replace child OLD of P (or the root) by NEW.  */
static inline void
dm_replace_child (struct dm_maptable *t, struct dm_mapping *p,
		  struct dm_mapping *old, struct dm_mapping *new)
{
  if (!p)
    t->root = new;
  else if (p->left == old)
    p->left = new;
  else
    p->right = new;
  if (new)
    new->parent = p;
}

static struct dm_mapping *
dm_rotate_left (struct dm_maptable *t, struct dm_mapping *x)
{
  struct dm_mapping *y = x->right;
  dm_replace_child (t, x->parent, x, y);
  x->right = y->left;
  if (y->left)
    y->left->parent = x;
  y->left = x;
  x->parent = y;
  dm_fix_height (x);
  dm_fix_height (y);
  return y;
}

static struct dm_mapping *
dm_rotate_right (struct dm_maptable *t, struct dm_mapping *x)
{
  struct dm_mapping *y = x->left;
  dm_replace_child (t, x->parent, x, y);
  x->left = y->right;
  if (y->right)
    y->right->parent = x;
  y->right = x;
  x->parent = y;
  dm_fix_height (x);
  dm_fix_height (y);
  return y;
}

/* Restore the AVL invariant from N up to the root.  */
static void
dm_rebalance (struct dm_maptable *t, struct dm_mapping *n)
{
  while (n)
    {
      int old = n->height;
      dm_fix_height (n);
      int bal = dm_height (n->left) - dm_height (n->right);
      if (bal > 1)
	{
	  if (dm_height (n->left->left) < dm_height (n->left->right))
	    dm_rotate_left (t, n->left);
	  n = dm_rotate_right (t, n);
	}
      else if (bal < -1)
	{
	  if (dm_height (n->right->right) < dm_height (n->right->left))
	    dm_rotate_right (t, n->right);
	  n = dm_rotate_left (t, n);
	}
      else if (n->height == old && n->parent)
	/* Nothing above can change any more.  */
	return;
      n = n->parent;
    }
}

void
dm_maptable_insert (struct dm_maptable *t, struct dm_mapping *m)
{
  struct dm_mapping *p = NULL, **link = &t->root;
  while (*link)
    {
      p = *link;
      link = dm_key_less (m, p) ? &p->left : &p->right;
    }
  m->left = m->right = NULL;
  m->parent = p;
  m->height = 1;
  *link = m;
  t->count++;
  if (p)
    dm_rebalance (t, p);
}

void
dm_maptable_remove (struct dm_maptable *t, struct dm_mapping *m)
{
  struct dm_mapping *fix;
  if (m->left && m->right)
    {
      /* Swap M with its successor S, which has no left child.  */
      struct dm_mapping *s = m->right;
      while (s->left)
	s = s->left;
      struct dm_mapping *sp = s->parent, *sr = s->right;
      dm_replace_child (t, m->parent, m, s);
      s->left = m->left;
      s->left->parent = s;
      if (sp == m)
	fix = s;
      else
	{
	  sp->left = sr;
	  if (sr)
	    sr->parent = sp;
	  s->right = m->right;
	  s->right->parent = s;
	  fix = sp;
	}
      s->height = m->height;
    }
  else
    {
      struct dm_mapping *c = m->left ? m->left : m->right;
      fix = m->parent;
      dm_replace_child (t, m->parent, m, c);
    }
  t->count--;
  m->left = m->right = m->parent = NULL;
  /* Removal can shorten subtrees all the way up: no early stop.  */
  while (fix)
    {
      struct dm_mapping *up = fix->parent;
      dm_fix_height (fix);
      int bal = dm_height (fix->left) - dm_height (fix->right);
      if (bal > 1)
	{
	  if (dm_height (fix->left->left) < dm_height (fix->left->right))
	    dm_rotate_left (t, fix->left);
	  dm_rotate_right (t, fix);
	}
      else if (bal < -1)
	{
	  if (dm_height (fix->right->right) < dm_height (fix->right->left))
	    dm_rotate_right (t, fix->right);
	  dm_rotate_left (t, fix);
	}
      fix = up;
    }
}

struct dm_mapping *
dm_maptable_floor (const struct dm_maptable *t, uintptr_t addr)
{
  struct dm_mapping *n = t->root, *best = NULL;
  while (n)
    if (n->host_start <= addr)
      {
	best = n;
	n = n->right;
      }
    else
      n = n->left;
  return best;
}

struct dm_mapping *
dm_maptable_ceil (const struct dm_maptable *t, uintptr_t addr)
{
  struct dm_mapping *n = t->root, *best = NULL;
  while (n)
    if (n->host_start >= addr)
      {
	best = n;
	n = n->left;
      }
    else
      n = n->right;
  return best;
}

struct dm_mapping *
dm_maptable_first (const struct dm_maptable *t)
{
  struct dm_mapping *n = t->root;
  while (n && n->left)
    n = n->left;
  return n;
}

struct dm_mapping *
dm_maptable_next (const struct dm_mapping *m)
{
  if (m->right)
    {
      m = m->right;
      while (m->left)
	m = m->left;
      return (struct dm_mapping *) m;
    }
  while (m->parent && m->parent->right == m)
    m = m->parent;
  return m->parent;
}

struct dm_mapping *
dm_maptable_prev (const struct dm_mapping *m)
{
  if (m->left)
    {
      m = m->left;
      while (m->right)
	m = m->right;
      return (struct dm_mapping *) m;
    }
  while (m->parent && m->parent->left == m)
    m = m->parent;
  return m->parent;
}
