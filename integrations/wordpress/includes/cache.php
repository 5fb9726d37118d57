<?php
/**
 * Failed lookups that WordPress keeps: a post saved or shown while the service could not be
 * reached holds `{{unknown}}` in its `_oembed_<hash>` meta, and shows the bare URL from then on
 * (editing the post does not clear it). Embeds outside posts keep theirs in `oembed_cache` posts.
 *
 * @package ServiceEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * Deletes the failed lookups of the service's URLs: the `{{unknown}}` embed meta of every post
 * whose content names a configured host (the meta key is a hash of the URL and the embed's
 * arguments, so the post's content is what says whose URL it was), and the `{{unknown}}`
 * `oembed_cache` entries (they keep no URL: all of them go; a good one is fetched again once).
 *
 * With `$failed_only` false, those posts' cached embeds go too, failed or not: a frame cached
 * before the host was trusted (sandboxed, without max-width) is fetched again, trusted.
 *
 * @param string[]|null $hosts       Host patterns to clear for; the configured ones by default.
 * @param bool          $failed_only Only the failures (the default), or every cached embed of those posts.
 * @return int How many cached lookups were deleted.
 */
function service_embed_clear_failed_lookups( $hosts = null, $failed_only = true ) {
	global $wpdb;
	$hosts   = null === $hosts ? service_embed_hosts() : $hosts;
	$regexes = array_map( 'service_embed_host_regex', $hosts );
	$deleted = 0;

	$rows = $wpdb->get_results(
		$wpdb->prepare(
			"SELECT m.post_id, m.meta_key, p.post_content FROM {$wpdb->postmeta} m JOIN {$wpdb->posts} p ON p.ID = m.post_id
			WHERE m.meta_key LIKE %s AND m.meta_key NOT LIKE %s AND ( %d = 0 OR m.meta_value = %s )",
			$wpdb->esc_like( '_oembed_' ) . '%',
			$wpdb->esc_like( '_oembed_time_' ) . '%',
			$failed_only ? 1 : 0,
			'{{unknown}}'
		)
	);
	foreach ( $rows as $row ) {
		if ( ! service_embed_content_names( $row->post_content, $regexes ) ) {
			continue;
		}
		$hash = substr( $row->meta_key, strlen( '_oembed_' ) );
		delete_post_meta( (int) $row->post_id, $row->meta_key );
		delete_post_meta( (int) $row->post_id, '_oembed_time_' . $hash );
		++$deleted;
	}

	$cached = get_posts(
		array(
			'post_type'        => 'oembed_cache',
			'post_status'      => 'any',
			'posts_per_page'   => -1,
			'fields'           => 'ids',
			'suppress_filters' => true,
		)
	);
	foreach ( $cached as $id ) {
		if ( '{{unknown}}' === get_post_field( 'post_content', $id, 'raw' ) ) {
			wp_delete_post( $id, true );
			++$deleted;
		}
	}
	return $deleted;
}

/**
 * Whether a post's content holds a URL on one of the hosts (as a pasted line, a block or a shortcode).
 *
 * @param string   $content The post's content.
 * @param string[] $regexes service_embed_host_regex() of each host.
 * @return bool
 */
function service_embed_content_names( $content, $regexes ) {
	// Block attributes escape the slashes of a URL: https:\/\/host\/...
	$content = str_replace( '\\/', '/', $content );
	foreach ( $regexes as $regex ) {
		// The host regexes are anchored at the start of a URL: look at each URL in the content.
		if ( preg_match_all( '#https?://[^\s"\'<>\]\[]+#i', $content, $found ) ) {
			foreach ( $found[0] as $url ) {
				if ( preg_match( $regex, $url ) ) {
					return true;
				}
			}
		}
	}
	return false;
}

/**
 * When the hosts or the endpoint change, the cached lookups of posts naming the old or new hosts
 * go: a URL that failed under the old setting may work under the new one, and a frame cached
 * before its host was trusted is sandboxed and has no max-width.
 *
 * @param mixed $old_value The previous value.
 * @param mixed $value     The new value.
 */
function service_embed_hosts_changed( $old_value, $value ) {
	if ( $old_value === $value ) {
		return;
	}
	$hosts = service_embed_hosts();
	if ( is_string( $old_value ) ) {
		$hosts = array_merge( $hosts, service_embed_parse_hosts( $old_value ) );
	}
	service_embed_clear_failed_lookups( array_values( array_unique( $hosts ) ), false );
}

/**
 * On activation: the posts that name the hosts lose their cached embeds, which WordPress made
 * while it did not trust the service.
 */
function service_embed_activated() {
	service_embed_clear_failed_lookups( null, false );
}

/**
 * The first save of a setting adds the option rather than updating it: the same clearing, from
 * the default hosts.
 *
 * @param string $option The option's name.
 * @param mixed  $value  Its first value.
 */
function service_embed_setting_added( $option, $value ) {
	service_embed_hosts_changed( SERVICE_EMBED_HOSTS_OPTION === $option ? SERVICE_EMBED_DEFAULT_HOSTS : '', $value );
}
