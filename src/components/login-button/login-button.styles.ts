import { css } from 'lit';

// Its own sheet, not the shared theme: fixed heights (32, 40, 48 px, as Google's sign-in button) and 4 px corners,
// which the theme's 44 px touch targets and 10 px radius would change. Its accent colours are the theme's (theme.ts).
// Signed in, the account box keeps the button's colours: the same tested contrast, and no new colours to theme.
export const loginButtonStyles = css`
:host{--_accent:var(--service-accent,#6a14b8);--_on-accent:var(--service-on-accent,#fff);--_h:40px;display:inline-block;vertical-align:middle;max-width:100%;font-family:var(--service-font,system-ui,sans-serif);font-size:14px}
:host([theme=dark]){--_accent:var(--service-accent,#c58cff);--_on-accent:var(--service-on-accent,#17101f)}
@media (prefers-color-scheme:dark){:host([theme=auto]){--_accent:var(--service-accent,#c58cff);--_on-accent:var(--service-on-accent,#17101f)}}
:host([full-width]){display:block}
:host([hidden]){display:none}
:host([size=small]){--_h:32px;font-size:13px}
:host([size=large]){--_h:48px;font-size:16px}
button,div{display:inline-flex;align-items:center;justify-content:center;gap:.6em;box-sizing:border-box;max-width:100%;height:var(--_h);padding:0 1.15em;border:0;border-radius:var(--service-radius,4px);background:var(--_accent);color:var(--_on-accent);font:inherit;font-weight:600;line-height:1;white-space:nowrap;cursor:pointer}
:host([corners=pill]) :is(button,div){border-radius:999px}
:host([full-width]) :is([part=button],div){width:100%}
div{padding:0;padding-inline-start:.4em;cursor:auto}
div [part=label]{overflow:hidden;text-overflow:ellipsis;padding-inline-end:.4em}
[part=avatar]{flex:none;display:grid;place-items:center;width:1.8em;height:1.8em;border-radius:50%;background:var(--_on-accent);color:var(--_accent);object-fit:cover}
[part=sign-out]{height:100%;margin-inline-start:auto;padding:0 .9em;border-inline-start:1px solid;border-radius:0;background:none}
[part=sign-out]:hover{text-decoration:underline}
[part=button]:hover:enabled{box-shadow:0 1px 4px #0006}
button:focus-visible{outline:2px solid var(--_accent);outline-offset:2px}
button:disabled{opacity:.5;cursor:not-allowed}
button[aria-busy=true]{opacity:.75;cursor:progress}
svg{flex:none;width:1.45em;height:1.45em}
[role=status]{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
/* The forced palette drops the fill: the edge keeps the button visible. */
@media (forced-colors:active){button,div{border:1px solid ButtonText}}
`;
