<?php
/**
 * Plugin Name: Service embed test: loopback
 * Description: For npm run test:wordpress only. The two filters local development needs: WordPress
 * fetches (wp_safe_remote_get, as oEmbed does) only external hosts on ports 80, 443 and 8080, and
 * the reference service runs on 127.0.0.1 on a port of its own. `localhost` is the same service
 * on a host the plugin is not set for: the check's control, as WordPress treats an unknown provider.
 */

add_filter(
	'http_request_host_is_external',
	function ( $external, $host ) {
		return $external || in_array( $host, array( '127.0.0.1', 'localhost' ), true );
	},
	10,
	2
);

add_filter(
	'http_allowed_safe_ports',
	function ( $ports, $host, $url ) {
		$port = wp_parse_url( $url, PHP_URL_PORT );
		if ( in_array( $host, array( '127.0.0.1', 'localhost' ), true ) && $port ) {
			$ports[] = (int) $port;
		}
		return $ports;
	},
	10,
	3
);
