/* dm-types.c -- type descriptors (struct deepmap_type of include/deepmap.h)
   emitted as static read-only data, one per type per translation unit.

   A descriptor lists the pointers of a type, flattened: pointers inside
   nested structs get the offset from the start of the outer object, an
   array of pointers or of structs becomes one entry that repeats every
   STRIDE bytes.  Each pointer names the descriptor of what it points to
   (a type without pointers gets one with no fields, for its size) and how
   many elements: counted_by's field, the length of a pointed-to array
   type, std::vector's end pointer, or one (a guess, warned about for
   pointers to scalars).  Pointers the runtime cannot follow (void *,
   functions, unions, incomplete types) and the internals of types from
   system headers (FILE, std::string; std::vector excepted) are left out
   with one warning each; C++ vtable pointers silently.  */
#include "deepmap-plugin.h"

/* Arrays of structs that cannot be expressed with one repeat are
   unrolled; past this many entries a type is truncated.  */
#define DM_MAX_FIELDS 4096

struct dm_field_info
{
  HOST_WIDE_INT offset, repeat, stride;
  tree pointee;			/* descriptor VAR_DECL */
  tree pointee_type;
  unsigned kind;		/* DM_COUNT_* */
  unsigned count_size;
  int count_signed;
  HOST_WIDE_INT count;
  char *name;
  char *count_name;		/* for the report */
};

/* GC roots: the C types of the descriptor ABI, the descriptor cache (a
   TREE_LIST of type -> VAR_DECL) and descriptors not yet finalized.  */
static tree dm_field_type, dm_type_type, dm_ann_type;
static tree dm_cache;
static tree dm_unfinished;
static tree dm_marks[4];	/* see dm_mark */
/* Every dm_access_marker made: kept, so that no other tree ever takes
   the address of one in dm_access_marks.  */
static tree dm_access_mark_list;

static const struct ggc_root_tab dm_roots[] = {
  { &dm_field_type, 1, sizeof (tree), &DM_GGC_MARK_TREE, &DM_PCH_WALK_TREE },
  { &dm_type_type, 1, sizeof (tree), &DM_GGC_MARK_TREE, &DM_PCH_WALK_TREE },
  { &dm_ann_type, 1, sizeof (tree), &DM_GGC_MARK_TREE, &DM_PCH_WALK_TREE },
  { &dm_cache, 1, sizeof (tree), &DM_GGC_MARK_TREE, &DM_PCH_WALK_TREE },
  { &dm_unfinished, 1, sizeof (tree), &DM_GGC_MARK_TREE, &DM_PCH_WALK_TREE },
  { &dm_marks[0], 1, sizeof (tree), &DM_GGC_MARK_TREE, &DM_PCH_WALK_TREE },
  { &dm_marks[1], 1, sizeof (tree), &DM_GGC_MARK_TREE, &DM_PCH_WALK_TREE },
  { &dm_marks[2], 1, sizeof (tree), &DM_GGC_MARK_TREE, &DM_PCH_WALK_TREE },
  { &dm_marks[3], 1, sizeof (tree), &DM_GGC_MARK_TREE, &DM_PCH_WALK_TREE },
  { &dm_access_mark_list, 1, sizeof (tree), &DM_GGC_MARK_TREE,
    &DM_PCH_WALK_TREE },
  LAST_GGC_ROOT_TAB
};

static void dm_warn_pending_links (void *, void *);

void
dm_types_register_roots (const char *name)
{
  register_callback (name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) dm_roots);
  /* And the warnings that wait for every function's code.  */
  register_callback (name, PLUGIN_ALL_IPA_PASSES_START,
		     dm_warn_pending_links, NULL);
}

/* ---- the ABI's record types ---------------------------------------- */

/* Add a field NAME of TYPE in front of the reversed chain *CHAIN.  */
void
dm_add_member (tree *chain, const char *name, tree type)
{
  tree f = build_decl (BUILTINS_LOCATION, FIELD_DECL, get_identifier (name),
		       type);
  DECL_CHAIN (f) = *chain;
  *chain = f;
}

/* The record types built above must lay out as include/deepmap.h's
   structs do (the plugin runs on the host it targets): a member added to
   one and not the other is caught at the first use, not at run time.  */
static tree dm_member (tree type, const char *name);

#define DM_CHECK_MEMBER(t, s, m)					\
  gcc_assert (int_byte_position (dm_member (t, #m)) == offsetof (s, m))

static void
dm_check_abi_layout (void)
{
  gcc_assert (tree_to_uhwi (TYPE_SIZE_UNIT (dm_field_type))
	      == sizeof (struct deepmap_field));
  DM_CHECK_MEMBER (dm_field_type, struct deepmap_field, offset);
  DM_CHECK_MEMBER (dm_field_type, struct deepmap_field, repeat);
  DM_CHECK_MEMBER (dm_field_type, struct deepmap_field, stride);
  DM_CHECK_MEMBER (dm_field_type, struct deepmap_field, pointee);
  DM_CHECK_MEMBER (dm_field_type, struct deepmap_field, count_kind);
  DM_CHECK_MEMBER (dm_field_type, struct deepmap_field, count_size);
  DM_CHECK_MEMBER (dm_field_type, struct deepmap_field, count_signed);
  DM_CHECK_MEMBER (dm_field_type, struct deepmap_field, count);
  DM_CHECK_MEMBER (dm_field_type, struct deepmap_field, name);
  gcc_assert (tree_to_uhwi (TYPE_SIZE_UNIT (dm_type_type))
	      == sizeof (struct deepmap_type));
  DM_CHECK_MEMBER (dm_type_type, struct deepmap_type, version);
  DM_CHECK_MEMBER (dm_type_type, struct deepmap_type, name);
  DM_CHECK_MEMBER (dm_type_type, struct deepmap_type, size);
  DM_CHECK_MEMBER (dm_type_type, struct deepmap_type, nfields);
  DM_CHECK_MEMBER (dm_type_type, struct deepmap_type, fields);
  DM_CHECK_MEMBER (dm_type_type, struct deepmap_type, tail);
  gcc_assert (tree_to_uhwi (TYPE_SIZE_UNIT (dm_ann_type))
	      == sizeof (struct deepmap_annotation));
  DM_CHECK_MEMBER (dm_ann_type, struct deepmap_annotation, host);
  DM_CHECK_MEMBER (dm_ann_type, struct deepmap_annotation, type);
}

static void
dm_build_abi_types (void)
{
  if (dm_type_type)
    return;
  tree cstr = build_pointer_type (build_qualified_type (char_type_node,
							TYPE_QUAL_CONST));
  dm_type_type = make_node (RECORD_TYPE);
  dm_field_type = make_node (RECORD_TYPE);
  tree type_ptr = build_pointer_type (dm_type_type);

  tree chain = NULL_TREE;
  dm_add_member (&chain, "offset", size_type_node);
  dm_add_member (&chain, "repeat", size_type_node);
  dm_add_member (&chain, "stride", size_type_node);
  dm_add_member (&chain, "pointee", type_ptr);
  dm_add_member (&chain, "count_kind", unsigned_type_node);
  dm_add_member (&chain, "count_size", unsigned_type_node);
  dm_add_member (&chain, "count_signed", integer_type_node);
  dm_add_member (&chain, "count", size_type_node);
  dm_add_member (&chain, "name", cstr);
  finish_builtin_struct (dm_field_type, "deepmap_field", chain, NULL_TREE);

  chain = NULL_TREE;
  dm_add_member (&chain, "version", unsigned_type_node);
  dm_add_member (&chain, "name", cstr);
  dm_add_member (&chain, "size", size_type_node);
  dm_add_member (&chain, "nfields", size_type_node);
  dm_add_member (&chain, "fields", build_pointer_type (dm_field_type));
  dm_add_member (&chain, "tail", build_pointer_type (dm_field_type));
  finish_builtin_struct (dm_type_type, "deepmap_type", chain, NULL_TREE);

  chain = NULL_TREE;
  dm_ann_type = make_node (RECORD_TYPE);
  dm_add_member (&chain, "host", const_ptr_type_node);
  dm_add_member (&chain, "type", type_ptr);
  finish_builtin_struct (dm_ann_type, "deepmap_annotation", chain, NULL_TREE);
  dm_check_abi_layout ();
}

tree
dm_annotation_type (void)
{
  dm_build_abi_types ();
  return dm_ann_type;
}

/* ---- names and small helpers ---------------------------------------- */

/* A readable name for TYPE, for descriptors and reports (xmalloc'd).  */
char *
dm_type_name (tree type)
{
  type = TYPE_MAIN_VARIANT (type);
  tree name = TYPE_NAME (type);
  if (name && TREE_CODE (name) == TYPE_DECL)
    name = DECL_NAME (name);

  switch (TREE_CODE (type))
    {
    case POINTER_TYPE:
      {
	char *inner = dm_type_name (TREE_TYPE (type));
	char *s = concat (inner, " *", NULL);
	free (inner);
	return s;
      }
    case ARRAY_TYPE:
      {
	char *inner = dm_type_name (TREE_TYPE (type));
	char *s;
	tree size = TYPE_SIZE_UNIT (type);
	tree esize = TYPE_SIZE_UNIT (TREE_TYPE (type));
	if (size && esize && tree_fits_uhwi_p (size) && tree_fits_uhwi_p (esize)
	    && tree_to_uhwi (esize))
	  s = xasprintf ("%s[" HOST_WIDE_INT_PRINT_UNSIGNED "]", inner,
			 tree_to_uhwi (size) / tree_to_uhwi (esize));
	else
	  s = concat (inner, "[]", NULL);
	free (inner);
	return s;
      }
    case RECORD_TYPE:
    case UNION_TYPE:
    case QUAL_UNION_TYPE:
      {
	const char *tag = TREE_CODE (type) == RECORD_TYPE ? "struct" : "union";
	if (name && TREE_CODE (TYPE_NAME (type)) == TYPE_DECL)
	  return xstrdup (IDENTIFIER_POINTER (name));
	if (name)
	  return concat (tag, " ", IDENTIFIER_POINTER (name), NULL);
	tree shown = dm_shown (type);
	if (shown != type)
	  return xstrdup (IDENTIFIER_POINTER (DECL_NAME (TYPE_NAME (shown))));
	return concat (tag, " <anonymous>", NULL);
      }
    default:
      if (name)
	return xstrdup (IDENTIFIER_POINTER (name));
      return xstrdup ("<scalar>");
    }
}

/* Does TYPE hold pointers in its own storage (not following them)?  */
static bool
dm_has_pointers (tree type)
{
  switch (TREE_CODE (type))
    {
    case POINTER_TYPE:
      return true;
    case ARRAY_TYPE:
      return dm_has_pointers (TREE_TYPE (type));
    case RECORD_TYPE:
    case UNION_TYPE:
    case QUAL_UNION_TYPE:
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
	if (TREE_CODE (f) == FIELD_DECL && dm_has_pointers (TREE_TYPE (f)))
	  return true;
      return false;
    default:
      return false;
    }
}

/* Is TYPE a flexible array member's, T[] (its length is not in the
   type)?  */
static bool
dm_flexible_array_p (const_tree type)
{
  return TREE_CODE (type) == ARRAY_TYPE
	 && (!TYPE_DOMAIN (type) || !TYPE_MAX_VALUE (TYPE_DOMAIN (type)));
}

/* Does a record of TYPE end with a flexible array member (its own, or
   that of its last member)?  */
bool
dm_has_flexible_array (const_tree type)
{
  if (TREE_CODE (type) != RECORD_TYPE)
    return false;
  tree last = NULL_TREE;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL)
      last = f;
  return last && (dm_flexible_array_p (TREE_TYPE (last))
		  || dm_has_flexible_array (TREE_TYPE (last)));
}

/* Does an object of TYPE need a descriptor: pointers to follow, or a
   tail that may be counted?  */
static bool
dm_needs_descriptor (tree type)
{
  return dm_has_pointers (type) || dm_flexible_array_p (type)
	 || dm_has_flexible_array (type);
}

tree
dm_element_type (tree type)
{
  while (TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  return type;
}

/* Fields and types already warned about: one warning each.  */
static vec<tree> dm_warned;

static bool
dm_first_warning (tree key)
{
  for (unsigned i = 0; i < dm_warned.length (); i++)
    if (dm_warned[i] == key)
      return false;
  dm_warned.safe_push (key);
  return true;
}

/* Where to warn about the storage of FIELD (or, outside any field, the
   construct LOC).  */
static location_t
dm_where (tree field, location_t loc)
{
  return field ? DECL_SOURCE_LOCATION (field) : loc;
}

/* The constant number of elements of array TYPE, or -1.  */
static HOST_WIDE_INT
dm_array_length (tree type)
{
  tree size = TYPE_SIZE_UNIT (type);
  tree esize = TYPE_SIZE_UNIT (TREE_TYPE (type));
  if (!TYPE_DOMAIN (type) || !TYPE_MAX_VALUE (TYPE_DOMAIN (type)) || !size
      || !esize || !tree_fits_shwi_p (size) || !tree_fits_shwi_p (esize)
      || tree_to_shwi (esize) <= 0)
    return -1;
  return tree_to_shwi (size) / tree_to_shwi (esize);
}

/* ---- collecting the pointers of a type ------------------------------ */

struct dm_collector
{
  vec<dm_field_info> fields;
  tree outer;			/* the type being described */
  location_t loc;		/* the construct that needs it */
  bool truncated;
  tree user_field;		/* innermost field of the program's own
				   types (warnings go there, not into
				   library headers) */
  bool in_vector;		/* inside a std::vector's internals */
  bool in_array;		/* describing an array's element */
  bool has_tail;		/* TAIL is set: a counted flexible array */
  dm_field_info tail;
  vec<tree> scopes;		/* the records that hold the current one as
				   an anonymous member (counted_by may name
				   their fields) */
  vec<HOST_WIDE_INT> bases;	/* ... and their offsets */
};

static tree dm_descriptor (tree type, location_t loc);
static void dm_collect_tail (dm_collector *c, tree type, HOST_WIDE_INT base,
			     tree field, HOST_WIDE_INT rec_base,
			     const char *path);
static void dm_collect (dm_collector *c, tree type, HOST_WIDE_INT base,
			tree field, HOST_WIDE_INT rec_base, const char *path);

static void
dm_push (dm_collector *c, const dm_field_info &f)
{
  if (c->fields.length () >= DM_MAX_FIELDS)
    {
      if (!c->truncated)
	dm_warning (c->loc, "deepmap: %qT has more than %d pointers: deep "
		    "copy follows the first %d only", dm_shown (c->outer),
		    DM_MAX_FIELDS, DM_MAX_FIELDS);
      c->truncated = true;
      free (f.name);
      free (f.count_name);
      return;
    }
  c->fields.safe_push (f);
}

/* Is TYPE declared in a system header (a library's internals)?  */
static bool
dm_library_type (tree type)
{
  type = TYPE_MAIN_VARIANT (type);
  tree decl = TYPE_STUB_DECL (type);
  if (!decl && TYPE_NAME (type) && TREE_CODE (TYPE_NAME (type)) == TYPE_DECL)
    decl = TYPE_NAME (type);
  return decl && in_system_header_at (DECL_SOURCE_LOCATION (decl));
}

/* Is TYPE an instance of the class template std::NAME (in std or a
   namespace inside it)?  */
static bool
dm_std_template (tree type, const char *what)
{
  tree name = TYPE_NAME (TYPE_MAIN_VARIANT (type));
  if (!name || TREE_CODE (name) != TYPE_DECL || !DECL_NAME (name)
      || strcmp (IDENTIFIER_POINTER (DECL_NAME (name)), what))
    return false;
  for (tree ctx = DECL_CONTEXT (name);
       ctx && TREE_CODE (ctx) == NAMESPACE_DECL; ctx = DECL_CONTEXT (ctx))
    if (DECL_NAME (ctx) && !strcmp (IDENTIFIER_POINTER (DECL_NAME (ctx)),
				    "std"))
      return true;
  return false;
}

/* Is TYPE an instance of std::vector?  */
bool
dm_std_vector (tree type)
{
  return dm_std_template (type, "vector");
}

/* The field to warn at for FIELD: inside a library's types, the
   program's field that holds them (the library's own lines are where
   GCC keeps quiet).  */
static tree
dm_warn_field (dm_collector *c, tree field)
{
  if (field && in_system_header_at (DECL_SOURCE_LOCATION (field)))
    return c->user_field;
  return field;
}

/* Is TYPE a C++ closure type: unnamed (the front end calls it
   "._anon_N"), with a member function operator ()?  */
static bool
dm_closure_type_p (tree type)
{
  if (!type || !RECORD_OR_UNION_TYPE_P (type) || !TYPE_NAME (type))
    return false;
  tree name = TREE_CODE (TYPE_NAME (type)) == TYPE_DECL
	      ? DECL_NAME (TYPE_NAME (type)) : TYPE_NAME (type);
  if (!name || !startswith (IDENTIFIER_POINTER (name), "._anon_"))
    return false;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FUNCTION_DECL && DECL_NAME (f)
	&& !strcmp (IDENTIFIER_POINTER (DECL_NAME (f)), "operator()"))
      return true;
  return false;
}

/* A guess of one element, warned about where a construct relies on it
   (dm_warn_guesses): not where the construct maps the pointee itself.  */
struct dm_guess
{
  tree field;			/* the program's field (NULL: none) */
  tree attached;		/* the pointer's own field, which a
				   construct's attachment names */
  tree ptype, target;
  char *path;
  location_t loc;		/* the construct that described the type */
};

/* The guesses of each described type (its main variant), and the
   types its pointers lead to.  Types live as long as the unit: no GC
   root needed.  */
struct dm_type_notes
{
  vec<dm_guess> guesses;
  vec<dm_guess> link_guesses;	/* pointers to structures: one object,
				   unless code indexes them */
  vec<tree> links;
  vec<tree> link_fields;	/* the program's field of each link, or
				   NULL_TREE */
};
static hash_map<tree, dm_type_notes> *dm_notes;

static dm_type_notes *
dm_notes_of (tree type)
{
  if (!dm_notes)
    dm_notes = new hash_map<tree, dm_type_notes>;
  bool existed;
  dm_type_notes &n = dm_notes->get_or_insert (TYPE_MAIN_VARIANT (type),
					      &existed);
  if (!existed)
    n = dm_type_notes { vNULL, vNULL, vNULL, vNULL };
  return &n;
}

/* Warn once that the pointee of G's path is a guess of one element;
   VIA, when G names no field, is the program's field whose pointees G's
   pointers are (double **rows: the rows).  */
static void
dm_emit_one_element (const dm_guess &g, tree via)
{
  tree wf = g.field, ptype = g.ptype, target = g.target;
  const char *path = g.path;
  if ((wf && dm_pipe_captured_field_p (wf))
      || !dm_first_warning (wf ? wf : TYPE_MAIN_VARIANT (ptype)))
    return;
  /* A C++ lambda's capture: its field is the variable's name after
     "__", in an unnamed class with an operator (), which the program
     cannot annotate.  */
  if (wf && DECL_NAME (wf)
      && startswith (IDENTIFIER_POINTER (DECL_NAME (wf)), "__")
      && dm_closure_type_p (DECL_CONTEXT (wf)))
    {
      dm_warning (DECL_SOURCE_LOCATION (wf),
		  "deepmap: pointer %qs captured by a lambda points to %qT: "
		  "one element assumed; map what it points to (in the "
		  "construct or an enclosing target data)",
		  IDENTIFIER_POINTER (DECL_NAME (wf)) + 2, target);
      return;
    }
  if (wf)
    dm_warning (DECL_SOURCE_LOCATION (wf),
		"deepmap: pointer %qs of %qT points to %qT: one element "
		"assumed; use %<deepmap_counted_by%>", path,
		dm_shown (DECL_CONTEXT (wf)), target);
  else if (via)
    dm_warning (DECL_SOURCE_LOCATION (via),
		"deepmap: the pointers that %qE of %qT points to (of type "
		"%qT, no count) point to %qT: one element assumed each",
		DECL_NAME (via), dm_shown (DECL_CONTEXT (via)), ptype, target);
  else
    dm_warning (g.loc, "deepmap: a pointer of type %qT (not a field: "
		"no count) points to %qT: one element assumed", ptype,
		target);
}

/* Link guesses a construct relied on whose field no code had indexed
   yet: looked at again once every function has been seen.  */
static vec<dm_guess> dm_pending_links;
static hash_set<tree> *dm_links_warned;

/* Warn once that the pointer to structures of G, taken for a link to one
   object, is used as an array (at AT); true if it is (so far).  */
static bool
dm_emit_indexed_link (const dm_guess &g)
{
  location_t at;
  if (!g.attached || !dm_field_indexed (g.attached, &at))
    return false;
  tree wf = g.field ? g.field : g.attached;
  if (!dm_links_warned)
    dm_links_warned = new hash_set<tree>;
  if (dm_links_warned->add (wf) || dm_pipe_captured_field_p (wf))
    return true;
  expanded_location x = expand_location (at);
  dm_warning (DECL_SOURCE_LOCATION (wf),
	      "deepmap: pointer %qs of %qT points to %qT and is used as an "
	      "array (%s:%d): one element assumed; use "
	      "%<deepmap_counted_by%>", g.path, dm_shown (DECL_CONTEXT (wf)),
	      g.target, x.file ? x.file : "?", x.line);
  return true;
}

/* PLUGIN_ALL_IPA_PASSES_START: every function's code has been seen.  */
static void
dm_warn_pending_links (void *, void *)
{
  for (const dm_guess &g : dm_pending_links)
    dm_emit_indexed_link (g);
  dm_pending_links.release ();
}

/* Note that the pointee of PATH (the pointer FIELD, or none) is a guess
   of one element.  */
static void
dm_warn_one_element (dm_collector *c, tree ptype, tree field,
		     const char *path, tree target)
{
  dm_guess g = { dm_warn_field (c, field), field, ptype, target,
		 xstrdup (path), c->loc };
  dm_notes_of (c->outer)->guesses.safe_push (g);
}

void
dm_warn_guesses (tree type, const vec<tree> &attached)
{
  /* The types the item's objects reach, each once.  */
  tree root = TYPE_MAIN_VARIANT (dm_element_type (type));
  auto_vec<tree> reach, via;
  hash_set<tree> reached;
  reach.safe_push (root);
  via.safe_push (NULL_TREE);
  reached.add (root);
  while (!reach.is_empty ())
    {
      tree t = reach.pop ();
      tree t_via = via.pop ();
      dm_type_notes *n = dm_notes_of (t);
      for (const dm_guess &g : n->guesses)
	if (!(t == root && g.attached && attached.contains (g.attached)))
	  dm_emit_one_element (g, t_via);
      for (const dm_guess &g : n->link_guesses)
	if (!(t == root && attached.contains (g.attached))
	    && !dm_emit_indexed_link (g))
	  dm_pending_links.safe_push (g);
      for (unsigned i = 0; i < n->links.length (); i++)
	if (!reached.add (n->links[i]))
	  {
	    reach.safe_push (n->links[i]);
	    via.safe_push (n->link_fields[i]);
	  }
    }
}

/* An entry for one pointer at BASE named PATH, one element by default.  */
static dm_field_info
dm_one_pointer (HOST_WIDE_INT base, const char *path)
{
  dm_field_info f;
  memset (&f, 0, sizeof f);
  f.offset = base;
  f.repeat = 1;
  f.kind = DM_COUNT_ONE;
  f.name = xstrdup (path);
  return f;
}

/* F's count is the integer field COUNT at byte AT of the object.  */
static void
dm_count_in_field (dm_field_info *f, tree count, HOST_WIDE_INT at)
{
  f->kind = DM_COUNT_FIELD;
  f->count = at;
  f->count_size = tree_to_uhwi (DECL_SIZE_UNIT (count));
  f->count_signed = !TYPE_UNSIGNED (TREE_TYPE (count));
  f->count_name = xstrdup (IDENTIFIER_POINTER (DECL_NAME (count)));
}

/* The type C describes leads to TARGET's objects.  */
static void
dm_note_link (dm_collector *c, tree target, tree field)
{
  tree t = TYPE_MAIN_VARIANT (target);
  dm_type_notes *n = dm_notes_of (c->outer);
  if (!n->links.contains (t))
    {
      n->links.safe_push (t);
      n->link_fields.safe_push (field);
    }
}

static bool dm_library_internals (tree type);

/* Does the C++ class TYPE (or one of its bases) hold a vtable pointer?  */
static bool
dm_polymorphic_p (tree type, int depth = 0)
{
  if (!RECORD_OR_UNION_TYPE_P (type) || depth > 16)
    return false;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL && DECL_ARTIFICIAL (f)
	&& (DECL_VIRTUAL_P (f)
	    || (!DECL_NAME (f) && dm_polymorphic_p (TREE_TYPE (f),
						     depth + 1))))
      return true;
  return false;
}

/* A pointer of type PTYPE at BASE, inside FIELD (NULL outside any)
   whose struct starts at REC_BASE.  END, when not NULL_TREE, is the
   field of the same struct that points one past the last element
   (std::vector's _M_finish).  */
static bool
dm_collect_pointer (dm_collector *c, tree ptype, HOST_WIDE_INT base,
		    tree field, HOST_WIDE_INT rec_base, const char *path,
		    tree end)
{
  tree pt = TREE_TYPE (ptype);
  tree wf = dm_warn_field (c, field);
  tree key = wf ? wf : TYPE_MAIN_VARIANT (ptype);
  tree where_type = dm_shown (wf ? DECL_CONTEXT (wf) : c->outer);
  location_t where = dm_where (wf, c->loc);
  HOST_WIDE_INT count_at = 0;
  tree count = field ? dm_counted_by (field, c->scopes, c->bases, rec_base,
				      &count_at) : NULL_TREE;

  if (VOID_TYPE_P (pt))
    {
      if (dm_first_warning (key))
	dm_warning (where,
		    "deepmap: pointer %qs of %qT is a %<void *%>: deep copy "
		    "does not follow it", path, where_type);
      return false;
    }
  if (FUNC_OR_METHOD_TYPE_P (pt))
    {
      if (dm_first_warning (key))
	dm_warning (where,
		    "deepmap: pointer %qs of %qT points to a function: deep "
		    "copy does not follow it", path, where_type);
      return false;
    }
  if (!COMPLETE_TYPE_P (pt) || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (pt)))
    {
      if (dm_first_warning (key))
	dm_warning (where,
		    "deepmap: pointer %qs of %qT points to %qT, whose size is "
		    "unknown: deep copy does not follow it", path, where_type,
		    pt);
      return false;
    }
  /* A library's objects that hold pointers (FILE, std::string, ...)
     have internals the program does not own: following them copies back
     over the library's own state.  A program that wants their bytes
     maps them itself.  Library types of plain data (std::complex,
     struct timespec) are data like the program's own.  */
  tree elem = dm_element_type (pt);
  if (RECORD_OR_UNION_TYPE_P (elem) && dm_library_internals (elem))
    {
      if (dm_first_warning (key))
	dm_warning (where,
		    "deepmap: pointer %qs of %qT points to %qT, a type of a "
		    "system header: deep copy does not follow it", path,
		    where_type, pt);
      return false;
    }

  dm_field_info f = dm_one_pointer (base, path);
  tree target = pt;
  HOST_WIDE_INT len;
  if (end)
    {
      /* Signed distance, stored modulo 2^N like the ABI's size_t.  */
      f.kind = DM_COUNT_END;
      f.count = rec_base + int_byte_position (end) - base;
      f.count_name = xstrdup (IDENTIFIER_POINTER (DECL_NAME (end)));
    }
  else if (count && tree_fits_uhwi_p (DECL_SIZE_UNIT (count)))
    dm_count_in_field (&f, count, count_at);
  else if (TREE_CODE (pt) == ARRAY_TYPE && (len = dm_array_length (pt)) > 0)
    {
      /* int (*p)[8] points to 8 ints: one row, a guess as for int *p,
	 since such a pointer is as often the rows of an int[n][8].  */
      f.kind = DM_COUNT_FIXED;
      f.count = len;
      target = TREE_TYPE (pt);
      dm_warn_one_element (c, ptype, field, path, pt);
    }
  else if (!RECORD_OR_UNION_TYPE_P (pt)
	   || (dm_library_type (pt) && !dm_std_vector (pt)))
    /* A struct pointer is a link to one object, and so is a pointer to
       a std::vector (a container of its own); a pointer to scalars, or
       to a library's values (std::complex), is as often an array.  */
    dm_warn_one_element (c, ptype, field, path, pt);
  else if (field)
    {
      /* Unless the code indexes it (dm-indexed.c).  */
      dm_guess g = { wf, field, ptype, pt, xstrdup (path), c->loc };
      dm_notes_of (c->outer)->link_guesses.safe_push (g);
    }
  /* The object may be of a derived class, whose own fields a
     descriptor of TARGET does not know (a virtual call in a region then
     reads what was never mapped).  */
  if (TREE_CODE (target) == RECORD_TYPE && !TYPE_FINAL_P (target)
      && dm_polymorphic_p (target) && dm_first_warning (key))
    dm_warning (where,
		"deepmap: pointer %qs of %qT points to %qT, a class with "
		"virtual functions: an object of a class derived from it is "
		"mapped as a %qT only, without the derived class's fields",
		path, where_type, target, target);
  f.pointee_type = target;
  f.pointee = dm_descriptor (target, c->loc);
  if (f.pointee)
    dm_note_link (c, target, wf);
  if (!f.pointee)
    {
      free (f.name);
      free (f.count_name);
      return false;
    }
  dm_push (c, f);
  return true;
}

/* N copies of the entries SUB, one per element of an array of ESIZE-byte
   elements starting at BASE.  */
static void
dm_repeat_entries (dm_collector *c, vec<dm_field_info> &sub,
		   HOST_WIDE_INT base, HOST_WIDE_INT esize, HOST_WIDE_INT n)
{
  for (unsigned i = 0; i < sub.length (); i++)
    {
      dm_field_info f = sub[i];
      bool count_inside = f.kind == DM_COUNT_FIELD && f.count >= base
			  && f.count < base + esize;
      if (n == 1)
	dm_push (c, f);
      else if (!count_inside && f.repeat == 1)
	{
	  f.repeat = n;
	  f.stride = esize;
	  dm_push (c, f);
	}
      else if (!count_inside && f.repeat * f.stride == esize)
	{
	  /* Evenly spread over the element: one longer run.  */
	  f.repeat *= n;
	  dm_push (c, f);
	}
      else
	{
	  /* Each element's pointers have their own count field (or a run
	     that does not tile): one entry per element.  */
	  for (HOST_WIDE_INT e = 0; e < n && !c->truncated; e++)
	    {
	      dm_field_info g = f;
	      g.offset += e * esize;
	      if (count_inside)
		g.count += e * esize;
	      g.name = xstrdup (f.name);
	      g.count_name = f.count_name ? xstrdup (f.count_name) : NULL;
	      dm_push (c, g);
	    }
	  free (f.name);
	  free (f.count_name);
	}
    }
}

static void
dm_collect_array (dm_collector *c, tree type, HOST_WIDE_INT base,
		  tree field, HOST_WIDE_INT rec_base, const char *path)
{
  tree elem = TREE_TYPE (type);
  HOST_WIDE_INT n = dm_array_length (type);

  if (!dm_has_pointers (elem) || n == 0)
    return;
  if (n < 0)
    {
      tree key = field ? field : TYPE_MAIN_VARIANT (type);
      if (dm_first_warning (key))
	dm_warning (dm_where (field, c->loc),
		    "deepmap: array %qs of %qT has no constant length: deep "
		    "copy does not follow its pointers", path,
		    dm_shown (field ? DECL_CONTEXT (field) : c->outer));
      return;
    }
  HOST_WIDE_INT esize = tree_to_shwi (TYPE_SIZE_UNIT (elem));
  char *sub_path = concat (path, "[]", NULL);
  dm_collector sub = { vNULL, c->outer, c->loc, false, c->user_field,
			 c->in_vector, true, false, dm_field_info () };
  dm_collect (&sub, elem, base, field, rec_base, sub_path);
  free (sub_path);
  dm_repeat_entries (c, sub.fields, base, esize, n);
  sub.fields.release ();
}

/* A flexible array member FIELD of TYPE at BASE, in a struct at
   REC_BASE: with counted_by, the tail of the object being described
   (the runtime maps as many elements as the count says and follows
   their pointers); without, a warning, as only the header is mapped.  */
static void
dm_collect_tail (dm_collector *c, tree type, HOST_WIDE_INT base,
		 tree field, HOST_WIDE_INT rec_base, const char *path)
{
  HOST_WIDE_INT count_at = 0;
  tree count = field ? dm_counted_by (field, c->scopes, c->bases, rec_base,
				      &count_at) : NULL_TREE;
  tree elem = TREE_TYPE (type);
  tree wf = dm_warn_field (c, field);
  if (!count || !tree_fits_uhwi_p (DECL_SIZE_UNIT (count)) || c->in_array
      || c->has_tail)
    {
      if (!wf || !dm_first_warning (wf))
	return;
      if (c->in_array || c->has_tail)
	dm_warning (DECL_SOURCE_LOCATION (wf),
		    "deepmap: flexible array member %qs of %qT is not at the "
		    "end of the mapped object: only the header is mapped",
		    path, dm_shown (DECL_CONTEXT (wf)));
      else
	dm_warning (DECL_SOURCE_LOCATION (wf),
		    "deepmap: flexible array member %qs of %qT has no count: "
		    "only the header is mapped; use %<counted_by%>", path,
		    dm_shown (DECL_CONTEXT (wf)));
      return;
    }
  if (!COMPLETE_TYPE_P (elem) || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (elem))
      || integer_zerop (TYPE_SIZE_UNIT (elem)))
    return;
  dm_field_info f = dm_one_pointer (base, path);
  dm_count_in_field (&f, count, count_at);
  f.pointee_type = elem;
  f.pointee = dm_descriptor (elem, c->loc);
  if (f.pointee)
    dm_note_link (c, elem, dm_warn_field (c, field));
  if (!f.pointee)
    {
      free (f.name);
      free (f.count_name);
      return;
    }
  c->tail = f;
  c->has_tail = true;
}

/* In std::vector's internals, the record holding the [begin, end)
   pointers _M_start and _M_finish (libstdc++'s _Vector_impl_data), or
   NULL_TREE; *END gets _M_finish.  */
static tree
dm_range_fields (tree type, tree *end)
{
  tree start = NULL_TREE, finish = NULL_TREE;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL && DECL_NAME (f)
	&& POINTER_TYPE_P (TREE_TYPE (f)))
      {
	const char *n = IDENTIFIER_POINTER (DECL_NAME (f));
	if (!strcmp (n, "_M_start"))
	  start = f;
	else if (!strcmp (n, "_M_finish"))
	  finish = f;
      }
  if (!start || !finish
      || TYPE_MAIN_VARIANT (TREE_TYPE (start))
	 != TYPE_MAIN_VARIANT (TREE_TYPE (finish)))
    return NULL_TREE;
  *end = finish;
  return start;
}

static tree
dm_vector_range (dm_collector *c, tree type, tree *end)
{
  return c->in_vector ? dm_range_fields (type, end) : NULL_TREE;
}

/* Does the std::vector TYPE keep its elements between two pointers
   (in a record among its bases and members)?  std::vector<bool> does
   not: it packs bits behind iterators, and deep copy leaves it alone.  */
static bool
dm_vector_has_range (tree type, int depth)
{
  tree end;
  if (TREE_CODE (type) != RECORD_TYPE || depth > 4)
    return false;
  if (dm_range_fields (type, &end))
    return true;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL
	&& dm_vector_has_range (TREE_TYPE (f), depth + 1))
      return true;
  return false;
}

/* Is TYPE a library's object whose pointers are the library's state
   (FILE, std::string)?  Not a library's plain data (std::complex,
   struct timespec), nor the containers that hold the program's elements:
   std::vector (but std::vector<bool>, which keeps no element pointers)
   and std::array (T[N] in a struct).  */
static bool
dm_library_internals (tree type)
{
  return dm_library_type (type) && dm_has_pointers (type)
	 && !(dm_std_vector (type) && dm_vector_has_range (type, 0))
	 && !dm_std_template (type, "array");
}

/* Fields that are not the program's data: C++'s vtable pointer (the
   device needs its own, which only the device compiler knows), and a
   vector's _M_end_of_storage (one past its allocation: never an object,
   and not what its elements end with unless full).  _M_finish is kept:
   see dm_collect_vector_end.  */
static bool
dm_skip_field (tree f, tree range_start)
{
  if (DECL_VIRTUAL_P (f) && DECL_ARTIFICIAL (f))
    return true;
  if (!range_start || !DECL_NAME (f))
    return false;
  const char *n = IDENTIFIER_POINTER (DECL_NAME (f));
  return !strcmp (n, "_M_end_of_storage");
}

/* Is FIELD of the C++ class TYPE the subobject of a virtual base?  Such
   a field is unnamed and lies where a virtual base's binfo says, in an
   object whose most derived type is TYPE; inside a larger object (a
   diamond's left side, reached as such) the base lies elsewhere, which
   no descriptor of TYPE can know.  Unless TYPE is final.  */
static bool
dm_virtual_base_at (tree binfo, HOST_WIDE_INT pos)
{
  tree base;
  for (unsigned i = 0; BINFO_BASE_ITERATE (binfo, i, base); i++)
    if ((BINFO_VIRTUAL_P (base) && tree_fits_shwi_p (BINFO_OFFSET (base))
	 && tree_to_shwi (BINFO_OFFSET (base)) == pos)
	|| dm_virtual_base_at (base, pos))
      return true;
  return false;
}

static bool
dm_virtual_base_field (tree type, tree field)
{
  return !TYPE_FINAL_P (type) && !DECL_NAME (field) && DECL_ARTIFICIAL (field)
	 && RECORD_OR_UNION_TYPE_P (TREE_TYPE (field)) && TYPE_BINFO (type)
	 && tree_fits_shwi_p (byte_position (field))
	 && dm_virtual_base_at (TYPE_BINFO (type),
				int_byte_position (field));
}

/* A vector's _M_finish at BASE, of type PTYPE: an uncounted pointer
   entry, which the runtime translates into the elements _M_start's
   entry maps, because it points one past their end (deepcopy.c,
   dm_sibling_end).  So size (), end () and range-for work in a region.
   It is never an element of its own, so no warning.  */
static void
dm_collect_vector_end (dm_collector *c, tree ptype, HOST_WIDE_INT base,
		       const char *path)
{
  tree pt = TREE_TYPE (ptype);
  if (!COMPLETE_TYPE_P (pt) || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (pt)))
    return;
  dm_field_info f = dm_one_pointer (base, path);
  f.pointee_type = pt;
  f.pointee = dm_descriptor (pt, c->loc);
  if (f.pointee)
    dm_note_link (c, pt, NULL_TREE);
  if (!f.pointee)
    {
      free (f.name);
      return;
    }
  dm_push (c, f);
}

static void
dm_collect_record (dm_collector *c, tree type, HOST_WIDE_INT base,
		   tree field, const char *path)
{
  bool vector = dm_std_vector (type) && dm_vector_has_range (type, 0);
  if (!c->in_vector && dm_library_internals (type))
    {
      /* FILE, std::string, pthread_mutex_t: the library's business.  */
      tree wf = dm_warn_field (c, field);
      if (dm_first_warning (wf ? wf : TYPE_MAIN_VARIANT (type)))
	dm_warning (dm_where (wf, c->loc),
		    "deepmap: %qs of %qT is a %qT, a type of a system header "
		    "holding pointers: deep copy does not follow them",
		    *path ? path : "*",
		    dm_shown (wf ? DECL_CONTEXT (wf) : c->outer),
		    type);
      return;
    }
  dm_check_counts (TYPE_MAIN_VARIANT (type));
  /* A named member starts afresh: counted_by names its own fields.  */
  vec<tree> outer_scopes = c->scopes;
  vec<HOST_WIDE_INT> outer_bases = c->bases;
  bool anonymous = field && !DECL_NAME (field);
  if (!anonymous)
    {
      c->scopes = vNULL;
      c->bases = vNULL;
    }
  bool saved_in_vector = c->in_vector;
  c->in_vector |= vector;
  tree end = NULL_TREE;
  tree start = dm_vector_range (c, type, &end);
  bool start_followed = false;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL || DECL_BIT_FIELD (f) || dm_is_shallow (f)
	  || !dm_needs_descriptor (TREE_TYPE (f)) || dm_skip_field (f, start))
	continue;
      if (!tree_fits_shwi_p (byte_position (f)))
	continue;
      if (dm_virtual_base_field (type, f))
	{
	  /* As a base of a larger object, TYPE's virtual bases are that
	     object's, which describes them itself.  */
	  tree key = TYPE_MAIN_VARIANT (type);
	  if (!(field && !DECL_NAME (field) && DECL_ARTIFICIAL (field))
	      && dm_first_warning (key))
	    dm_warning (dm_where (dm_warn_field (c, field), c->loc),
			"deepmap: virtual base %qT of %qT holds pointers: "
			"deep copy does not follow them (where a virtual "
			"base lies depends on the most derived object)",
			TREE_TYPE (f), dm_shown (type));
	  continue;
	}
      HOST_WIDE_INT off = base + int_byte_position (f);
      char *sub_path;
      if (!DECL_NAME (f))
	sub_path = xstrdup (path);
      else if (*path)
	sub_path = concat (path, ".", IDENTIFIER_POINTER (DECL_NAME (f)), NULL);
      else
	sub_path = xstrdup (IDENTIFIER_POINTER (DECL_NAME (f)));
      tree saved_user = c->user_field;
      if (!in_system_header_at (DECL_SOURCE_LOCATION (f)))
	c->user_field = f;
      if (!DECL_NAME (f))
	{
	  c->scopes.safe_push (type);
	  c->bases.safe_push (base);
	}
      if (f == start)
	start_followed = dm_collect_pointer (c, TREE_TYPE (f), off, f, base,
					     sub_path, end);
      else if (f == end)
	{
	  /* Not followed, _M_start keeps its host value: so must the end
	     (mapped alone it would be an element past the buffer).  */
	  if (start_followed)
	    dm_collect_vector_end (c, TREE_TYPE (f), off, sub_path);
	}
      else
	dm_collect (c, TREE_TYPE (f), off, f, base, sub_path);
      if (!DECL_NAME (f))
	{
	  c->scopes.pop ();
	  c->bases.pop ();
	}
      c->user_field = saved_user;
      free (sub_path);
    }
  c->in_vector = saved_in_vector;
  if (!anonymous)
    {
      c->scopes.release ();
      c->bases.release ();
      c->scopes = outer_scopes;
      c->bases = outer_bases;
    }
}

/* The pointers of an object of TYPE at BASE.  FIELD is the field whose
   storage this is (NULL at the top), REC_BASE the start of the struct
   holding FIELD, PATH its name for reports.  */
static void
dm_collect (dm_collector *c, tree type, HOST_WIDE_INT base, tree field,
	    HOST_WIDE_INT rec_base, const char *path)
{
  switch (TREE_CODE (type))
    {
    case POINTER_TYPE:
      dm_collect_pointer (c, type, base, field, rec_base, *path ? path : "*",
			  NULL_TREE);
      break;
    case ARRAY_TYPE:
      if (dm_flexible_array_p (type))
	dm_collect_tail (c, type, base, field, rec_base, path);
      else
	dm_collect_array (c, type, base, field, rec_base, path);
      break;
    case RECORD_TYPE:
      dm_collect_record (c, type, base, field, path);
      break;
    case UNION_TYPE:
    case QUAL_UNION_TYPE:
      if (dm_has_pointers (type))
	{
	  tree key = field ? field : TYPE_MAIN_VARIANT (type);
	  if (!dm_first_warning (key))
	    break;
	  if (field)
	    dm_warning (DECL_SOURCE_LOCATION (field),
			"deepmap: union %qs of %qT holds pointers: deep copy "
			"does not follow them", path,
			dm_shown (DECL_CONTEXT (field)));
	  else
	    dm_warning (c->loc, "deepmap: union %qT holds pointers: deep "
			"copy does not follow them", dm_shown (type));
	}
      break;
    default:
      break;
    }
}

/* ---- descriptors ---------------------------------------------------- */

static unsigned dm_serial;

/* A new read-only static variable NAME of TYPE that the program does not
   see: the plugin's static data.  */
tree
dm_new_static (tree name, tree type)
{
  tree d = build_decl (BUILTINS_LOCATION, VAR_DECL, name, type);
  TREE_STATIC (d) = 1;
  TREE_READONLY (d) = 1;
  TREE_ADDRESSABLE (d) = 1;
  TREE_USED (d) = 1;
  DECL_ARTIFICIAL (d) = 1;
  DECL_IGNORED_P (d) = 1;
  return d;
}

static tree
dm_static_var (tree type, const char *prefix)
{
  char name[64];
  snprintf (name, sizeof name, "%s.%u", prefix, dm_serial++);
  return dm_new_static (get_identifier (name), type);
}

static tree
dm_string (const char *s)
{
  tree str = build_string_literal (strlen (s) + 1, s);
  return fold_convert (TREE_TYPE (DECL_CHAIN (TYPE_FIELDS (dm_type_type))),
		       str);
}

/* Member NAME of record TYPE.  */
static tree
dm_member (tree type, const char *name)
{
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (DECL_NAME (f) && !strcmp (IDENTIFIER_POINTER (DECL_NAME (f)), name))
      return f;
  gcc_unreachable ();
}

static tree
dm_field_ctor (const dm_field_info &f)
{
  vec<constructor_elt, va_gc> *v = NULL;
  tree t = dm_field_type;
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "offset"), size_int (f.offset));
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "repeat"), size_int (f.repeat));
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "stride"), size_int (f.stride));
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "pointee"),
			  build_fold_addr_expr (f.pointee));
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "count_kind"),
			  build_int_cst (unsigned_type_node, f.kind));
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "count_size"),
			  build_int_cst (unsigned_type_node, f.count_size));
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "count_signed"),
			  build_int_cst (integer_type_node, f.count_signed));
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "count"), size_int (f.count));
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "name"), dm_string (f.name));
  tree ctor = build_constructor (t, v);
  TREE_CONSTANT (ctor) = 1;
  TREE_STATIC (ctor) = 1;
  return ctor;
}

static int
dm_by_offset (const void *a, const void *b)
{
  const dm_field_info *x = (const dm_field_info *) a;
  const dm_field_info *y = (const dm_field_info *) b;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* One report line for entry F, after PREFIX.  */
static void
dm_report_entry (location_t loc, const char *prefix, const dm_field_info &f)
{
  char rep[96] = "";
  char count[128];
  if (f.repeat > 1)
    snprintf (rep, sizeof rep, " (" HOST_WIDE_INT_PRINT_DEC " times, "
	      "stride " HOST_WIDE_INT_PRINT_DEC ")", f.repeat, f.stride);
  if (f.kind == DM_COUNT_FIELD)
    snprintf (count, sizeof count, "count in field '%s' at "
	      HOST_WIDE_INT_PRINT_DEC " (%u bytes, %s)", f.count_name,
	      f.count, f.count_size, f.count_signed ? "signed" : "unsigned");
  else if (f.kind == DM_COUNT_END)
    snprintf (count, sizeof count, "up to the end pointer '%s' at "
	      HOST_WIDE_INT_PRINT_DEC, f.count_name, f.offset + f.count);
  else if (f.kind == DM_COUNT_FIXED)
    snprintf (count, sizeof count, HOST_WIDE_INT_PRINT_DEC " elements",
	      f.count);
  else
    snprintf (count, sizeof count, "one element");
  char *pointee = dm_type_name (f.pointee_type);
  dm_report (loc, "  %s%s at " HOST_WIDE_INT_PRINT_DEC "%s -> '%s', %s",
	     prefix, f.name, f.offset, rep, pointee, count);
  free (pointee);
}

static void
dm_report_type (location_t loc, const char *name,
		unsigned HOST_WIDE_INT size, dm_collector &c)
{
  if (!dm_reporting ())
    return;
  vec<dm_field_info> &fields = c.fields;
  dm_report (loc, "type '%s': size " HOST_WIDE_INT_PRINT_UNSIGNED ", %u "
	     "pointer field%s%s", name, size, fields.length (),
	     fields.length () == 1 ? "" : "s",
	     c.has_tail ? ", counted tail" : "");
  for (unsigned i = 0; i < fields.length (); i++)
    dm_report_entry (loc, "", fields[i]);
  if (c.has_tail)
    dm_report_entry (loc, "tail ", c.tail);
}

/* The descriptor of TYPE (a VAR_DECL), created on first use; NULL_TREE
   for a type without a constant size.  */
static tree
dm_descriptor (tree type, location_t loc)
{
  type = TYPE_MAIN_VARIANT (type);
  for (tree l = dm_cache; l; l = TREE_CHAIN (l))
    if (TREE_PURPOSE (l) == type)
      return TREE_VALUE (l);
  if (!COMPLETE_TYPE_P (type) || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (type)))
    return NULL_TREE;

  dm_build_abi_types ();
  tree decl = dm_static_var (dm_type_type, "__deepmap_type");
  /* Cached before its fields are collected: a type that points to itself
     finds its own descriptor.  */
  dm_cache = tree_cons (type, decl, dm_cache);

  dm_collector c = { vNULL, type, loc, false, NULL_TREE, false, false,
		     false, dm_field_info () };
  dm_collect (&c, type, 0, NULL_TREE, 0, "");
  c.fields.qsort (dm_by_offset);

  tree fields_addr = null_pointer_node;
  unsigned n = c.fields.length ();
  if (n)
    {
      tree atype = build_array_type_nelts (dm_field_type, n);
      tree arr = dm_static_var (atype, "__deepmap_fields");
      vec<constructor_elt, va_gc> *v = NULL;
      for (unsigned i = 0; i < n; i++)
	CONSTRUCTOR_APPEND_ELT (v, size_int (i), dm_field_ctor (c.fields[i]));
      tree ctor = build_constructor (atype, v);
      TREE_CONSTANT (ctor) = 1;
      TREE_STATIC (ctor) = 1;
      DECL_INITIAL (arr) = ctor;
      dm_unfinished = tree_cons (NULL_TREE, arr, dm_unfinished);
      fields_addr = build_fold_addr_expr (build4 (ARRAY_REF, dm_field_type,
						  arr, size_zero_node,
						  NULL_TREE, NULL_TREE));
    }

  tree tail_addr = null_pointer_node;
  if (c.has_tail)
    {
      tree tail = dm_static_var (dm_field_type, "__deepmap_tail");
      DECL_INITIAL (tail) = dm_field_ctor (c.tail);
      dm_unfinished = tree_cons (NULL_TREE, tail, dm_unfinished);
      tail_addr = build_fold_addr_expr (tail);
    }

  char *name = dm_type_name (type);
  unsigned HOST_WIDE_INT size = tree_to_uhwi (TYPE_SIZE_UNIT (type));
  vec<constructor_elt, va_gc> *v = NULL;
  tree t = dm_type_type;
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "version"),
			  build_int_cst (unsigned_type_node,
					 DM_DESCRIPTOR_VERSION));
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "name"), dm_string (name));
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "size"), size_int (size));
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "nfields"), size_int (n));
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "fields"),
			  fold_convert (TREE_TYPE (dm_member (t, "fields")),
					fields_addr));
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "tail"),
			  fold_convert (TREE_TYPE (dm_member (t, "tail")),
					tail_addr));
  tree ctor = build_constructor (t, v);
  TREE_CONSTANT (ctor) = 1;
  TREE_STATIC (ctor) = 1;
  DECL_INITIAL (decl) = ctor;
  dm_unfinished = tree_cons (NULL_TREE, decl, dm_unfinished);

  dm_report_type (loc, name, size, c);
  if (c.has_tail)
    {
      free (c.tail.name);
      free (c.tail.count_name);
    }
  for (unsigned i = 0; i < n; i++)
    {
      free (c.fields[i].name);
      free (c.fields[i].count_name);
    }
  c.fields.release ();
  free (name);
  return decl;
}

/* The descriptor for the elements of a mapped item of TYPE, or NULL_TREE
   when they have no pointers to follow.  Reports unions as such.
   Elements that are pointers (a section of an int ** or struct T **, an
   array of pointers) are followed as their type says; void and function
   pointers are simply data there.  */
tree
dm_descriptor_for (tree type, location_t construct)
{
  type = dm_element_type (type);
  if (TREE_CODE (type) == UNION_TYPE || TREE_CODE (type) == QUAL_UNION_TYPE)
    {
      if (dm_has_pointers (type) && dm_first_warning (TYPE_MAIN_VARIANT (type)))
	dm_warning (construct, "deepmap: union %qT holds pointers: deep "
		    "copy does not follow them", dm_shown (type));
      return NULL_TREE;
    }
  if (TREE_CODE (type) == POINTER_TYPE
      && (VOID_TYPE_P (TREE_TYPE (type))
	  || FUNC_OR_METHOD_TYPE_P (TREE_TYPE (type))))
    return NULL_TREE;
  if ((TREE_CODE (type) != RECORD_TYPE && TREE_CODE (type) != POINTER_TYPE)
      || !dm_needs_descriptor (type))
    return NULL_TREE;
  tree decl = dm_descriptor (type, construct);
  if (!decl)
    return NULL_TREE;
  tree nfields = CONSTRUCTOR_ELT (DECL_INITIAL (decl), 3)->value;
  tree tail = CONSTRUCTOR_ELT (DECL_INITIAL (decl), 5)->value;
  return integer_zerop (nfields) && integer_zerop (tail) ? NULL_TREE : decl;
}

/* The unit's marks (DEEPMAP_MARK_* in deepmap.h): descriptors that are
   no types, made once each.  */
static tree
dm_mark (unsigned version, const char *what,
	 unsigned slot = ~0u)
{
  tree &decl = dm_marks[slot != ~0u ? slot
			: version - DEEPMAP_MARK_OVERWRITTEN];
  if (decl)
    return decl;
  dm_build_abi_types ();
  decl = dm_static_var (dm_type_type, "__deepmap_mark");
  vec<constructor_elt, va_gc> *v = NULL;
  tree t = dm_type_type;
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "version"),
			  build_int_cst (unsigned_type_node, version));
  CONSTRUCTOR_APPEND_ELT (v, dm_member (t, "name"), dm_string (what));
  tree ctor = build_constructor (t, v);
  TREE_CONSTANT (ctor) = 1;
  TREE_STATIC (ctor) = 1;
  DECL_INITIAL (decl) = ctor;
  if (in_lto_p || symtab->state >= IPA_SSA)
    {
      /* Made by hoisting (in lto1, or after every annotate pass has
	 run), when no annotate pass finishes it (dm_finish_descriptors):
	 finished now, as dm_static_data does.  */
      varpool_node::finalize_decl (decl);
      varpool_node *node = varpool_node::get (decl);
      if (node && !node->analyzed)
	node->analyze ();
    }
  else
    dm_unfinished = tree_cons (NULL_TREE, decl, dm_unfinished);
  return decl;
}

tree
dm_overwrite_marker (void)
{
  return dm_mark (DEEPMAP_MARK_OVERWRITTEN, "stored to before it is read");
}

tree
dm_read_only_marker (void)
{
  return dm_mark (DEEPMAP_MARK_READ_ONLY, "only read");
}

tree
dm_written_first_marker (void)
{
  return dm_mark (DEEPMAP_MARK_WRITTEN_FIRST, "read after it is stored");
}

/* Read only if the device functions the region hands it to only read
   it: the hoisting pass decides once their bodies are in SSA form
   (dm_resolve_pending_sites) and makes it dm_read_only_marker's.  Until
   then it has the version the runtime ignores.  */
tree
dm_read_only_pending_marker (void)
{
  return dm_mark (DEEPMAP_MARK_WRITTEN_FIRST,
		  "only read, if the functions it is given only read it", 3);
}

/* In lto1 the marks are the compile steps' variables, a set per unit,
   read back with the site tables (dm_recover_sites): the version their
   initializer gives tells them apart (0: not a mark).  A pending
   read-only mark the compile step did not resolve still has the
   version of the marks the runtime ignores.  */
static unsigned
dm_lto_mark_version (tree desc)
{
  if (!in_lto_p || !desc || !VAR_P (desc))
    return 0;
  varpool_node *v = varpool_node::get (desc);
  tree init = v ? v->get_constructor () : DECL_INITIAL (desc);
  if (!init || TREE_CODE (init) != CONSTRUCTOR)
    return 0;
  unsigned HOST_WIDE_INT i;
  tree field, value;
  FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (init), i, field, value)
    if (field && TREE_CODE (field) == FIELD_DECL && DECL_NAME (field)
	&& !strcmp (IDENTIFIER_POINTER (DECL_NAME (field)), "version")
	&& TREE_CODE (value) == INTEGER_CST && tree_fits_uhwi_p (value))
      {
	unsigned HOST_WIDE_INT ver = tree_to_uhwi (value);
	return ver >= DEEPMAP_MARK_OVERWRITTEN ? (unsigned) ver : 0;
      }
  return 0;
}

bool
dm_is_read_only_pending_marker (tree desc)
{
  return desc && (desc == dm_marks[3]
		  || dm_lto_mark_version (desc) == DEEPMAP_MARK_WRITTEN_FIRST);
}

bool
dm_is_overwrite_marker (tree desc)
{
  return desc && (desc == dm_marks[0]
		  || dm_lto_mark_version (desc) == DEEPMAP_MARK_OVERWRITTEN);
}

/* Marks that carry a summary of the region's accesses, for hoisting
   alone: each its own variable, so that the summary follows the entry
   to the site table.  */
static hash_map<tree, dm_access_summary *> *dm_access_marks;

tree
dm_access_marker (dm_access_summary *summary)
{
  dm_written_first_marker ();
  tree decl = dm_static_var (dm_type_type, "__deepmap_mark");
  DECL_INITIAL (decl) = DECL_INITIAL (dm_marks[2]);
  dm_unfinished = tree_cons (NULL_TREE, decl, dm_unfinished);
  dm_access_mark_list = tree_cons (NULL_TREE, decl, dm_access_mark_list);
  if (!dm_access_marks)
    dm_access_marks = new hash_map<tree, dm_access_summary *>;
  dm_access_marks->put (decl, summary);
  return decl;
}

/* The summary DESC carries, if it is such a mark.  */
const dm_access_summary *
dm_marker_access (tree desc)
{
  dm_access_summary **s = desc && dm_access_marks
			  ? dm_access_marks->get (desc) : NULL;
  return s ? *s : NULL;
}

bool
dm_is_written_first_marker (tree desc)
{
  return desc && (desc == dm_marks[2] || dm_marker_access (desc));
}

bool
dm_is_mark (tree desc)
{
  return desc && (desc == dm_marks[0] || desc == dm_marks[1]
		  || desc == dm_marks[2] || desc == dm_marks[3]
		  || dm_lto_mark_version (desc) != 0);
}

/* Hand the descriptors made since the last call to the symbol table, now
   that every initializer they refer to is complete.  */
void
dm_finish_descriptors (void)
{
  tree list = nreverse (dm_unfinished);
  dm_unfinished = NULL_TREE;
  for (tree l = list; l; l = TREE_CHAIN (l))
    varpool_node::finalize_decl (TREE_VALUE (l));
}
