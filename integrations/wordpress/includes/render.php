<?php
/**
 * The block and the shortcode: both render the service's oEmbed frame on the server.
 *
 * @package ServiceEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers the block (blocks/embed/block.json, a plain script: no build step) and the shortcode.
 */
function service_embed_register_block_and_shortcode() {
	wp_register_script(
		'service-embed-editor',
		plugins_url( 'blocks/embed/editor.js', SERVICE_EMBED_FILE ),
		array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-server-side-render', 'wp-i18n' ),
		SERVICE_EMBED_VERSION,
		true
	);
	register_block_type(
		SERVICE_EMBED_DIR . '/blocks/embed',
		array(
			'editor_script'   => 'service-embed-editor',
			'render_callback' => 'service_embed_render_block',
		)
	);
	add_shortcode( 'service_embed', 'service_embed_render_shortcode' );
}

/**
 * The block's HTML.
 *
 * @param array $attributes The block's attributes: url, size, theme and the embed's options.
 * @return string
 */
function service_embed_render_block( $attributes ) {
	$inner = service_embed_render( $attributes );
	if ( '' === $inner ) {
		return '';
	}
	$size = service_embed_size( $attributes );
	return '<div ' . get_block_wrapper_attributes( array( 'class' => 'service-embed is-size-' . $size ) ) . '>' . $inner . '</div>';
}

/**
 * `[service_embed url="…" size="card" theme="dark" autoplay="1" t="1:30" color="#ff5500" artwork="0"]`:
 * also `start_track`, `stats`, `user`, `share`, `download` and `single` (service_embed_options()).
 *
 * @param array|string $atts The shortcode's attributes.
 * @return string
 */
function service_embed_render_shortcode( $atts ) {
	$atts  = shortcode_atts(
		array(
			'url'         => '',
			'size'        => 'card',
			'theme'       => '',
			'autoplay'    => '',
			't'           => '',
			'start_track' => '',
			'color'       => '',
			'artwork'     => '',
			'stats'       => '',
			'user'        => '',
			'share'       => '',
			'download'    => '',
			'single'      => '',
		),
		$atts,
		'service_embed'
	);
	$inner = service_embed_render( $atts );
	if ( '' === $inner ) {
		return '';
	}
	return '<div class="service-embed is-size-' . esc_attr( service_embed_size( $atts ) ) . '">' . $inner . '</div>';
}

/**
 * A known size, card by default.
 *
 * @param array $atts Attributes holding `size`.
 * @return string
 */
function service_embed_size( $atts ) {
	return isset( $atts['size'] ) && in_array( $atts['size'], SERVICE_EMBED_SIZES, true ) ? $atts['size'] : 'card';
}

/**
 * The oEmbed frame for a URL of the service, through WordPress's own embed cache (per post, as a
 * pasted URL is); a failed lookup shows the URL as a link. A URL on another host renders nothing
 * for readers and a notice in the editor's preview.
 *
 * @param array $atts url, size, theme and the embed's options.
 * @return string HTML, escaped.
 */
function service_embed_render( $atts ) {
	$url = isset( $atts['url'] ) ? trim( (string) $atts['url'] ) : '';
	if ( ! service_embed_is_service_url( $url ) ) {
		if ( defined( 'REST_REQUEST' ) && REST_REQUEST ) {
			return '<p class="service-embed-notice">' . esc_html(
				sprintf(
					/* translators: %s: the configured hosts, comma separated. */
					__( 'Paste the address of a track, playlist, album or user on %s.', 'service-embed' ),
					implode( ', ', service_embed_hosts() )
				)
			) . '</p>';
		}
		return '';
	}
	$args  = array( 'size' => service_embed_size( $atts ) );
	$theme = isset( $atts['theme'] ) ? (string) $atts['theme'] : '';
	if ( in_array( $theme, SERVICE_EMBED_THEMES, true ) ) {
		$args['theme'] = $theme;
	}
	// Checked here and again by service_embed_fetch_url(); WordPress caches per URL and arguments.
	$args = array_merge( $args, service_embed_options( $atts ) );
	global $wp_embed;
	// The frame was cleaned by service_embed_clean_result() before WordPress cached it; a failed lookup is WordPress's escaped link.
	return (string) $wp_embed->shortcode( $args, esc_url_raw( $url ) );
}
