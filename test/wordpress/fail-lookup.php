<?php
/**
 * Shows a post once while the service cannot be reached, as a reader would during an outage:
 * WordPress caches the failure as `{{unknown}}` in the post's meta. `php fail-lookup.php` with
 * WP_ROOT, WP_URL and POST_ID in the environment; prints JSON: how many failures the post holds.
 */

$_SERVER['HTTP_HOST'] = parse_url( getenv( 'WP_URL' ), PHP_URL_HOST ) . ':' . parse_url( getenv( 'WP_URL' ), PHP_URL_PORT );
require getenv( 'WP_ROOT' ) . '/wp-load.php';

add_filter(
	'pre_http_request',
	function ( $pre, $args, $url ) {
		return false !== strpos( $url, '/oembed' ) ? new WP_Error( 'http_request_failed', 'the service is unreachable (test)' ) : $pre;
	},
	10,
	3
);

global $post;
$post = get_post( (int) getenv( 'POST_ID' ) ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the loop's post, as a theme sets it.
setup_postdata( $post );
apply_filters( 'the_content', $post->post_content );

$failures = 0;
foreach ( get_post_meta( $post->ID ) as $key => $values ) {
	if ( 0 === strpos( $key, '_oembed_' ) && in_array( '{{unknown}}', $values, true ) ) {
		++$failures;
	}
}
echo wp_json_encode( array( 'failures' => $failures ) );
