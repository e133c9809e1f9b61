/* dm-attribs.c -- the attributes the plugin understands.

   counted_by (FIELD)  on a pointer field (or an array of pointers): it
                       points to as many elements as the integer field
                       FIELD of the same struct holds; on a flexible array
                       member: it has that many elements.  Clang and
                       GCC >= 15 spell it the same way.
   deepmap_shallow     on a variable, parameter or pointer field: mapping
                       it never follows pointers.  */
#include "deepmap-plugin.h"

/* GCC 12's C parser reads the arguments of an attribute it does not know
   to take identifiers as expressions, so counted_by (n) would look up a
   variable n.  The target hook decides for the others; answer for ours
   and defer to the target for the rest.  */
static bool (*dm_saved_takes_identifier) (const_tree);

static bool
dm_takes_identifier (const_tree attr_id)
{
  if (is_attribute_p ("counted_by", attr_id))
    return true;
  return dm_saved_takes_identifier (attr_id);
}

void
dm_wrap_identifier_hook (void)
{
  if (dm_saved_takes_identifier)
    return;
  dm_saved_takes_identifier = targetm.attribute_takes_identifier_p;
  targetm.attribute_takes_identifier_p = dm_takes_identifier;
}

static tree
dm_handle_counted_by (tree *node, tree name, tree args, int flags,
		      bool *no_add_attrs)
{
  tree decl = *node;
  tree type = TREE_TYPE (decl);

  /* A flexible array member (GCC 15's form) counts its own elements.  */
  bool flexible = TREE_CODE (type) == ARRAY_TYPE
		  && (!TYPE_DOMAIN (type) || !TYPE_MAX_VALUE (TYPE_DOMAIN (type)));
  while (TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  if (TREE_CODE (decl) != FIELD_DECL || (!POINTER_TYPE_P (type) && !flexible))
    {
      warning_at (DECL_SOURCE_LOCATION (decl), OPT_Wattributes,
		  "deepmap: %qE attribute ignored: not a pointer field or "
		  "flexible array member", name);
      *no_add_attrs = true;
    }
  else if (TREE_CODE (TREE_VALUE (args)) != IDENTIFIER_NODE)
    {
      error_at (DECL_SOURCE_LOCATION (decl),
		"deepmap: %qE attribute argument must be a field name", name);
      *no_add_attrs = true;
    }
  return NULL_TREE;
}

static tree
dm_handle_shallow (tree *node, tree name, tree args, int flags,
		   bool *no_add_attrs)
{
  tree decl = *node;

  if (TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL
      && TREE_CODE (decl) != FIELD_DECL)
    {
      warning_at (DECL_SOURCE_LOCATION (decl), OPT_Wattributes,
		  "deepmap: %qE attribute ignored: not a variable, parameter "
		  "or field", name);
      *no_add_attrs = true;
    }
  return NULL_TREE;
}

static struct attribute_spec dm_counted_by_spec
  = DM_DECL_ATTRIBUTE ("counted_by", 1, 1, dm_handle_counted_by);
static struct attribute_spec dm_shallow_spec
  = DM_DECL_ATTRIBUTE ("deepmap_shallow", 0, 0, dm_handle_shallow);

void
dm_register_attributes (void *event_data, void *user_data)
{
  /* A compiler that knows counted_by keeps its own.  */
  if (!lookup_attribute_spec (get_identifier ("counted_by")))
    register_attribute (&dm_counted_by_spec);
  register_attribute (&dm_shallow_spec);
}

bool
dm_is_shallow (const_tree decl)
{
  return decl && DECL_P (decl)
	 && lookup_attribute ("deepmap_shallow", DECL_ATTRIBUTES (decl));
}

/* The name FIELD's counted_by gives, or NULL_TREE.  */
static tree
dm_count_name (const_tree field)
{
  tree attr = lookup_attribute ("counted_by", DECL_ATTRIBUTES (field));
  if (!attr || !TREE_VALUE (attr))
    return NULL_TREE;
  tree id = TREE_VALUE (TREE_VALUE (attr));
  return TREE_CODE (id) == IDENTIFIER_NODE ? id : NULL_TREE;
}

/* Is F a C11 anonymous struct or union member (its fields are named as
   the enclosing struct's own)?  */
static bool
dm_anonymous_member (const_tree f)
{
  return TREE_CODE (f) == FIELD_DECL && !DECL_NAME (f)
	 && RECORD_OR_UNION_TYPE_P (TREE_TYPE (f));
}

/* The field named ID of record REC, also inside its anonymous members;
   *POS (when not NULL) gets its byte position in REC.  */
static tree
dm_find_count (tree id, const_tree rec, HOST_WIDE_INT *pos)
{
  for (tree f = TYPE_FIELDS (rec); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL)
	continue;
      if (DECL_NAME (f) == id)
	{
	  if (pos)
	    *pos = int_byte_position (f);
	  return f;
	}
      if (!dm_anonymous_member (f))
	continue;
      tree inner = dm_find_count (id, TREE_TYPE (f), pos);
      if (inner)
	{
	  if (pos)
	    *pos += int_byte_position (f);
	  return inner;
	}
    }
  return NULL_TREE;
}

/* The count field of FIELD's counted_by, searched in the struct holding
   FIELD and then in SCOPES, the structs that hold it as an anonymous
   member, innermost last (each with its byte offset in the object in
   BASES); *OFFSET gets its offset in the object.  NULL_TREE if none.  */
tree
dm_counted_by (const_tree field, const vec<tree> &scopes,
	       const vec<HOST_WIDE_INT> &bases, HOST_WIDE_INT rec_base,
	       HOST_WIDE_INT *offset)
{
  tree id = dm_count_name (field);
  if (!id)
    return NULL_TREE;
  HOST_WIDE_INT pos;
  tree count = dm_find_count (id, DECL_CONTEXT (field), &pos);
  if (count)
    {
      *offset = rec_base + pos;
      return count;
    }
  for (unsigned i = scopes.length (); i-- > 0;)
    if ((count = dm_find_count (id, scopes[i], &pos)))
      {
	*offset = bases[i] + pos;
	return count;
      }
  return NULL_TREE;
}

/* Is F usable as a count: a whole integer field of 1, 2, 4 or 8 bytes?  */
static bool
dm_count_field_ok (const_tree f)
{
  if (!INTEGRAL_TYPE_P (TREE_TYPE (f)) || DECL_BIT_FIELD (f)
      || !tree_fits_uhwi_p (DECL_SIZE_UNIT (f)))
    return false;
  unsigned HOST_WIDE_INT size = tree_to_uhwi (DECL_SIZE_UNIT (f));
  return size == 1 || size == 2 || size == 4 || size == 8;
}

/* Struct types already checked: the parser reports a struct at every
   use of its tag.  */
static vec<const_tree> dm_checked;

/* Check COUNT, the field that FIELD's counted_by names ID.  */
static void
dm_check_count (tree field, tree id, tree count)
{
  if (!DECL_SIZE_UNIT (count))
    return;			/* a template's pattern */
  if (!dm_count_field_ok (count))
    error_at (DECL_SOURCE_LOCATION (field),
	      "deepmap: %<counted_by%> field %qE must be an integer of 1, 2, "
	      "4 or 8 bytes, not a bit-field", id);
  else if (DECL_CONTEXT (count) == DECL_CONTEXT (field)
	   && TREE_CODE (DECL_CONTEXT (field)) != RECORD_TYPE)
    error_at (DECL_SOURCE_LOCATION (field),
	      "deepmap: %<counted_by%> field %qE shares its storage with "
	      "%qD in a union", id, field);
}

/* Resolve counted_by in the fields of TYPE, with an error at each
   field whose count is not usable.  SCOPES are the structs that hold
   TYPE as an anonymous member.  NESTED: TYPE is checked by its holder
   (else by itself, when an anonymous struct's names may be its
   holder's, which checks them with itself in SCOPES).  */
static void
dm_check_fields (tree type, vec<tree> &scopes, bool nested)
{
  bool anonymous = !TYPE_NAME (type);
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL)
	continue;
      tree id = dm_count_name (f);
      if (id)
	{
	  tree count = dm_find_count (id, type, NULL);
	  if (count && !nested)
	    dm_check_count (f, id, count);
	  else if (!count)
	    {
	      for (unsigned i = scopes.length (); i-- > 0 && !count;)
		count = dm_find_count (id, scopes[i], NULL);
	      if (count)
		dm_check_count (f, id, count);
	      else if (nested || !anonymous)
		error_at (DECL_SOURCE_LOCATION (f),
			  "deepmap: %<counted_by%> names %qE, which is not a "
			  "field of %qT", id,
			  dm_shown (scopes.is_empty () ? type : scopes[0]));
	    }
	}
      if (RECORD_OR_UNION_TYPE_P (TREE_TYPE (f))
	  && !TYPE_NAME (TREE_TYPE (f)) && COMPLETE_TYPE_P (TREE_TYPE (f)))
	{
	  /* An anonymous type's fields are checked here, with the names
	     of their holders when it is an anonymous member.  */
	  auto_vec<tree> inner;
	  if (!DECL_NAME (f))
	    {
	      inner.safe_splice (scopes);
	      inner.safe_push (type);
	    }
	  dm_check_fields (TREE_TYPE (f), inner, true);
	}
    }
}

/* Resolve counted_by in the complete struct or union TYPE, once per
   type.  A C++ class template's pattern is checked only for the name:
   its fields are not laid out and their types may depend on the
   arguments, so the rest waits for the instantiation (dm_check_counts
   from the descriptor builder).  */
void
dm_check_counts (tree type)
{
  for (unsigned i = 0; i < dm_checked.length (); i++)
    if (dm_checked[i] == type)
      return;
  dm_checked.safe_push (type);
  auto_vec<tree> none;
  dm_check_fields (type, none, false);
}

/* PLUGIN_FINISH_TYPE: the struct is complete, so counted_by's field can
   be resolved now, where its errors belong.  Template instantiations do
   not pass here.  */
void
dm_check_struct (void *event_data, void *user_data)
{
  tree type = (tree) event_data;

  if (!type || type == error_mark_node || !RECORD_OR_UNION_TYPE_P (type)
      || !COMPLETE_TYPE_P (type))
    return;
  dm_check_counts (type);
}
