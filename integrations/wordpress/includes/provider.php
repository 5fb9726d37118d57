<?php
/**
 * The service as an oEmbed provider WordPress trusts.
 *
 * WordPress filters the HTML of a provider it finds by discovery (wp_filter_oembed_result():
 * the iframe loses style, allow and loading, and gets sandbox="allow-scripts"). A registered
 * provider's HTML is kept as it comes, so this plugin registers the service and cleans the HTML
 * itself with an allow list that keeps what the embed needs.
 *
 * @package ServiceEmbed
 */

defined( 'ABSPATH' ) || exit;

const SERVICE_EMBED_SIZES  = array( 'card', 'compact', 'tiny' );
const SERVICE_EMBED_THEMES = array( 'light', 'dark', 'auto' );
// The embed's options that hide a part of it (`artwork="0"`), and `single="0"` (plays beside the others).
const SERVICE_EMBED_OFF_OPTIONS = array( 'artwork', 'stats', 'user', 'share', 'download', 'single' );

/**
 * A yes/no attribute: true, false, or null when it is unset or neither (`1`/`true`/`yes`/`on`, `0`/`false`/`no`/`off`, or a block's boolean).
 *
 * @param array  $atts The attributes.
 * @param string $name The attribute's name.
 * @return bool|null
 */
function service_embed_flag( $atts, $name ) {
	if ( ! isset( $atts[ $name ] ) ) {
		return null;
	}
	if ( is_bool( $atts[ $name ] ) ) {
		return $atts[ $name ];
	}
	$value = is_scalar( $atts[ $name ] ) ? strtolower( trim( (string) $atts[ $name ] ) ) : '';
	if ( in_array( $value, array( '1', 'true', 'yes', 'on' ), true ) ) {
		return true;
	}
	return in_array( $value, array( '0', 'false', 'no', 'off' ), true ) ? false : null;
}

/**
 * The embed page's URL options from a block's or shortcode's attributes, each checked (the service
 * checks them again): `autoplay`, `t` (`90`, `1:30`, `1m30s`), `start_track`, `color` (hex), and
 * `artwork`, `stats`, `user`, `share`, `download`, `single` set off. A value not taken is left out.
 *
 * @param array $atts The attributes.
 * @return array Query arguments for the oEmbed request, name => value (safe characters only).
 */
function service_embed_options( $atts ) {
	$options = array();
	if ( true === service_embed_flag( $atts, 'autoplay' ) ) {
		$options['autoplay'] = '1';
	}
	$t = isset( $atts['t'] ) && is_scalar( $atts['t'] ) ? trim( (string) $atts['t'] ) : '';
	if ( preg_match( '/^(?:\d{1,6}|(?:\d{1,3}:)?\d{1,3}:[0-5]\d|(?=\d)(?:\d{1,3}h)?(?:\d{1,4}m)?(?:\d{1,6}s)?)$/i', $t ) ) {
		$options['t'] = strtolower( $t );
	}
	$start = isset( $atts['start_track'] ) && is_scalar( $atts['start_track'] ) ? (string) $atts['start_track'] : '';
	if ( preg_match( '/^[1-9]\d{0,4}$/', $start ) ) {
		$options['start_track'] = $start;
	}
	$color = isset( $atts['color'] ) && is_scalar( $atts['color'] ) ? trim( (string) $atts['color'] ) : '';
	if ( preg_match( '/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i', $color, $match ) ) {
		$options['color'] = strtolower( $match[1] );
	}
	foreach ( SERVICE_EMBED_OFF_OPTIONS as $name ) {
		if ( false === service_embed_flag( $atts, $name ) ) {
			$options[ $name ] = '0';
		}
	}
	return $options;
}

/**
 * The configured oEmbed endpoint, or '' for `/oembed` on the URL's own origin.
 *
 * @return string
 */
function service_embed_endpoint() {
	$endpoint = get_option( SERVICE_EMBED_ENDPOINT_OPTION, '' );
	return is_string( $endpoint ) && preg_match( '#^https?://[^\s/]+/\S*$#i', $endpoint ) ? $endpoint : '';
}

/**
 * Adds one provider per configured host pattern (filter `oembed_providers`).
 *
 * @param array $providers WordPress's providers: pattern => array( endpoint, is_regex ).
 * @return array
 */
function service_embed_register_providers( $providers ) {
	$endpoint = service_embed_endpoint();
	foreach ( service_embed_hosts() as $pattern ) {
		$nominal = 'https://' . preg_replace( '/^\*\./', '', $pattern ) . '/oembed';
		$providers[ service_embed_host_regex( $pattern ) ] = array( '' !== $endpoint ? $endpoint : $nominal, true );
	}
	return $providers;
}

/**
 * The request to the service (filter `oembed_fetch_url`): sent to the URL's own origin unless an
 * endpoint is configured, with the embed's `size`, `theme` and options (service_embed_options())
 * when the block or shortcode asks.
 *
 * @param string $provider The provider URL with WordPress's arguments (maxwidth, maxheight, url, dnt).
 * @param string $url      The URL being embedded.
 * @param array  $args     The embed's arguments.
 * @return string
 */
function service_embed_fetch_url( $provider, $url, $args ) {
	if ( ! service_embed_is_service_url( $url ) ) {
		return $provider;
	}
	if ( '' === service_embed_endpoint() ) {
		$parts = wp_parse_url( $url );
		$query = (string) wp_parse_url( $provider, PHP_URL_QUERY );
		$port  = isset( $parts['port'] ) ? ':' . $parts['port'] : '';
		$provider = strtolower( $parts['scheme'] ) . '://' . $parts['host'] . $port . '/oembed' . ( '' !== $query ? '?' . $query : '' );
	}
	$args = is_array( $args ) ? $args : array();
	if ( isset( $args['size'] ) && in_array( $args['size'], SERVICE_EMBED_SIZES, true ) ) {
		$provider = add_query_arg( 'size', $args['size'], $provider );
	}
	if ( isset( $args['theme'] ) && in_array( $args['theme'], SERVICE_EMBED_THEMES, true ) ) {
		$provider = add_query_arg( 'theme', $args['theme'], $provider );
	}
	foreach ( service_embed_options( $args ) as $name => $value ) {
		$provider = add_query_arg( $name, rawurlencode( $value ), $provider );
	}
	return $provider;
}

/**
 * The HTML WordPress will cache and print for a service URL (filter `oembed_dataparse`): one
 * iframe with the attributes the embed needs (style keeps the frame's max-width, loading keeps lazy
 * loading, allow keeps autoplay) and nothing else; no sandbox.
 *
 * @param string|false $html The provider's HTML.
 * @param object       $data The oEmbed answer.
 * @param string       $url  The URL being embedded.
 * @return string|false
 */
function service_embed_clean_result( $html, $data, $url ) {
	if ( false === $html || ! service_embed_is_service_url( $url ) ) {
		return $html;
	}
	$allowed = array(
		'iframe' => array(
			'src'     => true,
			'width'   => true,
			'height'  => true,
			'style'   => true,
			'allow'   => true,
			'loading' => true,
			'title'   => true,
		),
	);
	$clean = trim( wp_kses( $html, $allowed, array( 'http', 'https' ) ) );
	return '' !== $clean ? $clean : false;
}
