<?php
/**
 * Uninstalling removes the plugin's options (on every site of a network). Posts keep their URLs,
 * blocks and shortcodes; WordPress's embed cache is its own.
 *
 * @package ServiceEmbed
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

$service_embed_options = array( 'service_embed_hosts', 'service_embed_endpoint' );
if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids', 'number' => 0 ) ) as $service_embed_site ) {
		switch_to_blog( $service_embed_site );
		array_map( 'delete_option', $service_embed_options );
		restore_current_blog();
	}
} else {
	array_map( 'delete_option', $service_embed_options );
}
