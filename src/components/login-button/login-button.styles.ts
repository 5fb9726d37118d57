import { css } from 'lit';

// Its own sheet, not the shared theme: the contract's fixed heights (20, 28, 40 px) and 4 px corners,
// which the theme's 44 px touch targets and 10 px radius would change. Its accent colours are the theme's (theme.ts).
export const loginButtonStyles = css`
:host{--_accent:var(--service-accent,#6a14b8);--_on-accent:var(--service-on-accent,#fff);display:inline-block;vertical-align:middle;font-family:var(--service-font,system-ui,sans-serif)}
:host([theme=dark]){--_accent:var(--service-accent,#c58cff);--_on-accent:var(--service-on-accent,#17101f)}
@media (prefers-color-scheme:dark){:host([theme=auto]){--_accent:var(--service-accent,#c58cff);--_on-accent:var(--service-on-accent,#17101f)}}
:host([full-width]){display:block}
:host([hidden]){display:none}
button{display:inline-flex;align-items:center;justify-content:center;gap:.5em;box-sizing:border-box;height:28px;padding:0 12px;border:0;border-radius:var(--service-radius,4px);background:var(--_accent);color:var(--_on-accent);font:inherit;font-size:14px;font-weight:600;line-height:1;white-space:nowrap;cursor:pointer;transition:transform .1s}
:host([size=small]) button{height:20px;padding:0 8px;font-size:11px}
:host([size=large]) button{height:40px;padding:0 16px;font-size:16px}
:host([corners=pill]) button{border-radius:999px}
:host([full-width]) button{width:100%}
button:hover:enabled:not([aria-busy=true]){transform:scale(1.03)}
button:focus-visible{outline:2px solid var(--_accent);outline-offset:2px}
button:disabled{opacity:.5;cursor:not-allowed}
button[aria-busy=true]{opacity:.75;cursor:progress}
svg{flex:none;width:1.2em;height:1.2em}
[role=status]{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
@media (prefers-reduced-motion:reduce){button{transition:none}}
/* The forced palette drops the fill: the edge keeps the button visible. */
@media (forced-colors:active){button{border:1px solid ButtonText}}
`;
