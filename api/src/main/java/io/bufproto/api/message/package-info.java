/**
 * What generated message classes extend ({@link io.bufproto.api.message.GeneratedMessage}): the
 * machinery every message shares, written once. For generated code only, with no compatibility
 * promise: it may change with any release.
 */
package io.bufproto.api.message;
