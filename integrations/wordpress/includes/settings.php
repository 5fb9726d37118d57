<?php
/**
 * Settings → Music Service embeds: the hosts, the endpoint, and clearing failed lookups.
 * Saving goes through options.php (capability manage_options and the settings nonce); clearing
 * through admin-post.php with its own nonce and the same capability.
 *
 * @package ServiceEmbed
 */

defined( 'ABSPATH' ) || exit;

const SERVICE_EMBED_PAGE = 'service-embed';

/**
 * Registers the two options with their sanitizers.
 */
function service_embed_register_settings() {
	register_setting(
		SERVICE_EMBED_PAGE,
		SERVICE_EMBED_HOSTS_OPTION,
		array(
			'type'              => 'string',
			'default'           => SERVICE_EMBED_DEFAULT_HOSTS,
			'sanitize_callback' => 'service_embed_sanitize_hosts',
		)
	);
	register_setting(
		SERVICE_EMBED_PAGE,
		SERVICE_EMBED_ENDPOINT_OPTION,
		array(
			'type'              => 'string',
			'default'           => '',
			'sanitize_callback' => 'service_embed_sanitize_endpoint',
		)
	);
}

/**
 * The hosts as saved: the valid patterns, one a line; none valid keeps the default.
 *
 * @param mixed $value The submitted text.
 * @return string
 */
function service_embed_sanitize_hosts( $value ) {
	$hosts = service_embed_parse_hosts( is_string( $value ) ? $value : '' );
	if ( ! $hosts ) {
		add_settings_error( SERVICE_EMBED_HOSTS_OPTION, 'service-embed-hosts', __( 'No valid host given: the default hosts are kept.', 'service-embed' ) );
		return SERVICE_EMBED_DEFAULT_HOSTS;
	}
	return implode( "\n", $hosts );
}

/**
 * The endpoint as saved: an http(s) URL, or '' for /oembed on each URL's own origin.
 *
 * @param mixed $value The submitted URL.
 * @return string
 */
function service_embed_sanitize_endpoint( $value ) {
	$value = is_string( $value ) ? trim( $value ) : '';
	if ( '' === $value ) {
		return '';
	}
	$url = esc_url_raw( $value, array( 'http', 'https' ) );
	if ( '' === $url ) {
		add_settings_error( SERVICE_EMBED_ENDPOINT_OPTION, 'service-embed-endpoint', __( 'The oEmbed endpoint must be an http or https URL.', 'service-embed' ) );
	}
	return $url;
}

/**
 * Adds the page under Settings.
 */
function service_embed_add_settings_page() {
	add_options_page(
		__( 'Music Service embeds', 'service-embed' ),
		__( 'Music Service embeds', 'service-embed' ),
		'manage_options',
		SERVICE_EMBED_PAGE,
		'service_embed_settings_page'
	);
}

/**
 * The settings page.
 */
function service_embed_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'Sorry, you are not allowed to manage these settings.', 'service-embed' ), 403 );
	}
	// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only reads the count the clear action redirected with.
	$cleared = isset( $_GET['service-embed-cleared'] ) ? absint( $_GET['service-embed-cleared'] ) : null;
	?>
	<div class="wrap">
		<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
		<?php if ( null !== $cleared ) : ?>
			<div class="notice notice-success is-dismissible"><p>
				<?php
				/* translators: %d: how many cached failed lookups were deleted. */
				echo esc_html( sprintf( _n( '%d failed lookup cleared.', '%d failed lookups cleared.', $cleared, 'service-embed' ), $cleared ) );
				?>
			</p></div>
		<?php endif; ?>
		<form method="post" action="<?php echo esc_url( admin_url( 'options.php' ) ); ?>">
			<?php settings_fields( SERVICE_EMBED_PAGE ); ?>
			<table class="form-table" role="presentation">
				<tr>
					<th scope="row"><label for="service-embed-hosts"><?php esc_html_e( 'Hosts', 'service-embed' ); ?></label></th>
					<td>
						<textarea id="service-embed-hosts" name="<?php echo esc_attr( SERVICE_EMBED_HOSTS_OPTION ); ?>" rows="4" cols="50" class="code"><?php echo esc_textarea( implode( "\n", service_embed_hosts() ) ); ?></textarea>
						<p class="description"><?php esc_html_e( 'One a line: host, host:port, or *.host for its subdomains. Links to these hosts become embeds, with http or https.', 'service-embed' ); ?></p>
					</td>
				</tr>
				<tr>
					<th scope="row"><label for="service-embed-endpoint"><?php esc_html_e( 'oEmbed endpoint', 'service-embed' ); ?></label></th>
					<td>
						<input id="service-embed-endpoint" type="url" class="regular-text code" name="<?php echo esc_attr( SERVICE_EMBED_ENDPOINT_OPTION ); ?>" value="<?php echo esc_attr( service_embed_endpoint() ); ?>" placeholder="https://service.example/oembed" />
						<p class="description"><?php esc_html_e( 'Empty: /oembed on each link\'s own host.', 'service-embed' ); ?></p>
					</td>
				</tr>
			</table>
			<?php submit_button(); ?>
		</form>
		<h2><?php esc_html_e( 'Failed lookups', 'service-embed' ); ?></h2>
		<p><?php esc_html_e( 'WordPress remembers a link it could not embed (the service was unreachable, say) and shows the bare link from then on. Clearing makes it ask again. Changing the hosts clears them too.', 'service-embed' ); ?></p>
		<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
			<input type="hidden" name="action" value="service_embed_clear" />
			<?php wp_nonce_field( 'service_embed_clear' ); ?>
			<?php submit_button( __( 'Clear failed lookups', 'service-embed' ), 'secondary', 'submit', false ); ?>
		</form>
	</div>
	<?php
}

/**
 * admin-post.php?action=service_embed_clear: capability and nonce, then back to the page with the count.
 */
function service_embed_handle_clear() {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'Sorry, you are not allowed to manage these settings.', 'service-embed' ), 403 );
	}
	check_admin_referer( 'service_embed_clear' );
	$count = service_embed_clear_failed_lookups();
	wp_safe_redirect( add_query_arg( 'service-embed-cleared', $count, admin_url( 'options-general.php?page=' . SERVICE_EMBED_PAGE ) ) );
	exit;
}
