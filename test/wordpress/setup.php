<?php
/**
 * Installs WordPress in the test's tree and writes its posts, as `php setup.php` with the settings
 * in the environment (WP_ROOT, DB_HOST, SERVICE_HOST, POSTS: a JSON list of {kind, role, content}).
 * Prints JSON: each post's id and its content as WordPress saved it.
 */

$db_host = getenv( 'DB_HOST' );
list( $db_server, $db_port ) = explode( ':', $db_host );
$db = new mysqli( $db_server, 'root', '', '', (int) $db_port );
$db->query( 'CREATE DATABASE IF NOT EXISTS wordpress CHARACTER SET utf8mb4' );
$db->close();

define( 'WP_INSTALLING', true );
$_SERVER['HTTP_HOST']   = parse_url( getenv( 'WP_URL' ), PHP_URL_HOST ) . ':' . parse_url( getenv( 'WP_URL' ), PHP_URL_PORT );
$_SERVER['SERVER_NAME'] = '127.0.0.1';
require getenv( 'WP_ROOT' ) . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

wp_install( 'Service embeds', 'admin', 'admin@example.com', true, '', 'admin-password-1' );
update_option( 'permalink_structure', '' );

$activated = activate_plugin( 'service-embed/service-embed.php' );
if ( is_wp_error( $activated ) ) {
	fwrite( STDERR, $activated->get_error_message() );
	exit( 1 );
}
// As an administrator does on Settings → Music Service embeds.
update_option( 'service_embed_hosts', getenv( 'SERVICE_HOST' ) );

$users = array(
	'administrator' => 1,
	'author'        => wp_insert_user(
		array(
			'user_login' => 'author',
			'user_pass'  => 'author-password-1',
			'user_email' => 'author@example.com',
			'role'       => 'author',
		)
	),
	'contributor'   => wp_insert_user(
		array(
			'user_login' => 'contributor',
			'user_pass'  => 'contributor-password-1',
			'user_email' => 'contributor@example.com',
			'role'       => 'contributor',
		)
	),
);

$saved = array();
foreach ( json_decode( getenv( 'POSTS' ), true ) as $post ) {
	// As that user: kses_init() runs on set_current_user, so an Author's content is filtered as on save in the editor.
	wp_set_current_user( $users[ $post['role'] ] );
	$id      = wp_insert_post(
		array(
			'post_title'   => $post['kind'] . ' by ' . $post['role'],
			'post_content' => $post['content'],
			'post_status'  => current_user_can( 'publish_posts' ) ? 'publish' : 'pending',
			'post_author'  => $users[ $post['role'] ],
		),
		true
	);
	if ( is_wp_error( $id ) ) {
		fwrite( STDERR, $id->get_error_message() );
		exit( 1 );
	}
	$saved[] = array(
		'kind'    => $post['kind'],
		'role'    => $post['role'],
		'id'      => $id,
		'content' => get_post_field( 'post_content', $id, 'raw' ),
		'can_unfiltered_html' => current_user_can( 'unfiltered_html' ),
	);
}
echo wp_json_encode( array( 'posts' => $saved ) );
