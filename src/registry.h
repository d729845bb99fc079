/*
 * registry.h - the list of game families (registry.c): lookup by spec
 * name, the rules that are data in a family's table (arity, parameter),
 * applied before the family's own code is asked. registry_list, the
 * lists of games for messages and --help, is in grundy_private.h.
 */
#ifndef GRUNDY_REGISTRY_H
#define GRUNDY_REGISTRY_H

#include "grundy.h"

#include <stddef.h>
#include <stdint.h>

struct family;

/* The family whose name is name[0..len), or NULL. */
const struct family *registry_lookup(const char *name, size_t len);
/* The family name closest to name[0..len) (case ignored) within a typing
 * slip or two, for "did you mean"; NULL when none is that close. */
const char *registry_suggest(const char *name, size_t len);
/* The family's parameter rule (fam->param) for a spec whose parameter is
 * param[0..len) (NULL: no ':'); GRUNDY_ESPEC when it is broken. */
grundy_status registry_param(const struct family *fam, const char *param,
                             size_t len, grundy_error *err);
/* The rules of game for a component v[0..n): the family's arity, then
 * its check(). GRUNDY_EPOSITION with a message when broken. */
grundy_status registry_check(const grundy_game *game, const uint64_t *v,
                             size_t n, grundy_error *err);

#endif
