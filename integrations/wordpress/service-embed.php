<?php
/**
 * Plugin Name:       Service Embed
 * Description:       Makes the music service a trusted oEmbed provider (pasted links keep their full-width, lazy, unsandboxed frame), with an embed block and the [service_embed] shortcode.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Author:            service-kit
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       service-embed
 *
 * @package ServiceEmbed
 */

defined( 'ABSPATH' ) || exit;

define( 'SERVICE_EMBED_VERSION', '0.1.0' );
define( 'SERVICE_EMBED_FILE', __FILE__ );
define( 'SERVICE_EMBED_DIR', __DIR__ );

require_once __DIR__ . '/includes/hosts.php';
require_once __DIR__ . '/includes/provider.php';
require_once __DIR__ . '/includes/render.php';
require_once __DIR__ . '/includes/cache.php';
require_once __DIR__ . '/includes/settings.php';

add_filter( 'oembed_providers', 'service_embed_register_providers' );
add_filter( 'oembed_fetch_url', 'service_embed_fetch_url', 10, 3 );
add_filter( 'oembed_dataparse', 'service_embed_clean_result', 20, 3 );
add_action( 'init', 'service_embed_register_block_and_shortcode' );
add_action( 'admin_menu', 'service_embed_add_settings_page' );
add_action( 'admin_init', 'service_embed_register_settings' );
add_action( 'admin_post_service_embed_clear', 'service_embed_handle_clear' );
add_action( 'update_option_' . SERVICE_EMBED_HOSTS_OPTION, 'service_embed_hosts_changed', 10, 2 );
add_action( 'update_option_' . SERVICE_EMBED_ENDPOINT_OPTION, 'service_embed_hosts_changed', 10, 2 );
add_action( 'add_option_' . SERVICE_EMBED_HOSTS_OPTION, 'service_embed_setting_added', 10, 2 );
add_action( 'add_option_' . SERVICE_EMBED_ENDPOINT_OPTION, 'service_embed_setting_added', 10, 2 );
register_activation_hook( __FILE__, 'service_embed_activated' );
