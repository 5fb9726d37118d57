/* The block's editor: a URL field, size, theme and the player's options in the sidebar, and the server's own rendering
 * as the live preview (ServerSideRender), so the editor shows what readers will get. Plain
 * script on WordPress's globals: no build step. */
( function ( blocks, element, blockEditor, components, ServerSideRender, i18n ) {
	'use strict';
	var el = element.createElement;
	var __ = i18n.__;

	var SIZES = [
		{ label: __( 'Card', 'service-embed' ), value: 'card' },
		{ label: __( 'Compact', 'service-embed' ), value: 'compact' },
		{ label: __( 'Tiny', 'service-embed' ), value: 'tiny' },
	];
	var THEMES = [
		{ label: __( 'Default (light)', 'service-embed' ), value: '' },
		{ label: __( 'Light', 'service-embed' ), value: 'light' },
		{ label: __( 'Dark', 'service-embed' ), value: 'dark' },
		{ label: __( 'Follow the reader’s system', 'service-embed' ), value: 'auto' },
	];

	// The embed's options shown as toggles: on shows the part (the embed's default), off sends `<name>=0`.
	var SHOWN = [
		{ name: 'artwork', label: __( 'Show the artwork', 'service-embed' ) },
		{ name: 'stats', label: __( 'Show the play, favorite and repost counts', 'service-embed' ) },
		{ name: 'user', label: __( 'Show the artist', 'service-embed' ) },
		{ name: 'share', label: __( 'Show the share button', 'service-embed' ) },
		{ name: 'download', label: __( 'Show the download link', 'service-embed' ) },
		{ name: 'single', label: __( 'Pause other embeds when this one plays', 'service-embed' ) },
	];

	/** The Player options panel: autoplay, start time, start track, accent colour and the toggles. */
	function options( attributes, set ) {
		var text = function ( name, label, help ) {
			return el( components.TextControl, {
				label: label,
				help: help,
				value: attributes[ name ],
				onChange: function ( value ) { var change = {}; change[ name ] = value.trim(); set( change ); },
			} );
		};
		return el(
			components.PanelBody,
			{ title: __( 'Player options', 'service-embed' ), initialOpen: false },
			el( components.ToggleControl, {
				label: __( 'Start playing on load', 'service-embed' ),
				help: __( 'Browsers may block it: the reader then sees Play.', 'service-embed' ),
				checked: attributes.autoplay,
				onChange: function ( autoplay ) { set( { autoplay: autoplay } ); },
			} ),
			text( 't', __( 'Start at', 'service-embed' ), __( 'Seconds, 1:30 or 1m30s.', 'service-embed' ) ),
			text( 'start_track', __( 'Start with track number', 'service-embed' ), __( 'A playlist or album: 1 is its first track.', 'service-embed' ) ),
			text( 'color', __( 'Accent colour', 'service-embed' ), __( 'A hex colour, such as #ff5500.', 'service-embed' ) ),
			SHOWN.map( function ( option ) {
				return el( components.ToggleControl, {
					key: option.name,
					label: option.label,
					checked: attributes[ option.name ],
					onChange: function ( on ) { var change = {}; change[ option.name ] = on; set( change ); },
				} );
			} )
		);
	}

	blocks.registerBlockType( 'service-embed/embed', {
		edit: function ( props ) {
			var attributes = props.attributes;
			var set = props.setAttributes;
			var blockProps = blockEditor.useBlockProps();
			var settings = el(
				blockEditor.InspectorControls,
				null,
				el(
					components.PanelBody,
					{ title: __( 'Embed', 'service-embed' ) },
					el( components.TextControl, {
						label: __( 'Address', 'service-embed' ),
						value: attributes.url,
						type: 'url',
						onChange: function ( url ) { set( { url: url.trim() } ); },
					} ),
					el( components.SelectControl, {
						label: __( 'Size', 'service-embed' ),
						value: attributes.size,
						options: SIZES,
						onChange: function ( size ) { set( { size: size } ); },
					} ),
					el( components.SelectControl, {
						label: __( 'Theme', 'service-embed' ),
						value: attributes.theme,
						options: THEMES,
						onChange: function ( theme ) { set( { theme: theme } ); },
					} )
				),
				options( attributes, set )
			);
			var body = attributes.url
				? el( components.Disabled, null, el( ServerSideRender, { block: 'service-embed/embed', attributes: attributes } ) )
				: el(
					components.Placeholder,
					{ icon: 'format-audio', label: __( 'Music Service embed', 'service-embed' ), instructions: __( 'Paste the address of a track, playlist, album or user.', 'service-embed' ) },
					el( components.TextControl, {
						label: __( 'Address', 'service-embed' ),
						hideLabelFromVision: true,
						type: 'url',
						placeholder: 'https://…',
						value: attributes.url,
						onChange: function ( url ) { set( { url: url.trim() } ); },
					} )
				);
			return el( 'div', blockProps, settings, body );
		},
		// Rendered on the server (render_callback): nothing is saved but the attributes.
		save: function () { return null; },
	} );
} )( window.wp.blocks, window.wp.element, window.wp.blockEditor, window.wp.components, window.wp.serverSideRender, window.wp.i18n );
