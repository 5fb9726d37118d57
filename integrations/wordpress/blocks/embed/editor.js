/* The block's editor: a URL field, size and theme in the sidebar, and the server's own rendering
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
				)
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
