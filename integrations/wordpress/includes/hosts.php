<?php
/**
 * The configured hosts: which URLs are the service's.
 *
 * @package ServiceEmbed
 */

defined( 'ABSPATH' ) || exit;

const SERVICE_EMBED_HOSTS_OPTION    = 'service_embed_hosts';
const SERVICE_EMBED_ENDPOINT_OPTION = 'service_embed_endpoint';
/** Production's public site and its subdomains. */
const SERVICE_EMBED_DEFAULT_HOSTS = "service.example\n*.service.example";

/**
 * The configured host patterns: `host`, `host:port` or `*.host`, one a line, lower case.
 *
 * @return string[]
 */
function service_embed_hosts() {
	$value = get_option( SERVICE_EMBED_HOSTS_OPTION, SERVICE_EMBED_DEFAULT_HOSTS );
	return service_embed_parse_hosts( is_string( $value ) ? $value : SERVICE_EMBED_DEFAULT_HOSTS );
}

/**
 * Host patterns from a text of one a line; anything else (a scheme, a path, spaces) is dropped.
 *
 * @param string $text One pattern a line.
 * @return string[]
 */
function service_embed_parse_hosts( $text ) {
	$hosts = array();
	foreach ( preg_split( '/[\r\n,]+/', strtolower( $text ) ) as $line ) {
		$line = trim( $line );
		// A pasted origin is welcome: keep its host and port.
		$line = preg_replace( '#^https?://#', '', $line );
		$line = rtrim( $line, '/' );
		if ( preg_match( '/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$/', $line ) ) {
			$hosts[] = $line;
		}
	}
	return array_values( array_unique( $hosts ) );
}

/**
 * The regular expression that matches the service's URLs on one host pattern: http or https,
 * any path below the host (a user, a track, a playlist or an album).
 *
 * @param string $pattern `host`, `host:port` or `*.host`.
 * @return string
 */
function service_embed_host_regex( $pattern ) {
	$wildcard = 0 === strpos( $pattern, '*.' );
	$host     = preg_quote( $wildcard ? substr( $pattern, 2 ) : $pattern, '#' );
	return '#^https?://' . ( $wildcard ? '([a-z0-9-]+\.)+' : '' ) . $host . '/[^\s]+#i';
}

/**
 * Whether a URL is the service's, on one of the configured hosts.
 *
 * @param string $url A URL.
 * @return bool
 */
function service_embed_is_service_url( $url ) {
	foreach ( service_embed_hosts() as $pattern ) {
		if ( preg_match( service_embed_host_regex( $pattern ), $url ) ) {
			return true;
		}
	}
	return false;
}
