/**
 * ACL users as Redis 7 has them: {@link io.cairn.server.acl.Acl} holds the users (the
 * {@code default} one always), the {@link io.cairn.server.acl.AclLog} and the {@code aclfile};
 * {@link io.cairn.server.acl.RuleEditor} applies {@code ACL SETUSER} rules to a copy of a user's
 * {@link io.cairn.server.acl.UserRules}, an immutable snapshot that the dispatcher checks each
 * command against ({@link io.cairn.server.acl.UserRules#check}) through the command ids and
 * categories of {@link io.cairn.server.acl.AclCommandTable}. No sockets and no store here: the
 * command layer, the connection commands and the HTTP gate use it.
 */
package io.cairn.server.acl;
