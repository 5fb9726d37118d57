<?php
/**
 * Deactivates and uninstalls the plugin as Plugins → Delete does, and reports its options before
 * and after. `php uninstall-check.php` with WP_ROOT and WP_URL in the environment; prints JSON.
 */

$_SERVER['HTTP_HOST'] = parse_url( getenv( 'WP_URL' ), PHP_URL_HOST ) . ':' . parse_url( getenv( 'WP_URL' ), PHP_URL_PORT );
require getenv( 'WP_ROOT' ) . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$options = array( 'service_embed_hosts', 'service_embed_endpoint' );
$read    = function () use ( $options ) {
	wp_cache_flush();
	return array_combine( $options, array_map( 'get_option', $options ) );
};
$before  = $read();
deactivate_plugins( 'service-embed/service-embed.php' );
uninstall_plugin( 'service-embed/service-embed.php' );
echo wp_json_encode( array( 'before' => $before, 'after' => $read() ) );
